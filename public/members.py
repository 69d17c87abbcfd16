"""A member as their public page shows them, read at every first visit of the page: one
query written in SQL (``lib.sql_reads``), since building it with the ORM costs more
than the database takes to answer it."""

from __future__ import annotations

from club.models import Member, Player
from lib import sql_reads


def public_member(pk: int) -> Member | None:
    """The member ``pk`` if the public may see them (``Member.objects.public()``), with
    what their page shows and nothing else (no personal data is read): the year they
    joined, their player's name and FIDE ID; None otherwise."""
    found = sql_reads.rows(Member, _MEMBER_SQL, [pk, *Member.ACTIVE])
    if not found:
        return None
    pk, since, player, first_name, last_name, fide_id = found[0]
    shown = Player(pk=player, first_name=first_name, last_name=last_name, fide_id=fide_id)
    return Member(pk=pk, since=since, player=shown)


_MEMBER_SQL = f"""
    SELECT m.id, m.since, p.id, p.first_name, p.last_name, p.fide_id
    FROM club_member m
    JOIN club_player p ON p.id = m.player_id
    WHERE m.id = %s AND m.status IN ({", ".join(["%s"] * len(Member.ACTIVE))}) AND m.listed"""
