"""The import graph of the packages, read from the source (imports inside functions too).

- no cycle between modules;
- the layers, each importing only those below it (docs/architecture.md):
  tournament (pure chess) < database (the store) < app (use cases, view models) < web (HTTP) and cli;
  i18n (the catalogs) imports nothing of the project and may be imported by app, web and cli;
- in cli/, only the modules that serve import the web stack (cli/serve.py and cli/workers.py);
- every module of web/ is HTTP glue: it imports Litestar (or the ASGI server's pieces); what knows no HTTP lives below.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("app", "cli", "database", "i18n", "tournament", "web")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))}


#: A function named for a lazy import ("module:function"), as the command line's and the pairing engines' tables do.
LAZY = re.compile(r"[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)+:[a-z_][a-z0-9_]*")


def imported(path: Path, name: str, known: set[str]) -> set[str]:
    """The project modules `path` imports, at any depth of its tree (functions, `if TYPE_CHECKING` too), and those
    a lazy table names ("module:function", imported when first needed)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and LAZY.fullmatch(node.value):
            module = node.value.partition(":")[0]  # a lazy table's "module:function" (cli/main.py, engines.py)
            targets = [module] if module in known else []
        for target in targets:
            while target and target not in known:  # `from a.b import c`: module a.b.c, else a.b
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


@functools.cache
def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imported(path, name, known) for name, path in found.items()}


graph()  # read at collection: CPython 3.11.7's ast.parse can fail later in a long run ("recursion depth mismatch")


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(out)


def test_the_graph_sees_imports_inside_functions() -> None:
    edges = graph()
    assert "tournament.errors" in edges["database.errors"]
    assert len(edges) > 50


def test_the_graph_sees_the_lazy_tables() -> None:
    edges = graph()
    assert {"cli.serve", "cli.data", "cli.pair_trf"} <= edges["cli.main"]
    assert {"tournament.pairing.dutch", "tournament.pairing.fide_team"} <= edges["tournament.pairing.engines"]


def test_a_cycle_is_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle() -> None:
    """(tournament/formats/trf.py and trf_lint.py were one: the model, checks, reader and lint are now four modules.)"""
    assert cycles(graph()) == []


#: Imports of project modules inside a function, owned by other branches: none left.
KNOWN_LATE_IMPORTS: set[str] = set()


def late_imports() -> set[str]:
    """`import` statements of project modules that are not at the top of their module."""
    found = modules()
    out: set[str] = set()
    for name, path in found.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        top = {id(node) for node in tree.body}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in top:
                module = node.module if isinstance(node, ast.ImportFrom) else node.names[0].name
                if module and module.split(".")[0] in PACKAGES:
                    out.add(f"{name} -> {module}")
    return out


LATE = late_imports()  # read at collection, as the graph


def test_project_modules_are_imported_at_the_top() -> None:
    """Nothing imported inside a function to dodge a cycle: a cycle must show, and be broken."""
    assert LATE - KNOWN_LATE_IMPORTS == set()


#: What each package may import (itself included).
LAYERS = {
    "tournament": {"tournament"},
    "i18n": {"i18n"},
    "database": {"database", "tournament"},
    "app": {"app", "database", "tournament", "i18n"},
    "web": {"web", "app", "database", "tournament", "i18n"},
    "cli": {"cli", "web", "app", "database", "tournament", "i18n"},
}
#: The command line's modules that may import the web stack: the server itself.
SERVING = {"cli.serve", "cli.workers", "cli.server"}


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_imports_go_one_way(package: str) -> None:
    wrong = sorted(f"{name} -> {target}" for name, targets in graph().items() if name.split(".")[0] == package
                   for target in targets if target.split(".")[0] not in LAYERS[package])
    assert wrong == []


def test_only_serving_modules_of_the_command_line_import_the_web_stack() -> None:
    wrong = sorted(f"{name} -> {target}" for name, targets in graph().items()
                   if name.split(".")[0] == "cli" and name not in SERVING
                   for target in targets if target.split(".")[0] == "web")
    assert wrong == []


#: What a module of web/ is glue for: Litestar, or the ASGI server's pieces (uvicorn, starlette).
HTTP_FRAMEWORKS = {"litestar", "starlette", "uvicorn"}


def outside_imports(path: Path) -> set[str]:
    """The top-level names of what `path` imports from outside the project (absolute imports, at any depth)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module.split(".")[0])
    return out - set(PACKAGES)


def package_marker(path: Path) -> bool:
    """An `__init__.py` holding nothing but its docstring."""
    body = ast.parse(path.read_text(encoding="utf-8"), str(path)).body
    return path.name == "__init__.py" and all(isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                                              for node in body)


def without_http(package: str) -> list[str]:
    return sorted(name for name, path in modules().items() if name.split(".")[0] == package
                  and not outside_imports(path) & HTTP_FRAMEWORKS and not package_marker(path))


def test_every_module_of_web_imports_the_http_framework() -> None:
    """web/ is Litestar only (docs/architecture.md): a module that imports no HTTP framework has a job that knows
    no HTTP (a use case, a view model, the live hub's logic, a rule over stored rows) and belongs in app/ or below."""
    assert without_http("web") == []


def test_the_http_check_sees_a_module_without_http() -> None:
    assert "app.live.hub" in without_http("app")
    assert "web.live" not in without_http("web")
    assert package_marker(ROOT / "web" / "__init__.py")
    assert not package_marker(ROOT / "web" / "controllers" / "admin" / "__init__.py")
