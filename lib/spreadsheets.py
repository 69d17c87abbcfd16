"""Text written into files that people open in a spreadsheet (the standings CSV)."""

from __future__ import annotations

# A cell starting with one of these is read as a formula by Excel and LibreOffice
# (OWASP's "CSV injection"): =HYPERLINK(...) in a player's name would run on opening.
FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(value: str) -> str:
    """``value`` as a spreadsheet shows it, never a formula: an apostrophe in front of
    a formula's first character (the spreadsheet shows the text as typed)."""
    return f"'{value}" if value.startswith(FORMULA_PREFIXES) else value
