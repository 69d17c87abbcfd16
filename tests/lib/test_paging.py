import pytest
from pytest_django import DjangoAssertNumQueries

from club.models import Player
from lib.paging import page_of
from tests.club.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def test_twenty_five_rows_make_three_pages_of_ten_each_read_in_one_query(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    PlayerFactory.create_batch(25)
    names = Player.objects.values_list("last_name", flat=True)
    every = list(names.order_by("-pk"))  # a query of its own: `names` stays unread
    with django_assert_num_queries(1):
        first = page_of(names, 1, 10, ("-pk",))
    assert first == (every[:10], None, 2)
    assert page_of(names, 2, 10, ("-pk",)) == (every[10:20], 1, 3)
    assert page_of(names, 3, 10, ("-pk",)) == (every[20:], 2, None)
    assert page_of(names, 4, 10, ("-pk",)) == ([], 3, None)  # past the end: 404


def test_a_last_page_exactly_full_has_no_older_page() -> None:
    PlayerFactory.create_batch(20)
    names = Player.objects.values_list("pk", flat=True)
    assert page_of(names, 2, 10, ("last_name", "pk"))[1:] == (1, None)


@pytest.mark.parametrize("order", [(), ("last_name",), ("-pk", "last_name")])
def test_an_order_that_can_tie_is_refused(order: tuple[str, ...]) -> None:
    """Rows that tie may come back in another order at each OFFSET (PostgreSQL does it):
    a game was listed on two pages and another on none. The order must end on the key."""
    names = Player.objects.values_list("pk", flat=True)
    with pytest.raises(ValueError, match="primary key"):
        page_of(names, 1, 10, order)
