"""What the table widgets' tests share: playing a whole game by clicking, refusing a move."""

import pytest

from bluffkit.core import IllegalAction


def click_to_the_end(table, button, most: int) -> int:
    """Click ``button(table)`` (the button to press now) until the game is over, at most
    ``most`` times; every click is the human's (player 0) and shows no error. Returns how many
    clicks it took."""
    clicks = 0
    while not table.state.is_terminal():
        assert clicks < most, "the game did not end"
        assert table.state.current_player() == 0
        button(table).click()
        assert table.errors.message == ""
        clicks += 1
    return clicks


def assert_move_refused(table, typed: str, words: str, illegal: str) -> None:
    """The move ``typed`` in the table shows an error saying ``words``; ``illegal`` played
    directly raises ``IllegalAction``; neither changes the game."""
    before = table.state
    table.errors.guard(table.play)(typed)
    assert words in table.errors.message and table.state is before
    with pytest.raises(IllegalAction):
        table.play(illegal)
    assert table.state is before
