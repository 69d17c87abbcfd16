"""A member as their public page shows them, read at every first visit of the page."""

from __future__ import annotations

from club.models import Member

# What the page shows of a member: the year they joined, their player's name and FIDE ID
SHOWN = ("pk", "since", "player", "player__first_name", "player__last_name", "player__fide_id")


def public_member(pk: int) -> Member | None:
    """The member ``pk`` if the public may see them (``Member.objects.public()``), with
    what their page shows and nothing else (no personal data is read); None otherwise:
    one query."""
    shown = Member.objects.public().filter(pk=pk).select_related("player").only(*SHOWN)
    return next(iter(shown), None)
