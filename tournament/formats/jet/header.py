"""The database definition page (page 0) of a Jet4 file: version, page size, the RC4-masked block."""

from __future__ import annotations

import struct
from dataclasses import dataclass

PAGE_SIZE = 4096
"""Jet4 pages are 4 KiB (Jet3: 2 KiB, not supported)."""

JET_VERSIONS = {0: "JET3", 1: "JET4", 2: "ACE12", 3: "ACE14", 4: "ACE15", 5: "ACE16", 6: "ACE17"}

# Page type bytes (first byte of every page).
PAGE_DB_DEF = 0x00
PAGE_DATA = 0x01
PAGE_TDEF = 0x02
PAGE_INDEX_NODE = 0x03
PAGE_INDEX_LEAF = 0x04
PAGE_USAGE_MAP = 0x05

_MASK_START = 0x18
_MASK_LENGTH = 128  # Jet4 (Jet3: 126)
_MASK_KEY = bytes((0xC7, 0xDA, 0x39, 0x6B))


class JetError(Exception):
    """Anything the Jet code cannot read or write safely; the message says what and where."""


def rc4(key: bytes, data: bytes) -> bytes:
    """RC4 keystream XOR (the header's fixed mask; no secret involved)."""
    state = list(range(256))
    j = 0
    for i in range(256):
        j = (j + state[i] + key[i % len(key)]) & 0xFF
        state[i], state[j] = state[j], state[i]
    out = bytearray(len(data))
    i = j = 0
    for n, byte in enumerate(data):
        i = (i + 1) & 0xFF
        j = (j + state[i]) & 0xFF
        state[i], state[j] = state[j], state[i]
        out[n] = byte ^ state[(state[i] + state[j]) & 0xFF]
    return bytes(out)


@dataclass(frozen=True)
class Header:
    """What page 0 says, with the masked block decoded."""

    version: str
    page_count: int
    code_page: int
    db_key: int
    sort_order: int
    creation_date: float


def read_header(data: bytes | bytearray) -> Header:
    """Decode page 0; raise JetError unless this is an unencrypted Jet4 file of whole 4 KiB pages."""
    if len(data) < PAGE_SIZE or data[0] != PAGE_DB_DEF:
        raise JetError("not a Jet database: page 0 is not a database definition page")
    if data[4:19] != b"Standard Jet DB":
        raise JetError("not a Jet database: no 'Standard Jet DB' signature")
    version = JET_VERSIONS.get(data[0x14], f"unknown ({data[0x14]})")
    if version != "JET4":
        raise JetError(f"only Jet4 (Access 2000-2003) files are supported, this one is {version}")
    if len(data) % PAGE_SIZE:
        raise JetError(f"file size {len(data)} is not a whole number of {PAGE_SIZE}-byte pages")
    plain = rc4(_MASK_KEY, bytes(data[_MASK_START : _MASK_START + _MASK_LENGTH]))
    block = bytes(data[:_MASK_START]) + plain

    def u16(offset: int) -> int:
        return int(struct.unpack_from("<H", block, offset)[0])

    db_key = int(struct.unpack_from("<I", block, 0x3E)[0])
    if db_key:
        raise JetError("the database is encrypted (non-zero database key): not supported")
    return Header(
        version=version,
        page_count=len(data) // PAGE_SIZE,
        code_page=u16(0x3C),
        db_key=db_key,
        sort_order=int(struct.unpack_from("<I", block, 0x6E)[0]),
        creation_date=float(struct.unpack_from("<d", block, 0x72)[0]),
    )


def page(data: bytes | bytearray, number: int) -> memoryview:
    """A read-only view of page `number`."""
    start = number * PAGE_SIZE
    if number < 0 or start + PAGE_SIZE > len(data):
        raise JetError(f"page {number} is outside the file ({len(data) // PAGE_SIZE} pages)")
    return memoryview(data)[start : start + PAGE_SIZE].toreadonly()
