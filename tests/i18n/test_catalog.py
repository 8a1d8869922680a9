"""The French catalog covers every message Babel extracts from the code and the templates, once each,
with the same placeholders; the extraction sees every kind of message (so that the checks are not vacuous)."""

from __future__ import annotations

import ast
import functools
import shutil
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.frontend import parse_mapping_cfg

from i18n import po_path, read_catalog
from i18n.tools import (
    MAPPING,
    ROOT,
    TEMPLATE,
    duplicate_msgids,
    extract,
    forms,
    msgid,
    untranslated,
    wrong_placeholders,
)

FRENCH = po_path("fr")


@functools.cache
def extracted() -> Catalog:
    return extract()


@functools.cache
def extracted_ids() -> dict[str, str]:
    """msgid -> the first file it was found in."""
    return {msgid(m): m.locations[0][0] for m in extracted() if m.id}


@functools.cache
def french() -> Catalog:
    return read_catalog(FRENCH)


def test_the_extraction_sees_every_kind_of_message() -> None:
    found = extracted_ids()
    assert found["Enter the result of board %s"].startswith("templates/")  # _() in a template
    assert found["Result %s stored on board %s."].startswith("web/")  # _() in Python
    # split over two source lines, concatenated by Python:
    assert "No arbiter password is set for this event: ask the server administrator." in found
    assert found["Reserved to arbiters."] == "web/deps.py"  # super().__init__ in an error class
    assert found["No event %r."] == "database/errors.py"
    assert "Forfeits (%s) are entered by an arbiter." in found  # raise ArbiterOnly("…", label)
    assert "Round %s is not the current round any more. Nothing was changed." in found  # raise Conflict(...)
    assert found["Buchholz Cut 1"] == "app/views/labels.py"  # N_() in a table
    assert "Family range %r is empty or reversed; ignored." in found  # Notice("…")
    assert "A TRF file has no blank lines." in found  # N_() on a hint of the TRF reader
    assert "round %s: both %s and %s have colour %s" in found  # _warn / TrfError keys
    plural = next(m for m in extracted() if msgid(m) == "%s player")
    assert plural.id == ("%s player", "%s players")  # ngettext() in a template
    assert len(found) > 1000


def test_every_extracted_message_has_french() -> None:
    missing = {text: where for text, where in extracted_ids().items()
               if text not in french() or french()[text].fuzzy or not all(forms(french()[text]))}
    assert not missing, "no French for:\n" + "\n".join(f"  {where}: {text!r}" for text, where in missing.items())


def test_the_catalog_has_no_untranslated_entry() -> None:
    assert [msgid(m) for m in untranslated(french())] == []


def test_the_catalog_holds_no_message_the_code_no_longer_has() -> None:
    """`python -m i18n update` drops them; a stale one means the catalog was not updated after a change."""
    stale = sorted(msgid(m) for m in french() if m.id and msgid(m) not in extracted_ids())
    assert stale == []


def test_the_template_is_up_to_date() -> None:
    template = read_catalog(TEMPLATE)
    assert {msgid(m) for m in template if m.id} == set(extracted_ids())


def test_no_msgid_is_written_twice() -> None:
    assert duplicate_msgids(FRENCH) == []


def test_a_duplicate_msgid_is_found(tmp_path: Path) -> None:
    po = tmp_path / "messages.po"
    po.write_text('msgid ""\nmsgstr ""\n\nmsgid "Round"\nmsgstr "Ronde"\n\nmsgid "Rou"\n"nd"\nmsgstr "Tour"\n\n'
                  'msgctxt "menu"\nmsgid "Round"\nmsgstr "Ronde"\n\nmsgid "%s game"\nmsgid_plural "%s games"\n'
                  'msgstr[0] "%s partie"\nmsgstr[1] "%s parties"\n', encoding="utf-8")
    assert duplicate_msgids(po) == ["Round"]


def test_translations_keep_the_placeholders() -> None:
    """A translation with fewer or more `%s` than its msgid would raise or drop a value at render time."""
    assert [msgid(m) for m in wrong_placeholders(french())] == []


def test_a_new_message_is_found_untranslated() -> None:
    """What `python -m i18n update` lists: a message new in the template, merged into a copy of the catalog."""
    template = extract()
    template.add("Not a translated sentence at all", locations=[("templates/page.html", None)])
    template.add(("%s cat", "%s cats"), locations=[("templates/page.html", None)])
    catalog = read_catalog(FRENCH)
    catalog.update(template, no_fuzzy_matching=True)
    assert sorted(msgid(m) for m in untranslated(catalog)) == ["%s cat", "Not a translated sentence at all"]


def test_a_lost_placeholder_is_found() -> None:
    catalog = Catalog(locale="fr")
    catalog.add("Board %s", "Échiquier")
    catalog.add(("%s game", "%s games"), ("%s partie", "parties"))
    catalog.add("%t (by board)", "%t (par échiquier)")
    assert [msgid(m) for m in wrong_placeholders(catalog)] == ["Board %s", "%s game"]


def _error_classes() -> set[str]:
    """Every class deriving from EchiquierError, read from the source of the packages."""
    bases: dict[str, set[str]] = {}
    for package in ("tournament", "database", "app", "web", "cli"):
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef):
                    bases[node.name] = {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases}
    known = {"EchiquierError"}
    while grown := {name for name, parents in bases.items() if name not in known and parents & known}:
        known |= grown
    return known


def test_every_error_class_is_an_extraction_keyword() -> None:
    """Their first argument is a msgid: a class missing from babel.cfg would leave its refusals in English."""
    with MAPPING.open(encoding="utf-8") as config:
        _methods, options = parse_mapping_cfg(config, str(MAPPING))
    classes = _error_classes()
    assert len(classes) > 25
    for pattern, opts in options.items():
        if pattern.endswith(".py"):
            assert classes - set(opts["keywords"]) == set(), pattern


def test_a_new_message_without_french_is_reported(tmp_path: Path) -> None:
    """The checks above see a message added to a template or a module, by any of the marks."""
    (tmp_path / "templates").mkdir()
    (tmp_path / "web").mkdir()
    (tmp_path / "templates" / "page.html").write_text(
        "{{ _('Not a translated sentence at all') }} {{ _(name) }} {{ ngettext('%s cat', '%s cats', n) }}",
        encoding="utf-8")
    (tmp_path / "web" / "module.py").write_text(
        'x = _("Nor this" " one", 3)\nraise Conflict("Nor that %s.", 2)\nY = N_("Nor the table")\n', encoding="utf-8")
    shutil.copy(MAPPING, tmp_path / "babel.cfg")
    found = {msgid(m) for m in extract(tmp_path, tmp_path / "babel.cfg") if m.id}
    assert found == {"Not a translated sentence at all", "%s cat", "Nor this one", "Nor that %s.", "Nor the table"}
    assert not found & {msgid(m) for m in french() if m.id}


@pytest.mark.parametrize("text", ["Rating", "Add the player", "Half-point bye", "Full-point bye", "No event %r.",
                                  "No screen %r in this event.",
                                  "This public rotator shows screens that are not public: %s."])
def test_the_keys_that_had_two_french_texts_have_one(text: str) -> None:
    """Seven keys had two French texts in the old dict modules (the later won): one each now, chosen by use."""
    chosen = {"Rating": "Elo", "Half-point bye": "Bye ½ point", "Full-point bye": "Bye 1 point",
              "No event %r.": "Aucun évènement %r.",
              "No screen %r in this event.": "Aucun écran %r dans cet évènement."}
    assert french()[text].string == chosen.get(text, french()[text].string) != ""
