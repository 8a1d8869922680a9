"""`translator(language)` at run time: gettext reads the compiled catalog, compiled from the `.po` when missing
or stale; plural forms follow each language's rule; refusals are translated by key."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

import i18n
from app.views.labels import journal_text
from i18n import LANGUAGES, Translator, load, po_path, translator
from tournament.errors import EchiquierError


def test_the_public_api_stays() -> None:
    fr = translator("fr")
    assert LANGUAGES == ("en", "fr")
    assert fr("Board %s with White against", 12) == "Éch. 12 avec les Blancs contre"
    assert translator("en")("Board %s with White against", 12) == "Board 12 with White against"
    assert translator("xx")("Round") == "Round"  # a language without a catalog shows the English text
    assert fr is translator("fr")  # one translator per language, its catalog read once


def test_error_messages_without_values_are_translated() -> None:
    """Refusals raised with a fixed English text are shown in French too (web/errors.py looks them up)."""
    for text in ("Reserved to arbiters.", "This board card is not valid for this event.",
                 "This submission key was already used for another request; reload the page."):
        assert translator("fr")(text) != text


def test_a_refusal_is_translated_with_its_arguments() -> None:
    error = EchiquierError("Round %s is not the current round any more. Nothing was changed.", 4)
    assert translator("fr")(error.key, *error.params) == \
        "La ronde 4 n’est plus la ronde en cours. Rien n’a été modifié."


@pytest.mark.parametrize(("n", "french", "english"), [
    (0, "0 joueur·euse", "0 players"), (1, "1 joueur·euse", "1 player"), (2, "2 joueur·euses", "2 players"),
    (21, "21 joueur·euses", "21 players"),
])
def test_plural_forms_follow_each_language(n: int, french: str, english: str) -> None:
    """French takes the singular for 0 and 1 (Plural-Forms: n > 1), English only for 1."""
    assert translator("fr").ngettext("%s player", "%s players", n) == french
    assert translator("en").ngettext("%s player", "%s players", n) == english


def test_ngettext_fills_given_values() -> None:
    text = "%s warning when the file %s was imported", "%s warnings when the file %s was imported"
    assert translator("fr").ngettext(*text, 3, 3, "open.trf") == "3 avertissements à l’import du fichier open.trf"


@pytest.fixture
def locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the catalogs in a folder of the test's own."""
    copy = tmp_path / "locale"
    shutil.copytree(po_path("fr").parent.parent.parent, copy, ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.setattr(i18n, "LOCALE_DIR", copy)
    return copy


def _retranslate(po: Path, old: str, new: str, *, later_ns: int) -> None:
    text = po.read_text(encoding="utf-8")
    assert text.count(f'msgstr "{old}"') == 1
    po.write_text(text.replace(f'msgstr "{old}"', f'msgstr "{new}"'), encoding="utf-8")
    os.utime(po, ns=(later_ns, later_ns))


def test_a_missing_mo_is_compiled_and_written(locale: Path) -> None:
    mo = po_path("fr").with_suffix(".mo")
    assert not mo.exists()
    assert load("fr").gettext("Round") == "Ronde"
    assert mo.is_file()
    assert Translator("fr")("Round") == "Ronde"  # now read from the .mo


def test_a_stale_mo_is_compiled_again(locale: Path) -> None:
    po = po_path("fr")
    load("fr")
    mo = po.with_suffix(".mo")
    _retranslate(po, "Ronde", "Tour", later_ns=mo.stat().st_mtime_ns + 10 * i18n.SAME_TIME_NS)
    assert load("fr").gettext("Round") == "Tour"
    assert load("fr").gettext("Round") == "Tour"  # the .mo written again


def test_a_fresh_mo_is_read_as_it_is(locale: Path) -> None:
    """Same time (an installer unpacks both): the .mo is trusted; the .po is not read."""
    po = po_path("fr")
    load("fr")
    mo = po.with_suffix(".mo")
    _retranslate(po, "Ronde", "Tour", later_ns=mo.stat().st_mtime_ns)
    assert load("fr").gettext("Round") == "Ronde"


def test_a_catalog_folder_that_cannot_be_written_is_compiled_in_memory(
        locale: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An installed package in a read-only folder: translated all the same, nothing written."""
    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError("read-only folder")

    monkeypatch.setattr(i18n.tempfile, "mkstemp", refuse)
    assert load("fr").gettext("Round") == "Ronde"
    assert list(po_path("fr").parent.iterdir()) == [po_path("fr")]


def test_journal_counts_take_the_plural_form() -> None:
    """The journal stores `1 byes` in English; the reader sees the right form in either language."""
    fr, en = translator("fr"), translator("en")
    assert journal_text("12 games, 1 byes (swap 2)", fr) == "12 parties, 1 sans adversaire (swap 2)"
    assert journal_text("12 games, 1 byes (swap 2)", en) == "12 games, 1 bye (swap 2)"
    assert journal_text("0 players, 1 pairings", fr) == "0 joueur·euse, 1 appariement"
    assert journal_text("2 teams, 1 matches", fr) == "2 équipes, 1 match"
    assert journal_text("round 3, dutch, 5 matches", fr) == "ronde 3, dutch, matchs\u202f: 5"  # not a list of counts
