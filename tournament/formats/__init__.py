"""File formats: TRF, Papi, ChessEvent."""
