"""French typography for the texts of the catalogs: a narrow no-break space (U+202F) before `:` `;` `!` `?`, and
the typographic apostrophe (’, U+2019) for the typewriter one between letters (« l’échiquier », « n’a »).

French sets these four signs apart from the word before them (« Ronde 3 : … », « Annuler ? »), with a space
that never breaks the line away from the sign. Translators write a plain space (or none) in the `.po`; the
translator of a French page applies `french_spacing` to every text of the catalog once, when it is read, and the
pages that join translated parts (the journal's "; ") call it on what they join. A sign glued to a digit or
followed by something else than a space or the end (`03:54`, `https://`, `nom:chemin`, `%s:%s`) is left alone.
"""

from __future__ import annotations

import re

NARROW_NBSP = "\u202f"
#: A plain or no-break space before the sign, or none after a letter, a closing quote or bracket; the sign
#: ends the text or is followed by a space.
_BEFORE_SIGN = re.compile(r"(?:[ \u00a0]+|(?<=[^\W\d_]|[»)\]%s]))(:)(?=\s|$|[»)\]<])"
                          r"|(?:[ \u00a0]+|(?<=[^\s\u202f]))([;!?])(?=\s|$|[»)\]<])")


#: The space inside French quotes (« … »), plain or none, that never lets a quote mark start or end a line alone.
_QUOTES = re.compile(r"«[ \u00a0]*|[ \u00a0]*»")


def french_spacing(text: str) -> str:
    """`text` with a narrow no-break space before each `:` `;` `!` `?` that takes one, and inside `« »`.

    >>> french_spacing("Ronde 3 : 12 parties; 1 exempt ! Annuler ? Rondes 4, 5; 7").replace(NARROW_NBSP, "_")
    'Ronde 3_: 12 parties_; 1 exempt_! Annuler_? Rondes 4, 5_; 7'
    >>> french_spacing("03:54, https://club.fr, nom:chemin, %s : %s")
    '03:54, https://club.fr, nom:chemin, %s\u202f: %s'
    >>> french_spacing("l’écran « saisie » et «exempt»").replace(NARROW_NBSP, "_")
    'l’écran «_saisie_» et «_exempt_»'
    """
    quoted = _QUOTES.sub(lambda m: "«" + NARROW_NBSP if m.group(0).startswith("«") else NARROW_NBSP + "»", text)
    return _BEFORE_SIGN.sub(lambda m: NARROW_NBSP + (m.group(1) or m.group(2)), quoted)


APOSTROPHE = "\u2019"
#: A typewriter apostrophe between a letter and a letter or a placeholder (« d'%s »): an elision, never a quote.
_ELISION = re.compile(r"(?<=[^\W\d_])'(?=[^\W\d_]|%)")


def french_apostrophes(text: str) -> str:
    """`text` with the typographic apostrophe in its elisions; quotes ('…' around a word) are left as they are.

    >>> print(french_apostrophes("Rien n'a été modifié ; l'échiquier d'%s ; 'exempt'"))
    Rien n’a été modifié ; l’échiquier d’%s ; 'exempt'
    """
    return _ELISION.sub(APOSTROPHE, text)


def spaced(text: str, language: str) -> str:
    """French typography (`french_apostrophes`, then `french_spacing`) for a French text, any other language
    unchanged."""
    return french_spacing(french_apostrophes(text)) if language == "fr" else text
