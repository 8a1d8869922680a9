"""The specs live in docs/: every `docs/<name>.md §N` cited in code, templates, tests and docs exists."""

from __future__ import annotations

import re
from pathlib import Path

from app.settings import ROOT

CITATION = re.compile(r"docs/([\w-]+\.md)(?:,? §(\d+(?:\.\d+)?))?")
SOURCES = ["app", "cli", "database", "i18n", "tournament", "web", "templates", "tests", "bench", "docs", "README.md"]
SUFFIXES = {".py", ".html", ".js", ".css", ".sql", ".md"}


def sections(doc: Path) -> set[str]:
    """'2', '2.4' for headings `## 2.` and `### 2.4`; '15.3' for item 3 of a numbered list right under `## 15.`"""
    found: set[str] = set()
    current = ""
    for line in doc.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"#{2,4} (\d+(?:\.\d+)?)\.? ", line)
        if heading:
            found.add(heading.group(1))
            current = heading.group(1)
            continue
        item = re.match(r"(\d+)\. ", line)
        if item and current:
            found.add(f"{current}.{item.group(1)}")
    return found


def citations() -> list[tuple[str, str, str | None]]:
    out = []
    for source in SOURCES:
        base = ROOT / source
        files = [base] if base.is_file() else [p for p in base.rglob("*") if p.suffix in SUFFIXES]
        for path in files:
            if "static/htmx" in path.as_posix() or "fixtures" in path.parts or "node_modules" in path.parts:
                continue
            for match in CITATION.finditer(path.read_text(encoding="utf-8", errors="replace")):
                out.append((str(path.relative_to(ROOT)), match.group(1), match.group(2)))
    return out


def test_the_specs_are_in_docs() -> None:
    for name in ("event-database.md", "formats.md", "screens.md", "tiebreaks.md"):
        assert (ROOT / "docs" / name).is_file()


def test_every_cited_section_exists() -> None:
    found = citations()
    assert len(found) > 40  # the code does cite its specs
    known = {doc.name: sections(doc) for doc in (ROOT / "docs").glob("*.md")}
    broken = [(where, name, section) for where, name, section in found
              if name not in known or (section is not None and section not in known[name])]
    assert broken == []
