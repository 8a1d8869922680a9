"""Warnings for the arbiter, produced by the pure domain and translated by the web layer."""

from __future__ import annotations

import msgspec


class Notice(msgspec.Struct, frozen=True):
    """An English template (the translation key) and its `%s` arguments."""

    text: str
    args: tuple[object, ...] = ()
