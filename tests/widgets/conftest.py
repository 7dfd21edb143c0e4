"""What the table widgets' tests share: playing a whole game by clicking."""


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
