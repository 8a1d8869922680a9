"""The command line, `echiquier` (cli/main.py). VERSION is the package's version (pyproject.toml reads it here)."""

VERSION = "0.1.0"
