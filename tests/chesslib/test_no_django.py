"""The chess helpers and the rating rules are plain Python: they import neither Django nor
the site's Django code, so that they can be read, tested and reused without a database."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PURE = {"chesslib": "chesslib", "ratings/rules": "ratings.rules"}


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


@pytest.mark.parametrize("folder", sorted(PURE))
def test_it_imports_no_django_and_none_of_the_sites_django_code(folder: str) -> None:
    own = PURE[folder]
    modules = sorted((ROOT / folder).rglob("*.py"))
    assert len(modules) >= 5
    for module in modules:
        for name in _imports(module):
            top = name.split(".")[0]
            assert top != "django", f"{module.name} imports {name}"
            if top in ("club", "ratings", "interclub"):
                assert name.startswith(own), f"{module.name} imports {name}"
