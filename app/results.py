"""Entering a result: the use case behind the input screens (web/controllers/screens.py).

One door for the three ways a game's result changes, each one compare-and-set transaction in the store
(database/results.py): a result on a game that has none, an arbiter's correction of the result shown, a
deletion. After COMMIT the store tells its listeners (`ResultChanged`); the live hub (app/live/hub.py) pushes
the row to the screens.
"""

from __future__ import annotations

from database.errors import ResultConflict
from database.journal import Submission
from database.store import EventStore, GameKey
from tournament.results import Result


async def enter_result(store: EventStore, game: GameKey, new: Result | None, *, shown: Result | None, board: int,
                       submission: Submission | None = None) -> None:
    """Make `game`'s result `new` (None deletes it), provided it still is `shown` (None: no result yet).

    `board` is the number the client showed (messages and the result log); `submission` the answer kept
    for the client's key, in the same transaction. A game whose result is no longer `shown`, or that is
    gone, raises ResultConflict and nothing changes; a result refused because the game has another one is
    journalled as disputed (database/disputes.py) for the arbiter's desk."""
    if new is None:
        await store.delete_result(game, expected=shown, shown_board=board, submission=submission)
    elif shown is None:
        try:
            await store.record_result(game, new, board, submission=submission)
        except ResultConflict:
            await store.refuse_result(game, new, board)  # another result is there: journalled, flagged on the desk
            raise
    else:
        await store.correct_result(game, shown, new, board, submission=submission)
