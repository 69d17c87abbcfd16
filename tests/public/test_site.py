from datetime import date, datetime
from typing import Any, cast
from xml.etree import ElementTree
from zoneinfo import ZoneInfo

import icalendar
import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core import mail
from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.test import Client
from django.urls import reverse
from django.utils.html import escape
from pytest_django import Settings
from pytest_django.asserts import assertInHTML

from club.models import Article, Event, Member, Participant
from ratings.models import Rating, RatingSystem
from tests.club.factories import EventFactory, MemberFactory
from tests.pages import spaced
from tests.task_worker import mailed, replayed

pytestmark = pytest.mark.django_db
NOW = datetime(2026, 11, 22, 10, tzinfo=ZoneInfo("Europe/Brussels"))


def test_the_month_grid_places_events_and_highlights_today(client: Client, demo_club: None) -> None:
    response = client.get(reverse("calendar"))
    html = response.content.decode()
    assert response.context["month"] == date(2026, 11, 1)
    assert 'aria-current="date"' in html
    cells = [day for week in response.context["weeks"] for day, _events in week]
    assert cells[0].weekday() == 0 and len(cells) % 7 == 0
    november = Event.objects.public().filter(start__month=11, start__year=2026)
    assert all(escape(event.title) in html for event in november)
    assert response.context["previous"] == "2026-10" and response.context["following"] == "2026-12"


def test_the_month_can_be_chosen_and_a_bad_month_is_not_found(
    client: Client, demo_club: None
) -> None:
    response = client.get(reverse("calendar"), {"mois": "2027-01"})
    assert response.context["month"] == date(2027, 1, 1)
    assert client.get(reverse("calendar"), {"mois": "janvier"}).status_code == 404


def test_the_public_feed_lists_public_events_only(client: Client, demo_club: None) -> None:
    hidden = cast(Event, Event.objects.filter(kind=Event.Kind.MEETING).first())
    hidden.public = False
    hidden.save()
    response = client.get(reverse("calendar_feed"))
    assert response["Content-Type"].startswith("text/calendar")
    feed = icalendar.Calendar.from_ical(response.content)
    titles = {str(e["summary"]) for e in feed.walk("VEVENT")}
    assert hidden.title not in titles
    assert any(t.startswith("Championnat du club") for t in titles)
    text = response.content.decode()
    for member in Member.objects.all():
        assert member.email not in text and member.phone not in text


def test_a_member_feed_lists_their_own_events_at_a_secret_address(
    client: Client, demo_club: None
) -> None:
    participant = cast(
        Participant, Participant.objects.filter(player__membership__isnull=False).first()
    )
    member = participant.player.membership
    feed = icalendar.Calendar.from_ical(
        client.get(reverse("member_feed", args=[member.calendar_token])).content
    )
    titles = {str(e["summary"]) for e in feed.walk("VEVENT")}
    assert participant.event.title in titles
    assert "Barbecue de fin de saison" not in titles
    fake = "00000000-0000-0000-0000-000000000000"
    assert client.get(f"/calendrier/{fake}.ics").status_code == 404


def test_a_fresh_install_explains_the_enabled_rating_systems() -> None:
    titles = set(Article.objects.values_list("title", flat=True))
    assert titles == {"Le classement Elo du club", "Le classement Elo belge (FRBE-KBSB)"}


def test_an_article_is_rendered_from_markdown_and_sanitised(client: Client) -> None:
    Article.objects.create(
        title="Piège",
        slug="piege",
        published_at=NOW,
        body="**Gras** <script>alert('x')</script> [lien](javascript:alert(1)) "
        '<img src=x onerror="alert(1)">',
    )
    html = client.get(reverse("article", args=["piege"])).content.decode()
    assert "<strong>Gras</strong>" in html
    assert "alert(" not in html and "onerror" not in html and "javascript:" not in html


def test_an_unpublished_article_is_not_found(client: Client) -> None:
    Article.objects.create(title="Brouillon", slug="brouillon", body="...")
    assert client.get(reverse("article", args=["brouillon"])).status_code == 404


def test_the_contact_form_sends_a_mail_to_the_club(client: Client, settings: Settings) -> None:
    settings.CLUB_EMAIL = "secretaire@example.be"
    form = {"name": "Anne", "email": "anne@example.be", "message": "Un cours le mardi ?"}
    with mailed():
        response = client.post(reverse("contact"), form, follow=True)
    assert "votre message a été envoyé" in response.content.decode()
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["secretaire@example.be"]
    assert mail.outbox[0].reply_to == ["anne@example.be"]
    assert mail.outbox[0].message()["Reply-To"] == "anne@example.be"
    assert "Un cours le mardi ?" in mail.outbox[0].body


def test_a_contact_form_with_an_address_that_is_no_address_sends_nothing(client: Client) -> None:
    form = {"name": "Anne", "email": "anne@example.be>\nBcc: x@y.z", "message": "Bonjour"}
    with mailed():
        response = client.post(reverse("contact"), form)
    assert response.status_code == 200
    assert "adresse" in response.content.decode()
    assert mail.outbox == []


def test_a_robot_filling_the_honeypot_sends_nothing(client: Client) -> None:
    form = {"name": "Bot", "email": "bot@example.com", "message": "Buy", "website": "x.example"}
    client.post(reverse("contact"), form)
    assert mail.outbox == []


def test_a_flood_of_messages_is_stopped(client: Client) -> None:
    form = {"name": "Anne", "email": "anne@example.be", "message": "Bonjour"}
    with mailed():
        for _ in range(3):
            client.post(reverse("contact"), form)
        response = client.post(reverse("contact"), form)
    assert "Trop de messages" in response.content.decode()
    assert len(mail.outbox) == 3


def test_two_visitors_behind_the_proxy_are_limited_separately(
    client: Client, settings: Settings
) -> None:
    settings.TRUSTED_PROXY_COUNT = 1
    form = {"name": "Anne", "email": "anne@example.be", "message": "Bonjour"}
    proxy: dict[str, Any] = {"REMOTE_ADDR": "10.0.0.1"}  # the proxy: every request comes from it
    with mailed():
        for _ in range(4):
            client.post(reverse("contact"), form, HTTP_X_FORWARDED_FOR="203.0.113.7", **proxy)
        response = client.post(
            reverse("contact"), form, HTTP_X_FORWARDED_FOR="198.51.100.4", follow=True, **proxy
        )
    assert "votre message a été envoyé" in response.content.decode()
    assert len(mail.outbox) == 4  # three from the first visitor, one from the second


def test_the_limit_holds_in_every_worker_process(client: Client) -> None:
    form = {"name": "Anne", "email": "anne@example.be", "message": "Bonjour"}
    with mailed():
        for _ in range(3):
            client.post(reverse("contact"), form)
        for alias in settings.CACHES:
            if isinstance(caches[alias], LocMemCache):
                caches[alias].clear()  # what another worker process holds in memory: nothing
        response = client.post(reverse("contact"), form)
    assert "Trop de messages" in response.content.decode()
    assert len(mail.outbox) == 3


def test_a_bad_contact_form_names_the_field(client: Client) -> None:
    response = client.post(reverse("contact"), {"name": "Anne", "email": "pas-un-mail"})
    assert response.context["form"].errors.keys() == {"email", "message"}


@pytest.fixture
def member_with_login() -> Member:
    member = MemberFactory(email="anne@example.be", player__birth_date=date(2011, 3, 4))
    member.user = User.objects.create_user("anne", password="échecs-2026")
    member.save()
    return member


def test_a_member_sees_their_personal_data_and_ratings_in_their_space(
    client: Client, member_with_login: Member
) -> None:
    client.force_login(member_with_login.user)  # type: ignore[arg-type]
    html = client.get(reverse("my_space")).content.decode()
    assert "anne@example.be" in html and "4 mars 2011" in html
    assert str(member_with_login.calendar_token) in html


def test_the_space_needs_a_login(client: Client) -> None:
    response = client.get(reverse("my_space"))
    assert response.status_code == 302 and "/comptes/login/" in response.url  # type: ignore[attr-defined]


def test_a_member_can_hide_from_the_public_lists(client: Client, member_with_login: Member) -> None:
    system = RatingSystem.objects.get(engine="club")
    Rating.objects.create(
        system=system, player=member_with_login.player, rating=1600, games=9, status="rated"
    )
    name = member_with_login.player.name
    assert name in client.get(reverse("members")).content.decode()
    client.force_login(member_with_login.user)  # type: ignore[arg-type]
    client.post(reverse("my_space"), {})  # the box unticked
    member_with_login.refresh_from_db()
    assert not member_with_login.listed
    client.logout()
    assert name not in client.get(reverse("members")).content.decode()
    assert name not in client.get(reverse("ranking", args=[system.pk])).content.decode()
    assert client.get(reverse("member", args=[member_with_login.pk])).status_code == 404


def test_the_event_page_shows_the_standings(client: Client, demo_club: None) -> None:
    event = Event.objects.get(kind=Event.Kind.CHAMPIONSHIP, status=Event.Status.CLOSED)
    response = client.get(event.get_absolute_url())
    lines = response.context["standings"].lines
    assert len(lines) == 10 and sum(line.points for line in lines) == 45
    assert lines[0].points >= lines[-1].points and lines[0].rank == 1


def test_a_links_page_exists(client: Client) -> None:
    assert "FRBE-KBSB" in client.get(reverse("links")).content.decode()


def test_an_event_factory_event_without_games_shows_its_participants(client: Client) -> None:
    event = EventFactory()
    member = MemberFactory()
    Participant.objects.create(event=event, player=member.player)
    html = client.get(event.get_absolute_url()).content.decode()
    assert member.player.name in html


def test_a_member_who_forgot_their_password_gets_a_reset_link_by_mail(
    client: Client, member_with_login: Member
) -> None:
    member_with_login.user.email = "anne@example.be"  # type: ignore[union-attr]
    member_with_login.user.save()  # type: ignore[union-attr]
    with replayed():  # the e-mail is sent by a background task (public/accounts.py)
        response = client.post(reverse("password_reset"), {"email": "anne@example.be"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1 and "/comptes/reset/" in mail.outbox[0].body


def test_the_home_page_shows_the_latest_articles(client: Client) -> None:
    html = client.get(reverse("home")).content.decode()
    assert "Le classement Elo du club" in html and "Le classement Elo belge (FRBE-KBSB)" in html


def test_the_rating_systems_articles_read_as_text_without_code_names(client: Client) -> None:
    for slug, name in (
        ("le-classement-elo-du-club", "Le classement Elo du club"),
        ("le-classement-elo-belge", "Le classement Elo belge (FRBE-KBSB)"),
    ):
        article = Article.objects.published().get(slug=slug)
        page = client.get(article.get_absolute_url()).content.decode()
        assert article.title == name and name in page
        assert "<code>" not in page and "_" not in article.body and ".py" not in article.body


def test_a_member_renews_their_calendar_address_and_the_old_one_stops(
    client: Client, member_with_login: Member
) -> None:
    old = member_with_login.calendar_token
    client.force_login(member_with_login.user)  # type: ignore[arg-type]
    response = client.post(reverse("renew_calendar_token"), follow=True)
    member_with_login.refresh_from_db()
    assert member_with_login.calendar_token != old
    assert str(member_with_login.calendar_token) in response.content.decode()
    client.logout()
    assert client.get(reverse("member_feed", args=[old])).status_code == 404
    new = reverse("member_feed", args=[member_with_login.calendar_token])
    assert client.get(new).status_code == 200


def test_a_lapsed_members_calendar_stops(client: Client, member_with_login: Member) -> None:
    member_with_login.status = Member.Status.LAPSED
    member_with_login.save()
    feed = reverse("member_feed", args=[member_with_login.calendar_token])
    assert client.get(feed).status_code == 404


def test_a_deactivated_accounts_calendar_stops(client: Client, member_with_login: Member) -> None:
    User.objects.filter(pk=member_with_login.user.pk).update(is_active=False)  # type: ignore[union-attr]
    feed = reverse("member_feed", args=[member_with_login.calendar_token])
    assert client.get(feed).status_code == 404


def test_the_main_menu_marks_the_page_shown_in_its_language(client: Client) -> None:
    html = client.get("/calendrier/").content.decode()
    assert (
        '<a class="nav-link active" aria-current="page" href="/calendrier/">Calendrier</a>' in html
    )
    assert '<a class="nav-link" href="/">Accueil</a>' in html
    assert html.count('aria-current="page" href=') == 1
    english = client.get("/en/calendrier/").content.decode()
    assert '<a class="nav-link active" aria-current="page" href="/en/calendrier/">Calendar</a>' in (
        english
    )
    assert '<a class="nav-link" href="/en/contact/">Contact</a>' in english


def test_every_page_links_the_clubs_icon_and_favicon_ico_answers(client: Client) -> None:
    html = client.get(reverse("home")).content.decode()
    assertInHTML('<link rel="icon" href="/static/club/favicon.svg" type="image/svg+xml">', html)
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"] == "/static/club/favicon.svg"
    icon = ElementTree.parse(settings.BASE_DIR / "static" / "club" / "favicon.svg").getroot()
    assert icon.tag == "{http://www.w3.org/2000/svg}svg"
    # drawn in the club's colours (static/club/site.css: --club-green, --club-cream)
    fills = {e.get("fill") for e in icon.iter() if e.get("fill")}
    assert fills == {"#1f4d3a", "#f7f3ea"}


def test_my_space_subscribes_to_the_calendar_in_one_click(
    client: Client, member_with_login: Member
) -> None:
    """Issue #40: the feed was a read-only text box. "Subscribe" opens the calendar
    application on the same address (webcal://), and a button copies it."""
    client.force_login(member_with_login.user)  # type: ignore[arg-type]
    html = spaced(client.get(reverse("my_space")).content.decode())
    address = "testserver" + reverse("member_feed", args=[member_with_login.calendar_token])
    assert f'href="webcal://{address}" id="subscribe-feed"' in html
    assert f'value="http://{address}" id="feed-address"' in html
    assert 'data-copy="feed-address"' in html and "club/copy.js" in html
