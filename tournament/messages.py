"""`N_` and `N_plural`: mark English texts as messages of the catalogs (i18n/locale) where they are defined.

A text kept in a table or a constant and translated later, where it is shown (`_(NAMES[code])`), is found by the
extraction (`babel.cfg`, docs/translation.md) only if its definition is marked: `NOT_INT = N_("Enter a whole
number.")`. `N_` returns the text unchanged; `N_plural` marks the two msgids of a count shown with
`ngettext` (`_.ngettext(*GAMES, n)`).

>>> N_("Unknown screen."), N_plural("%s game", "%s games")
('Unknown screen.', ('%s game', '%s games'))
"""

from __future__ import annotations


def N_(text: str) -> str:
    return text


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    return singular, plural
