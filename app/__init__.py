"""Use cases between the web or the command line and the store: results, pairing, imports, publication,
the demo; and the view models the pages and the public site render (no HTTP here)."""
