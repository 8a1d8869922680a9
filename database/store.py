"""One EventStore per event file: the one API of the store, by area.

`EventStore` is the event file (database/event_file.py: opened or created, its cached reads, the result,
dispute, check-in and illegal-move writes, the journal's undo) with one attribute per area, each a small
object whose methods are the area's typed operations:

- `store.admin`: screens and their sets, families, rotators, timers and their hours, tournaments, the
  event's settings (database/admin.py);
- `store.roster`: a player added, edited, deleted, withdrawn (database/roster.py);
- `store.teams`: team tournaments, their teams, matches, line-ups and board results (database/team_area.py,
  over teams.py, team_admin.py and team_matches.py);
- `store.rounds`: an individual round published or taken back, byes requested (database/rounds.py);
- `store.imports`: TRF, Papi and ChessEvent imports, the TRF export (database/imports.py, trf_source.py);
- `store.papi`: tournaments linked to their Papi file (database/papi_link.py).

Code outside database/ uses only this: an `EventStore`, its areas, the row and struct types and the errors
(tests/database/test_store_api.py). Every write is one `BEGIN IMMEDIATE` transaction (a `Tx`: no code of
app/, web/ or cli/ opens one); which reads are cached is said in database/cache.py.
"""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from database.admin import Admin
from database.base import StoreCore, convert
from database.connection import storage_error
from database.event_file import Area, EventFile
from database.events import GameKey
from database.imports import Imports
from database.papi_link import Papi
from database.roster import Roster
from database.rounds import Rounds
from database.team_area import Teams
from database.tx import Tx, columns_of

__all__ = ["Area", "EventStore", "GameKey", "StoreCore", "Tx", "columns_of", "convert", "storage_error"]


class EventStore(EventFile):
    """All reads and writes of one event file, by area. Every write is one `BEGIN IMMEDIATE` transaction."""

    def __init__(self, path: Path, writer: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
        super().__init__(path, writer, reader)
        self.admin = Admin(self)
        self.roster = Roster(self)
        self.teams = Teams(self)
        self.rounds = Rounds(self)
        self.imports = Imports(self)
        self.papi = Papi(self)
