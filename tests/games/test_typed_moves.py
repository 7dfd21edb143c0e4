"""Moves typed at the table: a huge number or a pasted page is a clear ParseError, never a bare
ValueError (Python's 4,300-digit limit), and the state is unchanged (issue 12, item 1)."""

import pytest

from bluffkit.core import ParseError, make_rng, sample
from bluffkit.games import GAMES

BIG = "1" * 5000
TEMPLATES = ["{}x3", "3x{}", "{}", "show {}", "bet {}", "raise {}", "raise to {}",
             "gain {} to P1", "steal 5 from P{}", "steal {} from P1", "doublet 8,13 for {}",
             "give {}", "play {}", "take {}", "challenge {}", "first player {}",
             "take, play {}", "draw {}", "discard {}"]


def decision_states(game, rng, moves=40):
    """Decision states of one random playthrough of each variant of ``game``."""
    for rules in game.variants:
        s = game.new_game(rules)
        for _ in range(moves):
            if s.is_terminal():
                break
            if s.is_chance_node():
                s = s.apply(sample(s.chance_outcomes(), rng))
                continue
            yield s
            legal = s.legal_actions()
            s = s.apply(legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("number", [BIG, "9" * 4400, "-" + BIG])
def test_huge_numbers_in_moves_are_parse_errors(name, number):
    game = GAMES[name]
    for s in decision_states(game, make_rng(1)):
        before = s.to_json()
        for template in TEMPLATES:
            with pytest.raises(ParseError, match="characters long"):
                s.parse_action(template.format(number))
        assert s.to_json() == before


@pytest.mark.parametrize("name", sorted(GAMES))
def test_odd_digits_in_moves_are_parse_errors_or_actions(name):
    """Superscripts and other Unicode digits are read or refused, never a bare ValueError."""
    for s in decision_states(GAMES[name], make_rng(2), moves=10):
        for text in ("³", "play ³", "take ³", "³x3", "take, play ³,³", "²²"):
            try:
                s.parse_action(text)
            except ParseError:
                pass


def test_bluff_game_goes_on_after_a_huge_number(monkeypatch, capsys):
    """The issue's reproducer: `print('1'*5000+'x3') | bluffkit play bluff --bots 1 --seed 1`."""
    import io

    from bluffkit.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("1" * 5000 + "x3\nquit\n"))
    assert main(["play", "bluff", "--bots", "1", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Not allowed: what you typed as a move is 5002 characters long" in out
    assert "Game stopped." in out
    assert "1" * 300 not in out
