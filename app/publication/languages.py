"""The published site in every language of the catalogs from the same files (issue 27): each text of a page is
written once per language, `<t-fr>…</t-fr><t-en>…</t-en>` (an unknown
element is inline text; short tags: a result re-sends three pages), and public.css shows the one of
`<html lang>`, which a few bytes of script set from the visitor's choice (the switch on every page) or their
browser's language. Data (names, numbers, ratings) is written once: a page grows by its few labels, and a result
still uploads each changed file once (pages per language would send every changed page twice)."""

from __future__ import annotations

import re

from markupsafe import Markup, escape

from i18n import LANGUAGES, translator
from i18n.formats import day


class Bilingual:
    """The `_` of the published pages: a text in every language, the event's first; `plain` the event's language
    alone, for attributes and the window title; `language` the event's (numbers follow it: app/templates.py)."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.order = (language, *[other for other in LANGUAGES if other != language])
        self._translators = {code: translator(code) for code in self.order}

    def __call__(self, text: str, *args: object) -> Markup:
        return self.each({code: t(text, *(self._part(a, code) for a in args))
                          for code, t in self._translators.items()})

    @staticmethod
    def _part(arg: object, code: str) -> object:
        """An argument that is itself a text in every language (`_(name)` inside `_("%s: %s", code, …)`): its
        `code` part, as plain text (escaped once, by `each`)."""
        if isinstance(arg, Markup) and "<t-" in arg:
            found = re.search(rf"<t-{code}>(.*?)</t-{code}>", arg, flags=re.S)
            return Markup(found.group(1)).unescape() if found else arg.striptags()
        return arg

    def plain(self, text: str, *args: object) -> str:
        return self._translators[self.language](text, *args)

    def each(self, texts: dict[str, str]) -> Markup:
        """One text per language as the page writes it: once when they are all the same."""
        if len(set(texts.values())) == 1:
            return escape(texts[self.language])
        return Markup("").join(Markup("<t-{0}>{1}</t-{0}>").format(code, texts[code]) for code in self.order)

    def day(self, moment: float | None) -> Markup:
        return self.each({code: day(moment, code) for code in self.order})
