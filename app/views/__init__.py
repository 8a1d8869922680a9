"""View models: what a tournament, a screen, a team match or the standings look like (no SQL, no HTML)."""
