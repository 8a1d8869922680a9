"""`python -m i18n update` (extract, merge into each catalog), `python -m i18n compile` (docs/translation.md)."""

from __future__ import annotations

import sys

from i18n.tools import TEMPLATE, compile_all, update


def main(argv: list[str]) -> int:
    if argv == ["update"]:
        for language, todo in update().items():
            print(f"{TEMPLATE.name} -> {language}: {len(todo)} to translate")
            for text in todo:
                print(f"  {text!r}")
        return 0
    if argv == ["compile"]:
        for path in compile_all():
            print(f"wrote {path}")
        return 0
    print("usage: python -m i18n update | compile", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
