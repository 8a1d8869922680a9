"""`echiquier serve` with an explicit HTTP stack, for benchmarks comparing them.

    python bench/_serve.py EVENTS_DIR PORT --loop asyncio|uvloop --http h11|httptools

The application and the collector settings are those of `cli/main.py serve`; only uvicorn's event
loop and HTTP parser are chosen instead of "auto" (uvloop and httptools when installed).
"""

from __future__ import annotations

import argparse
import gc
from pathlib import Path

import uvicorn

from app.settings import Settings
from web.app import create_app


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("events")
    parser.add_argument("port", type=int)
    parser.add_argument("--loop", default="auto")
    parser.add_argument("--http", default="auto")
    args = parser.parse_args()
    app = create_app(Settings(events_dir=Path(args.events).resolve()))
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 50, 50)
    uvicorn.run(app, host="127.0.0.1", port=args.port, log_level="warning", loop=args.loop, http=args.http)


if __name__ == "__main__":
    main()
