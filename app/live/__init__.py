"""The live push without HTTP: the hub that turns commits into SSE frames, the channels that fan them out, and the
fragments (board rows) that pages and frames share. web/live.py streams them; web/relay.py spreads them to workers."""
