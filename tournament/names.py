"""Accent- and case-insensitive collation of names (docs/screens.md §2.5)."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

# Letters that NFKD does not decompose into a base letter plus a combining mark.
EXTRA_LETTERS = _EXTRA = str.maketrans({
    "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ı": "i", "ß": "ss",
    "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "þ": "th", "Þ": "TH", "ð": "d", "Ð": "D",
})


def collate(text: str) -> str:
    """A sort key: accents removed, case folded, apostrophes and hyphens ignored.

    >>> sorted(["Zoé", "Élodie", "de la Tour", "Dupont", "Ødegaard", "édith"], key=collate)
    ['de la Tour', 'Dupont', 'édith', 'Élodie', 'Ødegaard', 'Zoé']
    """
    if text.isascii():  # nothing to decompose or translate (the common case, ten times faster)
        return text.casefold().replace("'", "").replace("-", " ").strip()
    return _unaccented(text)


@lru_cache(maxsize=8192)  # a tournament's names are sorted again and again (boards, standings, lists)
def _unaccented(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.translate(_EXTRA))
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return stripped.casefold().replace("'", "").replace("’", "").replace("-", " ").strip()
