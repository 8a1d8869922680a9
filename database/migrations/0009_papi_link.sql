-- Version 2.12.0: a tournament linked to the Papi file it is paired in (docs/event-database.md, "papi_link";
-- docs/papi-loop.md). Echiquier watches the file, re-syncs the tournament when Papi saves it, and writes results,
-- check-in and pairings back. `size`, `mtime_ns` and `sha256` describe the file as Echiquier last read or wrote
-- it: a write is made only while the file is still that one; `pointe` the Refs checked in (`Pointe`) in it, to
-- tell a check-in changed in Papi from one changed in Echiquier. `held` lists the results Papi and the event file
-- disagree on at the last read (JSON), which the automatic write leaves alone.
CREATE TABLE papi_link (
    tournament_id INTEGER NOT NULL PRIMARY KEY REFERENCES tournament(id) ON DELETE CASCADE,
    path TEXT NOT NULL,
    size INTEGER,
    mtime_ns INTEGER,
    sha256 TEXT,
    last_read FLOAT,
    last_write FLOAT,
    held TEXT NOT NULL DEFAULT '[]',
    pointe TEXT,
    report TEXT NOT NULL DEFAULT ''
);
