-- Version 2.10.0: what a tournament was imported from (docs/event-database.md, "trf_source"): the TRF text as
-- read, so that an export from the event file writes back the records the other tables have no column for
-- (merged with the live players and pairings), and the reader's warnings, kept for the arbiter. One row per
-- tournament imported from a TRF file, replaced by the next TRF import or re-sync of that tournament.
CREATE TABLE trf_source (
    tournament_id INTEGER NOT NULL PRIMARY KEY REFERENCES tournament(id) ON DELETE CASCADE,
    filename TEXT NOT NULL DEFAULT '',
    text TEXT NOT NULL,
    warnings TEXT NOT NULL DEFAULT '[]',
    team_file INTEGER NOT NULL DEFAULT 0 CHECK (team_file IN (0, 1)),
    imported FLOAT NOT NULL
);
