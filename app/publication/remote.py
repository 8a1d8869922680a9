"""Where an event is published: the name of a remote of rclone's own configuration, and a path in it.

An rclone destination can carry options: `:backend,option=value:path` (a remote made on the fly) or
`name,option=value:path` (options over a configured one). Some options run commands (`bearer_token_command`,
`password_command` …), so a destination written in a form or in the event file could run anything on the server.
Hence the only destination accepted is `name:path` where `name` is a remote configured with `rclone config` (what
`rclone listremotes` lists: rclone's config file and its `RCLONE_CONFIG_<NAME>_TYPE` environment), made of
letters, digits and `_ . + @ -` (never first a `-`); no leading `:`, no comma, no option, no local folder (`rclone
sync` to `/home/…` would delete what is there). Credentials stay in rclone's configuration, never in the event
file nor in the publication's state file.

rclone always runs without a shell, its flags first and then `--`, so that no argument can become an option.
"""

from __future__ import annotations

import asyncio
import re

from tournament.errors import Invalid
from tournament.messages import N_

RCLONE_TIMEOUT = 120.0
LIST_TIMEOUT = 20.0
#: rclone gives up fast: the publisher retries itself, with back-off. Never a password prompt.
RCLONE_FLAGS = ("--retries", "1", "--low-level-retries", "1", "--contimeout", "5s", "--timeout", "20s",
                "--no-update-modtime", "--ask-password=false")
NAME = re.compile(r"[A-Za-z0-9_.+@][A-Za-z0-9_.+@-]{0,63}")
PATH = re.compile(r"[^\x00-\x1f\x7f]{0,500}")

NOT_A_REMOTE = N_("Not an rclone remote: %s (write name:path, e.g. club-site:echiquier/open).")
ON_THE_FLY = N_("Refused: %s is not the name of a configured rclone remote with a path. Remotes made on the fly"
                " (:backend,…), options (name,option=value:) and local folders are not accepted: configure the"
                " remote with rclone config on the server, then write name:path.")
NOT_CONFIGURED = N_("No rclone remote named %s on the server: configure it with rclone config (rclone listremotes"
                    " lists them), then write name:path.")
NO_RCLONE = N_("rclone cannot list its remotes: %s")


def split_remote(text: str) -> tuple[str, str]:
    """`name:path` as (name, path), or Invalid with the reason; nothing is run.

    >>> split_remote("club-site:echiquier/open")
    ('club-site', 'echiquier/open')
    >>> try:
    ...     split_remote(":local,bearer_token_command=touch /tmp/x:")
    ... except Invalid as exc:
    ...     print(exc.key == ON_THE_FLY)
    True
    """
    name, colon, path = text.partition(":")
    if not colon and text[:1] in ("/", ".", "~", "\\"):  # a local folder
        raise Invalid(ON_THE_FLY, text)
    if not colon or not PATH.fullmatch(path):
        raise Invalid(NOT_A_REMOTE, text)
    if not NAME.fullmatch(name):  # on the fly (":…"), options ("a,b=c"), a folder ("/x"), a flag ("--x")
        raise Invalid(ON_THE_FLY, text)
    return name, path


def check_remote(text: str | None) -> str | None:
    """The destination written (trimmed), checked for its form only; None when empty (not published)."""
    text = (text or "").strip()
    if not text:
        return None
    if any(ord(c) < 32 or ord(c) == 127 for c in text):
        raise Invalid(NOT_A_REMOTE, text.encode("unicode_escape").decode())
    split_remote(text)
    return text


async def rclone(command: str, *args: str, flags: tuple[str, ...] = (), keep_output: bool = False) -> tuple[int, str]:
    """`rclone <command> <flags> -- <args>` off the event loop, no shell; (exit code, last lines of its messages),
    or with `keep_output` its whole standard output when it succeeds (`lsf`, `cat`)."""
    try:
        process = await asyncio.create_subprocess_exec(
            "rclone", command, *flags, *RCLONE_FLAGS, "--", *args, stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE if keep_output else asyncio.subprocess.STDOUT)
    except OSError as exc:
        return 127, f"rclone cannot be started ({exc}): install it (apt-get install rclone)"
    try:
        async with asyncio.timeout(RCLONE_TIMEOUT):
            out, err = await process.communicate()
    except TimeoutError:
        process.kill()
        await process.wait()
        return 124, f"rclone took more than {RCLONE_TIMEOUT:.0f} s"
    except asyncio.CancelledError:  # the server stops: leave no rclone behind
        process.kill()
        await asyncio.shield(process.wait())
        raise
    if keep_output and process.returncode == 0:
        return 0, out.decode(errors="replace")
    lines = [line for line in (err if keep_output else out).decode(errors="replace").splitlines() if line.strip()]
    return process.returncode or 0, "\n".join(lines[-3:])


async def configured_remotes() -> set[str]:
    """The names of the remotes of rclone's configuration (`rclone listremotes`); Invalid when rclone cannot tell."""
    try:
        process = await asyncio.create_subprocess_exec(
            "rclone", "listremotes", "--ask-password=false", stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    except OSError as exc:
        raise Invalid(NO_RCLONE, f"{exc} (apt-get install rclone)") from None
    try:
        async with asyncio.timeout(LIST_TIMEOUT):
            out, err = await process.communicate()
    except TimeoutError:
        process.kill()
        await process.wait()
        raise Invalid(NO_RCLONE, f"no answer in {LIST_TIMEOUT:.0f} s") from None
    if process.returncode:
        lines = err.decode(errors="replace").strip().splitlines()
        raise Invalid(NO_RCLONE, lines[-1] if lines else f"exit code {process.returncode}")
    return {line.strip().removesuffix(":") for line in out.decode(errors="replace").splitlines() if line.strip()}


async def verify_remote(text: str | None) -> str | None:
    """`check_remote`, and the name must be a remote of rclone's configuration (the admin form, `publish --remote`)."""
    remote = check_remote(text)
    if remote is not None:
        name, _path = split_remote(remote)
        if name not in await configured_remotes():
            raise Invalid(NOT_CONFIGURED, name)
    return remote
