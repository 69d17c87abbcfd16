"""The scoring of a tournament in a TRF file, for an event that does not score 1-1/2-0.

Two records say it, one for each family of readers (written only when the scoring is not
the standard one, which they all assume without them):

- ``XXS``, the TRF(x) extension of the FIDE-endorsed JaVaFo and of the FIDE TRF-16
  readers: the points of each outcome by code (WW/BW a win with White/Black, WD/BD a
  draw, WL/BL a loss, FW/FL a forfeit win/loss, PAB a pairing-allocated bye, FPB/HPB/ZPB
  a full-, half- and zero-point bye);
- ``BBW``, ``BBD``, ``BBL``, ``BBZ``, ``BBF``, ``BBU``, bbpPairings' own (its README:
  points for a win, a draw, a played loss, a zero-point bye, a forfeit loss, a
  pairing-allocated bye), without which it refuses a file whose scores it cannot
  recompute.
"""

from __future__ import annotations

from decimal import Decimal

from chesslib.standings import Scoring


def _p(value: Decimal) -> str:
    return f"{Decimal(value).quantize(Decimal('0.1'))}"


def scoring_lines(scoring: Scoring) -> list[str]:
    """The XXS and BB* records of ``scoring``; none for the standard 1-1/2-0."""
    if scoring.standard:
        return []
    win, draw, loss, forfeit = (
        _p(scoring.win),
        _p(scoring.draw),
        _p(scoring.loss),
        _p(scoring.forfeit_win),
    )
    zero = _p(Decimal(0))
    codes = [
        ("WW", win), ("BW", win), ("WD", draw), ("BD", draw), ("WL", loss), ("BL", loss),
        ("FW", forfeit), ("FL", zero), ("PAB", win), ("FPB", win), ("HPB", draw), ("ZPB", zero),
    ]  # fmt: skip
    return [
        "XXS " + " ".join(f"{code}={value}" for code, value in codes),
        f"BBW {win:>4}",
        f"BBD {draw:>4}",
        f"BBL {loss:>4}",
        f"BBZ {zero:>4}",
        f"BBF {zero:>4}",
        f"BBU {win:>4}",
    ]


def with_scoring(text: str, scoring: Scoring) -> str:
    """A written TRF file (CRLF lines) with the scoring records added at its end."""
    lines = scoring_lines(scoring)
    return text + "".join(f"{line}\r\n" for line in lines)
