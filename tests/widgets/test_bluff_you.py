"""Bluff You widgets headless (ipywidgets' testing style: set ``.value``, call ``.click()``)."""

from __future__ import annotations

import re
from fractions import Fraction

from bluffkit.games.bluff_you import Gain
from bluffkit.odds.bluff_you import posterior_true, sum_distribution
from bluffkit.widgets.bluff_you import BluffYouTable, SumExplorer, figure_for_points

ME = 0


def test_points_figure_shows_the_exact_sum_distribution():
    fig = figure_for_points(centre=(3, 4, 17, 18), announced=17)
    bars, points, bits = fig.data
    pmf = sum_distribution().pmf()
    assert bars.x == tuple(range(3, 19))
    assert bars.customdata == tuple(f"{p.numerator}/{p.denominator}" for p in pmf.values())
    assert bars.y == tuple(float(p) for p in pmf.values())
    assert points.y[0] == 5 and points.y[7] == 1 and bits.y[0] > bits.y[7]
    colors = bars.marker.color
    assert colors[0] == colors[1] != colors[2]  # 3 and 4 in the centre, 5 not
    assert colors[14] not in (colors[0], colors[2])  # 17, the announced number, stands out


def test_sum_explorer_follows_its_controls():
    w = SumExplorer(centre="3,4,17,18", announced=17, q=Fraction(1, 2))
    assert w.posterior == posterior_true(17, (3, 4, 17, 18), Fraction(1, 2))
    assert "\\frac{9}{326}" in w.bayes.value
    w.q.value = Fraction(1)
    assert w.posterior.posterior == posterior_true(17, (3, 4, 17, 18), 1).posterior
    before = w.figure.data[0].marker.color
    w.centre.value = "10,11,12"  # 17 left the centre: the announcement moves to a centre token
    assert w.announced.options == (10, 11, 12) and w.announced.value == 10
    assert w.posterior.announced == 10 and w.figure.data[0].marker.color != before
    assert w.errors.message == ""
    w.centre.value = "10,10"
    assert "each token exists once" in w.errors.message
    assert w.posterior.announced == 10  # last good state kept
    w.centre.value = "9,10"
    assert w.errors.message == "" and "bk-sum-explorer" in w._dom_classes


def test_sum_explorer_follows_a_new_centre_that_keeps_the_announced_number():
    """The announced 3 stays valid when the centre becomes 3,5: no event fired and the posterior,
    the figure and Bayes' terms of the old centre 3,4,17,18 stayed on screen."""
    w = SumExplorer(centre="3,4,17,18", announced=3, q=Fraction(1, 2))
    w.centre.value = "3,5"
    assert w.announced.value == 3 and w.tokens == (3, 5)
    assert w.posterior == posterior_true(3, (3, 5), Fraction(1, 2))
    assert "\\frac{3}{322}" not in w.bayes.value  # the old centre's posterior


def drive_to(t: BluffYouTable, phase: str, limit: int = 200) -> None:
    """Play the first legal move / believe everything until it is my turn in ``phase``."""
    for _ in range(limit):
        if t.state.is_terminal() or t.state.phase == phase:
            return
        if t.state.phase == "act":
            t.move_button.click()
        elif t.state.phase == "call":
            t.ok_button.click()
        else:
            t.give_button.click()
        assert t.errors.message == ""


def test_table_offers_the_legal_moves_and_plays_them():
    t = BluffYouTable(players=3, seed=5)
    s = t.state
    assert s.current_player() == ME and s.phase == "act"
    assert [v for _, v in t.move_choice.options] == [str(a) for a in s.legal_actions()]
    assert t.call_row.layout.display == "none" and t.move_row.layout.display is None
    assert "bk-die" in t.status.value  # my dice are shown to me
    lines = len(t.history.lines)
    t.move_choice.value = str(Gain(2, 11))
    t.move_button.click()
    assert t.errors.message == "" and len(t.history.lines) > lines
    assert any("You announce: gain 11 to Bot 2" in line for line in t.history.lines)


def test_table_explain_as_bluffer_and_as_guesser():
    t = BluffYouTable(players=2, seed=2)
    t.explain.toggle.value = True
    assert "Best:" in t.explain.body.value and "Recommended" in t.explain.body.value
    drive_to(t, "call")
    assert t.state.current_player() == ME and t.call_row.layout.display is None
    assert t.state.observation(ME).roll is None
    assert "Bayes" in t.explain.body.value and "equilibrium" in t.explain.body.value
    t.bluff_button.click()
    assert t.errors.message == ""


def test_bad_moves_are_explained_and_change_nothing():
    t = BluffYouTable(players=2, seed=3)
    before = t.state
    t.move_choice.options = ["gain 19 to P1"]  # not offered by the table: typed by hand
    t.move_choice.value = "gain 19 to P1"
    t.move_button.click()
    assert "only a token still in the centre" in t.errors.message and t.state == before
    t.play("gain 3 to P1")  # text works too; 3 is in the centre at the start
    assert t.state != before and any("gain 3 to Bot 1" in line for line in t.history.lines)


def test_bluff_you_dice_are_ordinary_dice():
    """Bluff You's dice show 1-6; only Bluff's dice have a star in place of the 6."""
    t = next(t for t in (BluffYouTable(players=2, seed=k) for k in range(40)) if 6 in t.state.roll)
    faces = re.findall(r'class="bk-die" [^>]*>([^<]*)<', t.status.value)
    assert faces == [str(d) for d in t.state.roll] and "6" in faces and "★" not in t.status.value


def test_the_history_names_the_seats_as_the_board_does_with_the_right_grammar():
    lines = []
    for seed in range(6):
        t = BluffYouTable(players=3, seed=seed)
        drive_to(t, "over")
        lines += t.history.lines
    text = " ".join(lines)
    assert not re.search(r"\bP\d\b", text)
    assert not re.search(r"\b[Yy]ou said \w+( you)? and was", text)
    assert re.search(r"You said \w+( you)? and were (right|wrong)", text)
    assert re.search(r"Bot \d said \w+( you)? and was (right|wrong)", text)


def test_a_short_game_plays_to_the_end_and_a_new_game_starts():
    t = BluffYouTable(players=2, seed=4, tokens=(9, 10, 11))
    drive_to(t, "over")
    assert t.state.is_terminal() and "Game over" in t.history.lines[-1]
    assert "Press New game" in t.status.value
    t.new_game_bar.button.click()
    assert not t.state.is_terminal() and t.seed == 5


def test_table_names_the_players_as_the_board_does():
    """Issue 11: the moves, the history and the advice said "gain 3 to P1" where the board says
    "Bot 1", and the history read "You said ok and was right"."""
    t = BluffYouTable(players=3, seed=5)
    labels = [label for label, _ in t.move_choice.options]
    assert "gain 11 to Bot 2" in labels and not any("P1" in x or "P2" in x for x in labels)
    t.explain.toggle.value = True
    assert "gain to Bot 1" in t.explain.body.value and "to P1" not in t.explain.body.value
    t.move_choice.value = str(Gain(2, 11))
    t.move_button.click()
    assert any("You announce: gain 11 to Bot 2" in line for line in t.history.lines)
    assert not any("P1" in line or "P2" in line or "You was" in line or "you was" in line
                   for line in t.history.lines)


def test_guesser_advice_for_an_announcement_never_made_shows_no_none():
    from bluffkit.advice.bluff_you import position
    from bluffkit.games.bluff_you import Steal
    from bluffkit.widgets.common import advice_html

    s = position(held={1: (13,), 0: (3, 8, 9, 11, 12, 14, 17, 18)}, players=2, bluffer=1,
                 roll="1,2,4").apply(Steal(0, 12))
    t = BluffYouTable(players=2, seed=1)
    data = t._advice_for(s)
    assert all(v is not None for row in data["options"] for v in row.values())
    assert "None" not in advice_html(data) and "never" in advice_html(data)


def test_explain_recommends_one_move_the_table_accepts_and_says_the_mix_once():
    """Issue 26: Explain said "Recommended: gain to Bot 1" (no token: not a move one can
    play) and "best numbers: 3, 4, 5, 6, 7, 8" beside "Equilibrium play with 14: gain 13
    (3/5), gain 14 (2/5)". Now the recommendation is one of the moves the table offers, the
    one the equilibrium plays most often; an option the equilibrium uses is described by the
    numbers it announces; the mix is said once."""
    from bluffkit.advice.bluff_you import bluffer_advice

    seen = 0
    for seed in range(16):
        t = BluffYouTable(players=2 + seed % 3, seed=seed)
        for _turn in range(3):
            drive_to(t, "act")
            if t.state.is_terminal():
                break
            t.explain.toggle.value = True
            a = bluffer_advice(t.state, t.names)
            shown = t._advice()
            offered = dict(t.move_choice.options)
            assert shown["recommended"] in offered, (seed, shown["recommended"])
            assert re.search(r"\d", shown["recommended"])  # the token's number
            mix = a.equilibrium.mix(t.state.roll)
            assert mix[max(mix, key=mix.get)] == mix[min(mix, key=lambda m: (-mix[m], m))]
            body = html_text(t.explain.body.value)
            assert body.count("Equilibrium play") == 1 and body.count("Recommended") == 1
            for o in a.options:
                line = next(x for x in a.explanation.splitlines()
                            if x.startswith(f"- {o.label}:"))
                used = [n for n, p in (o.announce or {}).items() if p]
                if used:
                    assert "best number" not in line and all(str(n) in line for n in used)
            t.move_choice.value = offered[shown["recommended"]]
            t.move_button.click()
            assert t.errors.message == ""
            seen += 1
    assert seen >= 30


def html_text(value: str) -> str:
    return re.sub(r"<[^>]+>", " ", value)
