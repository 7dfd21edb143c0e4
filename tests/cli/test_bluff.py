"""``bluffkit odds bluff`` and ``bluffkit advise bluff`` say the same numbers for the same
position; expected losses are capped at the loser's dice; the re-roll with my own exposed dice."""

import contextlib
import io
import json
import re
from fractions import Fraction
from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from bluffkit.cli import main
from bluffkit.games.bluff import FACES, STAR, Bid, dice_text


def run_json(*argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main([*argv, "--json"])
    assert code == 0
    return json.loads(out.getvalue())


def run_error(capsys, *argv):
    code = main(list(argv))
    _, err = capsys.readouterr()
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    return err


def brute_losses(count, face, known, unknown, bidder_held, challenger_held):
    """Expected dice lost by the bidder and the challenger, over every roll of the unknown
    dice, each loss capped at the loser's dice."""
    bidder = challenger = Fraction(0)
    for roll in product(FACES, repeat=unknown):
        a = sum(1 for d in (*known, *roll) if d == face or (d == STAR and face != STAR))
        if a < count:
            bidder += min(count - a, bidder_held)
        elif a == count:
            challenger += 1
        else:
            challenger += min(a - count, challenger_held)
    return bidder / 6**unknown, challenger / 6**unknown


def test_nobody_loses_more_dice_than_five_without_held():
    # issue 11: this printed 22/3 although nobody holds more than 5 dice
    data = run_json("odds", "bluff", "--dice", "10", "--mine", "1,1,1,1,1", "--bid", "9x3")
    want, _ = brute_losses(9, 3, (1,) * 5, 5, 5, 5)
    assert Fraction(data["bidder_loss"]) == want == 5 - Fraction(1, 243)


def test_held_caps_each_loss_at_the_losers_dice():
    # seats 0 (2 dice), 1 (3 dice), 2 (me, 4 dice): player 1 bid 2x3, I am the challenger
    data = run_json("odds", "bluff", "--held", "2,3,4", "--me", "2", "--bidder", "1",
                    "--mine", "3,3,*,3", "--bid", "2x3")
    bidder, challenger = brute_losses(2, 3, (3, 3, 6, 3), 5, 3, 4)
    assert Fraction(data["bidder_loss"]) == bidder
    assert Fraction(data["challenger_loss"]) == challenger
    assert (data["bidder_held"], data["challenger_held"]) == (3, 4)
    low = run_json("odds", "bluff", "--held", "1,3,4", "--me", "2", "--bidder", "1",
                   "--mine", "1,1,1,1", "--bid", "8x3")
    assert Fraction(low["bidder_loss"]) == brute_losses(8, 3, (1,) * 4, 4, 3, 1)[0]
    assert low["dice_in_play"] == 8


def test_the_reported_disagreement_is_settled():
    # odds said 21596779/14348907 (no cap), advise 21444247/14348907 (capped at my 5 dice)
    odds = run_json("odds", "bluff", "--dice", "20", "--mine", "3,3,*,1,2", "--bid", "7x3")
    advice = run_json("advise", "bluff", "--players", "4", "--mine", "3,3,*,1,2", "--bid", "7x3")
    assert odds["challenger_loss"] == advice["options"][0]["my_loss"] == "21444247/14348907"


def test_held_errors_name_the_option(capsys):
    assert "--held" in run_error(capsys, "odds", "bluff", "--held", "5,x", "--bid", "2x3")
    assert "--dice" in run_error(capsys, "odds", "bluff", "--held", "5,5", "--dice", "9",
                                 "--bid", "2x3")
    assert "--bidder" in run_error(capsys, "odds", "bluff", "--held", "5,0,5", "--bidder", "1",
                                   "--bid", "2x3")
    assert "--held" in run_error(capsys, "odds", "bluff", "--held", "5,6", "--bid", "2x3")
    assert "--mine" in run_error(capsys, "odds", "bluff", "--held", "2,5", "--mine", "1,2,3",
                                 "--bid", "2x3")
    assert "--dice" in run_error(capsys, "odds", "bluff", "--bid", "2x3")


@st.composite
def positions(draw):
    n = draw(st.integers(2, 6))
    held = draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
    me = draw(st.integers(0, n - 1))
    held[me] = draw(st.integers(1, 5))
    if sum(1 for h in held if h) < 2:
        held[(me + 1) % n] = draw(st.integers(1, 5))
    dice = draw(st.lists(st.sampled_from(FACES), min_size=held[me], max_size=held[me]))
    shown = draw(st.integers(0, held[me] - 1)) if draw(st.booleans()) else 0
    others = {p: tuple(draw(st.lists(st.sampled_from(FACES), max_size=held[p] - 1)))
              for p in range(n) if p != me and held[p] >= 2 and draw(st.booleans())}
    total = sum(held)
    bid = Bid(draw(st.integers(1, total)), draw(st.sampled_from(FACES)))
    return held, me, tuple(dice[shown:]), tuple(dice[:shown]), others, bid


@given(positions())
def test_odds_and_advise_agree_on_every_position_they_share(position):
    held, me, mine, my_shown, others, bid = position
    n = len(held)
    common = ["--held", ",".join(map(str, held)), "--me", str(me), "--mine", dice_text(mine)]
    exposed = [f"{p}:{dice_text(d)}" for p, d in others.items() if d]
    if my_shown:
        exposed.append(f"{me}:{dice_text(my_shown)}")
    all_exposed = dice_text(my_shown + sum(others.values(), ()))
    advise_argv = ["advise", "bluff", *common, *(x for e in exposed for x in ("--exposed", e))]
    if exposed:
        advise_argv.append("--expansion")
    odds_argv = ["odds", "bluff", *common, "--exposed", all_exposed,
                 "--my-exposed", dice_text(my_shown)]
    active = sum(1 for h in held if h)
    previous = next(q for k in range(1, n) if held[q := (me - k) % n])
    # I challenge the previous player's bid
    advice = run_json(*advise_argv, "--bid", str(bid))
    challenge = advice["options"][0]
    assert challenge["action"] == "challenge"
    odds = run_json(*odds_argv, "--bid", str(bid))
    assert odds["p_true"] == challenge["p_stands"] and odds["p_exact"] == challenge["p_exact"]
    assert odds["challenger_loss"] == challenge["my_loss"]
    assert Fraction(challenge["others_loss"]) == (
        Fraction(odds["bidder_loss"]) + (active - 2) * Fraction(odds["other_loss"]))
    assert (odds["bidder_held"], odds["challenger_held"]) == (held[previous], held[me])
    # I open: every raise listed is my bid, challenged by the next player
    advice = run_json(*advise_argv)
    for option in advice["options"][:3]:
        odds = run_json(*odds_argv, "--bidder", str(me), "--bid", option["action"])
        assert odds["p_true"] == option["p_stands"]
        assert odds["bidder_loss"] == option["my_loss"]
        assert Fraction(option["others_loss"]) == (
            Fraction(odds["challenger_loss"]) + (active - 2) * Fraction(odds["other_loss"]))


def test_reroll_with_my_own_exposed_dice(capsys):
    # issue 11: "re-rolling needs at least one exposed die" although *,*,3 exposed are mine
    # (the example called all four exposed dice mine: 2 + 4 = 6 dice, one too many);
    # re-rolling 2,3 leaves 6 unknown dice, of which 2 must match
    data = run_json("odds", "bluff", "--dice", "10", "--mine", "2,3", "--exposed", "*,*,3,3",
                    "--my-exposed", "*,*,3", "--reroll", "", "--bid", "6x3")
    assert Fraction(data["p_true"]) == 1 - Fraction(2, 3) ** 6 - 6 * Fraction(2**5, 3**6)
    assert data["p_true"] == "473/729"
    err = run_error(capsys, "odds", "bluff", "--dice", "10", "--mine", "2,3", "--exposed",
                    "*,*,3,3", "--my-exposed", "*,*,3,3", "--reroll", "", "--bid", "6x3")
    assert "--my-exposed" in err and "at most 5" in err
    err = run_error(capsys, "odds", "bluff", "--dice", "10", "--mine", "2,3", "--exposed",
                    "*,*,3,3", "--reroll", "", "--bid", "6x3")
    assert "--my-exposed" in err
    err = run_error(capsys, "odds", "bluff", "--dice", "10", "--mine", "2,3", "--exposed",
                    "*,*", "--my-exposed", "3", "--reroll", "", "--bid", "6x3")
    assert "--my-exposed" in err and "--exposed" in err


def test_the_advice_table_has_no_blank_column(capsys):
    main(["advise", "bluff", "--players", "4", "--mine", "3,3,*,1,2", "--bid", "7x3"])
    out = capsys.readouterr()[0]
    header, rule = out.splitlines()[:2]
    assert len(rule.split()) == len(re.split(r"\s{2,}", header.strip())) == 5
    assert "8x3 <- best" in out


def test_the_table_says_each_cap(capsys):
    main(["odds", "bluff", "--dice", "10", "--mine", "1,1,1,1,1", "--bid", "9x3"])
    out = capsys.readouterr()[0]
    assert "bidder's expected loss (at most 5)" in out and "1214/243" in out
    assert "capped at 5 dice" in out
    main(["odds", "bluff", "--held", "1,5,5", "--bidder", "2", "--mine", "4", "--bid", "9x3"])
    out = capsys.readouterr()[0]
    assert "bidder's expected loss (at most 5)" in out
    assert "challenger's expected loss (at most 1)" in out and "capped at 5" not in out


@given(positions())
def test_odds_and_advise_agree_on_the_expansions_show_and_reroll(position):
    held, me, mine, my_shown, others, bid = position
    if len(mine) + len(my_shown) < 2 and not my_shown:
        return  # nothing to show or re-roll: one die must stay under the cup
    common = ["--held", ",".join(map(str, held)), "--me", str(me), "--mine", dice_text(mine)]
    exposed = [f"{p}:{dice_text(d)}" for p, d in others.items() if d]
    if my_shown:
        exposed.append(f"{me}:{dice_text(my_shown)}")
    advice = run_json("advise", "bluff", *common, "--show", "--bid", str(bid),
                      *(x for e in exposed for x in ("--exposed", e)))
    all_exposed = dice_text(my_shown + sum(others.values(), ()))
    odds_argv = ["odds", "bluff", *common, "--bidder", str(me), "--exposed", all_exposed,
                 "--my-exposed", dice_text(my_shown), "--bid", str(bid)]
    active = sum(1 for h in held if h)
    for option in advice["options"]:
        action = option["action"]
        if action.endswith("reroll"):
            shown = action.removeprefix("show ").removesuffix("reroll").strip()
            odds = run_json(*odds_argv, "--reroll", shown)
        else:
            odds = run_json(*odds_argv)
        assert odds["p_true"] == option["p_stands"] and odds["p_exact"] == option["p_exact"]
        assert odds["bidder_loss"] == option["my_loss"]
        assert Fraction(option["others_loss"]) == (
            Fraction(odds["challenger_loss"]) + (active - 2) * Fraction(odds["other_loss"]))


def test_advise_reads_the_history_for_any_number_of_players(capsys):
    from bluffkit.odds.bluff.beliefs import odds_after_bids, read_bids

    argv = ["advise", "bluff", "--held", "5,4,5,5,3", "--me", "2", "--mine", "3,3,*,1,2",
            "--bid", "6x3", "--history", "4x3,5x3,6x3"]
    data = run_json(*argv)
    assert data["bids_read"] and len(data["beliefs"]) == 4
    reading = read_bids((5, 4, 5, 5, 3), 2, ("4x3", "5x3", "6x3"), 1)
    challenge = data["options"][0]
    p = odds_after_bids(Bid(6, 3), 22, 3, reading, 4, 5).p_true
    assert challenge["p_read"] == f"{p.numerator}/{p.denominator}"
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "P(true) after reading the bids" in out and "Player 1 bid 6x3 after 5x3" in out
    old = run_json(*argv, "--dice-random")
    assert not old["bids_read"] and "p_read" not in old["options"][0]
    err = run_error(capsys, "advise", "bluff", "--mine", "3", "--bid", "1x3", "--dice-random")
    assert "--dice-random needs --history" in err
