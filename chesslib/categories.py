"""An event's categories (age groups, rating bands, women, a club, the unrated): who
belongs to each, and each player's rank within it. Pure Python: the desk turns its models
into these plain facts (``desk.prizes``).

Ages are counted at the event's reference date, by default 1 January of the event's year
as FIDE's age categories count them ("under 16": not yet 16 on 1 January). A player
born on 29 February turns a year older on 1 March in a year without that day. A player
known by their birth year alone is counted by that year: their birthday, unknown, is
taken as falling after the reference date, so that their age there is the reference
year minus the birth year, less one (with the default reference date, the age of every
player born that year but those born on 1 January).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum


class Kind(StrEnum):
    """What a category holds."""

    UNDER = "under"  # younger than ``age`` at the reference date (U8, U10, ... U20)
    SENIOR = "senior"  # ``age`` or older at the reference date (50+, 65+)
    RATING = "rating"  # a rating between ``minimum`` and ``maximum``, both included
    WOMEN = "women"
    CLUB = "club"  # the club's own members, or the players of a named club
    UNRATED = "unrated"  # no rating (or 0) on the chosen list


class Source(StrEnum):
    """The rating a rating band or the unrated read."""

    FIDE = "fide"
    NATIONAL = "national"
    EVENT = "event"  # the rating the event seeded the player by


@dataclass(frozen=True)
class Facts:
    """What a category may ask of a player: their birth date or year, whether she is a
    woman, their ratings by source (None: none), whether they are a member of the club on
    the event's day, and the club they play for otherwise."""

    birth_date: date | None = None
    birth_year: int | None = None
    female: bool = False
    ratings: Mapping[Source, int | None] = field(default_factory=dict)
    member: bool = False
    club: str = ""


@dataclass(frozen=True)
class Rule:
    """A category's rule: its kind and what that kind reads (``club`` empty: the club's
    own members)."""

    kind: Kind
    age: int | None = None
    source: Source = Source.FIDE
    minimum: int | None = None
    maximum: int | None = None
    club: str = ""

    def admits(self, facts: Facts, reference: date) -> bool:
        """Whether a player with ``facts`` is in the category at ``reference``."""
        if self.kind in (Kind.UNDER, Kind.SENIOR):
            age = age_on(reference, facts.birth_date, facts.birth_year)
            if age is None or self.age is None:
                return False
            return age < self.age if self.kind == Kind.UNDER else age >= self.age
        if self.kind == Kind.WOMEN:
            return facts.female
        if self.kind == Kind.CLUB:
            if not self.club.strip():
                return facts.member
            return facts.club.strip().casefold() == self.club.strip().casefold()
        rating = facts.ratings.get(self.source) or None
        if self.kind == Kind.UNRATED:
            return rating is None
        if rating is None:  # a rating band holds rated players only
            return False
        return (self.minimum is None or rating >= self.minimum) and (
            self.maximum is None or rating <= self.maximum
        )


def default_reference(year: int) -> date:
    """The reference date of an event of ``year`` when it chooses none: 1 January."""
    return date(year, 1, 1)


def age_on(
    reference: date, birth_date: date | None = None, birth_year: int | None = None
) -> int | None:
    """Whole years of age at ``reference``: from the birth date, else from the birth
    year alone (the birthday taken as falling after ``reference``); None when neither is
    known or the player is born after ``reference``."""
    if birth_date is not None:
        before_birthday = (reference.month, reference.day) < (birth_date.month, birth_date.day)
        age = reference.year - birth_date.year - int(before_birthday)
    elif birth_year is not None:
        age = reference.year - birth_year - 1
    else:
        return None
    return age if age >= 0 else None


def members(
    rules: Mapping[int, Rule], facts: Mapping[int, Facts], reference: date
) -> dict[int, set[int]]:
    """For each category (by key), the players (by key) it holds."""
    return {
        key: {player for player, known in facts.items() if rule.admits(known, reference)}
        for key, rule in rules.items()
    }


def ranked_within(ranks: Sequence[tuple[int, int]], held: Iterable[int]) -> list[tuple[int, int]]:
    """The lines of the standings (``(player, rank)`` in rank order) of the players
    ``held``, each with their rank in the category: one more than the number of them
    ranked strictly better, so that players sharing a rank overall share it there."""
    inside = set(held)
    found = [(player, rank) for player, rank in ranks if player in inside]
    result: list[tuple[int, int]] = []
    for index, (player, rank) in enumerate(found):
        if index and rank == found[index - 1][1]:
            result.append((player, result[-1][1]))  # shared overall: shared here
        else:
            result.append((player, index + 1))
    return result
