"""Tables of the public pages (django-tables2): sortable, paginated, no personal data."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from club.models import Member
from lib.numbers import number


class RatingColumn(tables.Column):
    """A system's current rating, annotated on the query as ``rating_<pk>``."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("attrs", {"td": {"class": "text-end"}, "th": {"class": "text-end"}})
        kwargs.setdefault("default", "–")
        super().__init__(**kwargs)

    def render(self, value: float) -> str:
        return number(value, 0)


class MemberTable(tables.Table):
    """Paged: every column's order ends on the key, else PostgreSQL may show a member on
    two pages and another on none where rows tie (same name, same year, same rating)."""

    name = tables.Column(
        verbose_name=_("Name"),
        accessor="player__last_name",
        order_by=("player__last_name", "player__first_name", "pk"),
        linkify=lambda record: record.get_absolute_url(),
    )
    since = tables.Column(
        verbose_name=_("Member since"), accessor="since", order_by=("since", "pk")
    )

    class Meta:
        model = Member
        fields = ["name"]
        sequence = ["name", "..."]
        attrs = {"class": "table table-sm table-striped table-hover bg-white align-middle"}
        per_page = 25
        empty_text = _("No member matches.")

    def __init__(self, *args: Any, systems: list[Any], **kwargs: Any) -> None:
        extra = [
            (
                f"rating_{s.pk}",
                RatingColumn(
                    verbose_name=s.name,
                    accessor=f"rating_{s.pk}",
                    order_by=(f"rating_{s.pk}", "pk"),
                ),
            )
            for s in systems
        ]
        super().__init__(*args, extra_columns=extra, **kwargs)
        self.sequence = ["name", *(name for name, _column in extra), "since"]

    def render_name(self, record: Member) -> str:
        return record.player.name

    def render_since(self, value: Any) -> str:
        return str(value.year)
