-- Version 2.9.0: team competitions (docs: issue 14). A tournament with a team_settings row is a team
-- tournament; its individual games stay in `pairing`, each linked to its match board by team_board.
CREATE TABLE team_settings (
    tournament_id INTEGER NOT NULL PRIMARY KEY REFERENCES tournament(id) ON DELETE CASCADE,
    team_size INTEGER NOT NULL CHECK (team_size BETWEEN 1 AND 20),
    scoring TEXT NOT NULL DEFAULT 'fide',          -- JSON of tournament.teams.TeamScoring, or a preset name
    keep_order INTEGER NOT NULL DEFAULT 1,          -- line-ups follow the declared board order
    allow_empty_boards INTEGER NOT NULL DEFAULT 1,
    last_update FLOAT NOT NULL
);

CREATE TABLE team (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournament(id) ON DELETE CASCADE,
    number INTEGER NOT NULL CHECK (number >= 1),
    name TEXT NOT NULL,
    short_name TEXT NOT NULL DEFAULT '',
    club TEXT NOT NULL DEFAULT '',
    federation TEXT NOT NULL DEFAULT '',
    last_update FLOAT NOT NULL,
    UNIQUE(tournament_id, number),
    UNIQUE(tournament_id, name)
);

CREATE TABLE team_member (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    team_id INTEGER NOT NULL REFERENCES team(id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES player(id) ON DELETE CASCADE,
    board_order INTEGER NOT NULL CHECK (board_order >= 1),
    UNIQUE(team_id, board_order),
    UNIQUE(player_id)
);

CREATE TABLE team_match (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournament(id) ON DELETE CASCADE,
    round INTEGER NOT NULL CHECK (round >= 1),
    table_number INTEGER NOT NULL CHECK (table_number >= 1),
    team_a_id INTEGER NOT NULL REFERENCES team(id) ON DELETE CASCADE,
    team_b_id INTEGER REFERENCES team(id) ON DELETE CASCADE,  -- NULL: team A has the PAB
    a_white_first INTEGER NOT NULL DEFAULT 1,
    forfeit TEXT CHECK (forfeit IN ('A', 'B', 'AB')),
    last_update FLOAT NOT NULL,
    UNIQUE(tournament_id, round, table_number),
    CHECK (team_b_id IS NULL OR team_b_id <> team_a_id)
);
CREATE INDEX team_match_round ON team_match(tournament_id, round);

-- One board of a match: the players fielded (NULL = nobody: board forfeit) and, when both are there, the
-- individual game in `pairing` (its result is the board's); a board forfeit keeps its result here.
CREATE TABLE team_board (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    match_id INTEGER NOT NULL REFERENCES team_match(id) ON DELETE CASCADE,
    board INTEGER NOT NULL CHECK (board >= 1),
    a_player_id INTEGER REFERENCES player(id) ON DELETE SET NULL,
    b_player_id INTEGER REFERENCES player(id) ON DELETE SET NULL,
    pairing_id INTEGER REFERENCES pairing(id) ON DELETE SET NULL,
    result INTEGER CHECK (result BETWEEN 1 AND 6),
    last_update FLOAT NOT NULL,
    UNIQUE(match_id, board),
    UNIQUE(pairing_id),
    CHECK (pairing_id IS NULL OR result IS NULL)
);
