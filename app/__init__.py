"""Use cases between the web or the command line and the store: results, pairing, imports and uploads,
publication, the demo; the view models the pages and the public site render; the live push's hub, channels and
fragments (`live/`); the logins' sessions and throttle (no HTTP here)."""
