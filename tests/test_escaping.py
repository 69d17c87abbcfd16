"""Script tags and event handlers typed into any text a user provides reach pages escaped."""

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Article, Game, Member, Result
from tests.club.factories import EventFactory, GameFactory, MemberFactory

pytestmark = pytest.mark.django_db
NASTY = '<script>alert("x")</script><img src=x onerror="alert(1)">'


def _clean(html: str) -> bool:
    return "<script>alert" not in html and 'onerror="alert' not in html and "<img src=x" not in html


def test_texts_of_events_players_articles_and_games_are_escaped(client: Client) -> None:
    event = EventFactory(title=f"Open {NASTY}", description=NASTY, venue=NASTY)
    member = MemberFactory(player__first_name=NASTY, player__last_name=f"Nom{NASTY}")
    game = GameFactory(
        round__event=event,
        white=member.player,
        result=Result.WHITE_WINS,
        pgn=f'[White "{NASTY}"]\n[Result "1-0"]\n\n1. e4 e5 {{{NASTY}}} 1-0\n',
    )
    Article.objects.create(title=NASTY, slug="x", body=NASTY, published_at="2026-01-01T00:00Z")
    urls = [
        event.get_absolute_url(),
        reverse("member", args=[member.pk]),
        reverse("members"),
        reverse("game", args=[game.pk]),
        reverse("articles"),
        reverse("article", args=["x"]),
        reverse("calendar"),
        reverse("games"),
        "/",
    ]
    for url in urls:
        html = client.get(url).content.decode()
        assert _clean(html), url


def test_the_desk_escapes_what_secretaries_type(client: Client) -> None:
    from django.contrib.auth.models import User

    client.force_login(User.objects.create_superuser("a", password="x"))
    event = EventFactory(title=NASTY)
    member = MemberFactory(player__last_name=NASTY)
    event.participants.create(player=member.player)
    game = Game.objects.create(
        round=event.rounds.create(number=1),
        board=1,
        white=member.player,
        black=MemberFactory().player,
    )
    for url in (
        reverse("desk:event", args=[event.pk]),
        reverse("desk:results", args=[game.round.pk]),
        reverse("desk:standings", args=[event.pk]),
    ):
        assert _clean(client.get(url).content.decode()), url
    assert Member.objects.count() == 2


def test_what_entrants_type_reaches_the_event_page_and_the_desk_escaped(client: Client) -> None:
    from datetime import timedelta

    from django.contrib.auth.models import User
    from django.utils import timezone

    from club.models import Entry, EntryTerms

    start = timezone.now() + timedelta(days=30)
    event = EventFactory(start=start, end=start + timedelta(hours=4))
    EntryTerms.objects.create(event=event, open=True, places=1, fee=NASTY)
    for status in (Entry.Status.RECEIVED, Entry.Status.WAITING):
        Entry.objects.create(
            event=event,
            status=status,
            first_name=NASTY,
            last_name=NASTY,
            club_name=NASTY,
            federation="BEL",
            email="x@example.be",
            phone="<script>alert(1)</script>",  # 30 characters at most
            remark=NASTY,
            language="fr",
            confirmed_at=timezone.now(),
        )
    public = [event.get_absolute_url(), reverse("entry_form", args=[event.pk])]
    for url in public:
        html = client.get(url).content.decode()
        assert "&lt;script&gt;" in html and _clean(html), url
    client.force_login(User.objects.create_superuser("a", password="x"))
    html = client.get(reverse("desk:entries", args=[event.pk])).content.decode()
    assert "&lt;script&gt;" in html and _clean(html)
