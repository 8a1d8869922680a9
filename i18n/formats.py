"""Numbers and dates in the reader's language, through Babel's locale data (CLDR).

French writes a decimal comma and spelled months: `2,5`, `26 novembre 2026`; English `2.5`, `November 26, 2026`.
Points in the hall keep their `½` (tournament/results.py `format_points`); these are for the other decimals
(tie-breaks, team points) and the dates of the pages. Data files (CSV, JSON, TRF) keep `2.5` and ISO dates.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal

from i18n import LANGUAGES

# Babel's number and date code is imported by the functions that use it: importing it with this module would add
# ~15 ms to every `echiquier` command (the command line imports the page environment, app/templates.py).


_DECIMAL = re.compile(r"-?\d+\.\d+")


def _locale(language: str) -> str:
    return language if language in LANGUAGES else LANGUAGES[0]


def number(value: object, language: str) -> str:
    """A decimal as written in `language`, every digit kept, no thousands separator (ratings stay `2150`);
    empty for None; any other value as it is.

    >>> number(Decimal("12.25"), "fr"), number(Decimal("2.50"), "en"), number(3, "fr"), number(None, "fr")
    ('12,25', '2.5', '3', '')
    >>> number("21.25", "fr"), number("4½", "fr")
    ('21,25', '4½')
    """
    if value is None:
        return ""
    if isinstance(value, str) and _DECIMAL.fullmatch(value):  # a value already written for a file ("21.25")
        value = Decimal(value)
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


def _as_datetime(when: float | datetime | None) -> datetime | None:
    """A moment as a datetime (a timestamp read in the server's time zone); None when there is none or it is out of
    range."""
    if when is None or isinstance(when, datetime):
        return when
    try:
        return datetime.fromtimestamp(when)
    except (OverflowError, OSError, ValueError):
        return None


#: The word between a day and its time ("le 25 novembre 2026 à 22:59"), as CLDR's "at time" patterns say it.
AT = {"fr": "à", "en": "at"}


def moment(when: float | datetime | None, language: str) -> str:
    """A day and its time to the minute (a timestamp is read in the server's time zone); empty when there is none.

    >>> moment(datetime(2026, 11, 25, 22, 59), "fr"), moment(datetime(2026, 11, 25, 22, 59), "en")
    ('25 novembre 2026 à 22:59', 'November 25, 2026 at 22:59')
    """
    found = _as_datetime(when)
    if found is None:
        return ""
    from babel.dates import format_time

    at = AT.get(language, AT["en"])
    return f"{day(found, language)} {at} {format_time(found, 'HH:mm', locale=_locale(language))}"


def points(value: object, language: str) -> str:
    """A score as the hall writes it, with `½` (`4½`, `½`, `3`); a value that is no multiple of a half (virtual
    or weighted points) as a decimal of `language`; a written decimal ("4.5") is read first.

    >>> points(Decimal("4.5"), "fr"), points(0.5, "en"), points("3.0", "fr"), points(Decimal("2.25"), "fr")
    ('4½', '½', '3', '2,25')
    """
    if isinstance(value, str) and _DECIMAL.fullmatch(value):
        value = Decimal(value)
    if not isinstance(value, int | float | Decimal) or isinstance(value, bool):
        return number(value, language)
    halves = Decimal(str(value)) * 2
    if halves != halves.to_integral_value():
        return number(value, language)
    whole, half = divmod(int(halves), 2)
    return (f"{whole}½" if whole else "½") if half else str(whole)


def clock(when: float | datetime | None, language: str, today: date | None = None) -> str:
    """A moment in a narrow column: its time alone when it is `today` (the server's, by default), else a short day
    and the time; empty when there is none.

    >>> clock(datetime(2026, 11, 25, 22, 59), "fr", date(2026, 11, 25)), clock(datetime(2026, 11, 24, 8, 5), "fr",
    ...     date(2026, 11, 25)), clock(datetime(2026, 11, 24, 8, 5), "en", date(2026, 11, 25))
    ('22:59', '24 nov. 08:05', 'Nov 24 08:05')
    """
    found = _as_datetime(when)
    if found is None:
        return ""
    from babel.dates import format_date, format_time

    time = format_time(found, "HH:mm", locale=_locale(language))
    if found.date() == (today or date.today()):
        return time
    return f"{format_date(found, 'd MMM' if language == 'fr' else 'MMM d', locale=_locale(language))} {time}"
