"""Each statement states every rule its answer depends on (issue 32).

For every question class of the five game sets, ``READINGS`` lists the other ways a student who
knows the game could reasonably read the question (the Bungee card counting 10, ties within a
category by category only, no large flush, ties to the defender...), each with the answer it
gives, computed here independently (``None``: not computed, taken as different), and the rule
sentences that rule it out. Over seeds 1-60, wherever a reading changes the answer, the
statement must carry those sentences, in English and in French. A class with no entry has no
reading left open (its statement names everything); that is said beside it.
"""

from __future__ import annotations

import math
from collections import namedtuple
from fractions import Fraction
from itertools import product

import pytest

from bluffkit.core.i18n import language
from bluffkit.exercises import bluff_you as by
from bluffkit.exercises import bungee as bg
from bluffkit.exercises import catalogue
from bluffkit.exercises import jungle_bluff as jb
from bluffkit.exercises import poker_dice as pd
from bluffkit.exercises.bluff import common as bc
from bluffkit.exercises.bluff import counting, positions
from bluffkit.games.bluff import STAR
from bluffkit.games.bluff_you import doublet_swaps
from bluffkit.games.bungee import BUNGEE, CARDS
from bluffkit.games.jungle_bluff import CHALLENGER, DEFENDER, NOBODY, Card, duel_winner
from bluffkit.games.poker_dice import PokerDiceRules
from bluffkit.odds.poker_dice import equity

SEEDS = range(1, 61)
SETS = ["bluff", "bluff-you", "poker-dice", "bungee", "jungle-bluff"]
Reading = namedtuple("Reading", "name answer rules")
"""``answer(q)``: the answer under this reading (None: not computed); ``rules()``: the texts
that rule it out, in the current language."""


# -- bluff -----------------------------------------------------------------------------------
def stars_not_wild(q):
    """A digit bid counting only the digit: 1/6 a die, own stars not counted."""
    if q.bid.face == STAR:
        return None
    known = sum(1 for f in q.mine if f == q.bid.face)
    unknown, need = q.n - len(q.mine), q.bid.count - known
    return sum(Fraction(math.comb(unknown, j) * 5 ** (unknown - j), 6 ** unknown)
               for j in range(max(need, 0), unknown + 1))


def one_die_per_challenge(q):
    """Classic liar's dice: the loser of a challenge loses one die, whatever the count."""
    o = q.odds()
    return o.p_true


STARS = Reading("stars wild or not", None, lambda: [str(bc.STARS_RULE)])
MODEL = Reading("a bid read as information", None, lambda: [str(bc.MODEL)])
LOSS = lambda f: Reading("one die a lost challenge", f, lambda: [str(bc.LOSS_RULE)])  # noqa: E731
READINGS = {
    counting.OneDie: [Reading("stars not wild", lambda q: Fraction(1, 6) if q.face != STAR
                              else Fraction(1, 3), lambda: [str(bc.STARS_RULE)]), MODEL],
    counting.ExpectedMatches: [],     # "dice showing d or ★" / "stars"; no bid to read
    counting.CountDistribution: [],   # "show d or ★"; no bid
    counting.MostLikelyCount: [],     # "showing d or ★ (yours included)"; no bid
    counting.AtLeast: [MODEL],        # "at least k dice showing d or ★" said
    positions.BidWithMyDice: [Reading("stars not wild", stars_not_wild,
                                      lambda: [str(bc.STARS_RULE)]), MODEL],
    positions.StarBid: [STARS, MODEL],
    positions.RuleOfThumb: [MODEL],   # "dice showing d or ★" said
    positions.ChallengerLoss: [LOSS(one_die_per_challenge), STARS, MODEL],
    positions.ChallengeOrRaise: [LOSS(None), STARS, MODEL],
    positions.Reroll: [STARS, MODEL],
    positions.Simulation: [],         # the simulation to run is spelt out
}

# -- bluff you: every rule is in the statements but how swaps are counted ---------------------
READINGS.update({cls: [] for cls in catalogue("bluff-you") if cls is not by.DoubletSwaps})
READINGS[by.DoubletSwaps] = [Reading(
    "a group of tokens counted once",
    lambda q: len({g for g, _t in doublet_swaps(q.held, q.centre)}),
    lambda: [str(by.SWAPS_COUNTED)])]


# -- poker dice --------------------------------------------------------------------------------
CATEGORIES_ONLY = PokerDiceRules(tie_break="categories")


def poker(rules, what):
    return lambda q: what(q, rules)


def win(q, rules):
    return equity(q.mine, getattr(q, "common", None), 1, rules=rules).p_win


def split(q, rules):
    return equity(q.mine, q.common, 2, rules=rules).equity


def call(q, rules):
    eq = equity(q.mine, q.common, 1, rules=rules).equity
    return "call" if eq >= Fraction(q.to_call, q.pot + q.to_call) else "fold"


COLOURS = lambda f: Reading("no large flush", f, lambda: [str(pd.COLOURS)])  # noqa: E731
TIES = lambda f: Reading("ties by category only", f, lambda: [str(pd.TIES)])  # noqa: E731
RANKING = Reading("the ranking of card poker", None, lambda: [pd.ranking()])
SPLIT = Reading("a tie not split", None, lambda: [str(pd.SPLIT)])
READINGS.update({
    pd.FiveOfAKind: [], pd.StraightCount: [], pd.NeverNothing: [], pd.PotOdds: [],
    pd.FiveDiceCategory: [COLOURS(lambda q: pd.p_category(5, q.category, pd.NO_COLOURS)),
                          RANKING],
    pd.BestOfSix: [COLOURS(lambda q: pd.p_category(6, q.category, pd.NO_COLOURS)), RANKING],
    pd.GivenMyDice: [COLOURS(None), RANKING],
    pd.WinOneOpponent: [COLOURS(poker(pd.NO_COLOURS, win)), TIES(poker(CATEGORIES_ONLY, win)),
                        RANKING],
    pd.SplitTies: [COLOURS(poker(pd.NO_COLOURS, split)), TIES(poker(CATEGORIES_ONLY, split)),
                   RANKING, SPLIT],
    pd.CallOrFold: [COLOURS(poker(pd.NO_COLOURS, call)), TIES(poker(CATEGORIES_ONLY, call)),
                    RANKING, SPLIT],
    pd.Simulation: [COLOURS(poker(pd.NO_COLOURS, win)), TIES(poker(CATEGORIES_ONLY, win)),
                    RANKING],
})


# -- bungee ------------------------------------------------------------------------------------
def worth(c, lucky, bungee=0, lucky_counts=False):
    if c == lucky and not lucky_counts:
        return 0
    return bungee if c == BUNGEE else c


def unseen_mean(k, bungee):
    total = sum(n * worth(c, k.lucky, bungee) for c, n in zip(CARDS, k.unseen))
    return Fraction(total, k.unseen_count)


def best_action(q, bungee):
    means = {str(o.action): sum(worth(c, q.k.lucky, bungee) for c in o.hand_before_draw)
             + (unseen_mean(q.k, bungee) if o.draws else 0) for o in q.options()}
    low = min(means.values())
    best = [a for a, m in means.items() if m == low]
    return best[0] if len(best) == 1 else None  # a tie: no single answer


def reach(q, bungee):
    keep = list(q.k.hand)
    keep.remove(q.card)
    base = sum(worth(c, q.k.lucky, bungee) for c in keep)
    good = sum(n for c, n in zip(CARDS, q.k.unseen) if base + worth(c, q.k.lucky, bungee) <= 5)
    return Fraction(good, q.k.unseen_count)


def after_play(q, bungee):
    keep = list(q.k.hand)
    keep.remove(q.card)
    return sum(worth(c, q.k.lucky, bungee) for c in keep) + unseen_mean(q.k, bungee)


def zero_share(q, draws):
    """P(at least one of the next cards is the lucky value), Bungee cards not counted 0."""
    k = q.k
    good, u = k.unseen[k.lucky - 1], k.unseen_count
    return 1 - Fraction(math.comb(u - good, draws), math.comb(u, draws))


def round_score(q, *, later_wins_ties=True, bungee_in_score=10, bungee_in_value=0):
    value = [sum(worth(c, q.lucky, bungee_in_value) for c in h) for h in (q.first, q.second)]
    ada_wins = value[0] < value[1] or (value[0] == value[1] and not later_wins_ties)
    return -10 if ada_wins else sum(worth(c, q.lucky, bungee_in_score) for c in q.first)


ZERO = lambda name, f: Reading(name, f, lambda: [str(bg.ZERO_RULE)])  # noqa: E731
SCORE = lambda name, f: Reading(name, f, lambda: [str(bg.SCORE_RULE)])  # noqa: E731
READINGS.update({
    bg.CountUnseen: [],  # "the opponents' hands and the draw pile together"
    bg.HandWorth: [
        ZERO("Bungee cards 10", lambda q: sum(worth(c, q.k.lucky, 10) for c in q.k.hand)),
        ZERO("lucky cards counted", lambda q: sum(worth(c, q.k.lucky, 0, True) for c in q.k.hand))],
    bg.HandScore: [
        SCORE("Bungee cards 0", lambda q: sum(worth(c, q.k.lucky, 0) for c in q.k.hand)),
        SCORE("lucky cards counted",
              lambda q: sum(worth(c, q.k.lucky, 10, True) for c in q.k.hand))],
    bg.NextCardWorthZero: [ZERO("Bungee cards not 0", lambda q: zero_share(q, 1))],
    bg.ZeroInThreeDraws: [ZERO("Bungee cards not 0", lambda q: zero_share(q, 3))],
    bg.ReachBungee: [ZERO("Bungee cards 10", lambda q: reach(q, 10))],
    bg.ExpectedAfterPlay: [ZERO("Bungee cards 10", lambda q: after_play(q, 10))],
    bg.BestAction: [ZERO("Bungee cards 10", lambda q: best_action(q, 10))],
    bg.ScoreTheRound: [
        Reading("the earlier caller wins a tie",
                lambda q: round_score(q, later_wins_ties=False), lambda: [str(bg.WIN_RULE)]),
        SCORE("Bungee cards 0 in the score", lambda q: round_score(q, bungee_in_score=0)),
        ZERO("Bungee cards 10 in the value", lambda q: round_score(q, bungee_in_value=10))],
    bg.CallScore: [SCORE("Bungee cards 0 when losing",
                         lambda q: q.p * -10 + (1 - q.p) * q.k.value)],
})


# -- jungle bluff ------------------------------------------------------------------------------
def duel(c: Card, d: Card, ties=CHALLENGER, nervous_always=False, alpha=NOBODY):
    """Who wins a challenge, written from the rules digest (with a reading's changes)."""
    if c.kind == d.kind == "alpha":
        return alpha
    if c.kind == "optimistic" and d.value == 10:
        return CHALLENGER
    if d.kind == "optimistic" and c.value == 10:
        return DEFENDER
    cv = 1 if c.kind == "nervous" and nervous_always else c.value
    dv = 1 if d.kind == "nervous" else d.value
    if c.kind == "reversed" and dv != 5:
        return CHALLENGER if dv >= 6 else DEFENDER
    if d.kind == "reversed" and cv != 5:
        return DEFENDER if cv >= 6 else CHALLENGER
    return ties if cv == dv else CHALLENGER if cv > dv else DEFENDER


def test_the_duel_written_here_is_the_engines():
    cards = jb.ALL_SPECIAL + jb.STANDARD
    assert all(duel(c, d) == duel_winner(c, d) for c, d in product(cards, repeat=2))


def p_win(mine, theirs, challenger, **reading):
    side = CHALLENGER if challenger else DEFENDER
    won = [t for t in theirs if (duel(mine, t, **reading) if challenger
                                 else duel(t, mine, **reading)) == side]
    return Fraction(len(won), len(theirs))


def take_or_challenge(q, **reading):
    challenge = p_win(q.mine, q.theirs, True, **reading) * q.stack.value
    return "take" if q.centre.value > challenge else "challenge"


def a_wins(q, **reading):
    won = [(x, y) for x, y in product(q.a, q.b) if duel(x, y, **reading) == CHALLENGER]
    return Fraction(sum(1 for _x, y in won if y.value < q.below), len(won)) if won else None


def round_value(q, **reading):
    """The 2 x 2 game of the round (player 0 takes, player 1 challenges), solved by hand."""
    v, sign = q.game.centre[0].value, {CHALLENGER: -1, DEFENDER: 1, NOBODY: 0}
    (a, b), (c, d) = [[sign[duel(y, x, **reading)] * v for y in q.game.options[1]]
                      for x in q.game.options[0]]
    if max(min(a, b), min(c, d)) == min(max(a, c), max(b, d)):  # a saddle point
        return Fraction(max(min(a, b), min(c, d)))
    return Fraction(a * d - b * c, a + d - b - c)


J_TIES = lambda f: Reading("ties to the defender", f, lambda: [str(jb.TIES)])  # noqa: E731
SPECIALS = lambda f: Reading("a special card read otherwise", f,  # noqa: E731
                             lambda: [jb.special_rules()])
READINGS.update({
    jb.BeatOne: [J_TIES(lambda q: p_win(q.mine, jb.STANDARD, True, ties=DEFENDER))],
    jb.WithoutReplacement: [J_TIES(lambda q: p_win(q.mine, q.left(), False, ties=DEFENDER))],
    jb.Deduction: [],  # what was seen is listed; nothing compares cards
    jb.ChallengeValue: [J_TIES(lambda q: p_win(q.mine, q.theirs, True, ties=DEFENDER)
                               * q.stack.value)],
    jb.TakeOrChallenge: [J_TIES(lambda q: take_or_challenge(q, ties=DEFENDER))],
    jb.ResultTellsSomething: [J_TIES(lambda q: a_wins(q, ties=DEFENDER))],
    jb.SpecialPairing: [
        J_TIES(lambda q: duel(q.challenger, q.defender, ties=DEFENDER)),
        SPECIALS(lambda q: duel(q.challenger, q.defender, nervous_always=True))],
    jb.SpecialOdds: [
        J_TIES(lambda q: p_win(q.mine, jb.ALL_SPECIAL, q.challenger, ties=DEFENDER)),
        SPECIALS(lambda q: p_win(q.mine, jb.ALL_SPECIAL, q.challenger, nervous_always=True))],
    jb.RoundValue: [
        J_TIES(lambda q: round_value(q, ties=DEFENDER)),
        SPECIALS(lambda q: round_value(q, alpha=DEFENDER)),  # the holder keeps the card
        SPECIALS(lambda q: round_value(q, nervous_always=True))],
})


# -- the tests ---------------------------------------------------------------------------------
def same(a, b) -> bool:
    return a == b if isinstance(a, str) or isinstance(b, str) else Fraction(a) == Fraction(b)


ALL = [cls for name in SETS for cls in catalogue(name)]


def test_every_question_class_has_its_readings_listed():
    assert [cls.__name__ for cls in ALL if cls not in READINGS] == []


def test_the_computed_answer_is_the_statements_reading():
    """The table's computations, with no reading changed, give the questions' answers (so a
    reading that differs differs by its change only)."""
    for seed in range(1, 21):
        b = positions.BidWithMyDice(seed=seed)
        assert sum(Fraction(math.comb(b.n - len(b.mine), j) * 2 ** (b.n - len(b.mine) - j),
                            3 ** (b.n - len(b.mine)))
                   for j in range(max(b.odds().needed, 0), b.n - len(b.mine) + 1)) == b.expected()
        q = bg.BestAction(seed=seed)
        assert best_action(q, 0) == q.expected()
        for cls, f in ((bg.ReachBungee, reach), (bg.ExpectedAfterPlay, after_play)):
            q = cls(seed=seed)
            assert f(q, 0) == q.expected(), (cls.__name__, seed)
        q = bg.ScoreTheRound(seed=seed)
        assert round_score(q) == q.expected()
        for cls, f in ((jb.TakeOrChallenge, take_or_challenge), (jb.ResultTellsSomething, a_wins),
                       (jb.RoundValue, round_value)):
            q = cls(seed=seed)
            assert f(q) == q.expected(), (cls.__name__, seed)
        w = pd.WinOneOpponent(seed=seed)
        assert win(w, None) == w.expected()


@pytest.mark.parametrize("cls", [c for c in ALL if READINGS.get(c)], ids=lambda c: c.__name__)
def test_every_reading_that_changes_the_answer_is_ruled_out_in_both_languages(cls):
    changed = 0
    for seed in SEEDS:
        q = cls(seed=seed)
        expected = q.expected()
        for r in READINGS[cls]:
            other = r.answer(q) if r.answer else None
            if other is not None and same(other, expected):
                continue
            changed += 1
            for lang in ("en", "fr"):
                with language(lang):
                    text, rules = q.statement(), r.rules()
                missing = [rule for rule in rules if rule not in text]
                assert not missing, (cls.__name__, seed, lang, r.name, missing)
    assert changed, f"no reading changes {cls.__name__}'s answer: list it as []"


# -- the cases of issue 32, each pinned ----------------------------------------------------------
def in_both_languages(q, rule) -> bool:
    found = []
    for lang in ("en", "fr"):
        with language(lang):
            found.append(str(rule() if callable(rule) else rule) in q.statement())
    return all(found)


def test_best_action_counts_the_bungee_card_0_and_says_so():
    """Seed 77 (hand 2,3,7,10,B, lucky 1, discard top 6): counting the Bungee card 10, "take,
    play 10" and "take, play B" tie best; counting it 0 as in a call, "play 10" is best."""
    q = bg.BestAction(seed=77)
    assert q.k.hand == (2, 3, 7, 10, BUNGEE) and q.k.lucky == 1 and q.k.discard[-1] == 6
    assert q.expected() == "play 10" and best_action(q, 10) is None
    assert in_both_languages(q, bg.ZERO_RULE)


def test_poker_ties_within_a_category_are_stated_where_they_matter():
    """Seed 5: with categories only, Split ties gives 5317/15552 instead of 17959/46656, and a
    correct simulation lands near 0.420 instead of 0.569."""
    q = pd.SplitTies(seed=5)
    assert q.expected() == Fraction(17959, 46656)
    assert split(q, CATEGORIES_ONLY) == Fraction(5317, 15552)
    s = pd.Simulation(seed=5)
    assert round(float(s.expected()), 3) == 0.569 and round(float(win(s, CATEGORIES_ONLY)),
                                                            3) == 0.420
    for each in (q, s, pd.WinOneOpponent(seed=5), pd.CallOrFold(seed=5)):
        assert in_both_languages(each, pd.TIES) and in_both_languages(each, pd.COLOURS)


def test_poker_colours_are_stated_where_a_flush_changes_the_answer():
    """Seed 77: a red flush is possible; without colours the answers change."""
    changed = [cls.__name__ for cls, f in ((pd.WinOneOpponent, win), (pd.Simulation, win))
               if f(cls(seed=77), pd.NO_COLOURS) != cls(seed=77).expected()]
    assert changed
    for cls in (pd.WinOneOpponent, pd.CallOrFold, pd.Simulation, pd.SplitTies):
        assert in_both_languages(cls(seed=77), pd.COLOURS), cls.__name__


def test_score_the_round_varies_who_wins():
    """Ada (first caller) wins with the lower hand, Ben with the lower hand or a tie: each
    happens, and each answer is the rulebook's scoring done by hand."""
    outcomes = set()
    for seed in SEEDS:
        q = bg.ScoreTheRound(seed=seed)
        ada, ben = q.values()
        outcomes.add("ada" if ada < ben else "ben" if ben < ada else "tie")
        assert q.expected() == round_score(q)
        assert in_both_languages(q, bg.WIN_RULE) and in_both_languages(q, bg.SCORE_RULE)
    assert outcomes == {"ada", "ben", "tie"}


@pytest.mark.parametrize("cls", [jb.TakeOrChallenge, jb.SpecialPairing, jb.SpecialOdds,
                                 by.DoubletSwaps, bg.BestAction], ids=lambda c: c.__name__)
def test_questions_that_named_no_mistake_name_one_with_its_value_and_message(cls):
    for seed in (5, 77, 909):
        q = cls(seed=seed)
        mistakes = q.likely_mistakes()
        assert mistakes and all(m.message for m in mistakes), (cls.__name__, seed)
        for m in mistakes:
            fb = q.check(m.value)
            assert fb.status == "mistake" and m.message in fb.message
