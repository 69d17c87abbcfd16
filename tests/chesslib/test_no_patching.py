"""Other people's code is used, not rewritten: no ``exec``/``eval`` of source text, no
``inspect.getsource``, no substituted ``__import__``, and of the pairing libraries only
the names their packages export (``__all__`` of ``py4swiss.engines``,
``py4swiss.engines.common`` and ``py4swiss.trf``), no module or attribute starting with
``_``."""

import ast
from pathlib import Path

import py4swiss.engines
import py4swiss.engines.common
import py4swiss.trf
import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = ("config", "club", "public", "desk", "interclub", "ratings", "chesslib", "lib", "demo")
PUBLIC = {
    "py4swiss.engines": set(py4swiss.engines.__all__),
    "py4swiss.engines.common": set(py4swiss.engines.common.__all__),
    "py4swiss.trf": set(py4swiss.trf.__all__),
}


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


def test_it_takes_from_the_pairing_libraries_only_what_they_export() -> None:
    seen = 0
    for module in _modules():
        for node in ast.walk(ast.parse(module.read_text(), str(module))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("py4swiss"):
                seen += 1
                assert node.module in PUBLIC, f"{module}: from {node.module}"
                for alias in node.names:
                    assert alias.name in PUBLIC[node.module], f"{module}: {alias.name}"
            if isinstance(node, ast.Import):
                for alias in node.names:
                    top = alias.name.split(".")[0]
                    assert top not in ("py4swiss", "caissify_pairings", "networkx"), module
    assert seen >= 1  # the Dutch engine is used (chesslib/swiss.py)
