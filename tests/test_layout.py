"""The tests' own layout: they mirror the packages, what they share is in tests/support/, no test imports a
conftest.py (pytest finds the fixtures there; a conftest imported as a module is a second copy of it)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.support.files import ROOT, TESTS

#: tests/<package>/ for each package of the code, and tests/browser/ for the Playwright tests
FOLDERS = {"tournament", "database", "app", "web", "cli", "i18n", "browser", "support"}
#: tests of the repository as a whole (docs, import graph, the launcher run.py), at the top of tests/
TOP = {"test_docs.py", "test_import_graph.py", "test_launcher.py", "test_layout.py", "test_i18n.py",
       "test_error_keys.py"}
CONFTEST_TEXT = re.compile(r"^\s*(from\s+\S*conftest\s+import|import\s+\S*conftest)", re.M)


def python_files() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if "fixtures" not in p.relative_to(TESTS).parts
                  and "node_modules" not in p.parts)


def imported_modules(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            names += [base] + [f"{base}{'' if base.endswith('.') else '.'}{alias.name}" for alias in node.names]
    return names


def test_no_test_imports_a_conftest() -> None:
    found = [f"{path.relative_to(ROOT)}: {name}" for path in python_files() for name in imported_modules(path)
             if name.split(".")[-1] == "conftest"]
    found += [f"{path.relative_to(ROOT)}: {m.group(1)}" for path in python_files()
              for m in CONFTEST_TEXT.finditer(path.read_text(encoding="utf-8"))]  # in strings run by a subprocess too
    assert found == [], "import from tests/support/ instead: " + ", ".join(found)


def test_no_test_imports_another_test_module() -> None:
    """What two test modules share (helpers, fixtures) is in tests/support/ or a conftest.py: a fixture imported
    from a test module would be collected a second time under another name."""
    found = [f"{path.relative_to(ROOT)}: {name}" for path in python_files() for name in imported_modules(path)
             if name.startswith("tests.") and any(part.startswith("test_") for part in name.split(".")[1:])]
    assert found == [], found


def test_the_check_sees_an_import_of_conftest(tmp_path: Path) -> None:
    sample = tmp_path / "test_sample.py"
    sample.write_text("from tests.conftest import fixture_path\nfrom . import conftest\n")
    assert [n for n in imported_modules(sample) if n.split(".")[-1] == "conftest"] == ["tests.conftest", ".conftest"]


def test_tests_mirror_the_packages() -> None:
    misplaced = []
    for path in python_files():
        parts = path.relative_to(TESTS).parts
        if len(parts) == 1:
            if path.name.startswith("test_") and path.name not in TOP:
                misplaced.append(f"{path.name}: move it to tests/<package>/ (the package whose code it tests)")
            continue
        if parts[0] not in FOLDERS:
            misplaced.append(f"{'/'.join(parts)}: tests/{parts[0]}/ is no package of the code")
        for depth in range(1, len(parts) - 1):  # sub-folders name a folder of their package
            if parts[0] in FOLDERS - {"browser", "support"} and not any((ROOT / parts[0]).rglob(parts[depth])):
                misplaced.append(f"{'/'.join(parts)}: {parts[0]}/ has no folder {parts[depth]}")
    assert misplaced == [], misplaced


def test_helpers_live_in_the_support_package() -> None:
    """Outside tests/support/, a Python file is a test module, a conftest.py (fixtures) or an __init__.py."""
    elsewhere = [str(p.relative_to(ROOT)) for p in python_files() if p.parent.name != "support"
                 and not p.name.startswith("test_") and p.name not in ("conftest.py", "__init__.py")]
    assert elsewhere == [], f"helpers belong in tests/support/: {elsewhere}"


def test_every_test_folder_is_a_package() -> None:
    """Test modules of the same name in two folders (web/test_screens.py, browser/test_screens.py) are told apart
    by their package."""
    folders = {p.parent for p in python_files()}
    assert sorted(str(f.relative_to(ROOT)) for f in folders if not (f / "__init__.py").is_file()) == []
