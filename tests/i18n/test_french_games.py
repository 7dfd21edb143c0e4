"""Each game in French, as a student meets it: the engine's errors, moves typed in French, the
advice's explanation (numbers with a decimal comma, fractions unchanged) and a whole table with
no English left; the English side unchanged."""

from __future__ import annotations

import re

import pytest

from bluffkit.core import Distribution, IllegalAction, ParseError
from bluffkit.i18n import language

ENGLISH = re.compile(r"\b(the|your|you|round|hand|worth|draw|play|take|game|turn|bot|seed|new|"
                     r"explain|tokens?|announces?|steal|gain|give|wins?|rolls?|dice|sum|"
                     r"waiting|believe|caught|random|naive|believer|doubter|equilibrium|"
                     r"challenge|raise|kind|read|ahead|loss|optimistic|reversed|nervous|"
                     r"none|mine|exposed|common|listed)\b", re.IGNORECASE)
"""English words a French table must not show (none of them is a French word)."""


def visible(widget) -> str:
    """Every text a student reads in ``widget`` and its children (HTML tags removed, the
    tooltips of HTML kept: a title attribute is read when pointed at)."""
    parts = []
    shown = ("description", "tooltip", "placeholder") if hasattr(widget, "options") else (
        "value", "description", "tooltip", "placeholder")
    for name in shown:
        v = getattr(widget, name, None)
        if isinstance(v, str):
            parts.append(v)
            parts += re.findall(r'title="([^"]*)"', v)
    for option in getattr(widget, "options", ()) or ():
        parts.append(str(option[0] if isinstance(option, tuple) else option))
    for child in getattr(widget, "children", ()):
        parts.append(visible(child))
    return re.sub(r"<[^>]+>|&nbsp;|\$[^$]*\$", " ", " ".join(parts))


def shown_in_play(table, turns: int, move) -> str:
    """Everything ``table`` shows, Explain on, at each of up to ``turns`` turns where the human
    plays ``move()`` (Explain says nothing once the game is over), and at the end."""
    table.explain.toggle.value = True  # the advice's table and words too (issue 26)
    seen = []
    for _turn in range(turns):
        seen.append(visible(table))
        if table.state.is_terminal():
            break
        table.play(move())
    return visible(table) + " ".join(seen)


def english_in(text: str, allowed=("Bluff", "you", "You", "OK")) -> list[str]:
    text = text.replace("Bluff you", " ").replace("bluff you", " ").replace("Bluff You", " ")
    return sorted({m.group(0) for m in ENGLISH.finditer(text)} - set(allowed))


def test_the_english_check_sees_english():
    assert english_in("Tu annonces : gagner 11. Your turn.") == ["Your", "turn"]


# -- Bluff You -------------------------------------------------------------------------------------
def test_bluff_you_engine_speaks_french():
    from bluffkit.games.bluff_you import BluffYouRules, BluffYouState, Gain, Roll, parse_action

    s = BluffYouState.new(BluffYouRules(players=3)).apply(Roll((2, 2, 5)))
    with language("fr"):
        with pytest.raises(IllegalAction) as e:
            s.apply(Gain(0, 9))
        assert str(e.value).startswith("gagner 9 (Devin\u00a0: P0)\u00a0: le Devin doit être "
                                       "un autre joueur")
        with pytest.raises(ParseError, match="n'est pas un coup de Bluff You"):
            parse_action(s, "hop")
        assert parse_action(s, "gagne 9 à P1") == Gain(1, 9)  # typed in French
        with pytest.raises(IllegalAction, match="must be another player"), language("en"):
            s.apply(Gain(0, 9))


def test_bluff_you_advice_explains_in_french():
    from bluffkit.advice.bluff_you import bluffer_advice, guesser_advice, position
    from bluffkit.games.bluff_you import Gain

    s = position(held={0: (8, 13)}, players=2, roll=(2, 2, 5))
    with language("fr"):
        a = bluffer_advice(s)
        assert a.explanation.startswith("Tu as lancé 2,2,5 (somme 9).")
        assert "Le mieux\u00a0: gagner 9 (Devin\u00a0: P1)" in a.explanation
        g = guesser_advice(position(players=2, roll=(1, 1, 1)).apply(Gain(1, 18)), q="1/2")
        assert "Bayes\u00a0: P(vrai | 18 annoncé) = " in g.explanation
        assert "(environ 0," in g.explanation  # a decimal comma
    assert bluffer_advice(s).explanation.startswith("You rolled 2,2,5 (sum 9).")
    english = guesser_advice(position(players=2, roll=(1, 1, 1)).apply(Gain(1, 18)), q="1/2")
    assert english.vs_model == g.vs_model and "(about 0." in english.explanation


def test_a_french_bluff_you_table_has_no_english_and_switches_back():
    from bluffkit.widgets.bluff_you.table import BluffYouTable

    t = BluffYouTable(players=3, seed=4)
    english = visible(t)
    for _turn in range(12):  # play a few turns so every kind of history line is written
        if t.state.is_terminal():
            break
        if t.move_row.layout.display is None:
            t.play(t.move_choice.value)
        elif t.call_row.layout.display is None:
            t.play("ok")
        else:
            t.play(f"give {t.give_choice.value}")
    t.explain.toggle.value = True
    t.language_switch.value = "fr"
    french = visible(t)
    assert "Nouvelle partie (graine 4)\u00a0: toi contre 2 robots" in french
    assert "Tour 1\u00a0:" in french and "Jetons" not in english
    assert not english_in(french), english_in(french)
    t.language_switch.value = "en"
    assert "New game (seed 4): you against 2" in visible(t)


# -- Bluff -----------------------------------------------------------------------------------------
def test_bluff_engine_speaks_french():
    from bluffkit.games.bluff import Bid, Challenge, parse_action, position

    s = position(["2,2,*", "1,4,5"], ["3x2"])
    with language("fr"):
        with pytest.raises(IllegalAction) as e:
            s.apply(Bid(2, 4))
        assert str(e.value).startswith("2x4 n'augmente pas 3x2\u00a0: la case 2 vient avant")
        assert parse_action(s, "Haut les gobelets !") == Challenge()
        with pytest.raises(ParseError, match="n'est pas un coup"):
            parse_action(s, "hop")
        r = s.apply(Challenge()).last
        assert r.outcome == "pari égal à la quantité réelle\u00a0: tous sauf le parieur " \
                            "perdent un dé"  # 2, 2 and the star: three 2s
    with pytest.raises(IllegalAction, match="does not raise"):
        s.apply(Bid(2, 4))


def test_a_french_bluff_table_has_no_english():
    from bluffkit.widgets.bluff.table import BluffTable

    with language("fr"):
        t = BluffTable(opponents=2, seed=3, show_and_reroll=True)
        shown = shown_in_play(t, 30, lambda: "keep" if t.state.phase == "show" else
                              "challenge" if t.state.bid is not None and t.state.bid.count >= 4
                              else t.bid_choice.value)
        assert "Nouvelle partie (graine 3)\u00a0: toi contre 2 robots, 5 dés chacun, avec " \
               "l'extension." in shown
        assert "Haut les gobelets\u00a0: " in shown and "Dés perdus\u00a0:" in shown
        english = english_in(re.sub(r"\d+x[\d*★]", " ", shown), allowed=("Bluff",))
        assert not english, english


def test_bluff_advice_explains_in_french_with_the_same_numbers():
    from bluffkit.advice.bluff import Position, advise

    pos = Position("1,1,2,4,5", (5, 5, 5), bid="4x3", history=("2x3", "4x3"))
    english = advise(pos, equilibrium=False)
    with language("fr"):
        french = advise(pos, equilibrium=False)
        plain = advise(pos, equilibrium=False, read_bids=False)
        table = french._repr_markdown_()
    assert [o.ahead for o in french.options] == [o.ahead for o in english.options]
    assert french.recommended.action == english.recommended.action
    text = french.explanation
    assert text.startswith("Modèle\u00a0: les paris sont lus\u00a0; chaque joueur parie")
    assert "Coup d'avance\u00a0: chaque choix ci-dessous a été joué" in text
    assert re.search(r"≈ 0,\d{3}", text) and not re.search(r"≈ 0\.\d", text)  # decimal comma
    assert "Conseil\u00a0: " in text.splitlines()[-1]
    assert "Les paris des autres joueurs ne sont pas lus comme des informations." in \
        plain.explanation
    assert "| choix | P(vrai), dés au hasard |" in table
    assert not english_in(re.sub(r"\d+x[\d*★]|`[^`]*`", " ", text + table),
                          allowed=("Bluff", "Bayes"))


# -- Poker dice ------------------------------------------------------------------------------------
def test_poker_dice_engine_speaks_french():
    from bluffkit.games.poker_dice import Bet, PokerDiceRules, PokerDiceState, parse_action

    s = PokerDiceState.new(PokerDiceRules(players=2, leader=0))
    for move in ("roll 9,9,9", "roll K,K,A", "ante", "ante", "roll 9,Q,K"):
        s = s.apply(parse_action(s, move))
    with language("fr"):
        with pytest.raises(IllegalAction, match="^mise 0\u00a0: une mise vaut au moins 1 point$"):
            s.apply(Bet(0))
        assert parse_action(s, "mise 3") == Bet(3)  # typed in French
        s = s.apply(parse_action(s, "mise 3"))
        assert s.history[-1][1] == "bet 3"  # the history keeps the engine's text
        from bluffkit.games.poker_dice import call_words
        assert call_words(s, 0).startswith("P1 mise 3\u00a0: pour suivre, engage 3 points")


def test_a_french_poker_dice_table_has_no_english():
    from bluffkit.widgets.poker_dice.table import PokerDiceTable

    with language("fr"):
        t = PokerDiceTable(opponents=2, seed=2)
        shown = shown_in_play(t, 40, lambda: "ante" if t.state.phase == "ante" else
                              "call" if t.state.opened else "bet 1")
        assert "Nouvelle partie (graine 2)\u00a0: toi contre 2 robots" in shown
        assert "Dés communs\u00a0:" in shown and "Pot de " in shown
        english = english_in(shown, allowed=("Poker", "gain"))  # « gain moyen »
        assert not english, english


# -- Jungle Bluff ----------------------------------------------------------------------------------
def test_jungle_bluff_engine_speaks_french():
    from bluffkit.games.jungle_bluff import Challenge, JungleRules, JungleState, parse_action

    s = JungleState.setup(JungleRules(players=2, special_cards=["nervous"]), ["3,9", "5,9"],
                          "4,7")
    with language("fr"):
        with pytest.raises(IllegalAction, match="chaque joueur pose d'abord une carte de force"):
            s.apply(Challenge(1))
        assert parse_action(s, "joue 3") == parse_action(s, "play 3")  # typed in French
        with pytest.raises(ParseError, match="n'est pas un coup de Jungle Bluff"):
            parse_action(s, "hop")


def test_a_french_jungle_table_has_no_english():
    from bluffkit.widgets.jungle_bluff.table import JungleTable

    with language("fr"):
        t = JungleTable(opponents=2, seed=1, combined=True, special_cards=("nervous", "alpha"))
        shown = shown_in_play(t, 40, lambda: t.choice.value)
        assert "Nouvelle partie (graine 1)\u00a0: toi contre 2 robots\u00a0; cartes combinées, " \
            "9 nerveux, 10 alpha." in shown  # the special cards by their French names
        assert "Cartes de score" in shown and "carte de force" in shown
        english = english_in(shown, allowed=("Jungle", "Bluff"))
        assert not english, english


def test_jungle_advice_explains_in_french():
    from bluffkit.advice.jungle_bluff import advise_round, advise_turn
    from bluffkit.advice.jungle_bluff.two_player import RoundGame
    from bluffkit.games.jungle_bluff import Card, parse_cards

    with language("fr"):
        a = advise_turn(Card(6), parse_cards("3"), [parse_cards("9"), ()],
                        {0: Distribution.uniform(parse_cards("2,8"))}, me=1)
        b = advise_round(RoundGame.of("1o,9", "5,10", "4"), 1)
    assert a.explanation.startswith("Ta carte de force est 6. prendre 3\u00a0: 3 points\u00a0; "
                                    "défier le joueur 0 pour 9\u00a0: tu gagnes avec la "
                                    "probabilité 1/2")
    assert a.explanation.endswith("Le mieux\u00a0: défier 0.")
    assert "le meilleur jeu est donc mélangé\u00a0: pose 5 avec la probabilité 1/2" in \
        b.explanation
    assert str(a.recommended.action) == "challenge 0"  # the engine's text is unchanged


def test_poker_dice_advice_explains_in_french():
    from bluffkit.advice.poker_dice import Position, advise
    from bluffkit.widgets.poker_dice.table import advice_for_display

    english = advise(Position("9,K,K", opponents=3))
    with language("fr"):
        a = advise(Position("9,K,K", opponents=3))
        shown = advice_for_display(a)
        bet = advise(Position("9,K,K", "K,Q,A", opponents=2, pot=6, to_call=2, opened=True))
    assert [o.value for o in a.options] == [o.value for o in english.options]
    assert a.action == english.action
    assert a.explanation.startswith("Modèle\u00a0: les dés des autres joueurs sont inconnus")
    assert "27,0\u00a0%" in a.explanation and "586\u202f653\u202f858/2\u202f176\u202f782\u202f336" \
        in a.explanation  # a decimal comma, digits grouped with a thin space
    assert "586653858/2176782336" in shown["explanation"]  # one fraction for the typesetting
    assert shown["recommended"] in ("parie", "passe")
    assert "Tu gagnes " in bet.explanation and "Suivre 2 pour gagner" in bet.explanation
