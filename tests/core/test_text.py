import pytest

from bluffkit.core import ParseError
from bluffkit.core.text import MAX_TYPED, short_text, shorten


def test_short_text_keeps_short_text_and_refuses_long_text():
    assert short_text("  take 10 ", "a move") == "take 10"
    assert short_text(7, "a move") == "7"
    assert short_text("x" * MAX_TYPED, "a move") == "x" * MAX_TYPED
    with pytest.raises(ParseError, match=f"{MAX_TYPED + 1} characters long"):
        short_text("x" * (MAX_TYPED + 1), "a move")


def test_shorten_cuts_with_the_length():
    assert shorten("abc") == "'abc'"
    long = shorten("9" * 10_000)
    assert len(long) < 70 and "10000 characters" in long
