"""`python -m cli`: the command line, as `echiquier` runs it."""

import sys

from cli.main import main

sys.exit(main())
