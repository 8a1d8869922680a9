"""A command whose work is one coroutine returning the text to print (cli/pair.py, cli/publish.py)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Coroutine
from typing import Any

from tournament.errors import EchiquierError


def run_printed(work: Coroutine[Any, Any, str]) -> int:
    """Run a command's coroutine and print what it returns; errors are one clear message (exit 1), Ctrl-C exits 0."""
    try:
        print(asyncio.run(work))
    except (EchiquierError, OSError) as exc:
        print(f"echiquier: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    return 0
