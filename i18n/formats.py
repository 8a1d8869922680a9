"""Numbers and dates in the reader's language, through Babel's locale data (CLDR).

French writes a decimal comma and spelled months: `2,5`, `26 novembre 2026`; English `2.5`, `November 26, 2026`.
Points in the hall keep their `½` (tournament/results.py `format_points`); these are for the other decimals
(tie-breaks, team points) and the dates of the pages. Data files (CSV, JSON, TRF) keep `2.5` and ISO dates.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from i18n import LANGUAGES

# Babel's number and date code is imported by the functions that use it: importing it with this module would add
# ~15 ms to every `echiquier` command (the command line imports the page environment, app/templates.py).


def _locale(language: str) -> str:
    return language if language in LANGUAGES else LANGUAGES[0]


def number(value: object, language: str) -> str:
    """A decimal as written in `language`, every digit kept, no thousands separator (ratings stay `2150`);
    empty for None; any other value as it is.

    >>> number(Decimal("12.25"), "fr"), number(Decimal("2.50"), "en"), number(3, "fr"), number(None, "fr")
    ('12,25', '2.5', '3', '')
    """
    if value is None:
        return ""
    if isinstance(value, Decimal):
        value = value.normalize()
    elif not isinstance(value, int | float):
        return str(value)
    from babel.numbers import format_decimal

    return format_decimal(value, locale=_locale(language), group_separator=False, decimal_quantization=False)


def _as_date(moment: float | date) -> date | None:
    if isinstance(moment, date):
        return moment.date() if isinstance(moment, datetime) else moment
    try:
        return datetime.fromtimestamp(moment).date()
    except (OverflowError, OSError, ValueError):
        return None


def day(moment: float | date | None, language: str) -> str:
    """A day spelled out (a timestamp is read in the server's time zone); empty when there is none.

    >>> day(date(2026, 11, 26), "fr"), day(date(2026, 11, 26), "en"), day(None, "fr")
    ('26 novembre 2026', 'November 26, 2026', '')
    """
    found = None if moment is None else _as_date(moment)
    if found is None:
        return ""
    from babel.dates import format_date

    return format_date(found, "long", locale=_locale(language))


def days(start: float | date | None, stop: float | date | None, language: str) -> str:
    """From the first day to the last, or the one day.

    >>> days(date(2026, 11, 26), date(2026, 11, 28), "fr"), days(date(2026, 11, 26), date(2026, 11, 26), "en")
    ('26 novembre 2026 → 28 novembre 2026', 'November 26, 2026')
    """
    first, last = day(start, language), day(stop, language)
    return first if first == last or not last else f"{first} → {last}"
