"""The catalogues (bluffkit/locale) against the source: every message has a French translation,
placeholders and plural forms agree, and every translating call can be extracted."""

from __future__ import annotations

import ast
import re
import string

import pytest
from babel.messages.pofile import read_po

from bluffkit import i18n
from bluffkit.core.i18n import DOMAINS, domain_of

SOURCES = i18n.sources()
TRANSLATED = i18n.TRANSLATED


def test_every_message_has_a_french_translation():
    gaps = i18n.missing("fr")
    listing = "\n".join(f"  {domain}: {m!r}" for domain, ids in gaps.items() for m in ids)
    assert not gaps, (f"messages with no French translation (run `python -m bluffkit.i18n "
                      f"update`, then translate them in bluffkit/locale/fr/LC_MESSAGES/):\n"
                      f"{listing}")


def test_the_missing_list_sees_an_untranslated_message(tmp_path, monkeypatch):
    """The check above can fail: a new message in the source is listed, in its area."""
    extra = tmp_path / "bluffkit" / "games" / "bungee" / "new.py"
    extra.parent.mkdir(parents=True)
    extra.write_text('from ...core.i18n import _\nX = _("A brand new sentence")\n')
    monkeypatch.setattr(i18n, "ROOT", tmp_path)
    monkeypatch.setattr(i18n, "sources", lambda: [extra])
    assert i18n.missing("fr") == {"bungee": ["A brand new sentence"]}


def _catalogs(lang: str):
    for po in sorted((i18n.LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
        with po.open("rb") as f:
            yield po.stem, read_po(f, locale=lang)


def test_catalogues_are_one_per_area():
    for lang in TRANSLATED:
        names = {name for name, _cat in _catalogs(lang)}
        assert names <= set(DOMAINS), names - set(DOMAINS)


def _fields(text: str) -> set[str]:
    return {name for _t, name, _s, _c in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_use_the_same_placeholders(lang):
    wrong = []
    for domain, catalog in _catalogs(lang):
        for m in catalog:
            if not m.id or not m.string:
                continue
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            wanted = set().union(*map(_fields, ids))
            for s in strings:
                got = _fields(s) if s else wanted
                # a plural's singular may leave {n} out ("un dé"), nothing else
                if got - wanted or wanted - got - {"n"}:
                    wrong.append((domain, ids[0], s))
    assert not wrong


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_forms_are_the_languages(lang):
    for domain, catalog in _catalogs(lang):
        assert catalog.num_plurals == 2 and catalog.plural_expr.replace(" ", "") in (
            "(n>1)", "n>1"), domain
        for m in catalog:
            if isinstance(m.id, tuple) and m.string:
                assert len(m.string) == 2, (domain, m.id)


def test_a_message_shared_by_areas_reads_the_same_in_each():
    seen: dict[str, tuple[str, str]] = {}
    for lang in TRANSLATED:
        for domain, catalog in _catalogs(lang):
            for m in catalog:
                if m.id and m.string:
                    key = f"{lang}|{m.context}|{m.id}"
                    other = seen.setdefault(key, (domain, str(m.string)))
                    assert other[1] == str(m.string), (m.id, other[0], domain)


def _calls(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in i18n.KEYWORDS:
            yield node


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: i18n.relative(p))
def test_translating_calls_take_literal_messages(path):
    """``_("... {x}", x=...)``, never ``_(f"...")`` or ``_(text)``: the extractor only sees
    literal strings; and no ``_ = ...`` in a module that translates (it hides ``_``)."""
    source = path.read_text(encoding="utf-8")
    if not re.search(r"^from \S*i18n import ", source, flags=re.M):
        return  # translates nothing (its own ``_p`` may be something else)
    tree = ast.parse(source)
    for call in _calls(tree):
        count = {"_": 1, "_l": 1, "_n": 2, "_p": 2, "Mistake": 1}[call.func.id]
        texts = call.args[:count]
        where = f"{i18n.relative(path)}:{call.lineno}"
        assert len(texts) == count and all(
            isinstance(a, ast.Constant) and isinstance(a.value, str) for a in texts), where
    if re.search(r"^from \S*i18n import (.*, )?_(,|$)", source, flags=re.M):
        hidden = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Name)
                  and isinstance(n.ctx, ast.Store) and n.id == "_"]
        assert not hidden, f"{i18n.relative(path)}: lines {hidden} assign to _"
    inside = [n.lineno for s in ast.walk(tree) if isinstance(s, ast.JoinedStr)
              for n in _calls(s)]
    assert not inside, f"{i18n.relative(path)}: lines {inside} translate inside an f-string"


def test_the_extraction_finds_each_kind_of_call():
    catalogs = i18n.extract()
    common = {m.id for m in catalogs["common"] if m.id}
    assert "Not allowed: {reason}" in common  # _
    assert ("({n} character)", "({n} characters)") in common  # _n
    assert "exact odds of a situation" in common  # _l


def test_status_counts_each_area(capsys):
    assert i18n.main(["status"]) == 0
    out = capsys.readouterr().out
    assert all(domain in out for domain in DOMAINS)


def test_every_translating_call_is_extracted():
    """Each ``_("literal")`` in the source reaches its area's catalogue (Babel's extractor can
    miss a call nested in another call's generator argument: its text would then never be
    translated, and the missing-translation test would not see it)."""
    catalogs = i18n.extract()
    have = {d: {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in c if m.id}
            for d, c in catalogs.items()}
    missed = []
    for path in SOURCES:
        name = i18n.relative(path)
        for call in _calls(ast.parse(path.read_text(encoding="utf-8"))):
            texts = [a.value for a in call.args[:2] if isinstance(a, ast.Constant)]
            if len(texts) < (2 if call.func.id == "_p" else 1):
                continue  # not a literal message: the test above refuses it
            key = (texts[1], texts[0]) if call.func.id == "_p" else (texts[0], None)
            if key not in have[domain_of(name)]:
                missed.append(f"{name}:{call.lineno} {key[0]!r}")
    assert not missed, missed


def test_every_catalogue_of_a_language_has_one_plural_rule():
    """All of a language's catalogues count alike (a catalogue created by a newer Babel once
    got a third French form, and its plurals fell back to English)."""
    for lang in i18n.TRANSLATED:
        rules = {po.name: re.search(r"Plural-Forms: ([^\\\n]*)", po.read_text()).group(1)
                 for po in (i18n.LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")}
        assert len(set(rules.values())) == 1, rules
