"""The one translation layer: English text is the msgid; one gettext catalog per language under i18n/locale.

`translator(language)` gives `_`: `_("Board %s with White against", 12)` translates, then fills the `%s` in order;
`_.ngettext("%s player", "%s players", n)` picks the plural form of the language (French: 0 and 1 take the
singular) and fills the `%s` with `n` unless other values are given. English is the msgid itself.

The catalogs are `i18n/locale/<language>/LC_MESSAGES/messages.po` (docs/translation.md: extract, translate,
compile). Python's `gettext` reads the compiled `messages.mo`; when it is missing or older than the `.po` (a
checkout, a catalog just edited), the `.po` is compiled with Babel on first use and the `.mo` written beside it
when the folder is writable (kept in memory otherwise, e.g. an installed package in a read-only folder).
"""

from __future__ import annotations

import functools
import gettext
import io
import os
import tempfile
import threading
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from i18n.typography import spaced

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

LANGUAGES = ("en", "fr")
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"
#: A `.mo` this much older than its `.po` still counts as compiled from it (files unpacked together by an
#: installer get nearly equal times, in any order); an edit of the `.po` after a compilation is later than this.
SAME_TIME_NS = 2_000_000_000


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(po: Path) -> Catalog:
    """A `.po` file as Babel's catalog."""
    # Babel's catalog reader is imported here, on the rare paths that need it (compiling, checks): importing it
    # costs every process tens of milliseconds otherwise (`echiquier` commands start without it).
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        return read_po(source, locale=po.parent.parent.name if po.parent.name == "LC_MESSAGES" else None)


def compile_po(po: Path) -> bytes:
    """The `.mo` bytes of a `.po` file (fuzzy and untranslated entries left out: gettext falls back to English)."""
    from babel.messages.mofile import write_mo  # see read_catalog

    out = io.BytesIO()
    write_mo(out, read_catalog(po))
    return out.getvalue()


def _write_beside(mo: Path, data: bytes) -> None:
    """Atomically, so that another process never reads half a file; silently skipped in a read-only folder."""
    try:
        fd, tmp = tempfile.mkstemp(dir=mo.parent, prefix=".messages-", suffix=".mo")
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, mo)
    except OSError:
        Path(tmp).unlink(missing_ok=True)


def load(language: str) -> gettext.NullTranslations:
    """The compiled catalog of `language`; English (or a language without a catalog) translates nothing."""
    po = po_path(language)
    mo = po.with_suffix(".mo")
    if not po.is_file():
        if mo.is_file():
            with mo.open("rb") as compiled:
                return gettext.GNUTranslations(compiled)
        return gettext.NullTranslations()
    if mo.is_file() and mo.stat().st_mtime_ns + SAME_TIME_NS >= po.stat().st_mtime_ns:
        with mo.open("rb") as compiled:
            return gettext.GNUTranslations(compiled)
    data = compile_po(po)
    _write_beside(mo, data)
    return gettext.GNUTranslations(io.BytesIO(data))


def typeset(catalog: gettext.NullTranslations, language: str) -> gettext.NullTranslations:
    """The texts of a compiled catalog with the typography of `language` (i18n/typography.py), set once."""
    texts = getattr(catalog, "_catalog", None)
    if isinstance(texts, dict):
        for key, text in texts.items():
            if key and isinstance(text, str):  # not the header (key "")
                texts[key] = spaced(text, language)
    return catalog


class Translator:
    """`_` of one language: a callable (`_(text, *args)`) with `ngettext` for counts."""

    __slots__ = ("_catalog", "_gettext", "_lock", "language")

    def __init__(self, language: str) -> None:
        self.language = language
        self._catalog: gettext.NullTranslations | None = None
        self._lock = threading.Lock()
        self._gettext: Callable[[str], str] = self._first_gettext

    def catalog(self) -> gettext.NullTranslations:
        """Read on first use: a command that translates nothing never opens a catalog."""
        if self._catalog is None:
            with self._lock:
                if self._catalog is None:
                    self._catalog = typeset(load(self.language), self.language)
                    self._gettext = self._catalog.gettext  # the pages call `_` hundreds of times: one lookup
        return self._catalog

    def _first_gettext(self, text: str) -> str:
        return self.catalog().gettext(text)

    def __call__(self, text: str, *args: object) -> str:
        out = self._gettext(text)
        return out % args if args else out

    def ngettext(self, singular: str, plural: str, n: int, *args: object) -> str:
        """The form for `n` (`%s` filled with `n`, or with `args` when given).

        >>> fr, en = translator("fr"), translator("en")
        >>> fr.ngettext("%s player", "%s players", 0), fr.ngettext("%s player", "%s players", 2)
        ('0 joueur·euse', '2 joueur·euses')
        >>> en.ngettext("%s player", "%s players", 0), en.ngettext("%s player", "%s players", 1)
        ('0 players', '1 player')
        """
        out = self.catalog().ngettext(singular, plural, n)
        values = args or ((n,) if "%s" in plural else ())
        return out % values if values else out

    def __repr__(self) -> str:
        return f"translator({self.language!r})"


_TRANSLATORS: dict[str, Translator] = {}


def translator(language: str) -> Translator:
    """`_("Board %s with White against", 12)`: translate, then fill the `%s` in order.

    >>> translator("fr")("Board %s with White against", 12)
    'Éch. 12 avec les Blancs contre'
    >>> translator("en")("Round")
    'Round'
    """
    found = _TRANSLATORS.get(language)
    if found is None:
        found = _TRANSLATORS.setdefault(language, Translator(language))
    return found


class Catalogs(Mapping[str, Mapping[str, str]]):
    """Read-only view for checks: `CATALOGS["fr"]` maps each translated English msgid (a plural's two) to its
    French text. The pages use `translator`."""

    def __getitem__(self, language: str) -> Mapping[str, str]:
        if language not in self._languages():
            raise KeyError(language)
        return messages(language)

    def __iter__(self) -> Iterator[str]:
        return iter(self._languages())

    def __len__(self) -> int:
        return len(self._languages())

    @staticmethod
    def _languages() -> tuple[str, ...]:
        return tuple(lang for lang in LANGUAGES if po_path(lang).is_file())


def messages(language: str) -> dict[str, str]:
    """msgid -> translation for every translated entry of the catalog (a plural gives both its msgids)."""
    po = po_path(language)
    return dict(_messages(po, po.stat().st_mtime_ns))


@functools.lru_cache(maxsize=4)
def _messages(po: Path, _mtime_ns: int) -> dict[str, str]:  # read again when the file changes
    out: dict[str, str] = {}
    for message in read_catalog(po):
        if not message.id or message.fuzzy or not message.string:
            continue
        if isinstance(message.id, str) and isinstance(message.string, str):
            out[message.id] = message.string
        elif message.pluralizable and all(message.string):
            out.update(zip(message.id, message.string[:2], strict=False))
    return out


CATALOGS = Catalogs()
