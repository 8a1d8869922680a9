-- Version 2.6.0: the journal of every change, remembered submissions, the arbiter password.
-- The triggers that fill journal_change are generated from the live schema (database/journal.py).
ALTER TABLE info ADD COLUMN arbiter_password TEXT;

CREATE TABLE journal (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    date FLOAT NOT NULL,
    role TEXT NOT NULL,
    client TEXT,
    what TEXT NOT NULL DEFAULT 'change',
    target TEXT,
    old TEXT,
    new TEXT,
    tournament_id INTEGER,
    round INTEGER,
    board INTEGER,
    player_ids TEXT,
    undoes INTEGER,
    undone_by INTEGER
);
CREATE INDEX journal_filter ON journal(tournament_id, round, board);

CREATE TABLE journal_change (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    entry_id INTEGER NOT NULL,
    tbl TEXT NOT NULL,
    row_id INTEGER NOT NULL,
    old TEXT,
    new TEXT
);
CREATE INDEX journal_change_entry ON journal_change(entry_id);

CREATE TABLE submission (
    key TEXT NOT NULL PRIMARY KEY,
    fingerprint TEXT NOT NULL,
    date FLOAT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL
);
