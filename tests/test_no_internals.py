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


# Django's and the drivers' inner workings, named: a transaction's state is asked through
# ``django.db.transaction`` (``get_autocommit``), SQL goes through the ORM, and the cursor
# is Django's, never the driver's (``cursor.cursor``) nor its raw connection.
INNER_NAMES = frozenset({"savepoint_ids", "needs_rollback", "wrap_database_errors", "RawSQL"})
INNER_PAIRS = frozenset({("cursor", "cursor"), ("connection", "connection"), ("query", "query")})
COLLECTOR = frozenset({"disable", "enable", "freeze"})  # gc: the whole process's
SQL_CALLS = frozenset({"raw", "extra"})
CURSOR_CALLS = frozenset({"execute", "executemany", "executescript", "callproc"})
# The files that run SQL through Django's cursor, each for a reason the ORM cannot serve.
# The preview's snapshot is a database alias of its own (lib/snapshot.py), not a SET
# TRANSACTION run through the cursor.
CURSOR_ALLOWED = {
    # the one bulk writer: a replay's history rows, an official list's lines, and the
    # planner's statistics of a table it filled (ANALYZE)
    "ratings/services/rows.py",
}


def _last_name(node: ast.expr) -> str | None:
    """``b`` of ``a.b`` and of ``b``; None for anything else."""
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


def _inside(node: ast.Attribute) -> bool:
    """``cursor.cursor``, ``connection.connection``, ``query.query``, ``gc.disable()``."""
    pair = (_last_name(node.value), node.attr)
    collector = isinstance(node.value, ast.Name) and node.value.id == "gc"
    return pair in INNER_PAIRS or (collector and node.attr in COLLECTOR)


def _sql_call(node: ast.Call, relative: str) -> bool:
    """``.raw()``, ``.extra()``, and a cursor's ``execute`` outside ``CURSOR_ALLOWED``."""
    if not isinstance(node.func, ast.Attribute):
        return False
    if node.func.attr in SQL_CALLS:
        return True
    return (
        node.func.attr in CURSOR_CALLS
        and "cursor" in ast.unparse(node.func.value)
        and relative not in CURSOR_ALLOWED
    )


def _inner(module: Path, relative: str) -> list[str]:
    found: list[tuple[int, int, str]] = []

    def add(node: ast.expr | ast.stmt, text: str) -> None:
        found.append((node.lineno, node.col_offset, f"{node.lineno}: {text}"))

    for node in ast.walk(ast.parse(module.read_text(), str(module))):
        if isinstance(node, (ast.Attribute, ast.Name)) and _last_name(node) in INNER_NAMES:
            add(node, ast.unparse(node))
        elif isinstance(node, ast.ImportFrom) and any(a.name in INNER_NAMES for a in node.names):
            add(node, f"from {node.module} import …")
        elif isinstance(node, ast.Attribute) and _inside(node):
            add(node, ast.unparse(node))
        elif isinstance(node, ast.Call) and _sql_call(node, relative):
            add(node, ast.unparse(node.func))
    return [text for _line, _column, text in sorted(found)]


@pytest.mark.parametrize("app", APPS)
def test_it_uses_no_inner_workings_of_django_or_the_drivers(app: str) -> None:
    modules = sorted((ROOT / app).rglob("*.py"))
    found = {}
    for path in modules:
        relative = path.relative_to(ROOT).as_posix()
        if "/migrations/" not in relative and (uses := _inner(path, relative)):
            found[relative] = uses
    assert found == {}


def test_the_files_allowed_a_cursor_use_one() -> None:
    """Each exception names a file that runs SQL through Django's cursor: one that no
    longer does is taken off the list."""
    for relative in CURSOR_ALLOWED:
        path = ROOT / relative
        assert _inner(path, "elsewhere.py"), relative


def test_it_finds_the_inner_workings_where_they_are(tmp_path: Path) -> None:
    module = tmp_path / "sample.py"
    module.write_text(
        "import gc\n"
        "from django.db import connection\n"
        "from django.db.models.expressions import RawSQL\n"
        "def f(qs, cursor):\n"
        "    if connection.savepoint_ids or connection.needs_rollback:\n"
        "        gc.disable()\n"
        "    with connection.wrap_database_errors:\n"
        "        cursor.cursor.copy('COPY t FROM STDIN')\n"
        "    connection.connection.cursor()\n"
        "    print(qs.query.query, qs.raw('SELECT 1'))\n"
        "    cursor.execute('SELECT 1')\n"
        "    gc.collect()\n"
        "    return qs.filter(pk=1).query\n"
    )
    assert _inner(module, "sample.py") == [
        "3: from django.db.models.expressions import …",
        "5: connection.savepoint_ids",
        "5: connection.needs_rollback",
        "6: gc.disable",
        "7: connection.wrap_database_errors",
        "8: cursor.cursor",
        "9: connection.connection",
        "10: qs.query.query",
        "10: qs.raw",
        "11: cursor.execute",
    ]
    assert _inner(module, "ratings/services/rows.py")[-1] == "10: qs.raw"
    assert _inner(module, "ratings/services/preview.py")[-1] == "11: cursor.execute"
