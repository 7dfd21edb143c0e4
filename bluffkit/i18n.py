"""bluffkit in the user's language (English, French): how to write and translate a message.

Choosing the language: ``bluffkit.set_language("fr")`` (``None``: automatic), else the
``BLUFFKIT_LANG`` variable, else the system locale (``LANG=fr_FR.UTF-8``), else English;
``bluffkit --lang fr ...`` on the command line; the language switch on every game table widget.
An unknown language is an error naming the choices.

Writing a message (anywhere in bluffkit; inside the package import from ``core``, the only part
every other part may import)::

    from ..core.i18n import _, _l, _n, _p, num     # (from bluffkit.i18n import ... outside)

    raise IllegalAction(_("{card} is not in your hand: you hold {hand}", card=c, hand=h))
    say(_n("{n} card left in the draw pile", "{n} cards left in the draw pile", k))
    label = _p("button", "Play")                   # a short word whose sense needs a context
    TITLE = _l("Bungee: call now or play on?")     # module level: translated when shown
    f"p = {num(p, '.1%')}"                         # a number alone: 79,1 % in French

Checklist for every message (the tests hold most of it):

1. A whole sentence per message, with **named** placeholders filled by ``_``'s keywords:
   ``_("{n} × {face} is not on the ladder", n=n, face=f)``, never ``_("...") + str(n)`` and
   never an f-string inside ``_()`` (the extractor cannot read it; a test refuses it).
2. Numbers go in as numbers: ``_("{p:.1%} of the time", p=0.4)`` writes ``40,0 %`` in French
   (floats and decimal formats follow the language; ``Fraction`` and ``int`` stay as written:
   ``7/27``). Outside a message use ``num(x, spec)``. Calculators return values; only views,
   the command line, advice texts and exercise feedback write numbers.
3. Counts take plurals from the catalogue: ``_n("{n} die", "{n} dice", n)`` (``{n}`` is filled
   for you); French uses the singular for 0 and 1.
4. Module-level constants (titles, labels, option names shown to users) use ``_l``: a lazy
   text, translated when shown, so a language switch reaches them. Give ``str(text)`` to
   libraries that want a real ``str`` (ipywidgets, json).
5. Inside a module that imports ``_``, do not name a throwaway variable ``_`` (``a, _ = ...``
   would hide the function in that scope): write ``a, _rest = ...``.
6. Translate in your area's catalogue: ``python -m bluffkit.i18n update`` (extracts every
   message and merges it into ``bluffkit/locale/fr/LC_MESSAGES/<area>.po``; the areas are
   ``bluffkit.core.i18n.DOMAINS``, mapped from the source paths), then fill the ``msgstr`` of
   your area's file (remove the ``#, fuzzy`` mark once checked; fuzzy entries are not used).
   ``python -m bluffkit.i18n status`` counts translated and missing messages per area, and the
   strings of each area not yet wrapped in ``_``. No build step: a changed ``.po`` shows at once
   (compiled in memory); ``compile`` writes the ``.mo`` files a wheel ships (done by the build).
7. French as a French teacher writes it, with the rulebooks' words (``/work/shared/rules/*.fr``):
   « Haut les gobelets ! », « Montre-moi ton jeu », « Bluff you ! », « Bungee », la pioche, la
   défausse, la carte porte-bonheur, la carte de force, la carte de score, le défi; the player is
   addressed with « tu », as the rulebooks do. French typography: a no-break space
   (``\\u00a0``) before ``: ; ! ?`` and inside « », decimal comma.
8. Tests: ``tests/test_i18n.py`` lists every message without a French translation;
   check your text in French by running your code under ``with language("fr"):``.

>>> from bluffkit.i18n import _n, language, num
>>> with language("fr"):
...     _n("({n} character)", "({n} characters)", 1), _("Not allowed: {reason}", reason="…")
('(1 caractère)', 'Interdit\xa0: …')
>>> with language("fr"):
...     num(0.791), num(0.7912, ".1%")
('0,791', '79,1\xa0%')

Tools: ``python -m bluffkit.i18n extract|update|compile|status``.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import sys
from pathlib import Path

from .core.i18n import (
    DOMAINS,
    LANGUAGES,
    LOCALE_DIR,
    SOURCE_LANGUAGE,
    LazyText,
    UnknownLanguage,
    _,
    _l,
    _n,
    _p,
    check_language,
    compile_po,
    domain_of,
    get_language,
    language,
    num,
    set_language,
    translations,
)

__all__ = [
    "DOMAINS", "KEYWORDS", "LANGUAGES", "LazyText", "UnknownLanguage", "_", "_l", "_n", "_p",
    "check_language", "compile_po", "domain_of", "extract", "get_language", "language", "num",
    "set_language", "translations",
]

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
KEYWORDS = {"_": None, "_l": None, "_n": (1, 2), "_p": ((1, "c"), 2), "Mistake": None}
"""The translating calls, for Babel's extractor (``_n``: singular and plural; ``_p``: context
first). A ``Mistake``'s label is kept in English in the results (the same mistake groups the
same in every class) and translated where a teacher reads it."""
TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
STABLE_DATE = datetime.datetime(2026, 11, 23, tzinfo=datetime.UTC)
"""The catalogues' POT-Creation-Date, kept fixed: a date that changes on every update would
make two translators' catalogues conflict on their header."""


def sources() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "locale" not in p.parts)


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def extract() -> dict:
    """Every message in the source, one Babel ``Catalog`` per area (domain)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    catalogs = {d: Catalog(project="bluffkit", domain=d, fuzzy=False) for d in DOMAINS}
    for path in sources():
        name = relative(path)
        for lineno, message, comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS, comment_tags=("Translators:",),
                strip_comment_tags=True):
            catalogs[domain_of(name)].add(message, None, [(name, lineno)],
                                          auto_comments=comments, context=context)
    return catalogs


def po_path(lang: str, domain: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def _read(path: Path, lang: str):
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale=lang)


def _write(path: Path, catalog) -> None:
    from babel.messages.pofile import write_po

    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:  # no line numbers, sorted: small diffs, few merge conflicts
        write_po(f, catalog, width=100, sort_output=True, include_lineno=False,
                 ignore_obsolete=True)


def update(langs: list[str] | None = None) -> list[Path]:
    """Extract and merge into each area's ``.po`` of each language; returns the files written."""
    from babel.messages.catalog import Catalog

    written = []
    for domain, template in extract().items():
        for lang in langs or TRANSLATED:
            path = po_path(lang, domain)
            if not template and not path.exists():
                continue
            catalog = (_read(path, lang) if path.exists()
                       else Catalog(locale=lang, project="bluffkit", domain=domain, fuzzy=False))
            if not path.exists() and po_path(lang, "common").exists():
                # the plural rule of the language's other catalogues, not the Babel version's
                # (Babel 2.19 gives French a third form for millions)
                common = _read(po_path(lang, "common"), lang)
                catalog._num_plurals, catalog._plural_expr = (common.num_plurals,
                                                              common.plural_expr)
            template.creation_date = catalog.creation_date = STABLE_DATE
            catalog.update(template, no_fuzzy_matching=False)
            _write(path, catalog)
            written.append(path)
    return written


def compile_all(langs: list[str] | None = None) -> list[Path]:
    """Write ``<domain>.mo`` beside every ``.po`` (what a built wheel ships)."""
    written = []
    for lang in langs or TRANSLATED:
        for po in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
            mo = po.with_suffix(".mo")
            mo.write_bytes(compile_po(po))
            written.append(mo)
    return written


def missing(lang: str = "fr") -> dict[str, list[str]]:
    """Per area, the messages in the source with no usable translation in ``lang`` (absent,
    empty or fuzzy; for a plural, any form)."""
    found: dict[str, list[str]] = {}
    for domain, template in extract().items():
        path = po_path(lang, domain)
        done = _read(path, lang) if path.exists() else None
        for message in template:
            if not message.id:
                continue
            have = done.get(message.id, message.context) if done is not None else None
            strings = (have.string if isinstance(have.string, tuple | list) else [have.string]
                       ) if have is not None else []
            if have is None or have.fuzzy or not strings or not all(strings):
                key = message.id[0] if isinstance(message.id, tuple) else message.id
                found.setdefault(domain, []).append(key)
    return found


def unwrapped() -> dict[str, int]:
    """Per area, a rough count of user-facing strings not yet wrapped in a translating call:
    string literals with a space and a letter, outside docstrings, ``_``-calls, imports and
    dunder assignments (what a translator of the area still has to look at)."""
    counts = {d: 0 for d in DOMAINS}
    for path in sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip: set[int] = set()
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and \
                    isinstance(body[0].value, ast.Constant):
                skip.add(id(body[0].value))  # a docstring
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
                skip.add(id(node.value))  # attribute docstrings
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id in KEYWORDS:
                skip.update(id(n) for n in ast.walk(node))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    id(node) not in skip and " " in node.value.strip() and \
                    any(c.isalpha() for c in node.value):
                counts[domain_of(relative(path))] += 1
    return counts


def status(lang: str = "fr") -> str:
    lines = [f"{'area':16} {'messages':>8} {'missing':>8} {'unwrapped':>9}"]
    catalogs, gaps, rough = extract(), missing(lang), unwrapped()
    for domain in DOMAINS:
        count = sum(1 for m in catalogs[domain] if m.id)
        lines.append(f"{domain:16} {count:8} {len(gaps.get(domain, [])):8} {rough[domain]:9}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bluffkit.i18n", description=__doc__.split(
        "\n")[0])
    parser.add_argument("command", choices=["extract", "update", "compile", "status"])
    parser.add_argument("--lang", action="append", help="a language (default: every one)")
    args = parser.parse_args(argv)
    langs = [check_language(code) for code in args.lang] if args.lang else None
    if args.command == "extract":
        for domain, catalog in extract().items():
            print(f"{domain}: {sum(1 for m in catalog if m.id)} messages")
    elif args.command == "update":
        for path in update(langs):
            print(relative(path))
    elif args.command == "compile":
        for path in compile_all(langs):
            print(relative(path))
    else:
        for lang in langs or TRANSLATED:
            print(status(lang))
            for domain, ids in missing(lang).items():
                for message in ids:
                    print(f"missing {lang} {domain}: {message}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
