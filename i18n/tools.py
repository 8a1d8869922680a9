"""The catalogs' upkeep with Babel (docs/translation.md): extract the messages, update each `.po`, compile.

`python -m i18n update` extracts every message of the code and the templates (babel.cfg) into
`i18n/locale/messages.pot` and merges it into each `i18n/locale/<language>/LC_MESSAGES/messages.po`: new
messages come in untranslated, messages no longer in the code are dropped. `python -m i18n compile` writes the
`.mo` files (the server also compiles a stale catalog on first use). The same functions serve the checks of
tests/i18n/. Only these commands and the tests import this module (Babel's catalog code stays out of the server).
"""

from __future__ import annotations

import ast
import io
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import write_po

from i18n import LANGUAGES, LOCALE_DIR, compile_po, po_path, read_catalog

ROOT = LOCALE_DIR.parent.parent
MAPPING = ROOT / "babel.cfg"
TEMPLATE = LOCALE_DIR / "messages.pot"
#: The placeholders a translation must keep: `%s` and `%r` filled by `_`, `%t %f %l` by the screen menus.
PLACEHOLDER = re.compile(r"%[srtfl]")


def extract(root: Path = ROOT, mapping: Path = MAPPING) -> Catalog:
    """Every message Babel finds under `root` with the mapping (file patterns, extractors, keywords)."""
    with mapping.open(encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config, str(mapping))
    catalog = Catalog(project="Echiquier", version="0.1", copyright_holder="Echiquier contributors",
                      msgid_bugs_address="", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            root, method_map, options_map, keywords=DEFAULT_KEYWORDS):
        catalog.add(message, None, [(Path(filename).as_posix(), lineno)], auto_comments=comments, context=context)
    return catalog


def _write(path: Path, catalog: Catalog) -> None:
    """Sorted by msgid, file names without line numbers (fewer merge conflicts); an unchanged file is left as it
    is, its dates too."""
    out = io.BytesIO()
    write_po(out, catalog, sort_output=True, include_lineno=False, ignore_obsolete=True, include_previous=False)
    if not path.is_file() or _undated(path.read_bytes()) != _undated(out.getvalue()):
        path.write_bytes(out.getvalue())


def _undated(po: bytes) -> list[bytes]:
    return [line for line in po.splitlines() if not line.startswith((b'"POT-Creation-Date:', b'"PO-Revision-Date:'))]


def update(languages: tuple[str, ...] = LANGUAGES) -> dict[str, list[str]]:
    """Extract into the template, merge it into each catalog; the msgids still to translate, per language."""
    template = extract()
    _write(TEMPLATE, template)
    todo: dict[str, list[str]] = {}
    for language in languages:
        po = po_path(language)
        if not po.is_file():
            continue
        catalog = read_catalog(po)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        _write(po, catalog)
        todo[language] = [msgid(m) for m in untranslated(catalog)]
    return todo


def compile_all(languages: tuple[str, ...] = LANGUAGES) -> list[Path]:
    written = []
    for language in languages:
        po = po_path(language)
        if po.is_file():
            mo = po.with_suffix(".mo")
            mo.write_bytes(compile_po(po))
            written.append(mo)
    return written


def msgid(message: Message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def forms(message: Message) -> tuple[str, ...]:
    """The translation's forms; a new entry has none yet (Babel gives it no string): one empty form."""
    found = message.string
    if isinstance(found, str):
        return (found,)
    return tuple(found) if found else ("",)


def untranslated(catalog: Catalog) -> Iterator[Message]:
    """Entries with an empty form, or marked fuzzy (gettext would show them in English)."""
    for message in catalog:
        if message.id and (message.fuzzy or not all(forms(message))):
            yield message


def placeholders(text: str) -> Counter[str]:
    return Counter(PLACEHOLDER.findall(text))


def wrong_placeholders(catalog: Catalog) -> Iterator[Message]:
    """Translations whose `%s`, `%r`, `%t`, `%f`, `%l` differ from the msgid's (a plural's from its plural)."""
    for message in catalog:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[-1]
        if any(text and placeholders(text) != placeholders(english) for text in forms(message)):
            yield message


def duplicate_msgids(po: Path) -> list[str]:
    """msgids (with their context) written more than once in a `.po` file: Babel's reader would merge them."""
    seen: Counter[tuple[str, str]] = Counter()
    field, text = "", {"msgctxt": "", "msgid": ""}
    for line in po.read_text(encoding="utf-8").splitlines():
        keyword, _, rest = line.partition(" ")
        if keyword in text:
            field, text[keyword] = keyword, ast.literal_eval(rest)
        elif line.startswith('"'):
            if field in text:
                text[field] += ast.literal_eval(line)
        elif keyword == "msgid_plural" or keyword.startswith("msgstr"):
            if field == "msgid" and text["msgid"]:  # the end of a msgid: count it with its context
                seen[(text["msgctxt"], text["msgid"])] += 1
            field, text["msgctxt"] = keyword, ""
    return [f"{ctx}|{msgid}" if ctx else msgid for (ctx, msgid), n in seen.items() if n > 1]
