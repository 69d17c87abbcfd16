"""Other people's code is used, not rewritten: no ``exec``/``eval`` of source text, no
``inspect.getsource``, no substituted ``__import__``; of the matching library under the
Dutch engine (rustworkx) only its documented functions and classes (no name starting with
``_``), and no other pairing library: the site pairs with its own engine
(``chesslib.dutch``)."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = ("config", "club", "public", "desk", "interclub", "ratings", "chesslib", "lib", "demo")
DOCUMENTED = {"PyGraph", "max_weight_matching"}  # rustworkx's API reference


def _modules() -> list[Path]:
    return sorted(path for app in APPS for path in (ROOT / app).rglob("*.py"))


@pytest.mark.parametrize("app", APPS)
def test_it_runs_no_source_text_and_substitutes_no_import(app: str) -> None:
    modules = sorted((ROOT / app).rglob("*.py"))
    assert len(modules) >= 5
    for module in modules:
        for node in ast.walk(ast.parse(module.read_text(), str(module))):
            if isinstance(node, ast.Name):
                assert node.id not in ("exec", "eval", "__import__"), f"{module}: {node.id}"
            if isinstance(node, ast.Attribute):
                assert node.attr not in ("getsource", "__import__"), f"{module}: {node.attr}"


def test_it_takes_from_the_matching_library_only_its_documented_names() -> None:
    used = set()
    for module in _modules():
        for node in ast.walk(ast.parse(module.read_text(), str(module))):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "rustworkx"
            ):
                used.add(node.attr)
            if isinstance(node, ast.ImportFrom):
                top = (node.module or "").split(".")[0]
                assert top not in ("rustworkx", "py4swiss", "caissify_pairings", "networkx"), module
            if isinstance(node, ast.Import):
                for alias in node.names:
                    top = alias.name.split(".")[0]
                    assert top not in ("py4swiss", "caissify_pairings", "networkx"), module
    assert used and used <= DOCUMENTED  # the engine matches through rustworkx (chesslib/dutch.py)
