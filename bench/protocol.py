"""How a tablet enters a result, read off the pages themselves (forms, hidden fields, htmx headers)."""

from __future__ import annotations

import html
import json
import re
import ssl
import uuid

import httpx

FORM = re.compile(r"<form\b[^>]*>.*?</form>", re.S)
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')
HX_POST = re.compile(r'hx-post="([^"]+)"')
HX_HEADERS = re.compile(r"hx-headers='([^']*)'")
DIALOG = re.compile(r'hx-get="([^"]*/dialog\?[^"]+)"')
TARGET = re.compile(r'hx-target="#([^"]+)"')
CSRF_META = re.compile(r'<meta name="csrf-token" content="([^"]*)"')


#: Loopback is plain HTTP: one SSL context for every client instead of loading the CA bundle 100 times.
PLAIN_HTTP = ssl.create_default_context()


class Submitter:
    """Posts results exactly like the input screen's dialog does."""

    def __init__(self, http: httpx.AsyncClient, base: str, headers: dict[str, str],
                 games: list[dict[str, str]], forms: dict[str, dict[int, tuple[str, dict[str, str]]]]) -> None:
        self.http, self.base, self.headers, self.games, self.forms = http, base, headers, games, forms

    @classmethod
    async def open(cls, http: httpx.AsyncClient, base: str, event: str, screen: str) -> Submitter:
        page = (await http.get(f"{base}/screen/{event}/{screen}")).text
        headers = {"HX-Request": "true"}
        found = HX_HEADERS.search(page)
        if found:
            headers.update(json.loads(html.unescape(found.group(1))))
        token = CSRF_META.search(page)
        headers["X-CSRF-Token"] = (html.unescape(token.group(1)) if token else "") or http.cookies.get(
            "echiquier-csrf", "")
        games: list[dict[str, str]] = []
        forms: dict[str, dict[int, tuple[str, dict[str, str]]]] = {}
        for url in dict.fromkeys(html.unescape(u) for u in DIALOG.findall(page)):
            dialog = (await http.get(base + url, headers=headers)).text
            choices: dict[int, tuple[str, dict[str, str]]] = {}
            row_id = ""
            for form in FORM.findall(dialog):
                fields = {k: html.unescape(v) for k, v in HIDDEN.findall(form)}
                post = HX_POST.search(form)
                target = TARGET.search(form)
                if post and "result" in fields:
                    choices[int(fields["result"])] = (html.unescape(post.group(1)), fields)
                    row_id = target.group(1) if target else row_id
            if choices:
                games.append({"row_id": row_id})
                forms[row_id] = choices
        return cls(http, base, headers, games, forms)

    async def submit(self, game: dict[str, str], result: int,
                     http: httpx.AsyncClient | None = None) -> tuple[int, float]:
        """Post like the dialog does, through `http` (a tablet's own client, same cookies) if given.
        Returns the status and the server's own time in seconds (its `Server-Timing` header)."""
        url, fields = self.forms[game["row_id"]][result]
        data = {k: (v or str(uuid.uuid4())) if "key" in k else v for k, v in fields.items()}
        response = await (http or self.http).post(self.base + url, data=data, headers=self.headers)
        timing = re.search(r"dur=([\d.]+)", response.headers.get("server-timing", ""))
        return response.status_code, float(timing.group(1)) / 1000 if timing else 0.0

    def tablet_client(self) -> httpx.AsyncClient:
        """A client of its own for one tablet (one connection), with this submitter's cookies."""
        return httpx.AsyncClient(cookies=self.http.cookies, timeout=30, limits=httpx.Limits(max_connections=2),
                                 verify=PLAIN_HTTP)
