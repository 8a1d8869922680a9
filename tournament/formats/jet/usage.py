"""Changing usage maps (which pages belong to a table or an index, which are free) and allocating pages; reading
them is rows.usage_map_pages."""

from __future__ import annotations

import struct

from .header import PAGE_SIZE, JetError
from .rows import row_slots

GLOBAL_USAGE_MAP = (1, 0)
"""Page 1, row 0: the file's map of free pages (a set bit is a free page)."""


def set_usage_bit(data: bytearray, pointer: tuple[int, int], page_number: int, on: bool, label: str) -> None:
    """Set or clear a page's bit in an inline (type 0) usage map; JetError outside its range."""
    slot = row_slots(data, pointer[0])[pointer[1]]
    base = pointer[0] * PAGE_SIZE + slot.start
    if data[base] != 0:
        raise JetError(f"{label}: usage map at page {pointer[0]} is not inline: not supported")
    start = int(struct.unpack_from("<I", data, base + 1)[0])
    bit = page_number - start
    if not 0 <= bit < (slot.end - slot.start - 5) * 8:
        raise JetError(f"{label}: page {page_number} is outside the usage map at page {pointer[0]}")
    at = base + 5 + bit // 8
    if on:
        data[at] |= 1 << (bit % 8)
    else:
        data[at] &= ~(1 << (bit % 8)) & 0xFF


def allocate_page(data: bytearray, label: str) -> int:
    """Append a zeroed page to the file and mark it used in the global map; its number."""
    number = len(data) // PAGE_SIZE
    data.extend(bytes(PAGE_SIZE))
    set_usage_bit(data, GLOBAL_USAGE_MAP, number, False, label)
    return number
