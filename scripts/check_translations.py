"""Fail when a catalogue (locale/*/LC_MESSAGES/django.po: French, Dutch, German) has a
missing or fuzzy translation, lacks an entry the French catalogue has (the one every
change regenerates), changes a placeholder of its source (python-format ``%(name)s``,
``%s``; python-brace-format ``{name}``), or when its compiled catalogue (.mo, committed)
does not match its source (.po), or when a French translation puts a plain space, or none,
where French typography wants a no-break space: before ``:`` ``;`` ``!`` ``?`` ``»`` and
after ``«`` (a plain space lets a phone wrap the sign alone onto the next line). An
argument names another project folder to check (the tests check copies of the
catalogues)."""

import re
import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
REQUIRED = ("fr", "nl", "de")  # English is the source: it needs no catalogue
REFERENCE = "fr"

PERCENT = re.compile(
    r"%(?:\([A-Za-z_][A-Za-z_0-9]*\))?[-#0 +]*(?:\d+|\*)?(?:\.\d+)?[diouxXeEfFgGcrsa%]"
)
BRACE = re.compile(r"\{\{|\}\}|\{[^{}]*\}")

NO_BREAK = "\N{NO-BREAK SPACE}"
# A plain space (any but the no-break one, not a line's end) before : ; ! ? », or none
# where the sign ends a word (followed by a space or the end of the text: a time 20:00, a
# URL https:// or a format {points:g} keeps its colon), or none before ».
BEFORE_SIGN = re.compile(r"[^\S\n\xa0]+(?=[:;!?»])|(?<=\S)(?=[:;!?](?:\s|$))|(?<=\S)(?=»)")
AFTER_GUILLEMET = re.compile(r"(?<=«)[^\S\n\xa0]+|(?<=«)(?=\S)")


def placeholders(text: str, flags: list[str]) -> list[str]:
    """The placeholders ``text`` fills, as the entry's flags say it is formatted."""
    found: list[str] = []
    if "python-format" in flags:
        found += [p for p in PERCENT.findall(text) if p != "%%"]
    if "python-brace-format" in flags:
        found += [p for p in BRACE.findall(text) if p not in ("{{", "}}")]
    return sorted(found)


def placeholder_problems(entry: polib.POEntry) -> list[str]:
    if entry.msgid_plural:
        pairs = [(entry.msgid_plural, text) for _n, text in sorted(entry.msgstr_plural.items())]
    else:
        pairs = [(entry.msgid, entry.msgstr)]
    return [
        f"placeholders {placeholders(text, entry.flags)} instead of "
        f"{placeholders(source, entry.flags)}: {entry.msgid!r}"
        for source, text in pairs
        if text and placeholders(text, entry.flags) != placeholders(source, entry.flags)
    ]


def french_spacing(text: str) -> str:
    """``text`` with a no-break space, and only that, before : ; ! ? » and after «."""
    return AFTER_GUILLEMET.sub(NO_BREAK, BEFORE_SIGN.sub(NO_BREAK, text))


def spacing_problems(entry: polib.POEntry) -> list[str]:
    texts = [t for _n, t in sorted(entry.msgstr_plural.items())] or [entry.msgstr]
    return [
        f"a plain space or none before : ; ! ? » or after « (no-break space wanted): "
        f"{text!r} for {entry.msgid!r}"
        for text in texts
        if french_spacing(text) != text
    ]


def problems(po_path: Path, reference: set[tuple[str | None, str]]) -> list[str]:
    po = polib.pofile(str(po_path))
    found = [f"untranslated: {e.msgid!r}" for e in po.untranslated_entries()]
    found += [f"fuzzy: {e.msgid!r}" for e in po.fuzzy_entries()]
    own = {(e.msgctxt, e.msgid) for e in po if not e.obsolete}
    found += [
        f"missing (run makemessages -l {po_path.parent.parent.name}): {msgid!r}"
        for _ctxt, msgid in sorted(reference - own, key=lambda key: key[1])
    ]
    for entry in po.translated_entries():
        found += placeholder_problems(entry)
        if po_path.parent.parent.name == REFERENCE:
            found += spacing_problems(entry)
    mo_path = po_path.with_suffix(".mo")
    if not mo_path.exists():
        return [*found, f"{mo_path} is missing: run manage.py compilemessages"]
    compiled = {
        (e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural) for e in polib.mofile(str(mo_path))
    }
    source = {(e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural) for e in po.translated_entries()}
    if compiled != source:
        found.append(f"{mo_path} is out of date: run manage.py compilemessages")
    return found


def catalogue(root: Path, code: str) -> Path:
    return root / "locale" / code / "LC_MESSAGES" / "django.po"


def main(root: Path = ROOT) -> int:
    failures = [
        f"locale/{code}: no catalogue (run makemessages -l {code})"
        for code in REQUIRED
        if not catalogue(root, code).exists()
    ]
    reference: set[tuple[str | None, str]] = set()
    if catalogue(root, REFERENCE).exists():
        po = polib.pofile(str(catalogue(root, REFERENCE)))
        reference = {(e.msgctxt, e.msgid) for e in po if not e.obsolete}
    for po_path in sorted(root.glob("locale/*/LC_MESSAGES/django.po")):
        failures += [f"{po_path.relative_to(root)}: {p}" for p in problems(po_path, reference)]
    print("\n".join(failures) or "translations complete")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT))
