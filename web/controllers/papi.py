"""The Papi loop at the arbiter's desk (docs/papi-loop.md): the linked file's state as a fragment the desk loads,
"write to Papi now", and, for the admin, linking a tournament to a file on the server machine or uploaded into
the event's folder, and a new Papi file made from the tournament (export). The work is app/papi/'s; the
background task (app/papi/watch.py) starts with the server."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import quote

import msgspec
from litestar import Controller, Litestar, get, post
from litestar.datastructures import UploadFile
from litestar.di import NamedDependency
from litestar.enums import RequestEncodingType
from litestar.params import Body, FromPath, URLEncodedBody
from litestar.response import Redirect, Response, Template

from app.papi.export import file_name, papi_bytes
from app.papi.link import link_file, parse
from app.papi.watch import READ_KEY, WRITTEN_KEY, PapiLoop, Status
from app.views.labels import report_text
from database.journal import acting_as
from database.registry import EventRegistry
from database.store import EventStore
from i18n import translator
from tournament.errors import Forbidden, Invalid, NotFound
from tournament.results import Result
from web.auth import Role, actor
from web.desk_access import Req, require_arbiter
from web.render import language, render
from web.state import app_state

LOOP = "papi_loop"
MAX_PAPI = 20 * 1024 * 1024
SAFE_NAME = re.compile(r"[^A-Za-z0-9._ -]")


def papi_lifespan(registry: EventRegistry) -> Callable[[Litestar], AbstractAsyncContextManager[None]]:
    """The loop of app/papi/watch.py for the server's lifespan (web/app.py): follows every store opened,
    keeps linked events open, runs until the server stops."""
    loop = PapiLoop(registry)
    registry.on_open(loop.attach)
    registry.keep_open(loop.keeps)

    @asynccontextmanager
    async def running(app: Litestar) -> AsyncIterator[None]:
        app.state[LOOP] = loop
        for store in registry.opened():
            loop.attach(store)
        task = asyncio.get_running_loop().create_task(loop.run(), name="papi loop")
        try:
            yield
        finally:
            task.cancel()
            loop.close()

    return running


def loop_of(request: Req) -> PapiLoop:
    loop = request.app.state.get(LOOP)
    if not isinstance(loop, PapiLoop):
        raise NotFound("The Papi loop is not running on this server.")
    return loop


class PathForm(msgspec.Struct, kw_only=True):
    path: str = ""


class PapiView(msgspec.Struct, frozen=True, kw_only=True):
    path: str
    name: str
    last_read: str
    last_write: str
    level: str
    message: str
    notes: list[str]  # what the last write left out, and why
    held: list[tuple[int, str, str, str, str]]  # round, White, Black (name and Ref), Papi's result, Echiquier's
    report: str


def _clock(stamp: float | None) -> str:
    return time.strftime("%d/%m %H:%M:%S", time.localtime(stamp)) if stamp else ""


#: A result conflict of the re-sync's report (database/imports.py): listed from `held` instead, with the names.
RESULT_CONFLICT = re.compile(r"Conflict: round \d+, Ref ")


async def _held_lines(store: EventStore, tid: int, held: list[tuple[int, int, int, int, int]],
                      _: Callable[..., str]) -> list[tuple[int, str, str, str, str]]:
    names = {p.papi_ref: f"{p.shown_name} ({_('Ref %s', p.papi_ref)})" for p in await store.players(tid)}
    return [(r, names.get(w, str(w)), names.get(b, str(b)), _label(theirs), _label(ours))
            for r, w, b, theirs, ours in held]


def _label(code: int) -> str:
    try:
        return Result(code).label()
    except ValueError:
        return str(code)


def _status_text(status: Status, _: Callable[..., str]) -> str:
    """The loop's last message in the reader's language (an import report translated line by line)."""
    if status.key == READ_KEY:  # the report's first line: its conflicts are listed below the message
        return _(READ_KEY, report_text(str(status.params[0]).split("\n")[0], _))
    if status.key == WRITTEN_KEY:
        parts = [p for p in status.params if isinstance(p, (tuple, list))]
        return _(WRITTEN_KEY, "; ".join(_(str(key), arg) for key, arg in parts))
    return _(status.key, *status.params)


class PapiController(Controller):
    path = "/arbiter/{event_id:str}/papi/{tid:int}"

    def _back(self, event_id: str, tid: int) -> Response[Any]:
        return Redirect(f"/arbiter/{event_id}/desk#t{tid}", status_code=303)

    @get("/")
    async def state(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                    store: NamedDependency[EventStore], role: NamedDependency[Role]) -> Template:
        """The desk's Papi fragment (templates/desk/_papi_state.html)."""
        require_arbiter(role)
        tournament = await store.tournament(tid)
        link = await store.papi.link_of(tid)
        view = None
        if link is not None:
            status = loop_of(request).status.get((event_id, tid))
            _ = translator(language(request))
            view = PapiView(path=link.path, name=Path(link.path).name, last_read=_clock(link.last_read),
                            last_write=_clock(link.last_write), level=status.level if status else "",
                            message=_status_text(status, _) if status else "",
                            notes=[_(k, *a) for k, a in status.notes] if status else [],
                            held=await _held_lines(store, tid, link.held, _),
                            report="\n".join(line for line in link.report.splitlines()
                                              if line.startswith("Conflict") and not RESULT_CONFLICT.match(line)))
        return render(request, "desk/_papi_state.html", event_id=event_id, t=tournament, papi=view,
                      admin=role == "admin")

    @post("/write")
    async def write(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                    store: NamedDependency[EventStore], role: NamedDependency[Role]) -> Response[Any]:
        """The arbiter's "write to Papi now": re-sync if Papi saved, then write everything, held results too."""
        require_arbiter(role)
        if await store.papi.link_of(tid) is None:
            raise NotFound("This tournament is not linked to a Papi file.")
        with acting_as(actor(request, role, "arbiter desk")):
            await loop_of(request).tick(store, tid, force=True)
        return self._back(event_id, tid)

    @post("/link")
    async def link(self, request: Req, event_id: FromPath[str], tid: FromPath[int], data: URLEncodedBody[PathForm],
                   store: NamedDependency[EventStore], role: NamedDependency[Role]) -> Response[Any]:
        """Link to a file on the server machine, by its path (the admin only)."""
        self._admin(role)
        if not data.path.strip():
            raise Invalid("Give the path of the .papi file on the server machine.")
        await self._link(request, store, tid, role, Path(data.path.strip()))
        return self._back(event_id, tid)

    @post("/upload")
    async def upload(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                     data: Annotated[dict[str, Any], Body(media_type=RequestEncodingType.MULTI_PART)],
                     store: NamedDependency[EventStore], role: NamedDependency[Role]) -> Response[Any]:
        """Upload a .papi file into the event's folder (`events/papi/<event>/`) and link it (the admin only)."""
        self._admin(role)
        await store.tournament(tid)
        upload = data.get("file")
        if not isinstance(upload, UploadFile) or not upload.filename:
            raise Invalid("Choose a file first.")
        name = SAFE_NAME.sub("_", Path(upload.filename).name).lstrip(".") or "tournament.papi"
        if not name.lower().endswith(".papi"):
            raise Invalid("%s is not a .papi file.", name)
        content = await upload.read()
        if len(content) > MAX_PAPI:
            raise Invalid("The file is too large.")
        await asyncio.to_thread(parse, content)  # not a Papi file: refused before anything is saved
        folder = app_state(request).settings.events_dir / "papi" / event_id
        target = folder / name
        if target.exists():
            raise Invalid("The event's folder already has a file %s: link it by its path, or rename yours.", name)
        await asyncio.to_thread(_save, target, content)
        await self._link(request, store, tid, role, target)
        return self._back(event_id, tid)

    @post("/unlink")
    async def unlink(self, request: Req, event_id: FromPath[str], tid: FromPath[int],
                     store: NamedDependency[EventStore], role: NamedDependency[Role]) -> Response[Any]:
        self._admin(role)
        with acting_as(actor(request, role, "admin")):
            await store.papi.drop_link(tid)
        await loop_of(request).learn(store)
        return self._back(event_id, tid)

    @get("/file")
    async def download(self, event_id: FromPath[str], tid: FromPath[int], store: NamedDependency[EventStore],
                       role: NamedDependency[Role]) -> Response[bytes]:
        """The linked file as it is now (for the FFE, or a copy)."""
        require_arbiter(role)
        link = await store.papi.link_of(tid)
        if link is None:
            raise NotFound("This tournament is not linked to a Papi file.")
        path = Path(link.path)
        try:
            content = await asyncio.to_thread(path.read_bytes)
        except OSError:
            raise NotFound("No file %s on the server machine.", link.path) from None
        return Response(content, media_type="application/octet-stream",
                        headers={"Content-Disposition": f'attachment; filename="{SAFE_NAME.sub("_", path.name)}"'})

    @get("/export")
    async def export(self, event_id: FromPath[str], tid: FromPath[int], store: NamedDependency[EventStore],
                     role: NamedDependency[Role]) -> Response[bytes]:
        """A new Papi file made from the tournament as Echiquier holds it (the admin only: it holds the players'
        personal data), linked or not (docs/papi-writing.md §5)."""
        if role != "admin":
            raise Forbidden("Only the administrator exports a tournament as a Papi file.")
        tournament = await store.tournament(tid)
        content = await papi_bytes(store, tid)
        name = file_name(tournament.name)
        disposition = f"attachment; filename=\"{SAFE_NAME.sub('_', name)}\"; filename*=UTF-8''{quote(name)}"
        return Response(content, media_type="application/octet-stream", headers={"Content-Disposition": disposition})

    def _admin(self, role: Role) -> None:
        if role != "admin":
            raise Forbidden("Only the administrator links a tournament to a Papi file.")

    async def _link(self, request: Req, store: EventStore, tid: int, role: Role, path: Path) -> None:
        with acting_as(actor(request, role, "admin")):
            await link_file(store, tid, path)
        await loop_of(request).learn(store)


def _save(target: Path, content: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = target.with_name(f".{target.name}.upload")
    temp.write_bytes(content)
    temp.replace(target)
