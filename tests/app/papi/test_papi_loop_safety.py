"""Never lose the arbiter's Papi file (docs/papi-loop.md, "Safety"): a file changed behind Echiquier's back is
re-synced first, a conflict is not overwritten, a full or read-only disk and an unverifiable copy leave the file
as it was, a write killed at any point leaves the old or the new file (both readable by mdbtools), backups."""

from __future__ import annotations

import errno
import hashlib
import multiprocessing
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from app.pairing.draft import make_draft, publish
from app.papi import safe_write
from app.papi import write_back as write_module
from app.papi.safe_write import PapiBusy, PapiWriteError, read_file, write_safely
from app.papi.verify import Unverified, verify_write
from app.papi.write_back import write_back
from database.store import EventStore
from tests.support.files import fixture_path
from tests.support.papi import PAIRED, SMALL, cells, enter, games_by_ref, linked, mdb_export, open_game, reimported
from tournament.formats.jet import JetDatabase
from tournament.formats.papi import read_papi
from tournament.results import Result


def papi_saves(path: Path, changes: dict[int, dict[str, object]]) -> None:
    """What Papi does when the arbiter types in it and saves: cells changed, the file rewritten."""
    db = JetDatabase.from_bytes(path.read_bytes())
    db.set_cells("JOUEUR", "Ref", changes)
    path.write_bytes(db.to_bytes())


async def test_a_file_changed_behind_echiquiers_back_is_resynced_first(store: EventStore, tmp_path: Path) -> None:
    tid, path = await linked(store, tmp_path)
    games = [g for g in await store.pairings(tid) if g.round == 4 and g.black_player_id]
    ref = {p.id: p.papi_ref or 0 for p in await store.players(tid)}
    in_papi, in_echiquier = games[0], games[1]
    papi_saves(path, {ref[in_papi.white_player_id]: {"Rd04Res": 1}, ref[in_papi.black_player_id or 0]: {"Rd04Res": 3}})
    await enter(store, tid, 4, in_echiquier.white_player_id, in_echiquier.black_player_id or 0, Result.DRAW)
    assert (await write_back(store, tid)).written
    after = cells(path)
    assert after[ref[in_papi.white_player_id]]["Rd04Res"] == 1  # Papi's result was read, not overwritten
    assert after[ref[in_echiquier.white_player_id]]["Rd04Res"] == 2
    stored = {(g.white_player_id, g.round): g.result for g in await store.pairings(tid)}
    assert stored[(in_papi.white_player_id, 4)] == Result.BLACK_WIN  # and it is in the event file now


async def test_a_result_papi_disagrees_on_is_held_until_the_arbiter_writes_now(store: EventStore,
                                                                               tmp_path: Path) -> None:
    tid, path = await linked(store, tmp_path)
    g = next(g for g in await store.pairings(tid) if g.round == 4 and g.black_player_id)
    ref = {p.id: p.papi_ref or 0 for p in await store.players(tid)}
    white, black = ref[g.white_player_id], ref[g.black_player_id or 0]
    await enter(store, tid, 4, g.white_player_id, g.black_player_id or 0, Result.WHITE_WIN)
    papi_saves(path, {white: {"Rd04Res": 1}, black: {"Rd04Res": 3}})  # meanwhile, typed in Papi the other way
    await write_back(store, tid)
    assert cells(path)[white]["Rd04Res"] == 1  # Papi's result stays: a conflict for the arbiter
    link = await store.papi.link_of(tid)
    assert link is not None and [tuple(h) for h in link.held] == [(4, white, black, 1, 3)]
    assert (await write_back(store, tid, force=True)).written
    assert cells(path)[white]["Rd04Res"] == 3 and cells(path)[black]["Rd04Res"] == 1


@pytest.mark.parametrize("failure", [errno.ENOSPC, errno.EROFS])
async def test_a_full_or_read_only_disk_changes_nothing(store: EventStore, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch, failure: int) -> None:
    tid, path = await linked(store, tmp_path)
    rnd, white, black = await open_game(store, tid)
    await enter(store, tid, rnd, white, black, Result.DRAW)
    original = path.read_bytes()

    def refuse(fd: int) -> None:
        raise OSError(failure, os.strerror(failure))

    monkeypatch.setattr(safe_write.os, "fsync", refuse)
    with pytest.raises(PapiWriteError, match=r"could not be written .* the file was not changed"):
        await write_back(store, tid)
    assert path.read_bytes() == original
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]  # no copy, no backup left behind
    link = await store.papi.link_of(tid)
    assert link is not None and link.last_write is None
    monkeypatch.undo()
    assert (await write_back(store, tid)).written  # once the disk has room again


async def test_a_copy_that_does_not_verify_leaves_the_file_untouched(store: EventStore, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    tid, path = await linked(store, tmp_path)
    rnd, white, black = await open_game(store, tid)
    await enter(store, tid, rnd, white, black, Result.DRAW)
    original = path.read_bytes()

    def wrong(data: bytes, todo: write_module.Plan, info: dict[str, dict[str, object]]) -> bytes:
        """A writer bug: White wins written on both rows (the plan, and so the verification, say a draw)."""
        db = JetDatabase.from_bytes(data)
        db.set_cells("JOUEUR", "Ref", {ref: {c: 3 if c.endswith("Res") else v for c, v in cells_.items()}
                                       for ref, cells_ in todo.joueur.items()})
        return db.to_bytes()

    monkeypatch.setattr(write_module, "_apply", wrong)
    with pytest.raises(PapiWriteError, match="does not read back as intended"):
        await write_back(store, tid)
    assert path.read_bytes() == original and not list(path.parent.glob("*.bak"))


async def test_only_the_last_twenty_backups_are_kept(store: EventStore, tmp_path: Path) -> None:
    tid, path = await linked(store, tmp_path)
    player = (await store.players(tid))[0]
    for n in range(23):
        async with store.transaction(("checkin", tid)) as tx:
            await tx.execute("UPDATE player SET checked_in = ? WHERE id = ?", (n % 2 == 0, player.id))
        assert (await write_back(store, tid)).written
    backups = sorted(path.parent.glob("tournoi.papi.*.bak"))
    assert len(backups) == safe_write.KEEP_BACKUPS
    assert all(b.stat().st_size == path.stat().st_size for b in backups)


async def test_a_round_paired_in_echiquier_is_written_for_papi(store: EventStore, tmp_path: Path) -> None:
    tid, path = await linked(store, tmp_path, SMALL)
    for g in await store.pairings(tid):
        if g.black_player_id and g.result is None:
            await enter(store, tid, g.round, g.white_player_id, g.black_player_id, Result.DRAW)
    await write_back(store, tid)  # results of the earlier rounds, if any were missing
    next_round = max(g.round for g in await store.pairings(tid)) + 1
    await publish(store, await make_draft(store, tid, next_round, confirm=True))
    outcome = await write_back(store, tid)
    assert outcome.written and f"pairings of round {next_round}" in outcome.summary
    ref = {p.id: p.papi_ref for p in await store.players(tid)}
    ours = sorted((ref[g.white_player_id], ref[g.black_player_id] if g.black_player_id else None)
                  for g in await store.pairings(tid, next_round))
    papi = read_papi(path.read_bytes())  # access-parser, independent of the writer
    rd = next_round - 1
    theirs = sorted([(p.ref, p.rounds[rd][1]) for p in papi.players if p.rounds[rd][0] == "B"])
    assert [t for t in theirs if t[1] != 1] == [o for o in ours if o[1] is not None]
    lines = mdb_export(path)
    assert len(lines) == len(papi.players) + 2  # header, EXEMPT and every player: mdbtools reads it whole
    assert await reimported(tmp_path, path.read_bytes()) == await games_by_ref(store, tid)


# -- a write killed at a random point -----------------------------------------------------------------------

RUNS = 200


def _versions(tmp_path: Path) -> tuple[Path, bytes, bytes]:
    path = tmp_path / "kill" / "tournoi.papi"
    path.parent.mkdir()
    a = fixture_path(PAIRED).read_bytes()
    db = JetDatabase.from_bytes(a)
    db.set_cells("JOUEUR", "Ref", {2: {"Pointe": True}})
    return path, a, db.to_bytes()


def _write_once(path: Path, a: bytes, b: bytes) -> None:
    """One write of the loop's write path (app/papi/safe_write.py): A becomes B, B becomes A. The copy's check
    here is a comparison of bytes: the verifier reads nothing of the arbiter's file and writes nothing, so a kill
    inside it is a kill before the replace, and its reading is tested above."""
    data, stamp = read_file(path)
    new = b if data == a else a

    def same(copy: bytes) -> None:
        if copy != new:
            raise AssertionError("the copy differs")

    write_safely(path, new, stamp, same)


class _Calls:
    """Counts the function calls (Python and C: each write, fsync, rename) of the code it profiles; kills the
    process at call number `kill_at`: a random point of the write, the same on any machine."""

    def __init__(self, kill_at: int | None = None) -> None:
        self.count, self.kill_at = 0, kill_at

    def __call__(self, frame: object, event: str, arg: object) -> None:
        if event in ("call", "c_call"):
            self.count += 1
            if self.count == self.kill_at:
                os.kill(os.getpid(), signal.SIGKILL)


def _writer(path_text: str, a: bytes, b: bytes, kill_at: int) -> None:
    """The child: two writes in a row, killed at call number `kill_at`."""
    sys.setprofile(_Calls(kill_at))
    for _write in range(2):
        _write_once(Path(path_text), a, b)
    sys.setprofile(None)


def _mdb_reads(path: Path) -> bool:
    done = subprocess.run(["mdb-tables", "-1", str(path)], capture_output=True, text=True)
    return done.returncode == 0 and "JOUEUR" in done.stdout.split()


def test_a_write_killed_at_any_point_leaves_the_old_or_the_new_file(tmp_path: Path) -> None:
    path, a, b = _versions(tmp_path)
    path.write_bytes(a)
    _write_once(path, a, b)  # first-time work (compiled patterns…) out of the count
    calls = _Calls()
    sys.setprofile(calls)  # a dry run: how many calls a write makes
    _write_once(path, a, b)
    sys.setprofile(None)
    path.write_bytes(a)
    digests = {hashlib.sha256(a).hexdigest(), hashlib.sha256(b).hexdigest()}
    context = multiprocessing.get_context("fork")
    rng = random.Random(23)
    seen = set()
    for _run in range(RUNS):
        child = context.Process(target=_writer, args=(str(path), a, b, rng.randrange(1, 2 * calls.count)))
        child.start()
        child.join(60)
        assert child.exitcode == -signal.SIGKILL, "the write was not killed"
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        assert digest in digests, "a torn Papi file"
        if digest not in seen:  # the same bytes read the same: mdbtools reads each version left once
            assert _mdb_reads(path), "mdbtools cannot read the file left"
        seen.add(digest)
    assert seen == digests  # the kills fell both before and after a replace
    _write_once(path, a, b)  # a write killed after keeping its backup left one more: the next one prunes
    assert len(list(path.parent.glob("tournoi.papi.*.bak"))) == safe_write.KEEP_BACKUPS


# -- the read-back that decides whether a copy may replace the file (app/papi/verify.py) --------------------

def test_the_read_back_passes_the_intended_change_and_nothing_else() -> None:
    data = fixture_path(PAIRED).read_bytes()
    db = JetDatabase.from_bytes(data)
    db.set_cells("JOUEUR", "Ref", {2: {"Rd04Res": 3}, 3: {"Rd04Res": 1}})
    new = db.to_bytes()
    verify_write(data, new, {"JOUEUR": ("Ref", {2: {"Rd04Res": 3}, 3: {"Rd04Res": 1}})})
    with pytest.raises(Unverified, match="Rd04Res"):  # one cell more than written
        verify_write(data, new, {"JOUEUR": ("Ref", {2: {"Rd04Res": 3}, 3: {"Rd04Res": 1}, 4: {"Rd04Res": 2}})})
    with pytest.raises(Unverified, match="Ref 3"):  # one cell less
        verify_write(data, new, {"JOUEUR": ("Ref", {2: {"Rd04Res": 3}})})
    with pytest.raises(Unverified):
        verify_write(data, data, {"JOUEUR": ("Ref", {2: {"Rd04Res": 3}})})  # nothing written


def test_a_row_that_grew_and_moved_is_read_back_on_the_whole_file() -> None:
    data = fixture_path(PAIRED).read_bytes()
    db = JetDatabase.from_bytes(data)
    long = {5: {"Commentaire": "arrivé en retard, ronde 1 " * 8}}
    db.set_cells("JOUEUR", "Ref", long)
    new = db.to_bytes()
    verify_write(data, new, {"JOUEUR": ("Ref", long)})
    with pytest.raises(Unverified, match="Commentaire"):
        verify_write(data, new, {"JOUEUR": ("Ref", {5: {"Commentaire": "autre chose"}})})


def test_papi_opening_the_file_during_a_write_stops_it_and_leaves_no_backup(tmp_path: Path) -> None:
    path = tmp_path / "tournoi.papi"
    path.write_bytes(fixture_path(PAIRED).read_bytes())
    data, stamp = read_file(path)
    db = JetDatabase.from_bytes(data)
    db.set_cells("JOUEUR", "Ref", {2: {"Pointe": True}})

    def papi_opens_it(copy: bytes) -> None:  # while the copy is checked, the arbiter opens the file in Papi
        path.with_suffix(".ldb").write_bytes(b"")

    with pytest.raises(PapiBusy):
        write_safely(path, db.to_bytes(), stamp, papi_opens_it)
    assert path.read_bytes() == data
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tournoi.ldb", "tournoi.papi"]
