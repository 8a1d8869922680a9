"""`N_`: marks an English text as a message of the catalogs (i18n/locale) where it is defined, not translated.

A text kept in a table or a constant and translated later, where it is shown (`_(NAMES[code])`), is found by the
extraction (`babel.cfg`, docs/translation.md) only if its definition is marked: `NOT_INT = N_("Enter a whole
number.")`. `N_` returns the text unchanged.

>>> N_("Unknown screen.")
'Unknown screen.'
"""

from __future__ import annotations


def N_(text: str) -> str:
    return text
