"""The shared play loop of the command line: ``ask_move`` and ``play_loop``."""

from __future__ import annotations

from bluffkit.cli.terminal import ask_move, play_loop
from bluffkit.core import RandomBot, make_rng
from bluffkit.games.bluff import Bid, BluffRules, BluffState

RULES = BluffRules(players=2, dice_per_player=1)


def my_turn(seed: int = 0) -> BluffState:
    s, _ = play_loop(BluffState.new(RULES), [None, RandomBot()], make_rng(seed), 0,
                     lambda s: None)
    return s


def lines(*typed):
    it = iter(typed)
    return lambda: next(it, None)


def test_quit_words_and_end_of_input_stop():
    s = my_turn()
    for word in ("quit", "Q", "exit"):
        assert ask_move(s, lines(word), lambda: 1 / 0, lambda: 1 / 0) is None
    assert ask_move(s, lines(), lambda: 1 / 0, lambda: 1 / 0) is None


def test_advice_words_explain_best_plays_and_illegal_moves_are_named():
    s = my_turn()
    assert s.bid is None  # I open: "challenge" is not allowed
    said, explained = [], []
    best = s.legal_actions()[0]
    got = ask_move(s, lines("advice", "nonsense", "challenge", "best"), lambda: best,
                   lambda: explained.append(1), said.append,
                   on_illegal=lambda: said.append("legal list"))
    assert got == best and explained == [1]
    assert said[0].startswith("Not allowed:") and said[1] == "legal list"
    assert said[2].startswith("Not allowed:") and len(said) == 4


def test_a_legal_move_is_returned_parsed():
    s = my_turn()
    move = next(a for a in s.legal_actions() if isinstance(a, Bid))
    assert ask_move(s, lines(str(move)), lambda: None, lambda: None) == move


def test_play_loop_stops_at_quit_and_reports_every_move():
    seen = []
    s, stopped = play_loop(BluffState.new(RULES), [None, RandomBot()], make_rng(3), 0,
                           lambda s: None, lambda *m: seen.append(m[1]))
    assert stopped and s.current_player() == 0 and -1 in seen
    end, stopped = play_loop(BluffState.new(RULES), [RandomBot(), RandomBot()], make_rng(3),
                             None, lambda s: 1 / 0)
    assert end.is_terminal() and not stopped
