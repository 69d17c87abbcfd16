"""Other people's code only through its documented interface: the site's code reads no
attribute of another object whose name starts with ``_`` (Django's and libraries'
private names), imports no private name or module, and names none in ``getattr``.
``self._x`` and ``cls._x`` are the code's own; ``Model._meta`` is Django's documented
API, and a private name of one of the site's own modules is imported only from it."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = ("config", "club", "public", "desk", "interclub", "ratings", "chesslib", "lib", "demo")
OWN = frozenset(APPS)


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _reads(module: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(module.read_text(), str(module))):
        if isinstance(node, ast.Attribute) and _private(node.attr) and node.attr != "_meta":
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom) and node.module:
            outside = node.module.split(".")[0] not in OWN
            if outside and (
                any(_private(part) for part in node.module.split("."))
                or any(_private(alias.name) for alias in node.names)
            ):
                found.append(f"{node.lineno}: from {node.module} import …")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "setattr", "hasattr")
            and len(node.args) > 1
            and isinstance(node.args[1], ast.Constant)
            and _private(str(node.args[1].value))
        ):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("app", APPS)
def test_it_reads_no_private_attribute_of_another_object(app: str) -> None:
    modules = sorted((ROOT / app).rglob("*.py"))
    assert len(modules) >= 5
    found = {str(path): reads for path in modules if (reads := _reads(path))}
    assert found == {}


def test_it_finds_a_private_read_where_there_is_one(tmp_path: Path) -> None:
    module = tmp_path / "sample.py"
    module.write_text(
        "from django.db.models.query import _Tuple\n"
        "def f(qs, request):\n"
        "    self._fine = qs.model._meta\n"
        "    getattr(request, '_cached_user', None)\n"
        "    return qs._prefetch_related_lookups\n"
    )
    assert _reads(module) == [
        "1: from django.db.models.query import …",
        "4: getattr(request, '_cached_user', None)",
        "5: qs._prefetch_related_lookups",
    ]
