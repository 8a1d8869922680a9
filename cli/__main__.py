"""`python -m cli`: the command line, as `echiquier` runs it (and the entry of the one-file build, echiquier.spec)."""

import multiprocessing
import sys

from cli.main import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the one-file build: `serve --workers N` starts its workers from itself
    sys.exit(main())
