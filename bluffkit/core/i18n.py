"""Messages in the user's language: the runtime of :mod:`bluffkit.i18n` (read its docstring).

It lives in ``core`` so that every part of bluffkit, core included, may import it (core imports
nothing else of bluffkit). Catalogues are gettext ``.po``/``.mo`` files, one per area (gettext
domain, see ``DOMAINS``), under ``bluffkit/locale/<language>/LC_MESSAGES/``, merged at load
time. A compiled ``.mo`` is used when it is at least as new as its ``.po`` (a built wheel);
otherwise the ``.po`` is compiled in memory with Babel (an editable install, a fresh clone, a
catalogue just edited), so a translation shows without a build step.
"""

from __future__ import annotations

import gettext
import io
import locale as _locale
import os
import string
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from numbers import Number, Rational
from pathlib import Path
from typing import Any

from .errors import BluffkitError

LANGUAGES: dict[str, str] = {"en": "English", "fr": "français"}
"""The languages bluffkit speaks: code → the language's own name. English is the source text."""

SOURCE_LANGUAGE = "en"

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""``bluffkit/locale``: ``<language>/LC_MESSAGES/<domain>.po`` (and ``.mo`` when compiled)."""

DOMAINS: dict[str, tuple[str, ...]] = {
    "common": ("bluffkit/",),
    "bluff": ("bluffkit/games/bluff/", "bluffkit/odds/bluff", "bluffkit/advice/bluff",
              "bluffkit/bots/bluff.py", "bluffkit/widgets/bluff", "bluffkit/cli/bluff.py"),
    "bluff_exercises": ("bluffkit/exercises/bluff/", "bluffkit/exercises/reading_bids.py"),
    "solvers": ("bluffkit/solvers/", "bluffkit/cli/bluff_solve.py",
                "bluffkit/widgets/bluff/equilibrium.py", "bluffkit/exercises/optimal_bluffing/",
                "bluffkit/exercises/full_game.py"),
    "bluff_you": ("bluffkit/games/bluff_you/", "bluffkit/odds/bluff_you",
                  "bluffkit/advice/bluff_you", "bluffkit/bots/bluff_you.py",
                  "bluffkit/widgets/bluff_you", "bluffkit/cli/bluff_you.py",
                  "bluffkit/exercises/bluff_you.py"),
    "poker_dice": ("bluffkit/games/poker_dice/", "bluffkit/odds/poker_dice",
                   "bluffkit/advice/poker_dice", "bluffkit/bots/poker_dice.py",
                   "bluffkit/widgets/poker_dice", "bluffkit/cli/poker_dice.py",
                   "bluffkit/exercises/poker_dice/"),
    "jungle_bluff": ("bluffkit/games/jungle_bluff/", "bluffkit/odds/jungle",
                     "bluffkit/advice/jungle", "bluffkit/bots/jungle_bluff.py",
                     "bluffkit/widgets/jungle", "bluffkit/cli/jungle_bluff.py",
                     "bluffkit/exercises/jungle_bluff/"),
    "bungee": ("bluffkit/games/bungee/", "bluffkit/odds/bungee", "bluffkit/advice/bungee",
               "bluffkit/bots/bungee.py", "bluffkit/widgets/bungee", "bluffkit/cli/bungee.py",
               "bluffkit/exercises/bungee/"),
    "exercises": ("bluffkit/exercises/",),
    "classroom": ("bluffkit/classroom/", "bluffkit/cli/serve.py", "bluffkit/widgets/seat.py",
                  "bluffkit/widgets/classroom.py", "bluffkit/widgets/dashboard.py",
                  "bluffkit/widgets/dashboard_views.py",
                  "bluffkit/widgets/gradebook.py",
                  "bluffkit/deploy/", "bluffkit/cli/hub.py"),
    "teacher": ("bluffkit/teacher/", "bluffkit/cli/teacher.py", "bluffkit/exercises/results.py",
                "bluffkit/exercises/exam.py"),
    "review": ("bluffkit/review/", "bluffkit/cli/review.py"),
    "lite": ("bluffkit/lite/", "bluffkit/cli/lite.py"),
}
"""Each area's catalogue (gettext domain) and the source paths whose messages it holds: a file
belongs to the domain of its longest matching prefix (``bluffkit/`` catches the rest: core, the
command line's shared parts, the widgets' shared parts). One catalogue per area so that several
translators can work at once without touching the same file."""


class UnknownLanguage(BluffkitError, ValueError):
    """A language bluffkit does not speak was asked for."""


def domain_of(path: str) -> str:
    """The catalogue of a source file, from its path relative to the project root.

    >>> domain_of("bluffkit/advice/bluff_you/fast_turn.py"), domain_of("bluffkit/core/dist.py")
    ('bluff_you', 'common')
    """
    path = path.replace(os.sep, "/")
    best, length = "common", 0
    for domain, prefixes in DOMAINS.items():
        for prefix in prefixes:
            if path.startswith(prefix) and len(prefix) > length:
                best, length = domain, len(prefix)
    return best


# -- choosing the language ------------------------------------------------------------------------
_chosen: str | None = None


def _normalise(code: str) -> str | None:
    """``"fr_FR.UTF-8"``, ``"fr-CA"``, ``"FR"`` → ``"fr"``; ``None`` if not a language we speak."""
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def _choices() -> str:
    return ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())


def check_language(code: str, where: str = "language") -> str:
    """The language code for ``code`` (``"fr_FR"`` → ``"fr"``), or a clear error.

    >>> check_language("fr-CA")
    'fr'
    >>> check_language("de")
    Traceback (most recent call last):
    ...
    bluffkit.core.i18n.UnknownLanguage: language 'de' is not available: bluffkit speaks \
en (English), fr (français)
    """
    found = _normalise(code) if isinstance(code, str) else None
    if found is None:
        raise UnknownLanguage(f"{where} {code!r} is not available: bluffkit speaks {_choices()}")
    return found


def set_language(code: str | None) -> None:
    """Speak ``code`` from now on (``"fr"``, ``"en"``; ``None``: back to the automatic choice:
    ``BLUFFKIT_LANG``, else the system locale, else English). Module-level texts marked with
    ``_l`` follow at once; widgets redraw through their language switch."""
    global _chosen
    _chosen = None if code is None else check_language(code)


def _system_language() -> str | None:
    names = [os.environ.get(v, "") for v in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    for value in names:
        for code in value.split(":"):
            if code and code not in ("C", "POSIX") and not code.startswith("C."):
                return _normalise(code)  # the first language the system names decides
    try:
        code = _locale.getlocale(_locale.LC_MESSAGES)[0]  # type: ignore[attr-defined]
    except (AttributeError, ValueError):
        code = None
    return _normalise(code) if code else None


def get_language() -> str:
    """The language in use: ``set_language``'s, else ``BLUFFKIT_LANG``'s (an unknown value
    warns, naming the choices, and gives English), else the system locale's if bluffkit speaks
    it, else English.
    """
    if _chosen is not None:
        return _chosen
    env = os.environ.get("BLUFFKIT_LANG", "").strip()
    if env:
        found = _normalise(env)
        if found is not None:
            return found
        if env not in _warned:  # never an error inside a message: warn once, speak English
            _warned.add(env)
            warnings.warn(f"BLUFFKIT_LANG {env!r} is not available: bluffkit speaks "
                          f"{_choices()}; using English", stacklevel=2)
        return SOURCE_LANGUAGE
    return _system_language() or SOURCE_LANGUAGE


_warned: set[str] = set()


def check_environment() -> None:
    """Raise ``UnknownLanguage`` if ``BLUFFKIT_LANG`` names a language bluffkit does not speak
    (the command line calls it first; elsewhere such a value only warns)."""
    env = os.environ.get("BLUFFKIT_LANG", "").strip()
    if env:
        check_language(env, "BLUFFKIT_LANG")


@contextmanager
def language(code: str | None) -> Iterator[None]:
    """Speak ``code`` inside a ``with`` block, then go back to the language before."""
    global _chosen
    before = _chosen
    set_language(code)
    try:
        yield
    finally:
        _chosen = before


# -- catalogues -----------------------------------------------------------------------------------
_catalogues: dict[tuple[str, tuple], gettext.NullTranslations] = {}
_last_check: dict[str, tuple[float, gettext.NullTranslations]] = {}
RECHECK_SECONDS = 1.0
"""How often the catalogue files are looked at again for changes (an edited ``.po`` shows
within a second in a running kernel; a message costs no file access in between)."""


def _domain_files(lang: str) -> list[tuple[Path | None, Path | None]]:
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    found = []
    for domain in DOMAINS:
        po, mo = folder / f"{domain}.po", folder / f"{domain}.mo"
        found.append((po if po.exists() else None, mo if mo.exists() else None))
    return found


def _load(po: Path | None, mo: Path | None) -> gettext.NullTranslations | None:
    if mo is not None and (po is None or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as f:
            return gettext.GNUTranslations(f)
    if po is None:
        return None
    return gettext.GNUTranslations(io.BytesIO(compile_po(po)))


def compile_po(po: Path) -> bytes:
    """The ``.mo`` bytes of a ``.po`` catalogue (fuzzy entries left out), compiled by Babel."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def translations(lang: str | None = None) -> gettext.NullTranslations:
    """Every catalogue of ``lang`` merged into one (each area's file is a fallback of the one
    before); reloaded when a file changes. English: the messages as written."""
    lang = get_language() if lang is None else lang
    if lang == SOURCE_LANGUAGE:
        return _ENGLISH
    now = time.monotonic()
    if lang in _last_check and now - _last_check[lang][0] < RECHECK_SECONDS:
        return _last_check[lang][1]
    files = _domain_files(lang)
    stamp = tuple((p.stat().st_mtime if p else 0, m.stat().st_mtime if m else 0)
                  for p, m in files)
    key = (lang, stamp)
    if key not in _catalogues:
        merged: gettext.NullTranslations | None = None
        for po, mo in files:
            one = _load(po, mo)
            if one is None:
                continue
            if merged is None:
                merged = one
            else:
                merged.add_fallback(one)
        _catalogues.clear()  # one language at a time is cached
        _catalogues[key] = merged or _ENGLISH
    _last_check[lang] = (now, _catalogues[key])
    return _catalogues[key]


_ENGLISH = gettext.NullTranslations()


# -- numbers --------------------------------------------------------------------------------------
_symbols: dict[str, tuple[str, str, str]] = {}


def _number_symbols(lang: str) -> tuple[str, str, str]:
    """(decimal mark, thousands separator, text before ``%``) for ``lang``, from Babel's CLDR
    data: French ``(",", "\\u202f", "\\xa0")``."""
    if lang not in _symbols:
        from babel import Locale
        from babel.numbers import get_decimal_symbol, get_group_symbol

        pattern = Locale.parse(lang).percent_formats[None].pattern
        space = pattern[pattern.index("%") - 1] if "\xa0%" in pattern else ""
        _symbols[lang] = (get_decimal_symbol(lang), get_group_symbol(lang), space)
    return _symbols[lang]


def _localize_digits(text: str, lang: str) -> str:
    decimal, group, space = _number_symbols(lang)
    text = text.replace(",", "\0").replace(".", decimal).replace("\0", group)
    return text[:-1] + space + "%" if text.endswith("%") else text


def num(value: Any, spec: str = "") -> str:
    """``format(value, spec)`` written for the language: ``num(0.791)`` is ``0,791`` in French,
    ``num(0.7912, ".1%")`` ``79,1 %`` (a no-break space before %), ``num(12345, ",")``
    ``12 345``. Whole numbers and fractions (``7/27``) are unchanged unless ``spec`` asks for a
    decimal or grouped form. In English, exactly ``format(value, spec)``.

    >>> from fractions import Fraction
    >>> with language("fr"):
    ...     num(0.791), num(0.7912, ".1%"), num(Fraction(7, 27)), num(Fraction(7, 27), ".3f")
    ('0,791', '79,1\\xa0%', '7/27', '0,259')
    >>> num(0.7912, ".1%")
    '79.1%'
    """
    if spec and isinstance(value, Rational) and not isinstance(value, int) and \
            spec[-1] in "eEfFgG%n":
        value = float(value)  # Fraction takes these specs from Python 3.12 only
    text = format(value, spec)
    lang = get_language()
    if lang == SOURCE_LANGUAGE or not _is_decimal(value, spec):
        return text
    return _localize_digits(text, lang)


def _is_decimal(value: Any, spec: str) -> bool:
    if isinstance(value, bool) or not isinstance(value, Number | Decimal):
        return False
    if not isinstance(value, Rational):  # float, Decimal, numpy floats
        return True
    return bool(spec) and (spec[-1] in "eEfFgG%n" or "," in spec or "_" in spec)


class _Formatter(string.Formatter):
    """``str.format`` with numbers written for the language (see :func:`num`)."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if isinstance(value, LazyText):
            value = str(value)
        return num(value, format_spec)


_FORMATTER = _Formatter()


def _fill(text: str, values: dict[str, Any]) -> str:
    return _FORMATTER.vformat(text, (), values) if values else text


# -- translating ----------------------------------------------------------------------------------
def _(message: str, /, **values: Any) -> str:
    """``message`` in the current language, its ``{placeholders}`` filled from ``values``
    (numbers written for the language). Without values, braces are left as they are."""
    return _fill(translations().gettext(message), values)


def _n(singular: str, plural: str, n: int, /, **values: Any) -> str:
    """The plural form the catalogue chooses for ``n`` (French: 0 and 1 take the singular),
    with ``{n}`` and the other placeholders filled."""
    return _fill(translations().ngettext(singular, plural, n), {"n": n, **values})


def _p(context: str, message: str, /, **values: Any) -> str:
    """``message`` in a ``context`` (for short words that translate differently by use)."""
    return _fill(translations().pgettext(context, message), values)


class LazyText:
    """A message translated each time it is shown (``str()``, ``format``, f-strings): for
    module-level constants, so that a language switch at run time reaches them too."""

    __slots__ = ("message", "values")

    def __init__(self, message: str, values: dict[str, Any]):
        self.message = message
        self.values = values

    def __str__(self) -> str:
        return _(self.message, **self.values)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def format(self, **values: Any) -> str:
        return _(self.message, **{**self.values, **values})

    def __add__(self, other: Any) -> str:
        return str(self) + str(other)

    def __radd__(self, other: Any) -> str:
        return str(other) + str(self)

    def __eq__(self, other: Any) -> bool:
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(self.message)

    def __len__(self) -> int:
        return len(str(self))

    def __repr__(self) -> str:
        return f"_l({self.message!r})"

    def __getattr__(self, name: str) -> Any:
        """Every other ``str`` method (``replace``, ``strip``, ...) on the text shown now."""
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(str(self), name)


def _l(message: str, /, **values: Any) -> LazyText:
    """A lazy ``_(message)``: translated when shown, not when the module is imported."""
    return LazyText(message, values)
