"""The command line: `echiquier serve | import-trf | pair | publish | ...` (imports the web stack only to serve)."""
