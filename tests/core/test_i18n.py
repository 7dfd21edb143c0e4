"""The translation runtime (bluffkit.core.i18n): choosing the language, plurals, lazy texts and
numbers written for the language; catalogues read from the .po (no build step) or a .mo."""

from __future__ import annotations

from fractions import Fraction

import pytest

import bluffkit
from bluffkit.core import i18n
from bluffkit.core.i18n import (
    UnknownLanguage,
    _,
    _l,
    _n,
    get_language,
    language,
    num,
    set_language,
)
from tests.conftest import printed_by_python

NOT_ALLOWED = "Not allowed: {reason}"


def test_set_language_and_back_to_automatic(monkeypatch):
    monkeypatch.setenv("BLUFFKIT_LANG", "en")
    bluffkit.set_language("fr")
    assert get_language() == "fr"
    assert _(NOT_ALLOWED, reason="x") == "Interdit\xa0: x"
    bluffkit.set_language("en")
    assert _(NOT_ALLOWED, reason="x") == "Not allowed: x"
    bluffkit.set_language(None)
    assert get_language() == "en"


@pytest.mark.parametrize("code", ["fr_FR", "fr-CA", "FR", "fr_BE.UTF-8", "fr_CH@euro"])
def test_regional_codes_speak_their_language(code):
    set_language(code)
    assert get_language() == "fr"


def test_an_unknown_language_names_the_choices():
    with pytest.raises(UnknownLanguage, match=r"'de' is not available: bluffkit speaks "
                                              r"en \(English\), fr \(français\)"):
        set_language("de")
    assert isinstance(UnknownLanguage("x"), ValueError)


def test_environment_then_system_locale_then_english(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("BLUFFKIT_LANG", "fr")
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert get_language() == "fr"
    monkeypatch.delenv("BLUFFKIT_LANG")
    assert get_language() == "en"
    monkeypatch.setenv("LANG", "fr_CA.UTF-8")
    assert get_language() == "fr"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")  # not spoken: English
    assert get_language() == "en"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert get_language() == "en"


def test_an_unknown_environment_language_warns_and_speaks_english(monkeypatch):
    monkeypatch.setenv("BLUFFKIT_LANG", "klingon")
    with pytest.warns(UserWarning, match="'klingon' is not available.*fr \\(français\\)"):
        assert get_language() == "en"
    with pytest.raises(UnknownLanguage, match="BLUFFKIT_LANG 'klingon'"):
        i18n.check_environment()


def test_plural_forms_in_both_languages():
    forms = ("({n} character)", "({n} characters)")
    assert [_n(*forms, k) for k in (0, 1, 2)] == [
        "(0 characters)", "(1 character)", "(2 characters)"]
    with language("fr"):  # French: 0 and 1 take the singular (Plural-Forms: n > 1)
        assert [_n(*forms, k) for k in (0, 1, 2)] == [
            "(0 caractère)", "(1 caractère)", "(2 caractères)"]


def test_a_lazy_text_follows_a_language_switch():
    text = _l(NOT_ALLOWED, reason="x")
    assert str(text) == "Not allowed: x"
    with language("fr"):
        assert str(text) == "Interdit\xa0: x"
        assert f"[{text}]" == "[Interdit\xa0: x]"
        assert text + "!" == "Interdit\xa0: x!"
    assert text.format(reason="y") == "Not allowed: y"


def test_numbers_in_french_take_a_decimal_comma():
    with language("fr"):
        assert num(0.791) == "0,791"
        assert num(0.7912, ".1%").replace("\xa0", " ") == "79,1 %"
        assert num(Fraction(7, 27)) == "7/27"  # fractions unchanged
        assert num(Fraction(7, 27), ".4f") == "0,2593"
        assert num(12) == "12"
        assert num(1234567, ",") == "1\u202f234\u202f567"
        assert num("0.5") == "0.5"  # text is not a number
        assert _("{reason}", reason=0.25) == "0,25"  # placeholders too
        assert _("{reason:.1%}", reason=0.25) == "25,0\xa0%"


def test_english_numbers_are_plain_format():
    for value, spec in [(0.791, ""), (0.7912, ".1%"), (1234567, ","), (Fraction(1, 3), "")]:
        assert num(value, spec) == format(value, spec)


def test_unknown_messages_and_braces_without_values_are_left_alone():
    with language("fr"):
        assert _("A sentence nobody translated") == "A sentence nobody translated"
        assert _("{not a placeholder}") == "{not a placeholder}"


def test_a_po_file_is_read_without_a_build_step_and_an_edit_shows(tmp_path, monkeypatch):
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = folder / "common.po"
    header = ('msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Plural-Forms: nplurals=2; '
              'plural=(n > 1);\\n"\n"Content-Type: text/plain; charset=utf-8\\n"\n\n')
    po.write_text(header + 'msgid "Hello"\nmsgstr "Bonjour"\n\n'
                  '#, fuzzy\nmsgid "Unsure"\nmsgstr "Pas sûr"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "RECHECK_SECONDS", 0)
    i18n._last_check.clear()
    with language("fr"):
        assert _("Hello") == "Bonjour"
        assert _("Unsure") == "Unsure"  # fuzzy translations are not used
        po.write_text(header + 'msgid "Hello"\nmsgstr "Salut"\n', encoding="utf-8")
        import os
        os.utime(po, (po.stat().st_atime + 5, po.stat().st_mtime + 5))
        assert _("Hello") == "Salut"
        mo = po.with_suffix(".mo")  # a compiled catalogue newer than its .po is used
        mo.write_bytes(i18n.compile_po(po))
        po.unlink()
        assert _("Hello") == "Salut"
    i18n._last_check.clear()


def test_a_fresh_interpreter_speaks_french_from_the_environment():
    code = "from bluffkit.cli.common import fraction_text; from fractions import Fraction; " \
           "print(fraction_text(Fraction(7, 27)))"
    env = {"BLUFFKIT_LANG": "fr", "PATH": ""}
    assert printed_by_python(code, env=env).strip() == "7/27 (0,2593)"
