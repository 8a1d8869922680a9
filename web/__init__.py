"""The Litestar application: thin controllers, live updates, auth, static files."""
