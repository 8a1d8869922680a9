"""Tests of the command line (cli/), the launcher's edges, the installed wheel and the one-file build."""
