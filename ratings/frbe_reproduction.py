"""The Belgian federation's published lists reproduced by the site's engine.

The federation publishes each list as ``PLAYER_YYYYMM.ZIP`` (a dBase ``PLAYER.DBF``: the
rating before ``ELO_PRECE``, the games before ``PART_PRECE``, the rating published
``ELO_CALCUL``, the games after ``PART_CALCU``, the change it calculated ``GAIN``) and the
period's games as ``CHCKLIST_YYYYMM.ZIP`` (one row per game and player: ``JOUEUR``,
``ADVERS``, the opponent's rating ``VAL_ADVERS`` — 0 when the opponent was not rated —,
``RESULTAT`` 1 won, 5 drawn, 0 lost, the game's number ``NB_PARTIES``, and the
federation's own ``K_NB_PART`` and ``ESPERANCE``, read only to name a difference).

:func:`reproduce` rates every player rated before the period (``PART_PRECE`` ≥ 20 with a
rating) who has a game against a rated opponent, through the calculator
(:func:`ratings.calculator.calculate`, the rules dated on the period's last day), and
compares the figure with the federation's. Each difference is named (:class:`Verdict`):

- ``replaced``: the federation wrote another rating after its calculation
  (``ELO_CALCUL`` ≠ ``ELO_PRECE`` + ``GAIN``: ratings taken over from FIDE, whose game
  counts are set to 50–53, 200–203, 300–303) and the site's change equals its ``GAIN``
  (calculated with the games the check list numbers before the period, where the
  list's count was set after the calculation: :func:`games_before`);
- ``missing_games``: the list counts more games of the period than the check list holds
  for the player (:func:`_games_missing`);
- ``same_run``: the player met newcomers rated in the same list, whose games the
  federation rates in a second run (counted here at the newcomer's first rating,
  :func:`first_ratings`, except the newcomers the list's counts show uncounted,
  :func:`uncounted_newcomers`; the federation's figure is not always met, see
  ``docs/ratings/frbe.md``);
- ``check_list``: the federation's own check list (its ``K_NB_PART`` and
  ``ESPERANCE``) gives the site's figure, not the one it published, or one that the
  games against same-run newcomers cannot bring to it (:func:`_beyond_reach`);
- ``unexplained``: none of the above.

``missing_games`` and ``check_list`` are the players whose figure the public files do
not allow (:attr:`Report.not_allowed`): the report gives the share of the others
(:meth:`Report.share_allowed`). A previous list that is this list's own calculation
again (the repository's ``PLAYER_201101.ZIP`` holds July 2011's) is not read as the
previous one (:func:`same_calculation`).

Newcomers (fewer than 20 games before the period) are rated on their whole past: with
the previous list (its ``ADVERSAIRE`` and ``PERFORMAN``), those who reach 20 games are
rated by the engine and compared apart (``Report.first_lines``); the others are counted.
"""

from __future__ import annotations

import io
import tempfile
import zipfile
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from enum import StrEnum
from pathlib import Path
from typing import Any

from dbfread import DBF, FieldParser

from ratings.calculator import calculate
from ratings.rules import elo, frbe
from ratings.rules.base import Archive, Batch, Game, PlayerState, Status
from ratings.rules.parameters import version_on

RATED_FROM = 20  # games: a player with fewer is a newcomer, rated on their whole past
SCORES = {1: 1, 5: 0.5, 0: 0}  # RESULTAT: won, drawn, lost


class ListError(ValueError):
    """A file that is not one of the federation's lists: the message says why."""


@dataclass(frozen=True, slots=True)
class Listed:
    """One player of a published list."""

    number: int  # MATRICULE
    name: str
    rating_before: int
    games_before: int
    rating: int  # ELO_CALCUL, as published
    games: int
    gain: int
    opponents_sum: int = 0  # ADVERSAIRE: a newcomer's opponents' ratings, summed
    points: float = 0  # PERFORMAN: a newcomer's points


@dataclass(frozen=True, slots=True)
class CheckGame:
    """One game of a check list, from ``player``'s side."""

    player: int
    opponent: int
    opponent_rating: int  # 0: not rated
    score: float
    number: int  # the player's game number, 0 when the game did not count
    k: int = 0  # K_NB_PART: the federation's K for the game
    expected: int = 0  # ESPERANCE: the federation's expected score, in hundredths


class Verdict(StrEnum):
    REPRODUCED = "reproduced"
    REPLACED = "replaced"
    MISSING_GAMES = "missing_games"
    SAME_RUN = "same_run"
    CHECK_LIST = "check_list"
    UNEXPLAINED = "unexplained"


EXPLANATIONS = {
    Verdict.REPRODUCED: "",
    Verdict.REPLACED: "rating replaced after the calculation (ELO_CALCUL ≠ ELO_PRECE + GAIN), "
    "for a player of another FIDE federation by the FIDE rating; the change calculated, GAIN, "
    "is the site's",
    Verdict.MISSING_GAMES: "the list counts more games of the period (PART_CALCU − PART_PRECE) "
    "than the check list holds for the player",
    Verdict.SAME_RUN: "games against newcomers rated in the same list (the federation's second "
    "run)",
    Verdict.CHECK_LIST: "the federation's own check list (K_NB_PART, ESPERANCE) gives the "
    "site's figure, not the one published (or, with games against same-run newcomers, one "
    "farther from it than those games could move)",
    Verdict.UNEXPLAINED: "no rule found",
}


# verdicts whose players the public files do not allow to reproduce
NOT_ALLOWED = frozenset((Verdict.MISSING_GAMES, Verdict.CHECK_LIST))


@dataclass(frozen=True, slots=True)
class Line:
    """A player's figures: the site's beside the federation's, and the verdict."""

    listed: Listed
    site: int
    same_run_games: int
    verdict: Verdict

    @property
    def explanation(self) -> str:
        return EXPLANATIONS[self.verdict]


@dataclass
class Report:
    """A list reproduced: one line per player rated in the period."""

    list_month: str
    day: date
    previous: bool = False  # the previous list was given (same-run first ratings)
    lines: list[Line] = field(default_factory=list)
    newcomers: int = 0
    first_lines: list[Line] = field(default_factory=list)  # newcomers rated in the list

    @property
    def counts(self) -> Counter[Verdict]:
        return Counter(line.verdict for line in self.lines)

    def share(self, *verdicts: Verdict) -> float:
        """The share of the players whose verdict is one of ``verdicts`` (0 without any)."""
        if not self.lines:
            return 0.0
        counts = self.counts
        return sum(counts[v] for v in verdicts) / len(self.lines)

    @property
    def not_allowed(self) -> list[Line]:
        """The players whose published figure the public files do not allow: the list
        counts games its check list does not hold (``missing_games``), or the check
        list's own K and expected scores give the site's figure (``check_list``)."""
        return [line for line in self.lines if line.verdict in NOT_ALLOWED]

    @property
    def allowed(self) -> int:
        """The players the public files allow (all but :attr:`not_allowed`)."""
        return len(self.lines) - len(self.not_allowed)

    def share_allowed(self) -> float:
        """The share of the players the public files allow whose figure is reproduced
        (``reproduced``, or ``replaced`` with the site's change as the ``GAIN``)."""
        if not self.allowed:
            return 0.0
        counts = self.counts
        return (counts[Verdict.REPRODUCED] + counts[Verdict.REPLACED]) / self.allowed


class _Lenient(FieldParser):
    """dbfread's parser (its documented ``parserclass``), where a number or a date that
    is not one reads as empty: a few of the federation's files hold such a cell (the
    list of July 2008, a ``-55.-``; the check list of January 2009, a date ``tic Ar//``).
    Only the columns read here are parsed (a list has 27,000 rows of 26 columns)."""

    def parse(self, field: Any, data: bytes) -> Any:
        if field.name not in READ:
            return None
        return super().parse(field, data)

    def parseN(self, field: Any, data: bytes) -> Any:
        try:
            return super().parseN(field, data)
        except ValueError:
            return None

    def parseD(self, field: Any, data: bytes) -> Any:
        try:
            return super().parseD(field, data)
        except ValueError:
            return None


def _table(path: Path, prefix: str) -> DBF:
    """The DBF inside a federation ZIP (or a DBF itself), loaded in memory."""
    try:
        if path.suffix.lower() == ".zip":
            with zipfile.ZipFile(path) as archive:
                names = [n for n in archive.namelist() if n.lower().endswith(".dbf")]
                if len(names) != 1:
                    raise ListError(f"{path.name} holds {len(names)} DBF files, not one")
                data = archive.read(names[0])
            return _dbf(io.BytesIO(data), path.name)
        return DBF(str(path), encoding="latin-1", load=True, parserclass=_Lenient)
    except (OSError, zipfile.BadZipFile) as error:
        raise ListError(f"cannot read {path.name}: {error}") from None


def _dbf(data: io.BytesIO, name: str) -> DBF:
    """dbfread reads a file by name: the member is written to a temporary file."""
    with tempfile.NamedTemporaryFile(suffix=".dbf") as handle:
        handle.write(data.getvalue())
        handle.flush()
        try:
            return DBF(handle.name, encoding="latin-1", load=True, parserclass=_Lenient)
        except ValueError as error:
            raise ListError(f"{name} is not a dBase file: {error}") from None


def _require(table: DBF, columns: Iterable[str], name: str) -> None:
    missing = [c for c in columns if c not in table.field_names]
    if missing:
        raise ListError(f"{name} has no column {', '.join(missing)}")


LIST_COLUMNS: tuple[str, ...] = ("MATRICULE", "NOM_PRENOM", "ELO_PRECE", "PART_PRECE")
LIST_COLUMNS += ("ELO_CALCUL", "PART_CALCU", "GAIN")
CHECK_COLUMNS = ("JOUEUR", "ADVERS", "VAL_ADVERS", "RESULTAT", "NB_PARTIES")
READ = {*LIST_COLUMNS, *CHECK_COLUMNS, "ADVERSAIRE", "PERFORMAN", "K_NB_PART", "ESPERANCE"}


def read_list(path: Path) -> dict[int, Listed]:
    """The players of a ``PLAYER_YYYYMM`` list, by their number."""
    table = _table(path, "PLAYER")
    _require(table, LIST_COLUMNS, path.name)
    players = {}
    for row in table:
        if not row["MATRICULE"]:
            continue
        players[row["MATRICULE"]] = Listed(
            number=row["MATRICULE"],
            name=(row["NOM_PRENOM"] or "").strip(),
            rating_before=row["ELO_PRECE"] or 0,
            games_before=row["PART_PRECE"] or 0,
            rating=row["ELO_CALCUL"] or 0,
            games=row["PART_CALCU"] or 0,
            gain=row["GAIN"] or 0,
            opponents_sum=row.get("ADVERSAIRE") or 0,
            points=row.get("PERFORMAN") or 0,
        )
    return players


def read_check_list(path: Path) -> list[CheckGame]:
    """The games of a ``CHCKLIST_YYYYMM`` check list."""
    table = _table(path, "CHCKLIST")
    _require(table, CHECK_COLUMNS, path.name)
    games = []
    for row in table:
        if row["RESULTAT"] not in SCORES:
            raise ListError(f"{path.name}: a RESULTAT of {row['RESULTAT']!r} (1, 5 or 0)")
        games.append(
            CheckGame(
                player=row["JOUEUR"],
                opponent=row["ADVERS"] or 0,
                opponent_rating=row["VAL_ADVERS"] or 0,
                score=SCORES[row["RESULTAT"]],
                number=row["NB_PARTIES"] or 0,
                k=row.get("K_NB_PART") or 0,
                expected=row.get("ESPERANCE") or 0,
            )
        )
    return games


def period_end(list_month: str) -> date:
    """The last day of the period a list (``YYYYMM``) rates: the day before its month."""
    try:
        first = date(int(list_month[:4]), int(list_month[4:6]), 1)
    except ValueError:
        raise ListError(f"{list_month!r} is not a list's month (YYYYMM)") from None
    return first - timedelta(days=1)


def _by_player(games: list[CheckGame]) -> dict[int, list[CheckGame]]:
    grouped: dict[int, list[CheckGame]] = {}
    for game in games:
        grouped.setdefault(game.player, []).append(game)
    return grouped


def _same_run(games: list[CheckGame], first: dict[int, int]) -> Iterator[CheckGame]:
    """The games against a newcomer who gets a first rating in this very list."""
    for game in games:
        if game.opponent_rating == 0 and game.opponent in first:
            yield game


def first_ratings(
    players: dict[int, Listed],
    by_player: dict[int, list[CheckGame]],
    previous: dict[int, Listed] | None,
    params: frbe.Params | None = None,
    written: bool = True,
) -> dict[int, int]:
    """The first rating of each newcomer who reaches 20 games in the period: the
    performance (the average of the opponents + D(p), the table's, p to two decimals,
    half up, held within the bound of ``params``, the rules of the list's period; the
    current rules without) over their first 20 games, the games before the period read
    from the previous list (its ``ADVERSAIRE`` and ``PERFORMAN``), then the period's by
    number, then those against newcomers rated in this list, at their first rating
    (202201: 13808's 20th game is against 14302, rated at his own 20th game: 1006).
    Where the list publishes the federation's own first rating, that one (the lists
    until 2018 write it as the newcomer's ``ELO_PRECE``, which is then not the previous
    list's rating: :func:`_first_rating`), unless ``written`` is false (a check list that
    is not the list's calculation: :func:`calculated_by_the_list`). Without the previous
    list, a newcomer's published rating stands in."""
    if previous is None:
        return {
            number: player.rating
            for number, player in players.items()
            if _newcomer(player) and player.games >= RATED_FROM and player.rating > 0
        }
    rules = params or frbe.Params()
    first: dict[int, int] = {}
    while True:  # newcomers rated through newcomers rated before them in this list
        found = {
            number: rating
            for number, player in players.items()
            if number not in first
            and _newcomer(player)
            and player.games >= RATED_FROM
            and (
                rating := _first_rating(
                    player, by_player.get(number, []), previous, first, rules, written, players
                )
            )
        }
        if not found:
            break
        first.update(found)
    if written and _writes_first_ratings(players, previous, first):
        first.update(_taken_over(players, previous, first))
    for _ in first:  # again with every first rating known: the list's sums count them all
        again = {
            number: rating
            for number in first
            if (
                rating := _first_rating(
                    players[number],
                    by_player.get(number, []),
                    previous,
                    first,
                    rules,
                    written,
                    players,
                )
            )
            and rating != first[number]
        }
        if not again:
            break
        first.update(again)
    return first


def _writes_first_ratings(
    players: dict[int, Listed], previous: dict[int, Listed], first: dict[int, int]
) -> bool:
    """Whether the list writes its newcomers' first ratings as their ``ELO_PRECE``: for
    most of those rated in it, ``ELO_PRECE`` is not the previous list's rating (the
    lists until 2018; from 2019, ``ELO_PRECE`` is the previous list's rating)."""
    kept = [
        before.rating == players[number].rating_before
        for number in first
        if (before := previous.get(number)) is not None
    ]
    return 2 * kept.count(False) > len(kept)


def _taken_over(
    players: dict[int, Listed], previous: dict[int, Listed], first: dict[int, int]
) -> dict[int, int]:
    """The newcomers of the previous list (fewer than 20 games there) whose rating the
    federation took over from FIDE in this one (a count set to 50-53, 200-203, 300-303,
    the rating as ``ELO_PRECE``): their games count for their rated opponents in the
    second run, at that rating, in the lists that write their first ratings
    (:func:`_writes_first_ratings`; not in January 2022's). 201307, 13703: 11 games in
    January 2013's list, 1851 with 50 games in July's; Raymond Van Haelst, 3522, beat
    him: with his other games, 1957 as published; without the game, 1949."""
    return {
        number: player.rating_before
        for number, player in players.items()
        if number not in first
        and player.games_before in SET_COUNTS
        and player.rating_before
        and (before := previous.get(number)) is not None
        and before.games < RATED_FROM
    }


def _first_rating(
    player: Listed,
    own: list[CheckGame],
    previous: dict[int, Listed],
    first: dict[int, int],
    params: frbe.Params,
    written: bool = True,
    players: dict[int, Listed] | None = None,
) -> int | None:
    """A newcomer's first rating over its first 20 games (see :func:`first_ratings`);
    None when the files do not hold them, or their sums give no rating. The list's
    ``ELO_PRECE`` where it is not the previous list's rating: the federation's first
    rating, written there in the lists until 2018 (201001, 50299: ``ELO_PRECE`` 2078,
    1953 in July 2009's list; his 20th game for the federation is the loss numbered 21,
    played the same day as number 20, which gives 2078; by number, 2127). Otherwise the
    first 20 games are those the list's sums leave (:func:`_first_twenty`), else the
    first by number."""
    before = previous.get(player.number)
    if (
        written
        and player.rating_before
        and (before is None or before.rating != player.rating_before)
    ):
        return player.rating_before
    counted = player.games_before
    if counted and (before is None or before.games != counted or before.points > counted):
        return None  # the previous list does not hold the games before the period
    total, points = (float(before.opponents_sum), before.points) if before and counted else (0.0, 0)
    rated = sorted((g for g in own if g.number and g.opponent_rating > 0), key=lambda g: g.number)
    later = [
        (first[g.opponent], g.score) for g in own if g.opponent_rating == 0 and g.opponent in first
    ]
    games = [(g.opponent_rating, g.score) for g in rated] + later
    twenty = _first_twenty(player, rated, games, total, points, players or {})
    if twenty is not None:
        total, points, counted = *twenty, RATED_FROM
    else:
        for rating, score in games[: max(0, RATED_FROM - counted)]:
            total, points, counted = total + rating, points + score, counted + 1
    if counted < RATED_FROM:
        return None
    rating = int(frbe.first_rating(total, counted, points, params))
    return rating if rating > 0 else None


def _first_twenty(
    player: Listed,
    rated: list[CheckGame],
    games: list[tuple[int, float]],
    total: float,
    points: float,
    players: dict[int, Listed],
) -> tuple[float, float] | None:
    """The opponents' sum and the points of a newcomer's first 20 games, from the list:
    its ``ADVERSAIRE`` and ``PERFORMAN`` are those of the games after the 20th (202204,
    23259: 9442 and 5 points, his last 6 games), so the first 20 are all the games but
    those, whichever their numbers (201907, 19673: 1395 so, 1351 by number). None
    where the sums cannot be read so: the list counts
    other games (``PART_CALCU``), a check list's opponent rating is not his
    ``ELO_PRECE`` (202007: games between newcomers at 1338), or the average falls
    outside the opponents' ratings."""
    if player.games_before + len(games) != player.games or player.games <= RATED_FROM:
        return None
    if not player.opponents_sum:
        return None  # no sums: the list holds none for this player
    if any(
        players[g.opponent].rating_before != g.opponent_rating
        for g in rated
        if g.opponent in players
    ):
        return None
    ratings = [float(rating) for rating, _ in games]
    if player.games_before:
        ratings.append(total / player.games_before)  # the games before, on average
    total += sum(rating for rating, _ in games) - player.opponents_sum
    points += elo.total(score for _, score in games) - player.points
    if not (0 <= points <= RATED_FROM and min(ratings) <= total / RATED_FROM <= max(ratings)):
        return None
    return total, points


def _newcomer(player: Listed) -> bool:
    return player.games_before < RATED_FROM or not player.rating_before


def request(player: Listed, games: list[CheckGame], later: list[CheckGame], day: date,
            first: dict[int, int], before: int | None = None) -> dict[str, Any]:  # fmt: skip
    """The calculator request for ``player``: ``before`` games before the period
    (:func:`games_before`; ``PART_PRECE`` without), the period's rated games by their
    number, then the games against same-run newcomers at the newcomers' first ratings."""
    rated = sorted((g for g in games if g.opponent_rating > 0), key=lambda g: g.number)
    lines = [{"opponent": g.opponent_rating, "score": g.score} for g in rated]
    lines += [{"opponent": first[g.opponent], "score": g.score} for g in later]
    return {
        "system": "frbe",
        "date": day.isoformat(),
        "player": {
            "rating": player.rating_before,
            "games": player.games_before if before is None else before,
        },
        "games": lines,
    }


SET_COUNTS = frozenset((50, 51, 52, 53, 200, 201, 202, 203, 300, 301, 302, 303))


def games_before(player: Listed, games: list[CheckGame], players: dict[int, Listed]) -> int:
    """The games ``player`` had before the period as the federation calculated them. A
    list's ``PART_PRECE`` can be a count set after the calculation (50-53, 200-203,
    300-303: a rating taken over from FIDE): then the number of the first game the check
    list counts (``NB_PARTIES``) minus one (201307, 12957: ``PART_PRECE`` 200, his games
    numbered 51 to 55 at K 32), where the check list is the list's own calculation (its
    opponents' ratings ``VAL_ADVERS`` are their ``ELO_PRECE``: not in January 2011's).
    Otherwise ``PART_PRECE``."""
    rated = [g for g in games if g.opponent_rating > 0]
    numbers = [g.number for g in rated if g.number]
    if player.games_before not in SET_COUNTS or not numbers or min(numbers) <= RATED_FROM:
        return player.games_before
    if any(
        players[g.opponent].rating_before != g.opponent_rating
        for g in rated
        if g.opponent in players
    ):
        return player.games_before
    return min(numbers) - 1


def reproduce(
    list_month: str,
    players: dict[int, Listed],
    games: list[CheckGame],
    previous: dict[int, Listed] | None = None,
) -> Report:
    """Every player rated before the period with a game counted, rated by the site; the
    previous list gives the same-run newcomers' first ratings (:func:`first_ratings`)."""
    day = period_end(list_month)
    by_player = _by_player(games)
    params = version_on(frbe.VERSIONS, day).params
    if previous is not None and same_calculation(players, previous, by_player):
        previous = None
        first = written_first_ratings(players)
    else:
        first = first_ratings(
            players, by_player, previous, params, written=calculated_by_the_list(players, games)
        )
    report = Report(list_month, day, previous=previous is not None)
    uncounted = uncounted_newcomers(players, by_player, first)
    for number, own in sorted(by_player.items()):
        player = players.get(number)
        if player is None:
            continue
        if _newcomer(player):
            report.newcomers += 1
            if previous is not None and player.games >= RATED_FROM:
                site = _newcomer_rating(player, own, previous, first, day)
                if site is not None:
                    verdict = Verdict.REPRODUCED if site == player.rating else Verdict.UNEXPLAINED
                    report.first_lines.append(Line(player, site, 0, verdict))
            continue
        same_run = list(_same_run(own, first))
        rated = any(g.opponent_rating > 0 for g in own)
        if not same_run and not rated:
            continue
        later = [g for g in same_run if g.opponent not in uncounted]
        site = player.rating_before
        if later or rated:
            answer = calculate(
                request(player, own, later, day, first, games_before(player, own, players))
            )
            site = int(answer["rating_after"])
        verdict = _verdict(player, site, later, own)
        report.lines.append(Line(player, site, len(later), verdict))
    return report


def uncounted_newcomers(
    players: dict[int, Listed], by_player: dict[int, list[CheckGame]], first: dict[int, int]
) -> set[int]:
    """The newcomers rated in the list whose games the federation's second run did not
    count for their rated opponents, as the list's game counts show: a rated player's
    ``PART_CALCU`` − ``PART_PRECE`` minus his rated games of the check list is the number
    of his games against newcomers rated in the list that the list counts. Where it is
    none of them, each of those newcomers gets a vote « not counted »; where it is all of
    them, « counted »; again with the newcomers already decided set aside, until no vote
    changes; a newcomer is not counted where most votes say so (200901, Mike Barth,
    99899: none of his 13 rated opponents counts him, three of them with no other such
    game). Players whose count is set (50-53, 200-203, 300-303) do not vote."""
    voters = []
    for number, own in by_player.items():
        player = players.get(number)
        if (
            player is None
            or _newcomer(player)
            or player.games_before in SET_COUNTS
            or player.games in SET_COUNTS
        ):
            continue
        later = [g.opponent for g in _same_run(own, first)]
        if later:
            rated = sum(g.opponent_rating > 0 for g in own)
            voters.append((player.games - player.games_before - rated, later))
    counted: dict[int, bool] = {}
    while True:
        votes: dict[int, Counter[bool]] = {}
        for extra, later in voters:
            unknown = [n for n in later if n not in counted]
            left = extra - sum(counted.get(n, False) for n in later)
            if not unknown or left not in (0, len(unknown)):
                continue
            for newcomer in set(unknown):
                votes.setdefault(newcomer, Counter())[left > 0] += 1
        found = {n: c[True] > c[False] for n, c in votes.items() if c[True] != c[False]}
        if not found:
            return {n for n, yes in counted.items() if not yes}
        counted.update(found)


def same_calculation(
    players: dict[int, Listed], previous: dict[int, Listed], by_player: dict[int, list[CheckGame]]
) -> bool:
    """Whether the list given as the previous one holds this list's own calculation
    again: most of the players with a game in the check list have the same record in
    both (a played game changes the count). ``PLAYER_201101.ZIP`` of the federation's
    repository (its DBF written on 7 November 2011) holds, for 3,355 of the 3,361
    players of July 2011's check list, the figures of the list of July 2011; between
    the other lists of 2008 to 2022, 0 to 142 of 400 to 3,600."""
    played = [number for number in by_player if number in players and number in previous]
    same = sum(previous[number] == players[number] for number in played)
    return 2 * same > len(played)


def written_first_ratings(players: dict[int, Listed]) -> dict[int, int]:
    """The first ratings of the newcomers who reach 20 games, as the list writes them
    (the lists until 2018: their ``ELO_PRECE``, else the published rating), where the
    previous list is not at hand (:func:`same_calculation`)."""
    return {
        number: player.rating_before or player.rating
        for number, player in players.items()
        if _newcomer(player)
        and player.games >= RATED_FROM
        and (player.rating_before or player.rating) > 0
    }


def calculated_by_the_list(players: dict[int, Listed], games: list[CheckGame]) -> bool:
    """Whether the check list is the published list's own calculation: most of its
    opponents' ratings (``VAL_ADVERS``) are their ``ELO_PRECE`` in the list (more than
    99 % in the lists of 2008 to 2022, but 5 % in January 2011's, whose list is another
    calculation than its check list)."""
    rows = [g for g in games if g.opponent_rating > 0 and g.opponent in players]
    same = sum(players[g.opponent].rating_before == g.opponent_rating for g in rows)
    return 2 * same > len(rows)


def _newcomer_rating(
    player: Listed,
    own: list[CheckGame],
    previous: dict[int, Listed],
    first: dict[int, int],
    day: date,
) -> int | None:
    """A newcomer who reaches 20 games, rated by the engine (``frbe.rate``: the calculator
    cannot carry a newcomer's archive of opponents and points): its games before the
    period from the previous list, the period's against rated players by number, then
    those against newcomers rated in the list at their first rating. None when the
    files do not hold its games before the period."""
    before = previous.get(player.number)
    if player.games_before and (
        before is None or before.games != player.games_before or before.points > before.games
    ):
        return None
    archive = None
    status = Status.UNRATED
    if player.games_before and before is not None:
        archive = Archive(
            games=player.games_before,
            opponents_sum=before.opponents_sum,
            score=before.points,
        )
        status = Status.PROVISIONAL if player.rating_before else Status.UNRATED
    own_state = PlayerState(
        player.rating_before or None, player.games_before, status, archive=archive
    )
    states: dict[Any, PlayerState] = {"player": own_state}
    rated = sorted((g for g in own if g.number and g.opponent_rating > 0), key=lambda g: g.number)
    ratings = [(g.opponent_rating, g.score) for g in rated]
    ratings += [
        (first[g.opponent], g.score) for g in own if g.opponent_rating == 0 and g.opponent in first
    ]
    played = []
    for n, (rating, score) in enumerate(ratings):
        states[n] = PlayerState(rating, 1000)
        played.append(Game("player", n, score))
    params = version_on(frbe.VERSIONS, day).params
    result = frbe.rate(Batch(day, states, tuple(played)), params)["player"]
    return None if result.rating_after is None else int(result.rating_after)


def _verdict(player: Listed, site: int, later: list[CheckGame], own: list[CheckGame]) -> Verdict:
    if site == player.rating:
        return Verdict.REPRODUCED
    replaced = player.rating != player.rating_before + player.gain
    if replaced and site - player.rating_before == player.gain:
        return Verdict.REPLACED
    if _games_missing(player, own):
        return Verdict.MISSING_GAMES
    figure = _check_list_figure(player, own)
    if later and figure is not None and _beyond_reach(player, figure, later, own):
        return Verdict.CHECK_LIST
    if later:
        return Verdict.SAME_RUN
    if figure == site:
        return Verdict.CHECK_LIST
    return Verdict.UNEXPLAINED


def _beyond_reach(
    player: Listed, figure: int, later: list[CheckGame], own: list[CheckGame]
) -> bool:
    """Whether the check list's own figure (its rated games, without the same-run ones)
    is farther from the list's calculated rating (``ELO_PRECE`` + ``GAIN``) than the
    games against same-run newcomers could move it, each by at most the highest K of the
    player's games: no rating of those newcomers gives the list's figure (200901, Kurt
    Van Wiele, 8974: the check list gives 1845 for his 38 rated games at K 32, the list
    1771, and his one game against a same-run newcomer moves at most 32)."""
    k = max(g.k for g in own if g.opponent_rating > 0)
    return abs(player.rating_before + player.gain - figure) > k * len(later) + 1


def _games_missing(player: Listed, own: list[CheckGame]) -> bool:
    """Whether the list counts more games of the period (``PART_CALCU`` −
    ``PART_PRECE``) than the check list holds for the player, counted or not (201107,
    Lucien Boons, 752: 437 games before, 460 after, 22 games in the check list), where
    neither count is a set one (50-53, 200-203, 300-303)."""
    if player.games_before in SET_COUNTS or player.games in SET_COUNTS:
        return False
    return player.games - player.games_before > len(own)


def _check_list_figure(player: Listed, own: list[CheckGame]) -> int | None:
    """The rating the check list's own K and expected scores give (Ro + Σ K (W − We),
    half up), where every counted game has them; None otherwise."""
    counted = [g for g in own if g.opponent_rating > 0]
    if not counted or any(g.k == 0 for g in counted):
        return None
    change = sum(g.k * (g.score - g.expected / 100) for g in counted)
    return int(elo.round_half_up(player.rating_before + change))


def reproduce_files(
    list_path: Path,
    check_path: Path,
    list_month: str | None = None,
    previous_path: Path | None = None,
) -> Report:
    """:func:`reproduce` on the files (the previous list optional); the month is read
    from the list's name (``PLAYER_202204.ZIP``) unless given."""
    month = list_month or _month(list_path.name)
    previous = read_list(previous_path) if previous_path is not None else None
    return reproduce(month, read_list(list_path), read_check_list(check_path), previous)


def not_allowed_names(report: Report, most: int = 100) -> str:
    """The players the public files do not allow, each as ``number (verdict)``; past
    ``most`` of them, their count only (the command lists them all)."""
    lines = report.not_allowed
    if len(lines) > most:
        return f"{len(lines)} players (manage.py reproduce_frbe_list lists them)"
    return ", ".join(f"{line.listed.number} ({line.verdict})" for line in lines)


def _month(name: str) -> str:
    digits = "".join(c for c in Path(name).stem if c.isdigit())
    if len(digits) != 6:
        raise ListError(f"no list month (YYYYMM) in the name {name!r}: give it")
    return digits


def summary(report: Report) -> str:
    """One line: the players, the share reproduced, the share of the players the public
    files allow (:attr:`Report.not_allowed` set aside), and each verdict's count."""
    counts = report.counts
    total = len(report.lines)
    first_done = sum(line.verdict is Verdict.REPRODUCED for line in report.first_lines)
    calculated = report.share(Verdict.REPRODUCED, Verdict.REPLACED)
    return (
        f"{report.list_month}: {total} players rated in the period, "
        f"{counts[Verdict.REPRODUCED]} published ratings reproduced "
        f"({report.share(Verdict.REPRODUCED):.2%}), with the replaced ratings' GAIN "
        f"{calculated:.2%}, of the {report.allowed} the public files allow "
        f"{report.share_allowed():.2%}; replaced {counts[Verdict.REPLACED]}, missing games "
        f"{counts[Verdict.MISSING_GAMES]}, same run {counts[Verdict.SAME_RUN]}, check list "
        f"{counts[Verdict.CHECK_LIST]}, unexplained {counts[Verdict.UNEXPLAINED]}; "
        f"newcomers (rated on their whole past, not counted above) {report.newcomers}"
        + (
            f", of whom {len(report.first_lines)} reach their first rating: {first_done} reproduced"
            if report.first_lines
            else ""
        )
    )
