"""The calendar: a month grid, the list of what comes next, and iCalendar feeds."""

from __future__ import annotations

import calendar as cal
from datetime import date, timedelta
from typing import Any

import icalendar
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from club import pages
from club.models import Event, Member
from lib import page_cache

FEED_DAYS_BACK = 365
ONE_DAY = timedelta(days=1)
FIRST_MONTH, LAST_MONTH = date(1900, 1, 1), date(2999, 12, 1)


def _month(value: str | None, today: date) -> date:
    """The first day of the month asked for as ``YYYY-MM``, this month by default; a
    month before 1900 or after 2999 is brought back to the nearest end of that range."""
    if not value:
        return today.replace(day=1)
    try:
        year, month = (int(part) for part in value.split("-"))
        if not 1 <= month <= 12:
            raise ValueError(month)
    except ValueError:
        raise Http404(_("Not a month: write it as YYYY-MM, e.g. 2026-11.")) from None
    if year < FIRST_MONTH.year:
        return FIRST_MONTH
    if year > LAST_MONTH.year:
        return LAST_MONTH
    return date(year, month, 1)


def _events_by_day(start: date, end: date) -> dict[date, list[Event]]:
    """The public events played on each day from ``start`` to ``end``: an event with
    dated rounds on its round days only (``Event.sittings``)."""
    events = (
        Event.objects.public()
        .filter(start__date__lte=end, end__date__gte=start)
        .prefetch_related("rounds")
        .order_by("start", "pk")
    )
    by_day: dict[date, list[Event]] = {}
    for event in events:
        for begins, ends in event.sittings():
            # a night that ends after midnight belongs to the day it starts
            ends_on = timezone.localdate(ends if ends - begins >= ONE_DAY else begins)
            day, last = max(timezone.localdate(begins), start), min(ends_on, end)
            while day <= last:
                if event not in by_day.setdefault(day, []):
                    by_day[day].append(event)
                day += timedelta(days=1)
    return by_day


@require_safe
def calendar(request: HttpRequest) -> HttpResponse:
    today = timezone.localdate()
    first = _month(request.GET.get("mois"), today)
    weeks = cal.Calendar(firstweekday=0).monthdatescalendar(first.year, first.month)
    by_day = _events_by_day(weeks[0][0], weeks[-1][-1])
    upcoming = list(Event.objects.public().upcoming().select_related("entry_terms")[:12])
    page_cache.shows(pages.EVENTS, *pages.events(upcoming))
    page_cache.shows(*{pages.event(e.pk) for day in by_day.values() for e in day})
    previous = (first - timedelta(days=1)).replace(day=1) if first > FIRST_MONTH else None
    following = (first + timedelta(days=32)).replace(day=1) if first < LAST_MONTH else None
    context: dict[str, Any] = {
        "month": first,
        "weeks": [[(day, by_day.get(day, [])) for day in week] for week in weeks],
        # the same meetings as a list, for a screen too narrow for seven columns
        "agenda": [
            (day, by_day[day])
            for week in weeks
            for day in week
            if day.month == first.month and day in by_day
        ],
        "today": today,
        "previous": previous.strftime("%Y-%m") if previous else "",
        "following": following.strftime("%Y-%m") if following else "",
        "upcoming": upcoming,
    }
    return render(request, "club/calendar.html", context)


def _feed(request: HttpRequest, name: str, events: Any) -> HttpResponse:
    feed = icalendar.Calendar()
    feed.add("prodid", f"-//{settings.CLUB_NAME}//club-echecs//FR")
    feed.add("version", "2.0")
    feed.add("x-wr-calname", name)
    for event in events:
        sittings = event.sittings()
        for begins, ends in sittings:
            item = icalendar.Event()
            day = f"-{timezone.localdate(begins):%Y%m%d}" if len(sittings) > 1 else ""
            item.add("uid", f"event-{event.pk}{day}@{request.get_host()}")
            item.add("summary", event.text_in("title", get_language()))
            item.add("dtstart", begins)
            item.add("dtend", ends)
            item.add("dtstamp", event.updated_at)
            if event.venue:
                item.add("location", event.venue)
            description = "\n".join(
                filter(None, [event.text_in("description", get_language()), round_times(event)])
            )
            if description:
                item.add("description", description)
            item.add("url", request.build_absolute_uri(reverse("event", args=[event.pk])))
            feed.add_component(item)
    response = HttpResponse(feed.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="calendrier.ics"'
    return response


def _recent(events: Any) -> Any:
    since = timezone.now() - timedelta(days=FEED_DAYS_BACK)
    return events.filter(end__gte=since).order_by("start", "pk").prefetch_related("rounds")


def round_times(event: Event) -> str:
    """The rounds' times, one a line, for a feed (several rounds in one evening each
    have their own)."""
    return "\n".join(
        _("Round %(n)s: %(when)s")
        % {"n": r.number, "when": date_format(timezone.localtime(r.starts_at), "DAY_TIME_FORMAT")}
        for r in event.rounds.all()
        if r.starts_at
    )


@require_safe
def public_feed(request: HttpRequest) -> HttpResponse:
    """Every public event of the last year and ahead, for a phone's calendar."""
    events = list(_recent(Event.objects.public()))
    page_cache.shows(pages.EVENTS, *pages.events(events))
    return _feed(request, settings.CLUB_NAME, events)


@require_safe
def member_feed(request: HttpRequest, token: str) -> HttpResponse:
    """A member's own events (those they are registered in), at a secret address that
    answers while they are a member with an active account (lapsed: not found)."""
    members = Member.objects.with_live_calendar().select_related("player")
    member = get_object_or_404(members, calendar_token=token)
    events = Event.objects.filter(participants__player=member.player).distinct()
    return _feed(request, f"{settings.CLUB_NAME} – {member.player.name}", _recent(events))
