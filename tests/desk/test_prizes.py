"""An event's categories and prizes at the desk: the services that set them (bad input
refused with a message naming the field, nothing written), the standings by category
and the prize list computed from the open of ``tests.club.prize_open`` (figures by hand
there and below), the desk's page, the printed documents and the PDF."""

import re
from datetime import date
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from club.event_state import EventRefused
from club.models import ChangeLog, Event, EventCategory, Prize, PrizeRules
from desk.history import describe
from desk.prizes import event_prizes
from desk.services import prizes as services
from desk.services.prizes import CategorySpec, PrizeRefused
from desk.standings import standings_shown
from tests.club.factories import EventFactory
from tests.club.prize_open import prize_open

pytestmark = pytest.mark.django_db

D = Decimal


@pytest.fixture
def open_event() -> Event:
    return prize_open()


def _define(event: Event, user: User | None, ties: str = "tiebreak") -> None:
    """Under 12, the women; overall 100, 60, 30; U12 20; women 40."""
    services.save_prize_rules(
        event.pk, user, reference_date=None, ties=ties, share_categories=False, currency="€"
    )
    u12 = services.add_category(event.pk, CategorySpec("U12", "under", age=12), user)
    women = services.add_category(event.pk, CategorySpec("Dames", "women"), user)
    for place, amount in ((1, "100"), (2, "60"), (3, "30")):
        services.set_prize(event.pk, user, category_id=None, place=place, amount=D(amount))
    services.set_prize(event.pk, user, category_id=u12.pk, place=1, amount=D(20))
    services.set_prize(event.pk, user, category_id=women.pk, place=1, amount=D(40))


def _paid(event: Event) -> dict[str, tuple[str, Decimal | None]]:
    """Each winner's last name: the list they won in and the money paid."""
    found = event_prizes(event, standings_shown(event))
    return {
        row.line.player.last_name: (
            section.category.name if section.category else "overall",
            row.amount,
        )
        for section in found.sections
        for row in section.rows
        if row.line is not None
    }


def test_it_ranks_the_players_within_each_category(open_event: Event, secretary: User) -> None:
    _define(open_event, secretary)
    found = event_prizes(open_event, standings_shown(open_event))
    ranks = {
        t.category.name: [(c.rank, c.line.rank, c.line.player.last_name) for c in t.lines]
        for t in found.tables
    }
    assert ranks == {
        "U12": [(1, 5, "Chevalier"), (2, 6, "Evrard")],
        "Dames": [(1, 3, "Dumont"), (2, 4, "Bernard")],
    }


def test_by_tiebreak_a_woman_takes_her_bigger_prize_and_the_3rd_passes_down(
    open_event: Event, secretary: User
) -> None:
    """Albert 100, Fontaine 60; Dumont, 3rd, takes the women's 40 rather than 30; the
    3rd passes to Bernard (4th); U12's 20 to Chevalier."""
    _define(open_event, secretary)
    assert _paid(open_event) == {
        "Albert": ("overall", D(100)),
        "Fontaine": ("overall", D(60)),
        "Bernard": ("overall", D(30)),
        "Dumont": ("Dames", D(40)),
        "Chevalier": ("U12", D(20)),
    }


def test_by_hort_the_three_level_share_and_the_womens_prize_passes_down(
    open_event: Event, secretary: User
) -> None:
    """Albert, Fontaine and Dumont level on 1½ for 100, 60 and 30 (average 63.33, more
    than the women's 40): they keep 50, 30 and 15 and share 95, 31.67, 31.67 and 31.66:
    81.67, 61.67 and 46.66 (190 in all). Dumont's women's prize passes to Bernard."""
    _define(open_event, secretary, ties="hort")
    assert _paid(open_event) == {
        "Albert": ("overall", D("81.67")),
        "Fontaine": ("overall", D("61.67")),
        "Dumont": ("overall", D("46.66")),
        "Bernard": ("Dames", D(40)),
        "Chevalier": ("U12", D(20)),
    }


def test_shared_equally_to_the_cent(open_event: Event, secretary: User) -> None:
    """190 among three: 63.34, 63.33, 63.33."""
    _define(open_event, secretary, ties="shared")
    paid = _paid(open_event)
    assert [paid[n][1] for n in ("Albert", "Fontaine", "Dumont")] == [
        D("63.34"),
        D("63.33"),
        D("63.33"),
    ]


def test_a_reference_date_moves_a_player_out_of_an_age_group(
    open_event: Event, secretary: User
) -> None:
    """Chevalier, born 3 March 2014, is 12 on 3 March 2026 and no longer under 12; 11 the
    day before."""
    _define(open_event, secretary)

    def u12() -> list[str]:
        found = event_prizes(open_event, standings_shown(open_event))
        return [c.line.player.last_name for c in found.tables[0].lines]

    for day, names in ((date(2026, 3, 2), ["Chevalier", "Evrard"]), (date(2026, 3, 3), ["Evrard"])):
        services.save_prize_rules(
            open_event.pk,
            secretary,
            reference_date=day,
            ties="tiebreak",
            share_categories=False,
            currency="€",
        )
        assert u12() == names


@pytest.mark.parametrize(
    ("spec", "field"),
    [
        (CategorySpec("U12", "under"), "age"),
        (CategorySpec("U12", "under", age=0), "age"),
        (CategorySpec("", "women"), "name"),
        (CategorySpec("X", "elders"), "kind"),
        (CategorySpec("Band", "rating"), "rating_min"),
        (CategorySpec("Band", "rating", rating_min=1800, rating_max=1600), "rating_max"),
        (CategorySpec("Band", "rating", rating_min=4000), "rating_min"),
        (CategorySpec("Band", "unrated", rating_source="elo"), "rating_source"),
        (CategorySpec("Club\x00", "club"), "name"),
    ],
)
def test_a_bad_category_is_refused_naming_its_field_and_nothing_is_written(
    open_event: Event, secretary: User, spec: CategorySpec, field: str
) -> None:
    with pytest.raises(PrizeRefused) as refused:
        services.add_category(open_event.pk, spec, secretary)
    assert refused.value.field == field
    assert not EventCategory.objects.exists()
    assert not ChangeLog.objects.exists()


def test_a_category_name_is_used_once_in_an_event(open_event: Event, secretary: User) -> None:
    services.add_category(open_event.pk, CategorySpec("Dames", "women"), secretary)
    with pytest.raises(PrizeRefused, match="Dames"):
        services.add_category(open_event.pk, CategorySpec("dames", "women"), secretary)
    assert EventCategory.objects.count() == 1


@pytest.mark.parametrize(
    ("place", "amount", "description", "field"),
    [
        (3, D(10), "", "place"),  # the list has one place: the next is 2
        (2, D(150), "", "amount"),  # more than the 1st's 100
        (2, None, "", "amount"),  # neither money nor a description
        (2, D("10.005"), "", "amount"),
        (2, D(-1), "", "amount"),
        (2, D("1E+10"), "", "amount"),
        (2, D(10), "x" * 121, "description"),
    ],
)
def test_a_bad_prize_is_refused_naming_its_field_and_nothing_is_written(
    open_event: Event,
    secretary: User,
    place: int,
    amount: Decimal | None,
    description: str,
    field: str,
) -> None:
    services.set_prize(open_event.pk, secretary, category_id=None, place=1, amount=D(100))
    logged = ChangeLog.objects.count()
    with pytest.raises(PrizeRefused) as refused:
        services.set_prize(
            open_event.pk,
            secretary,
            category_id=None,
            place=place,
            amount=amount,
            description=description,
        )
    assert refused.value.field == field
    assert list(Prize.objects.values_list("place", "amount")) == [(1, D(100))]
    assert ChangeLog.objects.count() == logged


def test_a_prize_of_another_events_category_is_refused(open_event: Event, secretary: User) -> None:
    other = EventFactory()
    category = services.add_category(other.pk, CategorySpec("U10", "under", age=10), secretary)
    with pytest.raises(PrizeRefused) as refused:
        services.set_prize(open_event.pk, secretary, category_id=category.pk, place=1, amount=D(5))
    assert refused.value.field == "category"
    assert not Prize.objects.exists()


def test_bad_rules_are_refused(open_event: Event, secretary: User) -> None:
    for ties, currency, field in (("lots", "€", "ties"), ("hort", "", "currency")):
        with pytest.raises(PrizeRefused) as refused:
            services.save_prize_rules(
                open_event.pk,
                secretary,
                reference_date=None,
                ties=ties,
                share_categories=False,
                currency=currency,
            )
        assert refused.value.field == field
    assert not PrizeRules.objects.exists()


def test_a_closed_event_refuses_its_prizes_to_change(secretary: User) -> None:
    event = prize_open(status=Event.Status.CLOSED)
    with pytest.raises(EventRefused):
        services.add_category(event.pk, CategorySpec("Dames", "women"), secretary)
    assert not EventCategory.objects.exists()


def test_a_prize_removed_moves_the_next_places_up(
    open_event: Event, secretary: User, english: None
) -> None:
    for place, amount in ((1, "100"), (2, "60"), (3, "30")):
        services.set_prize(
            open_event.pk, secretary, category_id=None, place=place, amount=D(amount)
        )
    second = Prize.objects.get(place=2)
    services.remove_prize(open_event.pk, second.pk, secretary)
    assert list(Prize.objects.order_by("place").values_list("place", "amount")) == [
        (1, D(100)),
        (2, D(30)),
    ]
    assert describe(ChangeLog.objects.latest("pk")) == "Prize of place 2 removed (overall)."


def test_a_category_removed_takes_its_prizes(open_event: Event, secretary: User) -> None:
    _define(open_event, secretary)
    u12 = EventCategory.objects.get(name="U12")
    assert services.remove_category(open_event.pk, u12.pk, secretary) == "U12"
    assert not Prize.objects.filter(category__name="U12").exists()
    assert Prize.objects.count() == 4


def test_the_audit_log_says_what_was_set(open_event: Event, secretary: User, english: None) -> None:
    _define(open_event, secretary, ties="hort")
    lines = [describe(c) for c in ChangeLog.objects.order_by("pk")]
    assert lines[:3] == [
        "Prize rules saved: players level on points Hort system.",
        "Category “U12” added.",
        "Category “Dames” added.",
    ]
    assert lines[-1] == "Prize of place 1 set (Dames)."


# The desk's pages ----------------------------------------------------------------------------


def test_the_desk_page_defines_a_category_and_shows_a_refusal_on_its_field(
    secretary_client: Client, open_event: Event, english: None
) -> None:
    url = reverse("desk:category_add", args=[open_event.pk])
    response = secretary_client.post(url, {"name": "U12", "kind": "under", "age": ""})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Give the age of an age group." in html
    assert not EventCategory.objects.exists()
    response = secretary_client.post(
        url, {"name": "U12", "kind": "under", "age": "12", "rating_source": "fide"}
    )
    assert response.status_code == 302
    assert EventCategory.objects.get().age == 12


def test_the_desk_page_sets_a_prize_and_shows_a_refusal_on_its_field(
    secretary_client: Client, open_event: Event, english: None
) -> None:
    url = reverse("desk:prize_save", args=[open_event.pk])
    response = secretary_client.post(url, {"category": "", "place": "2", "amount": "60"})
    assert response.status_code == 200
    assert "the next one of this list is 1." in response.content.decode()
    # said at the top of the page too, with a link down to the form
    assert 'id="not-saved"' in response.content.decode()
    assert re.search(r'href="#prize-form"\s+class="alert-link"', response.content.decode())
    assert not Prize.objects.exists()
    response = secretary_client.post(url, {"category": "", "place": "1", "amount": "60"})
    assert response.status_code == 302
    assert 'id="not-saved"' not in secretary_client.get(response["Location"]).content.decode()
    assert list(Prize.objects.values_list("category", "place", "amount")) == [(None, 1, D(60))]
    response = secretary_client.post(url, {"category": "", "place": "2", "amount": "1500"})
    assert "no more than the place before it (1: 60.00)" in response.content.decode()


def test_a_refused_amount_is_written_as_the_language_writes_money(
    secretary_client: Client, open_event: Event
) -> None:
    url = reverse("desk:prize_save", args=[open_event.pk])
    secretary_client.post(url, {"category": "", "place": "1", "amount": "30"})
    response = secretary_client.post(url, {"category": "", "place": "2", "amount": "45"})
    assert "(1\xa0: 30,00)" in response.content.decode()


def test_the_desk_page_shows_the_prize_list(
    secretary_client: Client, open_event: Event, secretary: User, english: None
) -> None:
    _define(open_event, secretary, ties="hort")
    response = secretary_client.get(reverse("desk:prizes", args=[open_event.pk]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "81.67 €" in html and "46.66 €" in html
    assert "ex aequo 1–3" in html
    assert "Total of the prizes: 250 €." in html


def test_the_desk_standings_show_each_category(
    secretary_client: Client, open_event: Event, secretary: User, english: None
) -> None:
    _define(open_event, secretary)
    html = secretary_client.get(reverse("desk:standings", args=[open_event.pk])).content.decode()
    section = html.split('id="category-', 1)[1].split("</table>", 1)[0]
    assert "U12" in section and "Léo Chevalier" in section and "Tom Evrard" in section
    assert "Julie Bernard" not in section


def test_the_printed_prize_list_and_its_pdf(
    secretary_client: Client, open_event: Event, secretary: User, english: None
) -> None:
    _define(open_event, secretary)
    url = reverse("desk:print_prizes", args=[open_event.pk])
    html = secretary_client.get(url).content.decode()
    assert "Prize list" in html and "after round 2" in html
    overall = html.split('id="prize-table-overall"', 1)[1].split("</table>", 1)[0]
    assert [name in overall for name in ("Marc Albert", "Paul Fontaine", "Julie Bernard")] == [
        True,
        True,
        True,
    ]
    assert "Anne Dumont" not in overall  # she took the women's prize
    pdf = secretary_client.get(url, {"format": "pdf"})
    assert pdf["Content-Type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")
    categories = secretary_client.get(reverse("desk:print_categories", args=[open_event.pk]))
    assert "Standings by category" in categories.content.decode()


@pytest.mark.parametrize("language", ["fr", "nl", "de", "en"])
def test_the_prize_lists_columns_have_different_names(
    secretary_client: Client, open_event: Event, secretary: User, language: str
) -> None:
    """Rank and place side by side: the Dutch catalogue once called both "Plaats"."""
    _define(open_event, secretary)
    with translation.override(language):
        url = reverse("desk:print_prizes", args=[open_event.pk])
    html = secretary_client.get(url).content.decode()
    table = html.split('id="prize-table-overall"', 1)[1].split("</thead>", 1)[0]
    headings = [
        re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<th[^>]*>(.*?)</th>", table)
    ]
    assert len(headings) >= 5, headings
    assert len(set(headings)) == len(headings), headings


def test_the_birth_dates_stay_off_the_prize_pages(
    secretary_client: Client, open_event: Event, secretary: User
) -> None:
    _define(open_event, secretary)
    for name in ("desk:prizes", "desk:print_prizes", "desk:print_categories"):
        html = secretary_client.get(reverse(name, args=[open_event.pk])).content.decode()
        assert "2014" not in html and "1961" not in html
