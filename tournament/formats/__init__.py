"""File formats: TRF, Papi, ChessEvent (pure: bytes and text in, rows out)."""
