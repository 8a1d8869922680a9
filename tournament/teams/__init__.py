"""Team competitions, pure: scoring, standings, validation, pairing input, team TRF."""
