"""scripts/check_translations.py, as scripts/test.sh runs it, on the project's catalogues
and on copies of them with one fault each: it must pass the first and name each fault."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "check_translations.py"


def _check(root: Path) -> tuple[int, str]:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(root)], capture_output=True, text=True, check=False
    )
    return done.returncode, done.stdout


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "locale", tmp_path / "locale")
    return tmp_path


def _edit(root: Path, code: str, msgid: str, **changes: object) -> None:
    """Change the entry ``msgid`` of a copied catalogue, and compile it again so that only
    the change itself is a fault."""
    path = root / "locale" / code / "LC_MESSAGES" / "django.po"
    po = polib.pofile(str(path))
    [entry] = [e for e in po if e.msgid == msgid]
    for name, value in changes.items():
        if name == "remove":
            po.remove(entry)
        elif name == "fuzzy":
            entry.flags.append("fuzzy")
        else:
            setattr(entry, name, value)
    po.save()
    po.save_as_mofile(str(path.with_suffix(".mo")))


def test_it_passes_the_projects_catalogues() -> None:
    assert _check(ROOT) == (0, "translations complete\n")


def test_it_names_a_percent_placeholder_a_translation_changed(copy: Path) -> None:
    _edit(copy, "nl", "Round %(n)s is paired.", msgstr="Ronde %(number)s is ingedeeld.")
    code, out = _check(copy)
    assert code == 1
    assert "locale/nl/LC_MESSAGES/django.po: placeholders ['%(number)s'] instead of " in out
    assert "['%(n)s']: 'Round %(n)s is paired.'" in out


def test_it_names_a_brace_placeholder_a_translation_dropped(copy: Path) -> None:
    _edit(copy, "de", "K = {k}: fixed", msgstr="K: fest")
    code, out = _check(copy)
    assert code == 1
    assert "locale/de/LC_MESSAGES/django.po: placeholders [] instead of ['{k}']" in out


def test_it_names_a_plural_form_without_its_count(copy: Path) -> None:
    _edit(copy, "de", "%(n)s round", msgstr_plural={0: "%(n)s Runde", 1: "Runden"})
    code, out = _check(copy)
    assert code == 1
    assert "placeholders [] instead of ['%(n)s']: '%(n)s round'" in out


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"fuzzy": True}, "locale/nl/LC_MESSAGES/django.po: fuzzy: 'Tiebreaks'"),
        ({"msgstr": ""}, "locale/nl/LC_MESSAGES/django.po: untranslated: 'Tiebreaks'"),
        ({"remove": True}, "locale/nl/LC_MESSAGES/django.po: missing (run makemessages -l nl)"),
    ],
)
def test_it_names_an_entry_fuzzy_empty_or_missing(
    copy: Path, change: dict[str, object], expected: str
) -> None:
    _edit(copy, "nl", "Tiebreaks", **change)
    code, out = _check(copy)
    assert code == 1 and expected in out


@pytest.mark.parametrize(
    "msgstr",
    [
        "K = {k} : imposé",  # a plain space: the phone may wrap ":" alone
        "K = {k}: imposé",  # none at all
        "K = {k}\xa0: « imposé\xa0»",  # a plain space after «
        "K = {k}\xa0: «\xa0imposé»",  # none before »
    ],
)
def test_it_names_a_french_sign_without_its_no_break_space(copy: Path, msgstr: str) -> None:
    _edit(copy, "fr", "K = {k}: fixed", msgstr=msgstr)
    code, out = _check(copy)
    assert code == 1
    assert (
        "locale/fr/LC_MESSAGES/django.po: a plain space or none before : ; ! ? » or after « "
        f"(no-break space wanted): {msgstr!r} for 'K = {{k}}: fixed'"
    ) in out


def test_it_passes_french_signs_with_their_no_break_space(copy: Path) -> None:
    _edit(copy, "fr", "K = {k}: fixed", msgstr="K = {k}\xa0: «\xa0imposé\xa0»\xa0; 20:00\xa0?")
    assert _check(copy) == (0, "translations complete\n")


def test_it_names_a_catalogue_compiled_before_its_last_change(copy: Path) -> None:
    path = copy / "locale" / "de" / "LC_MESSAGES" / "django.po"
    po = polib.pofile(str(path))
    [entry] = [e for e in po if e.msgid == "Tiebreaks"]
    entry.msgstr = "Wertungen"
    po.save()
    code, out = _check(copy)
    assert code == 1 and "django.mo is out of date" in out


def test_it_names_a_language_without_a_catalogue(copy: Path) -> None:
    shutil.rmtree(copy / "locale" / "de")
    code, out = _check(copy)
    assert code == 1 and "locale/de: no catalogue (run makemessages -l de)" in out
