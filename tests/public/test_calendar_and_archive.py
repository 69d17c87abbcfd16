"""The calendar shows an event on the days it is played (a championship on its round
nights), in the grid and in the iCalendar feed read by the ``icalendar`` parser; closed
events leave "upcoming" for the latest results and the archive; odd months answer."""

import re
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, cast
from zoneinfo import ZoneInfo

import icalendar
import pytest
import time_machine
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format

from club.models import Event, Game, Participant, Round
from tests.club.factories import EventFactory

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse

pytestmark = pytest.mark.django_db
BRUSSELS = ZoneInfo("Europe/Brussels")
NOW = datetime(2026, 11, 22, 10, tzinfo=BRUSSELS)


@pytest.fixture
def championship() -> Event:
    """Three round nights, a fortnight apart, from 20:00 to midnight."""
    first = datetime(2027, 3, 5, 20, tzinfo=BRUSSELS)
    event = EventFactory(
        kind=Event.Kind.CHAMPIONSHIP,
        title="Championnat de printemps",
        start=first,
        end=first + timedelta(days=28, hours=4),
    )
    for n in range(3):
        Round.objects.create(event=event, number=n + 1, starts_at=first + timedelta(days=14 * n))
    return event


def _days_of(response: "_MonkeyPatchedWSGIResponse", title: str) -> list[date]:
    return [
        day for week in response.context["weeks"] for day, events in week
        if any(e.title == title for e in events)
    ]  # fmt: skip


def test_a_championship_is_in_the_grid_on_its_round_nights_only(
    client: Client, championship: Event
) -> None:
    response = client.get(reverse("calendar"), {"mois": "2027-03"})
    assert _days_of(response, "Championnat de printemps") == [
        date(2027, 3, 5),
        date(2027, 3, 19),
        date(2027, 4, 2),
    ]  # fmt: skip  (2 April is in the grid's last week)


def test_an_event_without_dated_rounds_covers_its_days(client: Client) -> None:
    start = datetime(2027, 3, 13, 10, tzinfo=BRUSSELS)
    EventFactory(title="Stage", start=start, end=start + timedelta(days=1, hours=8))
    response = client.get(reverse("calendar"), {"mois": "2027-03"})
    assert _days_of(response, "Stage") == [date(2027, 3, 13), date(2027, 3, 14)]


def test_the_feed_gives_a_championship_one_entry_per_round_night(
    client: Client, championship: Event
) -> None:
    with time_machine.travel(datetime(2027, 3, 1, tzinfo=BRUSSELS)):
        feed = icalendar.Calendar.from_ical(client.get(reverse("calendar_feed")).content)
    nights = [e for e in feed.walk("VEVENT") if str(e["summary"]) == "Championnat de printemps"]
    starts = sorted(e.decoded("dtstart") for e in nights)
    assert [s.astimezone(BRUSSELS).strftime("%Y-%m-%d %H:%M") for s in starts] == [
        "2027-03-05 20:00", "2027-03-19 20:00", "2027-04-02 20:00",
    ]  # fmt: skip
    assert all(e.decoded("dtend") - e.decoded("dtstart") == timedelta(hours=4) for e in nights)
    assert len({str(e["uid"]) for e in nights}) == 3


@pytest.mark.parametrize("month", ["9999-12", "0001-01", "3000-01"])
def test_a_month_out_of_range_is_brought_back_never_a_500(client: Client, month: str) -> None:
    response = client.get(reverse("calendar"), {"mois": month})
    assert response.status_code == 200
    assert date(1900, 1, 1) <= response.context["month"] <= date(2999, 12, 1)


def test_a_month_that_does_not_exist_is_not_found(client: Client) -> None:
    assert client.get(reverse("calendar"), {"mois": "2026-13"}).status_code == 404


def test_a_closed_event_is_not_upcoming_and_is_among_the_latest_results(
    client: Client, demo_club: None
) -> None:
    with time_machine.travel(NOW):
        event = Event.objects.filter(status=Event.Status.ONGOING, kind="championship").get()
        Event.objects.filter(pk=event.pk).update(status=Event.Status.CLOSED)
        assert event not in Event.objects.upcoming()
        home = client.get(reverse("home"))
        assert event not in home.context["next_meetings"]
        assert event in home.context["latest_results"]
        assert event not in client.get(reverse("tournaments")).context["events"]


def test_the_archive_lists_a_seasons_finished_tournaments(client: Client, demo_club: None) -> None:
    with time_machine.travel(NOW):
        response = client.get(reverse("tournaments"), {"saison": "2025"})
    archive = list(response.context["archive"])
    assert [label for _year, label in response.context["seasons"]] == ["2026-2027", "2025-2026"]
    assert "Championnat du club 2025-2026" in [e.title for e in archive]
    assert all(date(2025, 9, 1) <= timezone.localdate(e.start) < date(2026, 9, 1) for e in archive)
    assert all(e.status == Event.Status.CLOSED for e in archive)


def test_a_season_that_is_not_a_year_is_not_found(client: Client) -> None:
    assert client.get(reverse("tournaments"), {"saison": "hier"}).status_code == 404


def test_the_games_list_links_to_each_game(client: Client, demo_club: None) -> None:
    html = client.get(reverse("games")).content.decode()
    game = cast(Game, Game.objects.exclude(result="").order_by("-round__event__start").first())
    assert reverse("game", args=[game.pk]) in html


def test_a_members_games_give_each_rounds_date(client: Client, demo_club: None) -> None:
    championship = Event.objects.get(title="Championnat du club 2026-2027")
    player = cast(Participant, championship.participants.first()).player
    response = client.get(reverse("member", args=[player.membership.pk]))
    html = response.content.decode()
    shown = [g["pk"] for g in response.context["games"] if g["event_id"] == championship.pk]
    played = list(Game.objects.filter(pk__in=shown).select_related("round"))
    assert len(played) > 1
    for game in played:
        assert date_format(timezone.localdate(game.round.starts_at), "j F Y") in html
    assert len({g.round.starts_at for g in played}) == len(played)


def test_the_months_agenda_lists_its_meeting_days_with_full_titles_and_links(
    client: Client, championship: Event
) -> None:
    """The list a phone shows (static/club/site.css hides the grid below 768 px): the
    championship's March nights, Fridays 5 and 19 (2 April is in the grid's last week,
    not in March), and a Sunday's interclub with its whole title."""
    sunday = datetime(2027, 3, 14, 14, tzinfo=BRUSSELS)
    title = "Interclubs nationaux, ronde 7 : Échiquier namurois – Cercle royal de Liège"
    interclub = EventFactory(title=title, start=sunday, end=sunday + timedelta(hours=5))
    response = client.get(reverse("calendar"), {"mois": "2027-03"})
    html = response.content.decode()
    agenda = html.split('id="month-agenda"', 1)[1].split("</section>", 1)[0]
    days = re.findall(r'<time datetime="([\d-]+)">([^<]+)</time>', agenda)
    assert days == [
        ("2027-03-05", "vendredi 5 mars"),
        ("2027-03-14", "dimanche 14 mars"),
        ("2027-03-19", "vendredi 19 mars"),
    ]
    links = re.findall(r'<a class="event-chip[^"]*"\s+href="([^"]+)">([^<]+)</a>', agenda)
    assert links == [
        (championship.get_absolute_url(), "Championnat de printemps"),
        (interclub.get_absolute_url(), title),
        (championship.get_absolute_url(), "Championnat de printemps"),
    ]
    # the grid keeps the same links for wide screens
    grid = html.split('id="month-grid"', 1)[1].split("</table>", 1)[0]
    assert grid.count(f'href="{interclub.get_absolute_url()}"') == 1


def test_a_month_without_meetings_says_so_in_the_agenda(client: Client) -> None:
    html = client.get(reverse("calendar"), {"mois": "2027-08"}).content.decode()
    agenda = html.split('id="month-agenda"', 1)[1].split("</section>", 1)[0]
    assert "Aucun rendez-vous ce mois-ci." in agenda and "<time" not in agenda
