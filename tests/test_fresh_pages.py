"""No stale page anywhere: every write path of the site, walked once with the page cache
on, and the public pages showing what it wrote fetched anonymously afterwards, before and
after (cached, then made afresh with the new data). The risk of a cache that forgets
only what changed is a write that forgets too little: each write path has its case here.
Writes commit (transactional database), as the cache follows committed writes."""

from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime, timedelta
from html import unescape
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation
from pytest_django import Settings

from club.models import Event, Game, Member, Participant, Player, Result
from desk.files.pgn import attach_pgn, plan_pgn
from desk.files.results_csv import import_results_csv
from desk.files.trf_import import import_plan
from desk.files.trf_plan import plan_import
from desk.services import checkin, lifecycle, pairing, registration, results
from desk.services import events as services
from desk.services.lots import draw_lots
from desk.services.members import lapse_member, save_member
from interclub import services as interclub
from lib import page_cache
from ratings.list_import import import_list_file
from ratings.models import RatingSystem
from ratings.services import recalculate
from ratings.tasks import start_replay
from tests.club.factories import EventFactory, MemberFactory, PlayerFactory
from tests.club.prize_open import prize_open
from tests.other_processes import caches_in

pytestmark = pytest.mark.django_db(transaction=True)
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(autouse=True)
def _page_cache(settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.PAGE_CACHE_ENABLED = True
    caches_in(tmp_path, settings, "pages", "page-generation")
    monkeypatch.setattr(page_cache, "RACE_SECONDS", 0.0)


Check = Callable[[str], bool]


class Visitor:
    """An anonymous visitor: ``kept(url)`` visits twice and asserts the second visit came
    from the cache; ``fresh(url, check)`` asserts the page was made again (not a hit) and
    ``check`` holds of its text."""

    def __init__(self, client: Client) -> None:
        self.client = client

    def kept(self, *urls: str) -> None:
        for url in urls:
            self.client.get(url)
            assert self.client.get(url).get(page_cache.HEADER) == "hit", url

    def fresh(self, url: str, check: Check, status: int = 200) -> None:
        response = self.client.get(url)
        assert response.status_code == status, url
        assert response.get(page_cache.HEADER) != "hit", url
        assert check(response.content.decode()), url


@pytest.fixture
def visitor(client: Client) -> Visitor:
    return Visitor(client)


def has(text: str) -> Check:
    """The page shows ``text`` (its HTML read as text: an apostrophe is escaped as an
    entity)."""
    return lambda page: text in unescape(page)


def lacks(text: str) -> Check:
    return lambda page: text not in page


@pytest.fixture
def tonight(secretary: User) -> Iterator[Event]:
    """A round robin of four members tonight, announced, on the home page."""
    now = timezone.now()
    event = EventFactory(
        title="Rapide du jeudi",
        kind=Event.Kind.RAPID,
        system=Event.System.ROUND_ROBIN,
        start=now - timedelta(hours=1),
        end=now + timedelta(hours=3),
    )
    for n in range(4):
        member = MemberFactory(player__last_name=f"Joueur{n}", player__national_rating=1800 - n)
        registration.register(event.pk, member.player.pk, secretary)
    yield event


def _url(name: str, *args: object) -> str:
    return reverse(name, args=list(args))


def _member_page(player: Player) -> str:
    return _url("member", player.membership.pk)


def test_registration_and_withdrawal(visitor: Visitor, tonight: Event, secretary: User) -> None:
    newcomer = MemberFactory(player__last_name="Nouveau").player
    event_page = _url("event", tonight.pk)
    visitor.kept(event_page)
    registration.register(tonight.pk, newcomer.pk, secretary)
    visitor.fresh(event_page, has("Nouveau"))
    visitor.kept(event_page)
    participant = Participant.objects.get(event=tonight, player=newcomer)
    registration.withdraw(participant.pk, None, secretary)
    visitor.fresh(event_page, has("Nouveau"))
    visitor.kept(event_page)
    draw_lots(tonight.pk, secretary)  # the pairing numbers
    visitor.fresh(event_page, has("Nouveau"))


def test_online_entries_and_their_terms(visitor: Visitor, secretary: User) -> None:
    from desk.services import entries, entry_decisions

    start = timezone.now() + timedelta(days=20)
    event = EventFactory(title="Open d'automne", kind=Event.Kind.OPEN, start=start,
                         end=start + timedelta(hours=8))  # fmt: skip
    event_page, lists = _url("event", event.pk), [_url("tournaments"), _url("calendar")]
    visitor.kept(event_page, *lists)

    def link(path: str) -> str:
        return f"http://testserver{path}"

    entries.set_terms(event.pk, entries.Terms(True, places=1), secretary, link)
    visitor.fresh(event_page, has("Inscription en ligne"))
    for url in lists:  # their cards lead to the form
        visitor.fresh(url, has(_url("entry_form", event.pk)))
    visitor.kept(event_page, *lists)

    request = entries.EntryRequest(
        "anne@example.be", "fr", first_name="Anne", last_name="Aubépine", sex="F",
        birth_year=1990, federation="BEL",
    )  # fmt: skip
    entry = entries.take_entry(event.pk, request, link)
    visitor.fresh(event_page, has("1 place prise sur 1"))
    visitor.kept(event_page)
    entries.confirm_address(entry.pk)  # a confirmed entry shows in the list
    visitor.fresh(event_page, has("Aubépine"))
    visitor.kept(event_page, *lists)
    entry_decisions.accept(entry.pk, secretary, link)
    visitor.fresh(event_page, has("acceptée"))
    visitor.kept(event_page)
    entries.withdraw_entry(entry.pk, link)
    visitor.fresh(event_page, lacks("Aubépine"))
    visitor.kept(*lists)


def test_pairing_check_in_and_taking_a_pairing_back(
    visitor: Visitor, tonight: Event, secretary: User
) -> None:
    """A round paired and taken back: the event's pages and the lists made again, the
    players' pages kept (they show games with a result only)."""
    player = Participant.objects.filter(event=tonight).first()
    assert player is not None
    pages = [_url("event", tonight.pk), _member_page(player.player), _url("home")]
    visitor.kept(*pages)
    pairing.pair_round_robin(tonight.pk, secretary)
    opponent = Game.objects.filter(round__event=tonight, round__number=1, white=player.player)
    other = opponent.first() or Game.objects.get(
        round__event=tonight, round__number=1, black=player.player
    )
    visitor.fresh(pages[0], has(other.black.last_name))
    # games without a result show on no player's page: theirs stay in the cache
    assert visitor.client.get(pages[1]).get(page_cache.HEADER) == "hit"
    visitor.kept(*pages)
    last = tonight.rounds.order_by("-number").first()
    assert last is not None
    checkin.undo_pairing(last.pk, secretary)
    before = visitor.client.get(pages[0]).content.decode()
    assert visitor.client.get(pages[0]).get(page_cache.HEADER) == "hit"
    assert not Game.objects.filter(round=last).exists()
    checkin.record(tonight.pk, last.number, {player.pk: "zero"}, secretary)  # absent
    visitor.fresh(pages[0], lambda page: page != before)


def status(value: str) -> str:
    """An event's status as its page shows it (in French, the site's language)."""
    with translation.override("fr"):
        return f'<span class="badge text-bg-secondary">{Event.Status(value).label}</span>'


def _all_results(event: Event) -> None:
    for game in Game.objects.filter(round__event=event):
        results.write_result(game.pk, Result.WHITE_WINS)


def test_an_events_life_close_reopen_cancel_restore_delete(
    visitor: Visitor, tonight: Event, secretary: User
) -> None:
    pairing.pair_round_robin(tonight.pk, secretary)
    _all_results(tonight)
    player = Game.objects.filter(round__event=tonight).first()
    assert player is not None
    event_page, home, tournaments = _url("event", tonight.pk), _url("home"), _url("tournaments")
    member_page = _member_page(player.white)
    calendar = _url("calendar")

    visitor.kept(event_page, home, tournaments, member_page, calendar)
    lifecycle.close_event(tonight.pk, secretary)
    visitor.fresh(event_page, has(status(Event.Status.CLOSED)))
    visitor.fresh(home, lambda page: True)
    visitor.fresh(member_page, lambda page: True)

    visitor.kept(event_page, member_page)
    lifecycle.reopen_event(tonight.pk, "a wrong result", secretary)
    visitor.fresh(event_page, has(status(Event.Status.ONGOING)))

    visitor.kept(event_page, home, calendar)
    lifecycle.cancel_event(tonight.pk, "the hall is closed", secretary)
    visitor.fresh(event_page, has(status(Event.Status.CANCELLED)))
    visitor.fresh(home, lambda page: True)
    visitor.fresh(calendar, lambda page: True)

    visitor.kept(event_page)
    lifecycle.restore_event(tonight.pk, secretary)
    visitor.fresh(event_page, has(status(Event.Status.ONGOING)))

    visitor.kept(event_page, home, member_page, calendar)
    lifecycle.delete_event(tonight.pk, "a test", secretary)
    visitor.fresh(event_page, lambda page: True, status=404)
    visitor.fresh(home, lacks(tonight.title))
    visitor.fresh(calendar, lacks(tonight.title))
    visitor.fresh(member_page, lacks(tonight.title))


def test_the_replays_end_and_its_queueing(
    visitor: Visitor, tonight: Event, secretary: User
) -> None:
    club = RatingSystem.objects.get(engine="club")
    pairing.pair_round_robin(tonight.pk, secretary)
    _all_results(tonight)
    lifecycle.close_event(tonight.pk, secretary)  # queues a replay (not run: no worker here)
    player = Participant.objects.filter(event=tonight).first()
    assert player is not None
    member_page, ranking = _member_page(player.player), _url("ranking", club.pk)
    visitor.fresh(ranking, has('id="recalculating"'))  # a replay is queued
    event_page = _url("event", tonight.pk)  # closed: it shows its rating changes
    visitor.kept(member_page, ranking, event_page)
    recalculate(club, since=None)
    visitor.fresh(event_page, has(player.player.last_name))
    rating = player.player.ratings.get(system=club).rating
    visitor.fresh(member_page, has(str(rating)))
    visitor.fresh(ranking, has(player.player.last_name))

    visitor.kept(ranking)
    start_replay(club)  # queued: the ranking says the figures are about to change
    visitor.fresh(ranking, has('id="recalculating"'))


def test_results_and_moves_from_files(visitor: Visitor, secretary: User) -> None:
    event = EventFactory(title="Championnat d'hiver")
    players = [PlayerFactory(first_name=f"Prénom{n}", last_name=f"Nom{n}") for n in range(4)]
    for player in players:
        Participant.objects.create(event=event, player=player)
        MemberFactory(player=player)
    event_page, member_page = _url("event", event.pk), _member_page(players[2])
    visitor.kept(event_page, member_page)
    text = (FIXTURES / "csv" / "results.csv").read_text()
    for n, player in enumerate(players):
        text = text.replace(f"{{p{n}}}", player.name)
    assert import_results_csv(event.pk, text, secretary) == 2
    visitor.fresh(event_page, has("½-½"))
    visitor.fresh(member_page, has("Championnat d'hiver"))

    game = Game.objects.get(round__event=event, board=1)
    game_page = _url("game", game.pk)
    visitor.kept(game_page)
    plan = plan_pgn(event, (FIXTURES / "pgn" / "two_games.pgn").read_text())
    report = attach_pgn(event.pk, plan, secretary, replace=set())
    assert report.attached
    visitor.fresh(game_page, has("Qxf7#"))


def test_a_trf_file_makes_an_event(visitor: Visitor, secretary: User) -> None:
    known = MemberFactory(player__first_name="Player0001", player__last_name="Test0001").player
    pages = [_url("tournaments"), _url("games"), _member_page(known)]
    visitor.kept(*pages)
    event = import_plan(plan_import((FIXTURES / "trf" / "bbp_issue_7.trf").read_text()), None)
    visitor.fresh(_url("tournaments") + f"?saison={event.start.year}", has(event.title))
    visitor.fresh(pages[1], has(event.title))
    visitor.fresh(pages[2], has(event.title))


def test_an_official_rating_list_forgets_every_page(
    visitor: Visitor, tonight: Event, tmp_path: Path
) -> None:
    """The players' ratings it sets show in events' standings and files: a rare write."""
    player = Participant.objects.filter(event=tonight).first()
    assert player is not None
    player.player.national_id = "10000"
    player.player.national_id_federation = "BEL"
    player.player.save()
    pages = [_url("event", tonight.pk), _member_page(player.player), _url("articles")]
    visitor.kept(*pages)
    listed = tmp_path / "frbe.csv"
    listed.write_text("Matricule;Nom;Elo\n10000;Dubois;1705\n")
    import_list_file("frbe", listed, list_date=date(2026, 11, 1), source="t")
    for url in pages:
        visitor.fresh(url, lambda page: True)


def test_interclub_divisions_matches_and_line_ups(visitor: Visitor, secretary: User) -> None:
    divisions = _url("interclub:divisions")
    visitor.kept(divisions)
    division = interclub.create_division(
        "2026-2027", "Division 3B", 4, ["Wavre 1"], ["Namur 2"], secretary
    )
    visitor.fresh(divisions, has("Division 3B"))
    division_page = _url("interclub:division", division.pk)
    visitor.kept(division_page, _url("calendar"))
    home, away = division.teams.order_by("pk")
    start = timezone.now() + timedelta(days=3)
    match = interclub.create_match(division.pk, home.pk, away.pk, start, "Wavre", secretary)
    visitor.fresh(division_page, has(_url("interclub:match", match.pk)))
    visitor.fresh(_url("calendar"), has(match.event.title))

    match_page = _url("interclub:match", match.pk)
    visitor.kept(match_page)
    players = [MemberFactory(player__last_name=f"Équipier{n}").player for n in range(4)]
    interclub.set_lineup(
        match.pk, home.pk, [interclub.Typed(player_id=p.pk) for p in players], secretary
    )
    visitor.fresh(match_page, has("Équipier0"))


def test_articles_written_and_published_at_the_desk(
    visitor: Visitor, client: Client, secretary: User
) -> None:
    desk = Client()
    desk.force_login(secretary)
    visitor.kept(_url("articles"), _url("home"))
    desk.post(
        reverse("desk:article_new"),
        {"title": "Fête du club", "slug": "fete", "body": "Samedi.", "save": "1"},
    )
    from club.models import Article

    article = Article.objects.get(slug="fete")
    visitor.fresh(_url("articles"), lacks("Fête du club"))  # not published yet
    visitor.kept(_url("articles"), _url("home"))
    desk.post(reverse("desk:article_publish", args=[article.pk]), {"publish": "1"})
    visitor.fresh(_url("articles"), has("Fête du club"))
    visitor.fresh(_url("home"), has("Fête du club"))


def test_members_edited_and_lapsed_at_the_desk(visitor: Visitor, tonight: Event) -> None:
    member = Member.objects.filter(player__participations__event=tonight).first()
    assert member is not None
    members, member_page, event_page = (
        _url("members"),
        _member_page(member.player),
        _url("event", tonight.pk),
    )
    visitor.kept(members, member_page, event_page)
    member.player.last_name = "Renommé"
    save_member(member.player, member, None)
    for url in (members, member_page, event_page):
        visitor.fresh(url, has("Renommé"))

    visitor.kept(members, member_page, event_page)
    member.listed = False
    save_member(member.player, member, None)
    visitor.fresh(members, lacks("Renommé"))
    visitor.fresh(member_page, lambda page: True, status=404)
    visitor.kept(event_page)  # the name and the rating it shows did not change

    member.listed = True
    save_member(member.player, member, None)
    visitor.kept(members)
    lapse_member(member.pk, timezone.localdate(), None)
    visitor.fresh(members, lacks("Renommé"))


def test_a_member_in_their_own_space(visitor: Visitor, tonight: Event) -> None:
    account = User.objects.create_user("joueur", password="x")
    member = Member.objects.filter(player__participations__event=tonight).first()
    assert member is not None
    member.user = account
    member.save()
    visitor.kept(_url("members"), _member_page(member.player))
    own = Client()
    own.force_login(account)
    answer = own.post(
        reverse("my_space"),
        {"email": "a@example.be", "phone": "", "address": "", "listed": ""},
    )
    assert answer.status_code == 302
    visitor.fresh(_url("members"), lacks(member.player.last_name))
    visitor.fresh(_member_page(member.player), lambda page: True, status=404)


def test_a_change_in_the_admin_site_forgets_the_pages_showing_it(
    visitor: Visitor, tonight: Event, secretary: User
) -> None:
    """The admin site's saves and deletions forget what they changed, as every write
    does (``club.pages``' receivers): a game deleted, its event's pages; a player
    renamed, the events showing them; the other pages stay."""
    admin = User.objects.create_superuser("admin", password="x")
    site = Client()
    site.force_login(admin)
    pairing.pair_round_robin(tonight.pk, secretary)
    game = Game.objects.filter(round__event=tonight).first()
    assert game is not None
    pages = [_url("event", tonight.pk), _url("game", game.pk), _url("articles")]
    visitor.kept(*pages)
    answer = site.post(reverse("admin:club_game_delete", args=[game.pk]), {"post": "yes"})
    assert answer.status_code == 302
    visitor.fresh(pages[0], lacks(_url("game", game.pk)))
    visitor.fresh(pages[1], lambda page: True, status=404)
    assert visitor.client.get(pages[2]).get(page_cache.HEADER) == "hit"  # the articles

    visitor.kept(pages[0])
    player = game.white
    changed = site.post(
        reverse("admin:club_player_change", args=[player.pk]),
        {
            "first_name": player.first_name,
            "last_name": "Corrigé",
            "membership-TOTAL_FORMS": "0",
            "membership-INITIAL_FORMS": "0",
        },
    )
    assert changed.status_code == 302, changed.content.decode()[:2000]
    visitor.fresh(pages[0], has("Corrigé"))


def test_the_event_form_at_the_desk(visitor: Visitor, tonight: Event, secretary: User) -> None:
    player = Participant.objects.filter(event=tonight).first()
    assert player is not None
    pages = [_url("event", tonight.pk), _member_page(player.player), _url("calendar")]
    pairing.pair_round_robin(tonight.pk, secretary)
    _all_results(tonight)  # the member's page lists the games played
    visitor.kept(*pages)
    tonight.title = "Rapide du vendredi"
    services.save_event(tonight, secretary, changed=["title"])
    for url in pages:
        visitor.fresh(url, has("Rapide du vendredi"))
    visitor.kept(_url("tournaments"))
    created = Event(
        title="Blitz de Noël",
        kind=Event.Kind.BLITZ,
        start=datetime(2026, 12, 20, 19, tzinfo=UTC),
        end=datetime(2026, 12, 20, 23, tzinfo=UTC),
    )
    services.save_event(created, secretary)
    visitor.fresh(_url("tournaments"), has("Blitz de Noël"))


def test_two_records_merged(visitor: Visitor, tonight: Event, secretary: User) -> None:
    """The outside record's games become the member's: his page and the event's show the
    one record."""
    from desk.services.merge import merge_players

    member = Participant.objects.filter(event=tonight).select_related("player").first()
    assert member is not None
    typed = Player.objects.create(
        first_name=member.player.first_name, last_name=member.player.last_name, national_id="777"
    )
    pages = [_member_page(member.player), _url("event", tonight.pk)]
    visitor.kept(*pages)
    merge_players(member.player.pk, typed.pk, secretary)
    visitor.fresh(pages[0], lambda page: True)
    visitor.fresh(pages[1], has(member.player.last_name))


def test_a_replay_of_many_players_forgets_every_page_at_once(
    visitor: Visitor, tonight: Event, secretary: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A replay from a day forgets its players' pages one by one, and the articles page
    stays cached; beyond ``PLAYERS_FORGOTTEN_ONE_BY_ONE`` players it forgets every page in
    one write (a full replay always does)."""
    from club import pages

    club = RatingSystem.objects.get(engine="club")
    pairing.pair_round_robin(tonight.pk, secretary)
    _all_results(tonight)
    lifecycle.close_event(tonight.pk, secretary)
    articles = _url("articles")
    visitor.kept(articles)
    recalculate(club, since=tonight.start.date())
    visitor.kept(articles)  # four players: their pages only
    monkeypatch.setattr(pages, "PLAYERS_FORGOTTEN_ONE_BY_ONE", 3)
    recalculate(club, since=tonight.start.date())
    visitor.fresh(articles, lambda page: True)


def test_categories_prizes_and_their_rules(visitor: Visitor, secretary: User) -> None:
    """The open of tests.club.prize_open: a category, a prize, the rules, a prize and a
    category removed; each shows on the event's page at once."""
    from decimal import Decimal

    from desk.services import prizes

    event = prize_open()
    page = _url("event", event.pk)
    visitor.kept(page)
    women = prizes.add_category(event.pk, prizes.CategorySpec("Dames", "women"), secretary)
    visitor.fresh(page, has("Dames"))
    visitor.kept(page)
    prize = prizes.set_prize(event.pk, secretary, category_id=None, place=1, amount=Decimal(75))
    visitor.fresh(page, has("75 €"))
    visitor.kept(page)
    prizes.save_prize_rules(
        event.pk,
        secretary,
        reference_date=None,
        ties="hort",
        share_categories=False,
        currency="CHF",
    )
    visitor.fresh(page, has("75 CHF"))
    visitor.kept(page)
    prizes.remove_prize(event.pk, prize.pk, secretary)
    visitor.fresh(page, lacks("75 CHF"))
    visitor.kept(page)
    prizes.remove_category(event.pk, women.pk, secretary)
    visitor.fresh(page, lacks("Dames"))
