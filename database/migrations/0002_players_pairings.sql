-- Version 2.5.0: players and pairings in the event file (docs/event-database.md, Part B).
ALTER TABLE tournament ADD COLUMN rounds INTEGER CHECK (rounds BETWEEN 1 AND 99);
ALTER TABLE tournament ADD COLUMN tournament_type TEXT;
ALTER TABLE tournament ADD COLUMN pairing_system TEXT;
ALTER TABLE tournament ADD COLUMN rating_kind TEXT;
ALTER TABLE tournament ADD COLUMN rating_limit_1 INTEGER;
ALTER TABLE tournament ADD COLUMN rating_limit_2 INTEGER;
ALTER TABLE tournament ADD COLUMN initial_colour TEXT;
ALTER TABLE tournament ADD COLUMN tie_breaks TEXT;
ALTER TABLE tournament ADD COLUMN tie_break_edition TEXT;

CREATE TABLE player (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournament(id) ON DELETE CASCADE,
    pairing_number INTEGER NOT NULL,
    papi_ref INTEGER,
    last_name TEXT NOT NULL,
    first_name TEXT NOT NULL DEFAULT '',
    sex TEXT CHECK (sex IN ('M', 'F')),
    title TEXT CHECK (title IN ('GM', 'IM', 'WGM', 'FM', 'WIM', 'CM', 'WFM', 'WCM')),
    fide_rating INTEGER,
    national_rating INTEGER,
    rating_type TEXT CHECK (rating_type IN ('F', 'N', 'E')),
    federation TEXT,
    fide_id INTEGER,
    national_id TEXT,
    birth_date TEXT,
    category TEXT,
    club TEXT,
    league TEXT,
    fixed_board INTEGER,
    checked_in INTEGER NOT NULL DEFAULT 0,
    display_name TEXT,
    email TEXT,
    phone TEXT,
    last_update FLOAT NOT NULL,
    UNIQUE(tournament_id, pairing_number),
    UNIQUE(tournament_id, papi_ref)
);

CREATE TABLE pairing (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournament(id) ON DELETE CASCADE,
    round INTEGER NOT NULL CHECK (round >= 1),
    white_player_id INTEGER NOT NULL REFERENCES player(id) ON DELETE CASCADE,
    black_player_id INTEGER REFERENCES player(id) ON DELETE CASCADE,
    board INTEGER,
    board_order INTEGER,
    bye_kind TEXT CHECK (bye_kind IN ('U', 'F', 'H', 'Z')),
    result INTEGER CHECK (result BETWEEN 1 AND 6),
    result_date FLOAT,
    last_update FLOAT NOT NULL,
    UNIQUE(tournament_id, round, white_player_id),
    UNIQUE(tournament_id, round, black_player_id),
    UNIQUE(tournament_id, round, board),
    CHECK (black_player_id <> white_player_id),
    CHECK ((black_player_id IS NULL) = (bye_kind IS NOT NULL)),
    CHECK (bye_kind IS NULL OR result IS NULL)
);
CREATE INDEX pairing_round ON pairing(tournament_id, round, board_order);

-- A player may not appear twice in one round, once as White and once as Black.
CREATE TRIGGER pairing_player_once_insert BEFORE INSERT ON pairing
WHEN EXISTS (
    SELECT 1 FROM pairing
    WHERE tournament_id = NEW.tournament_id AND round = NEW.round
      AND (white_player_id = NEW.black_player_id OR black_player_id = NEW.white_player_id)
)
BEGIN
    SELECT RAISE(ABORT, 'a player appears twice in one round');
END;

CREATE UNIQUE INDEX result_one_per_game ON result(tournament_id, round, white_player_id, black_player_id);
CREATE INDEX result_newest ON result(date DESC);
CREATE UNIQUE INDEX skipped_round_once ON skipped_round(tournament_id, round, papi_player_id);
CREATE INDEX player_tournament ON player(tournament_id);
