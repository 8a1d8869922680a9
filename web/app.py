"""`create_app(settings)`: the Litestar application."""

from __future__ import annotations

import asyncio
import importlib
import logging
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Protocol

from litestar import Litestar
from litestar.config.compression import CompressionConfig
from litestar.datastructures import State
from litestar.plugins.jinja import JinjaTemplateEngine
from litestar.static_files import create_static_files_router
from litestar.template.config import TemplateConfig

from app.demo import ensure_demo
from app.live.channels import Channels, channel_of, make_channels
from app.live.hub import publisher
from app.offload import settle_heap
from app.publication.publisher import Publications, published_ids
from app.sessions import Sessions
from app.settings import Settings
from app.templates import environment
from database.outside import OutsideWatch
from database.registry import EventRegistry
from database.shared_state import StateFile
from database.store import EventStore
from web.auth import actor_middleware, load_admin_hash, load_secret
from web.controllers.admin import CONTROLLERS as ADMIN_CONTROLLERS
from web.controllers.arbiter import ArbiterController, ServerAdminController
from web.controllers.cards import BoardCardController, BoardController
from web.controllers.data import DataController
from web.controllers.desk import DeskController
from web.controllers.hall import HallController
from web.controllers.home import HomeController
from web.controllers.pairing import PairingController
from web.controllers.papi import PapiController, papi_lifespan
from web.controllers.players import PlayerPages
from web.controllers.poster import PosterController
from web.controllers.printing import PrintController
from web.controllers.rotators import RotatorController
from web.controllers.screens import ScreenController
from web.controllers.teams import TeamController
from web.controllers.timers import clock
from web.csrf import csrf_middleware
from web.deps import DEPENDENCIES
from web.errors import HANDLERS
from web.favicon import favicon
from web.language import language_middleware
from web.limits import MAX_UPLOAD_BODY, limits_middleware
from web.live import live
from web.security import security_middleware
from web.state import KEY, AppState
from web.timing import timing_middleware

log = logging.getLogger("echiquier")
#: Several workers (cli/workers.py): the channels relayed through Redis ("module:function"), whose module, with
#: the Redis client, is imported only then (a one-worker server starts without it).
RELAY = "web.relay:relayed_channels"


class Relayed(Protocol):
    """What the app does with relayed channels besides publishing (web/relay.py, a `Channels`)."""

    def follow(self, channels: Iterable[str]) -> None: ...

    async def start(self) -> None: ...

    async def close(self) -> None: ...


def relay(url: str) -> tuple[Channels, Relayed]:
    """The relayed channels, twice: as the hub's channels, and as what starts, follows and closes."""
    module, _, function = RELAY.partition(":")
    made = getattr(importlib.import_module(module), function)(url)
    return made, made


def template_engine(settings: Settings) -> JinjaTemplateEngine:
    return JinjaTemplateEngine.from_environment(environment(settings))


async def open_published(registry: EventRegistry) -> None:
    """Open the events that were being published, so that their publishers resume (app/publication/publisher.py)."""
    for event_id in published_ids(registry.events_dir):
        try:
            await registry.get(event_id)
        except Exception:  # a broken or removed file is reported where it is opened; never stop the server for it
            log.exception("opening %s at start-up failed", event_id)


def keep_idle_stores_light(registry: EventRegistry, state: AppState, publications: Publications) -> None:
    """An idle store is closed (database/registry.py) unless screens follow it, its live hub is still sending, or
    it is published; closing it drops its hub and its publisher (the next use opens new ones)."""
    channels = state.channels

    def live(store: EventStore) -> bool:
        hub = state.hubs.get(store.event_id)
        return bool(channels.subscribers.get(channel_of(store.event_id))) or (
            hub is not None and hub.store is store and hub.busy())

    async def drop_hub(store: EventStore) -> None:
        hub = state.hubs.get(store.event_id)
        if hub is not None and hub.store is store:
            await hub.idle()
            if state.hubs.get(store.event_id) is hub:
                del state.hubs[store.event_id]

    registry.keep_open(live)
    registry.keep_open(publications.busy)
    registry.on_close(drop_hub)
    registry.on_close(publications.detach)


def attach_shared(state: AppState, shared: StateFile | None) -> None:
    """The throttle, the drafts and the held uploads in the events folder's shared state (database/shared_state.py)."""
    state.shared = shared
    for part in (state.throttle, state.drafts, state.confirmations):
        part.file = shared


def create_app(settings: Settings | None = None) -> Litestar:
    settings = settings or Settings()
    # several workers (cli/workers.py): frames through Redis too
    channels, relayed = (make_channels(), None) if settings.redis_url is None else relay(settings.redis_url)
    templates = template_engine(settings)
    registry = EventRegistry(settings.events_dir)
    registry.shared = settings.redis_url is not None  # several workers: see cli/workers.py
    state = AppState(settings=settings, registry=registry, channels=channels, templates=templates)
    registry.on_open(lambda store: state.hubs.__setitem__(store.event_id,
                                                          publisher(channels, store, templates.engine)))
    if not settings.cache:
        registry.on_open(lambda store: setattr(store, "caching", False))
    publications = Publications(settings.events_dir, templates.engine, settings.static_dir, settings.language)
    state.publications = publications
    registry.on_open(publications.attach)  # publication to an rclone remote (app/publication/publisher.py)
    if relayed is not None:
        relay_to = relayed
        registry.on_open(lambda store: relay_to.follow([channel_of(store.event_id)]))
    keep_idle_stores_light(registry, state, publications)

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        settings.events_dir.mkdir(parents=True, exist_ok=True)
        state.secret = load_secret(settings.events_dir)
        state.admin_hash = load_admin_hash(settings.events_dir)
        before, sessions = state.sessions, await Sessions.open_folder(settings.events_dir)
        state.sessions = sessions
        before_shared, shared = state.shared, await StateFile.open(settings.events_dir)  # for all workers
        attach_shared(state, shared)
        if relayed is not None:
            await relayed.start()
        if settings.create_demo and not registry.ids():
            await ensure_demo(registry)
        settle_heap()  # app/offload.py: no full garbage collection of the start-up objects during a request
        opening = asyncio.get_running_loop().create_task(open_published(registry))
        watching = asyncio.get_running_loop().create_task(OutsideWatch(registry).run(), name="outside changes")
        try:
            yield
        finally:
            opening.cancel()
            watching.cancel()
            await publications.close()
            await state.ratings.close()
            await registry.close()
            await sessions.close_file()
            if state.shared is shared:  # as with the sessions
                attach_shared(state, before_shared)
            await shared.close()
            if state.sessions is sessions:  # a nested start-up of the same app (tests) keeps its own
                state.sessions = before
            if relayed is not None:
                await relayed.close()

    if not settings.custom_dir.is_dir():  # a checkout has its top-level custom/ already
        settings.custom_dir.mkdir(parents=True)
    app = Litestar(
        route_handlers=[
            HomeController, ScreenController, HallController, RotatorController, clock, live, *ADMIN_CONTROLLERS,
            ArbiterController, BoardCardController, BoardController, ServerAdminController, DataController, favicon,
            DeskController,
            PairingController, PapiController,
            PrintController, PosterController,
            TeamController,
            PlayerPages,
            create_static_files_router("/static", directories=[settings.static_dir]),
            create_static_files_router("/custom", directories=[settings.custom_dir], name="custom"),
        ],
        dependencies=DEPENDENCIES,
        state=State({KEY: state}),
        template_config=TemplateConfig(instance=templates),
        exception_handlers=HANDLERS,  # type: ignore[arg-type]
        lifespan=[lifespan, papi_lifespan(registry)],  # the Papi loop (app/papi/watch.py)
        middleware=[limits_middleware, security_middleware, timing_middleware, actor_middleware, language_middleware,
                    csrf_middleware],
        request_max_body_size=MAX_UPLOAD_BODY,  # web/limits.py refuses larger bodies first, with its message
        # the hall's pages are gzipped once per commit by render_cached (web/render.py): no compressor per request
        compression_config=CompressionConfig(backend="gzip", minimum_size=1000,
                                             exclude=["/live", "/screen/", "/rotator/"]),
        debug=settings.debug,
        openapi_config=None,  # an HTML app: no OpenAPI schema is published (JSON endpoints: README)
    )
    return app
