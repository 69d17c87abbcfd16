"""Fail when the French catalogue has a missing or fuzzy translation, or when the compiled
catalogue (.mo, committed) does not match its source (.po)."""

import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent


def problems(po_path: Path) -> list[str]:
    po = polib.pofile(str(po_path))
    found = [f"untranslated: {e.msgid!r}" for e in po.untranslated_entries()]
    found += [f"fuzzy: {e.msgid!r}" for e in po.fuzzy_entries()]
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


def main() -> int:
    failures = []
    for po_path in sorted(ROOT.glob("locale/*/LC_MESSAGES/django.po")):
        failures += [f"{po_path.relative_to(ROOT)}: {p}" for p in problems(po_path)]
    print("\n".join(failures) or "translations complete")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
