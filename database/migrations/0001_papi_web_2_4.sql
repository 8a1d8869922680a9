-- Version 2.4.0: the Papi-web 2.4 event schema (docs/event-database.md, Part A, errata fixed).
CREATE TABLE info (
    version TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '?',
    start FLOAT NOT NULL,
    stop FLOAT NOT NULL,
    public INTEGER,
    path TEXT,
    background_image TEXT,
    background_color TEXT,
    update_password TEXT,
    record_illegal_moves INTEGER,
    allow_results_deletion_on_input_screens INTEGER,
    timer_colors TEXT,
    timer_delays TEXT,
    last_update FLOAT NOT NULL
);
CREATE TABLE chessevent (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    uniq_id TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL,
    password TEXT NOT NULL,
    event_id TEXT NOT NULL
);
CREATE TABLE timer (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    uniq_id TEXT NOT NULL UNIQUE,
    colors TEXT,
    delays TEXT
);
CREATE TABLE timer_hour (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    uniq_id TEXT NOT NULL,
    timer_id INTEGER NOT NULL REFERENCES timer(id) ON DELETE CASCADE,
    "order" INTEGER NOT NULL,
    date_str TEXT,
    time_str TEXT,
    text_before TEXT,
    text_after TEXT,
    UNIQUE(timer_id, uniq_id)
);
CREATE TABLE tournament (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    uniq_id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    path TEXT,
    filename TEXT,
    ffe_id INTEGER,
    ffe_password TEXT,
    time_control_initial_time INTEGER,
    time_control_increment INTEGER,
    time_control_handicap_penalty_step INTEGER,
    time_control_handicap_penalty_value INTEGER,
    time_control_handicap_min_time INTEGER,
    chessevent_id INTEGER REFERENCES chessevent(id),
    chessevent_tournament_name TEXT,
    record_illegal_moves INTEGER,
    last_update FLOAT NOT NULL,
    last_illegal_move_update FLOAT NOT NULL DEFAULT 0.0,
    last_result_update FLOAT NOT NULL DEFAULT 0.0,
    last_check_in_update FLOAT NOT NULL DEFAULT 0.0,
    last_ffe_upload FLOAT NOT NULL DEFAULT 0.0,
    last_chessevent_download_md5 TEXT
);
CREATE TABLE illegal_move (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournament(id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    date FLOAT NOT NULL
);
CREATE TABLE result (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournament(id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    board_id INTEGER NOT NULL,
    white_player_id INTEGER NOT NULL,
    black_player_id INTEGER NOT NULL,
    date FLOAT NOT NULL,
    value INTEGER NOT NULL
);
CREATE TABLE screen (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    uniq_id TEXT NOT NULL UNIQUE,
    type TEXT NOT NULL,
    public INTEGER,
    name TEXT,
    columns INTEGER,
    menu_link INTEGER,
    menu_text TEXT,
    menu TEXT,
    timer_id INTEGER REFERENCES timer(id),
    players_show_unpaired INTEGER,
    results_limit INTEGER,
    results_tournament_ids TEXT,
    background_image TEXT,
    background_color TEXT,
    last_update FLOAT NOT NULL
);
CREATE TABLE screen_set (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    screen_id INTEGER NOT NULL REFERENCES screen(id) ON DELETE CASCADE,
    tournament_id INTEGER NOT NULL REFERENCES tournament(id) ON DELETE CASCADE,
    name TEXT,
    "order" INTEGER NOT NULL,
    first INTEGER,
    last INTEGER,
    fixed_boards_str TEXT,
    last_update FLOAT NOT NULL
);
CREATE TABLE family (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    uniq_id TEXT NOT NULL UNIQUE,
    type TEXT NOT NULL,
    public INTEGER,
    name TEXT,
    players_show_unpaired INTEGER,
    columns INTEGER,
    menu_link INTEGER NOT NULL,
    menu_text TEXT NOT NULL,
    menu TEXT NOT NULL,
    timer_id INTEGER REFERENCES timer(id),
    tournament_id INTEGER NOT NULL REFERENCES tournament(id) ON DELETE CASCADE,
    range TEXT,
    first INTEGER,
    last INTEGER,
    parts INTEGER,
    number INTEGER,
    last_update FLOAT NOT NULL
);
CREATE TABLE rotator (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    uniq_id TEXT NOT NULL UNIQUE,
    public INTEGER,
    screen_ids TEXT,
    family_ids TEXT,
    delay INTEGER,
    show_menus INTEGER
);
CREATE TABLE skipped_round (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournament(id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    papi_player_id INTEGER NOT NULL,
    score FLOAT NOT NULL
);
