"""Every literal given to `_()` in a template or a Python module of the web layer has a French entry."""

from __future__ import annotations

import ast
import html
from collections.abc import Iterator
from pathlib import Path

import jinja2
from jinja2 import nodes
from litestar import Litestar
from litestar.testing import AsyncTestClient

from i18n import CATALOGS, translator
from tests.support.events import EVENT, HX, INPUT_URL, form, games, login_arbiter, make_event
from tournament.results import Result
from web.state import app_state

ROOT = Path(__file__).resolve().parent.parent
FRENCH = CATALOGS["fr"]


def template_literals(path: Path) -> Iterator[str]:
    """`_("…")` calls in a Jinja template, found by Jinja's own parser (any quoting, any spacing)."""
    tree = jinja2.Environment().parse(path.read_text(encoding="utf-8"))
    for call in tree.find_all(nodes.Call):
        if isinstance(call.node, nodes.Name) and call.node.name == "_" and call.args:
            first = call.args[0]
            if isinstance(first, nodes.Const) and isinstance(first.value, str):
                yield first.value


def _is_translator(func: ast.expr) -> bool:
    """`_(…)`, or `translator(lang)(…)` called at once."""
    if isinstance(func, ast.Name):
        return func.id == "_"
    return isinstance(func, ast.Call) and isinstance(func.func, ast.Name) and func.func.id == "translator"


def python_literals(path: Path) -> Iterator[str]:
    """`_("…")` calls in a module; implicit concatenation of literals is one constant in the AST."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and _is_translator(node.func) and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                yield first.value


def all_literals() -> dict[str, str]:
    found: dict[str, str] = {}
    for path in sorted((ROOT / "templates").rglob("*.html")):
        for text in template_literals(path):
            found.setdefault(text, str(path.relative_to(ROOT)))
    for folder in ("web", "tournament", "database"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for text in python_literals(path):
                found.setdefault(text, str(path.relative_to(ROOT)))
    return found


def test_the_scanner_finds_known_calls() -> None:
    """The scan must see strings we know are there, or the main test would pass on an empty list."""
    found = all_literals()
    assert "Enter the result of board %s" in found  # templates/screen/_dialog.html
    assert "Result %s stored on board %s." in found  # web/controllers/screens.py
    # split over two source lines, concatenated by Python:
    assert "No arbiter password is set for this event: ask the server administrator." in found
    assert len(found) > 150


def test_the_scanner_reports_a_missing_entry(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text("{{ _('Not a translated sentence at all') }} {{ _(name) }}", encoding="utf-8")
    module = tmp_path / "module.py"
    module.write_text('x = _("Nor this" " one", 3)\ny = translator("fr")("Nor that")\n', encoding="utf-8")
    assert list(template_literals(page)) == ["Not a translated sentence at all"]
    assert list(python_literals(module)) == ["Nor this one", "Nor that"]


def test_every_ui_string_has_french() -> None:
    missing = {text: where for text, where in all_literals().items() if text not in FRENCH}
    assert not missing, "no French for:\n" + "\n".join(f"  {where}: {text!r}" for text, where in missing.items())


def test_french_keeps_the_placeholders() -> None:
    """A translation with fewer or more `%s` than its key would raise or drop a value at render time."""
    wrong = {key: value for key, value in FRENCH.items()
             if key.count("%s") != value.count("%s") or key.count("%r") != value.count("%r")}
    assert not wrong


def test_error_messages_without_values_are_translated() -> None:
    """Refusals raised with a fixed English text are shown in French too (web.errors looks them up)."""
    for text in ("Reserved to arbiters.", "This board card is not valid for this event.",
                 "This submission key was already used for another request; reload the page."):
        assert translator("fr")(text) != text


async def test_arbiter_pages_and_refusals_in_french(client: AsyncTestClient[Litestar]) -> None:
    store, tid = await make_event(app_state(client.app).registry)
    login = await client.get(f"/arbiter/{EVENT}?lang=fr")
    assert "Mot de passe arbitre" in login.text and "Arbiter password" not in login.text
    bad_card = await client.get(f"/board/{EVENT}/t/1?k=not-a-token&lang=fr")
    assert bad_card.status_code == 403
    assert "Cette carte d'échiquier n'est pas valable" in html.unescape(bad_card.text)
    p = (await games(store, tid))[0]
    forfeit = await client.post(f"{INPUT_URL}/result?lang=fr", data=form(p, Result.WHITE_FORFEIT_WIN), headers=HX)
    assert forfeit.status_code == 403 and "Les forfaits (1-F) sont saisis par un·e arbitre." in forfeit.text
    assert await login_arbiter(client) == 303
    home = await client.get(f"/arbiter/{EVENT}?lang=fr")
    assert "Journal des modifications" in home.text and "Journal of changes" not in home.text
