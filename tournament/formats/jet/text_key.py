"""Text index keys in Access's "General" (legacy, Access 2000-2007) sort order, for the characters Papi's
names and codes use: space, digits, apostrophe, hyphen, Latin letters (case ignored) and the accented
letters of Latin-1 and Latin Extended-A (U+0100-U+017F).

A text key is: one sort code per character (letters and digits ascending, case ignored), END_TEXT (0x01),
then "extra" codes telling the accents apart, then 0x00. An accented letter is written as its base letter,
and its accent goes to the extra codes, after one placeholder (0x02) per preceding character that had none.
Apostrophes and hyphens are left out of the text and listed after the extra codes (01 01 01, then per
character a 2-byte place, 06 and its code). Other characters (other punctuation, letters beyond U+017F)
follow further rules that this module does not implement: it refuses them (JetError) rather than write a
wrong key.
Values read from the Jackcess "general legacy" code table and checked against the fixtures' indexes."""

from __future__ import annotations

import unicodedata

from .header import JetError

END_TEXT = 0x01
END_EXTRA = 0x00
PLACEHOLDER = 0x02
MAX_CHARS = 255

_LETTERS = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", [
    0x4A, 0x4C, 0x4D, 0x4F, 0x51, 0x53, 0x55, 0x57, 0x59, 0x5B, 0x5C, 0x5E, 0x60,
    0x62, 0x64, 0x66, 0x68, 0x69, 0x6B, 0x6D, 0x6F, 0x71, 0x73, 0x75, 0x76, 0x78,
], strict=True))  # fmt: skip
_SIMPLE = {" ": bytes((0x07,)), **{str(d): bytes((0x36 + 2 * d,)) for d in range(10)}}
_SIMPLE.update({c: bytes((code,)) for c, code in _LETTERS.items()})
_SIMPLE.update({c.lower(): bytes((code,)) for c, code in _LETTERS.items()})
_SIMPLE.update({"Æ": b"\x4a\x51", "æ": b"\x4a\x51", "ß": b"\x6b\x6b", "Þ": b"\x6d\x57", "þ": b"\x6d\x57"})
_SIMPLE.update({"Œ": b"\x64\x51", "œ": b"\x64\x51", "Ĳ": b"\x59\x5b", "ĳ": b"\x59\x5b"})
_ACCENTS = {  # combining mark -> extra code (Latin-1 and Latin Extended-A letters)
    "\u0300": 0x0F, "\u0301": 0x0E, "\u0302": 0x12, "\u0303": 0x19, "\u0304": 0x17, "\u0306": 0x15,
    "\u0307": 0x10, "\u0308": 0x13, "\u030a": 0x1A, "\u030b": 0x1D, "\u030c": 0x14, "\u0327": 0x1C,
    "\u0328": 0x1B,
}  # fmt: skip
_OTHER = {  # letters that do not decompose: base letter and extra code
    "Ø": ("O", 0x21), "ø": ("O", 0x21), "Ð": ("D", 0x68), "ð": ("D", 0x68), "ª": ("A", 0x03), "º": ("O", 0x03),
    "Đ": ("D", 0x1E), "đ": ("D", 0x1E), "Ħ": ("H", 0x1E), "ħ": ("H", 0x1E), "ı": ("I", 0x03),
    "Ł": ("L", 0x1F), "ł": ("L", 0x1F), "Ŀ": ("L", 0x11), "ŀ": ("L", 0x11),
}  # fmt: skip
_UNPRINTABLE = {"'": 0x80, "-": 0x82}  # apostrophe, hyphen-minus
_DECODE = {code[0]: c for c, code in _SIMPLE.items() if len(code) == 1 and not c.islower()}


def _char(c: str) -> tuple[bytes, int | None]:
    """(inline codes, accent code or None) of one character; JetError for what is not supported."""
    if c in _SIMPLE:
        return _SIMPLE[c], None
    if c in _OTHER:
        base, extra = _OTHER[c]
        return _SIMPLE[base], extra
    if ord(c) <= 0x17F:  # Latin-1 and Latin Extended-A
        parts = unicodedata.normalize("NFD", c)
        if len(parts) == 2 and parts[0] in _SIMPLE and parts[1] in _ACCENTS:
            return _SIMPLE[parts[0]], _ACCENTS[parts[1]]
    raise JetError(f"character {c!r} (U+{ord(c):04X}) in a text index key is not supported")


def encode_text_key(value: str, ascending: bool = True) -> bytes:
    """The bytes a text column adds to an index key after its flag byte."""
    text = value[:MAX_CHARS].rstrip(" ")
    inline = bytearray()
    extra = bytearray()
    done = 0  # characters the extra codes account for
    unprintable = bytearray()
    position = 0  # characters written inline so far
    for c in text:
        if c in _UNPRINTABLE:
            # left out of the text; noted after it as (7 + 4 × its place in the extra codes) | 0x8000, 06, code
            place = len(extra) + (position - done) if extra else position
            unprintable += (0x8000 | (7 + 4 * place)).to_bytes(2, "big") + bytes((0x06, _UNPRINTABLE[c]))
            continue
        codes, accent = _char(c)
        inline += codes
        if accent is not None:
            extra += bytes((PLACEHOLDER,)) * (position - done)
            extra.append(accent)
            done = position + 1
        position += 1
    out = bytes(inline) + bytes((END_TEXT,)) + bytes(extra)
    if unprintable:
        out += bytes((END_TEXT, END_TEXT, END_TEXT)) + bytes(unprintable)
    if not ascending:
        out = bytes(0xFF - b for b in out + bytes((END_EXTRA,)))
    return out + bytes((END_EXTRA,))


def decode_text_key(raw: bytes) -> tuple[str, int]:
    """The sort form of an ascending text key (capitals without accents) and the bytes it took; JetError
    for codes this module does not know."""
    end = raw.find(bytes((END_TEXT,)))
    if end < 0:
        raise JetError(f"text key {raw.hex()} has no end-of-text code")
    try:
        text = "".join(_DECODE[b] for b in raw[:end])
    except KeyError:
        raise JetError(f"text key {raw.hex()} holds sort codes this reader does not know") from None
    stop = raw.find(bytes((END_EXTRA,)), end + 1)
    if stop < 0:
        raise JetError(f"text key {raw.hex()} has no end code")
    return text, stop + 1
