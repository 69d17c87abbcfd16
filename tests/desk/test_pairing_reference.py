"""Events run at the desk round after round, against bbpPairings (the FIDE-endorsed Dutch
engine, ``../shared/tools/bbpPairings``, build of commit 16a000f9, C.04.3 as in force from
February 2026).

Each scenario is played at the desk: the rounds paired by ``pair_next_round``, results
typed in by a fixed rule, forfeits, half-point byes asked, a withdrawal. The event is then
written as a TRF from its own data (``scenario_trf`` below: players by pairing number,
every round's opponent, colour and result code, ``XXC``, ``XXR`` and the ``XXA`` lines of
Baku acceleration) and bbpPairings' checker re-paired every round of it
(``bbpPairings.exe --dutch FILE -c``): it reported no round differing from its own. Kept in
``fixtures/bbp/``: the file checked (``NAME.trf``), the checker's verdict
(``NAME.verdict``: its output and exit status), and the boards of each round as checked
(``NAME.boards``: one line a round, ``white-black`` by pairing number, board order, the
pairing-allocated bye as ``N-0``). The test plays the scenario again and asks for those
boards, round for round, colours and board order included.

The first rounds with players absent or resting (C.04.3 2026: the initial colour goes to
the higher-ranked player of boards 1, 3, 5...; the old text went by pairing number, which
flips every board below an absent player): the files ``round1_*.trf`` give the round to
pair (a ``0000 - H`` or ``0000 - Z`` in round 1 for a player not paired) and
``round1_*.pairs`` bbpPairings' pairing of it (``bbpPairings.exe --dutch FILE -p OUT``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import pytest

from club.models import Bye, Event, Game, Participant, Result
from desk.services import pairing as pairing_services
from desk.services.results import save_result
from tests.club.factories import EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).parent / "fixtures" / "bbp"


@dataclass(frozen=True)
class Scenario:
    players: int
    rounds: int
    accelerated: bool
    forfeits: frozenset[tuple[int, int]] = frozenset()  # (round, board): black absent
    half_byes: dict[int, list[int]] = field(default_factory=dict)  # round: pairing numbers
    withdrawn: dict[int, int] = field(default_factory=dict)  # pairing number: after round


SCENARIOS = {
    "accelerated_10x5": Scenario(10, 5, True),
    "accelerated_16x5": Scenario(16, 5, True, frozenset(), {3: [16]}),
    "accelerated_20x7": Scenario(20, 7, True, frozenset({(3, 2)}), {2: [6]}, {19: 4}),
    "accelerated_27x7": Scenario(27, 7, True, frozenset({(5, 1)}), {}, {2: 3}),
    "accelerated_33x9": Scenario(33, 9, True, frozenset({(1, 16), (5, 2)}), {1: [7]}, {30: 0}),
    "ordinary_17x6": Scenario(17, 6, False, frozenset({(2, 8)}), {1: [2], 4: [5]}, {16: 0}),
    "ordinary_21x7": Scenario(21, 7, False, frozenset({(3, 4)}), {2: [1], 5: [8]}, {20: 2}),
}


def play(scenario: Scenario) -> Event:
    """The scenario run at the desk: each round paired, then its results typed in."""
    event = EventFactory(
        system=Event.System.SWISS, planned_rounds=scenario.rounds, accelerated=scenario.accelerated
    )
    for n in range(1, scenario.players + 1):
        rating = 2400 - 23 * n
        player = PlayerFactory(national_rating=rating)
        Participant.objects.create(
            event=event,
            player=player,
            number=n,
            rating=rating,
            withdrawn_after_round=scenario.withdrawn.get(n),
        )
    by_number = {p.number: p.player for p in event.participants.select_related("player")}
    numbers = {player.pk: number or 0 for number, player in by_number.items()}
    for number in range(1, scenario.rounds + 1):
        if scenario.half_byes.get(number):
            resting = event.rounds.create(number=number)
            for n in scenario.half_byes[number]:
                Bye.objects.create(
                    round=resting,
                    player=by_number[n],
                    kind=Bye.Kind.HALF_POINT,
                    points=Decimal("0.5"),
                )
        round_ = pairing_services.pair_next_round(event.pk, None)
        for game in round_.games.order_by("board"):
            white, black = numbers[game.white_id], numbers[game.black_id]
            if (number, game.board) in scenario.forfeits:
                key = "+"
            elif (white * 7 + black * 3 + number) % 5 == 0:
                key = "="
            else:
                key = "1" if (white < black) == ((white + 2 * number) % 4 != 0) else "0"
            save_result(game.pk, key, game.version, None)
    return event


def boards(event: Event) -> list[str]:
    """Each round's boards as ``white-black`` by pairing number, the bye last as ``N-0``."""
    numbers = dict(event.participants.values_list("player_id", "number"))
    lines = []
    for round_ in event.rounds.order_by("number"):
        games = round_.games.order_by("board").values_list("white_id", "black_id")
        cells = [f"{numbers[w]}-{numbers[b]}" for w, b in games]
        byes = round_.byes.filter(kind=Bye.Kind.PAIRING_ALLOCATED).values_list("player", flat=True)
        lines.append(" ".join(cells + [f"{numbers[p]}-0" for p in byes]))
    return lines


_CODES = {
    Result.WHITE_WINS: ("1", "0"),
    Result.DRAW: ("=", "="),
    Result.BLACK_WINS: ("0", "1"),
    Result.WHITE_WINS_FORFEIT: ("+", "-"),
    Result.BLACK_WINS_FORFEIT: ("-", "+"),
}
_BYE_CODES = {Bye.Kind.PAIRING_ALLOCATED: "U", Bye.Kind.HALF_POINT: "H", Bye.Kind.ZERO_POINT: "Z"}


def scenario_trf(event: Event) -> str:
    """The event as the TRF bbpPairings checked: players by pairing number (named by it,
    so that the file does not depend on the factories' names); a round without a game or
    a bye is ``0000 - Z``."""
    participants = list(event.participants.order_by("number"))
    numbers = {p.player_id: p.number or 0 for p in participants}
    rounds = event.planned_rounds or 0
    cells: dict[int, list[tuple[str, str, str, Decimal]]] = {
        p.player_id: [("0000", "-", "Z", Decimal(0))] * rounds for p in participants
    }
    for game in Game.objects.filter(round__event=event).select_related("round"):
        n = game.round.number - 1
        white_code, black_code = _CODES[Result(game.result)]
        white_points, black_points = Result(game.result).points or (Decimal(0), Decimal(0))
        cells[game.white_id][n] = (f"{numbers[game.black_id]:4d}", "w", white_code, white_points)
        cells[game.black_id][n] = (f"{numbers[game.white_id]:4d}", "b", black_code, black_points)
    for bye in Bye.objects.filter(round__event=event).select_related("round"):
        kind = Bye.Kind(bye.kind)
        cells[bye.player_id][bye.round.number - 1] = ("0000", "-", _BYE_CODES[kind], kind.points)
    lines = ["012 Desk scenario", f"XXR {rounds}"]
    lines.append(
        f"XXC {'white1' if pairing_services.initial_colour(event) == 'white' else 'black1'}"
    )
    for p in participants:
        virtual = pairing_services.accelerations(event, rounds, rounds).get(p.player_id)
        if virtual and any(virtual):
            lines.append(f"XXA {numbers[p.player_id]:4d} " + " ".join(f"{v:4.1f}" for v in virtual))
    for p in participants:
        points = sum((cell[3] for cell in cells[p.player_id]), Decimal(0))
        line = (
            f"001 {p.number:4d}      {f'Player {p.number}':33s} {p.rating or 0:4d} "
            f"{'':3s} {'':11s} {'':10s} {points:4.1f} {p.number:4d}"
        )
        lines.append(line + "".join(f"  {o} {c} {r}" for o, c, r, _points in cells[p.player_id]))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_it_pairs_every_round_as_bbppairings_checker_accepts(name: str) -> None:
    verdict = (FIXTURES / f"{name}.verdict").read_text()
    assert "exit status 0" in verdict and "Checker pairings" not in verdict

    event = play(SCENARIOS[name])

    assert boards(event) == (FIXTURES / f"{name}.boards").read_text().splitlines()
    assert scenario_trf(event) == (FIXTURES / f"{name}.trf").read_text()


ROUND_ONE = {
    # name: (players, half-point byes asked, zero-point byes asked, withdrawn before round 1)
    "round1_11_half3": (11, [3], [], []),
    "round1_11_zero2_half7": (11, [7], [2], []),
    "round1_10_half1": (10, [1], [], []),
    "round1_12_half4_withdrawn5": (12, [4], [], [5]),
    "round1_12_accelerated_half2": (12, [2], [], []),
}


@pytest.mark.parametrize("name", sorted(ROUND_ONE))
def test_it_pairs_a_first_round_with_absent_players_as_bbppairings(name: str) -> None:
    size, half, zero, withdrawn = ROUND_ONE[name]
    event = EventFactory(
        system=Event.System.SWISS, planned_rounds=5, accelerated="accelerated" in name
    )
    for n in range(1, size + 1):
        rating = 2400 - 10 * n
        Participant.objects.create(
            event=event,
            player=PlayerFactory(national_rating=rating),
            number=n,
            rating=rating,
            withdrawn_after_round=0 if n in withdrawn else None,
        )
    by_number = {p.number: p.player_id for p in event.participants.all()}
    first = event.rounds.create(number=1)
    for numbers, kind in ((half, Bye.Kind.HALF_POINT), (zero, Bye.Kind.ZERO_POINT)):
        for n in numbers:
            Bye.objects.create(round=first, player_id=by_number[n], kind=kind, points=kind.points)

    pairing_services.pair_next_round(event.pk, None)

    reference = (FIXTURES / f"{name}.pairs").read_text().split()
    expected = [f"{w}-{b}" for w, b in zip(reference[1::2], reference[2::2], strict=True)]
    assert len(expected) == int(reference[0])
    assert boards(event) == [" ".join(expected)]
