"""Rows of the event file as frozen, keyword-only msgspec Structs (docs/event-database.md)."""

from __future__ import annotations

import msgspec

from tournament.results import ByeKind, Result


class Row(msgspec.Struct, frozen=True, kw_only=True):
    """Base of every row type."""


class Info(Row, frozen=True, kw_only=True):
    version: str
    name: str = "?"
    start: float
    stop: float
    public: bool | None = None
    path: str | None = None
    background_image: str | None = None
    background_color: str | None = None
    update_password: str | None = None  # argon2 hash, never the clear text
    arbiter_password: str | None = None  # argon2 hash of the event's arbiter password (2.6.0)
    record_illegal_moves: int | None = None
    allow_results_deletion_on_input_screens: bool | None = None
    timer_colors: str | None = None
    timer_delays: str | None = None
    language: str | None = None  # the event's default language, "en" or "fr" (2.7.0)
    publish_remote: str | None = None  # rclone remote "name:path" of the public site (2.8.0, app/publication)
    public_address: str | None = None  # the published site's address as spectators type it (2.14.0)
    last_update: float = 0.0


class Tournament(Row, frozen=True, kw_only=True):
    id: int
    uniq_id: str
    name: str
    path: str | None = None
    filename: str | None = None
    ffe_id: int | None = None
    ffe_password: str | None = None
    time_control_initial_time: int | None = None
    time_control_increment: int | None = None
    time_control_handicap_penalty_step: int | None = None
    time_control_handicap_penalty_value: int | None = None
    time_control_handicap_min_time: int | None = None
    chessevent_id: int | None = None
    chessevent_tournament_name: str | None = None
    record_illegal_moves: int | None = None
    last_update: float = 0.0
    last_illegal_move_update: float = 0.0
    last_result_update: float = 0.0
    last_check_in_update: float = 0.0
    last_ffe_upload: float = 0.0
    last_chessevent_download_md5: str | None = None
    rounds: int | None = None
    tournament_type: str | None = None
    pairing_system: str | None = None
    rating_kind: str | None = None
    rating_limit_1: int | None = None
    rating_limit_2: int | None = None
    initial_colour: str | None = None
    tie_breaks: str | None = None
    tie_break_edition: str | None = None


class Player(Row, frozen=True, kw_only=True):
    id: int
    tournament_id: int
    pairing_number: int
    papi_ref: int | None = None
    last_name: str
    first_name: str = ""
    sex: str | None = None
    title: str | None = None
    fide_rating: int | None = None
    national_rating: int | None = None
    rating_type: str | None = None
    federation: str | None = None
    fide_id: int | None = None
    national_id: str | None = None
    birth_date: str | None = None
    category: str | None = None
    club: str | None = None
    league: str | None = None
    fixed_board: int | None = None
    checked_in: bool = False
    display_name: str | None = None
    email: str | None = None
    phone: str | None = None
    standard_rating: int | None = None  # the FIDE ratings of the three lists (fide_rating: the tournament's kind)
    rapid_rating: int | None = None
    blitz_rating: int | None = None
    last_update: float = 0.0

    @property
    def rating(self) -> int:
        """The tournament rating (0 = unrated)."""
        if self.rating_type in ("N", "E"):
            return self.national_rating or 0
        return self.fide_rating or self.national_rating or 0

    @property
    def shown_name(self) -> str:
        if self.display_name:
            return self.display_name
        return f"{self.last_name.upper()} {self.first_name}".strip()


class Pairing(Row, frozen=True, kw_only=True):
    id: int = 0
    tournament_id: int
    round: int
    white_player_id: int
    black_player_id: int | None = None  # None: a bye
    board: int | None = None  # number printed in the hall
    board_order: int | None = None  # position in the published list
    bye_kind: ByeKind | None = None
    result: Result | None = None
    result_date: float | None = None
    last_update: float = 0.0

    @property
    def is_game(self) -> bool:
        return self.black_player_id is not None


class ResultLog(Row, frozen=True, kw_only=True):
    """A row of the `result` log: results entered through screens."""

    id: int
    tournament_id: int
    round: int
    board_id: int
    white_player_id: int
    black_player_id: int
    date: float
    value: Result


class Screen(Row, frozen=True, kw_only=True):
    id: int
    uniq_id: str
    type: str
    public: bool | None = None
    name: str | None = None
    columns: int | None = None
    menu_link: bool | None = None
    menu_text: str | None = None
    menu: str | None = None
    timer_id: int | None = None
    players_show_unpaired: bool | None = None
    results_limit: int | None = None
    results_tournament_ids: str | None = None
    background_image: str | None = None
    background_color: str | None = None
    readable_m: int | None = None  # text readable from this far (metres; None = 5): tournament/hall/legibility.py
    message: str | None = None  # a line scrolling across the screen (None or '' = none)
    last_update: float = 0.0


class ScreenSet(Row, frozen=True, kw_only=True):
    id: int
    screen_id: int
    tournament_id: int
    name: str | None = None
    order: int
    first: int | None = None
    last: int | None = None
    fixed_boards_str: str | None = None
    last_update: float = 0.0


class Family(Row, frozen=True, kw_only=True):
    id: int
    uniq_id: str
    type: str
    public: bool | None = None
    name: str | None = None
    players_show_unpaired: bool | None = None
    columns: int | None = None
    menu_link: bool = True
    menu_text: str = ""
    menu: str = ""
    timer_id: int | None = None
    tournament_id: int
    range: str | None = None
    first: int | None = None
    last: int | None = None
    parts: int | None = None
    number: int | None = None
    readable_m: int | None = None  # as Screen's, for every generated screen
    message: str | None = None
    last_update: float = 0.0


class Rotator(Row, frozen=True, kw_only=True):
    id: int
    uniq_id: str
    public: bool | None = None
    screen_ids: str | None = None
    family_ids: str | None = None
    delay: int | None = None
    show_menus: bool | None = None


class Timer(Row, frozen=True, kw_only=True):
    id: int
    uniq_id: str
    colors: str | None = None
    delays: str | None = None


class TimerHour(Row, frozen=True, kw_only=True):
    id: int
    uniq_id: str
    timer_id: int
    order: int
    date_str: str | None = None
    time_str: str | None = None
    text_before: str | None = None
    text_after: str | None = None


class SkippedRound(Row, frozen=True, kw_only=True):
    id: int
    tournament_id: int
    round: int
    papi_player_id: int
    score: float


class IllegalMove(Row, frozen=True, kw_only=True):
    id: int
    tournament_id: int
    round: int
    player_id: int
    date: float


class ChessEvent(Row, frozen=True, kw_only=True):
    id: int
    uniq_id: str
    user_id: str
    password: str
    event_id: str
