"""Reading actions typed by a person, explaining illegal ones, describing a state in words."""

from __future__ import annotations

import re
from collections import Counter

from ...core import Action, ParseError, State
from ...core.i18n import _, _l
from ...core.text import short_text
from .actions import COMBINED_LIMIT, Challenge, Deal, Duel, FirstPlayer, Play, Take, Taken
from .cards import Card, cards_text, parse_card, parse_cards

HELP = _l("type 'play 7' (or just 7) to choose a strength card, 'take 10' or with combined "
          "cards 'take 3+3', or 'challenge 2'")
_FRENCH_WORDS = {"joue": "play", "jouer": "play", "prends": "take", "prendre": "take",
                 "défie": "challenge", "defie": "challenge", "défier": "challenge",
                 "joueur": "player"}
"""Moves typed in French (``joue 7``, ``prends 10``, ``défie 2``) read as their English
twins."""


def say_move(text: str, names=None) -> str:
    """A move as the engine writes it (``play 7``, ``take 3+3``, ``challenge 2``), in the current
    language, the seats named as at the table (``names``).

    >>> say_move("challenge 2", ["You", "Bot 1", "Bot 2"]), say_move("take 10")
    ('challenge Bot 2', 'take 10')
    """
    word, _space, rest = text.partition(" ")
    if word == "play":
        return _("play {card}", card=rest)
    if word == "take":
        return _("take {cards}", cards=rest)
    if word == "challenge" and rest.isdigit():
        p = int(rest)
        return _("challenge {player}", player=names[p] if names else p)
    return text


def move_words(m, names, me: int | None = None) -> str:
    """What the table sees of a take or a challenge, in the current language, the seats named
    as at the table (``names``; seat ``me`` is "you").

    >>> move_words(Taken(1, (Card(10),)), ["P0", "P1"], 0)
    'P1 takes 10.'
    """
    if isinstance(m, Taken):
        cards = cards_text(m.cards, "+")
        return (_("You take {cards}.", cards=cards) if m.player == me else
                _("{player} takes {cards}.", player=names[m.player], cards=cards))
    assert isinstance(m, Duel)
    if m.winner is None:
        result = _("nobody wins, the card goes back")
    elif m.winner == me:
        result = _("you keep it")
    else:
        result = _("{player} keeps it", player=names[m.winner])
    stack = cards_text(m.stack, "+")
    if m.challenger_card is not None:
        stack = _("{cards} ({mine} against {theirs})", cards=stack, mine=m.challenger_card,
                  theirs=m.defender_card)
    if m.challenger == me:
        return _("You challenge {player} for {cards}: {result}.",
                 player=names[m.defender], cards=stack, result=result)
    return _("{challenger} challenges {player} for {cards}: {result}.",
             challenger=names[m.challenger], player=names[m.defender],
             cards=stack, result=result)


def _resolve(card: Card, available) -> Card:
    """A bare value names the standard card when there is one, else the special of that value."""
    if card.special or card in available:
        return card
    same = [c for c in available if c.value == card.value]
    return same[0] if same else card


def parse_action(state: State, text: str) -> Action:
    """Read ``play 7`` / ``7``, ``take 10``, ``take 3+3``, ``challenge 2`` / ``c 2``,
    ``deal 2,4,6,10``, ``first player 1``.

    Raises:
        ParseError: when the text is not an action (legality is checked by ``apply``).

    >>> from .state import JungleRules, JungleState
    >>> s = JungleState.setup(JungleRules(players=2, special_cards=["nervous"]),
    ...                       ["3,9", "5,9"], "4,7")
    >>> parse_action(s, "9")
    Play(card=Card(value=9, special=True))
    """
    t = short_text(text, _("a move"), "take 10").lower()
    t = " ".join(_FRENCH_WORDS.get(w, w) for w in t.split())
    try:
        if m := re.fullmatch(r"(?:challenge|c|defy)\s*(?:player\s*)?(\d+)", t):
            return Challenge(int(m.group(1)))
        if m := re.fullmatch(r"(?:take|t)\s+(.+)", t):
            return Take(tuple(sorted(_resolve(c, state.centre) for c in parse_cards(m.group(1)))))
        if m := re.fullmatch(r"(?:play|p)?\s*(\d{1,2}[a-z]?)", t):
            options = state.strength_options(state.to_move) if state.phase == "choose" else ()
            return Play(_resolve(parse_card(m.group(1)), options))
        if m := re.fullmatch(r"deal\s+(.+)", t):
            return Deal(parse_cards(m.group(1)))
        if m := re.fullmatch(r"first\s*player\s*(\d+)", t):
            return FirstPlayer(int(m.group(1)))
    except ParseError as e:
        raise ParseError(_("{text}: {reason}", text=repr(text), reason=e)) from None
    raise ParseError(_("{text} is not a Jungle Bluff action: {help}", text=repr(text),
                       help=HELP))


def why_illegal(s: State, action) -> str:
    """The rule an action breaks in state ``s`` (for ``IllegalAction``)."""
    if s.phase == "over":
        return _("the game is over: {winners}", winners=describe_winners(s))
    if s.is_chance_node():
        return _("{action} is not a possible chance outcome here (phase {phase})",
                 action=action, phase=s.phase)
    p = s.to_move
    if not isinstance(action, Play | Take | Challenge):
        return (_("player {player} must choose a strength card, not {action}", player=p,
                  action=repr(action)) if s.phase == "choose" else
                _("player {player} must take or challenge, not {action}", player=p,
                  action=repr(action)))
    move = say_move(str(action))
    if s.phase == "choose":
        if not isinstance(action, Play):
            return _("{action}: every player first puts a strength card face down; player "
                     "{player} must choose one now", action=move, player=p)
        cards = cards_text(s.strength_options(p)) or _("empty")
        if s.final:
            return _("{action}: player {player} has no {card} in their score pile (final round) "
                     "({cards})", action=move, player=p, card=action.card, cards=cards)
        return _("{action}: player {player} has no {card} in their hand ({cards})", action=move,
                 player=p, card=action.card, cards=cards)
    if isinstance(action, Play):
        return _("{action}: the strength cards are already down; player {player} must take or "
                 "challenge", action=move, player=p)
    if isinstance(action, Challenge):
        t = action.target
        if t == p:
            return _("player {player} cannot challenge themself", player=p)
        if t not in range(s.rules.players):
            return _("there is no player {player}", player=t)
        holders = ", ".join(str(q) for q in range(s.rules.players) if s.held[q])
        return _("player {player} holds no score card, so cannot be challenged (only a player "
                 "holding one can be: {holders})", player=t, holders=holders or _("nobody"))
    cards = action.cards
    if not cards or Counter(cards) - Counter(s.centre):
        return _("{action}: those cards are not all in the centre ({cards})", action=move,
                 cards=cards_text(s.centre) or _("empty"))
    if len(cards) > 1 and not s.rules.combined:
        return _("{action}: one score card per take (several need the combined-cards variant)",
                 action=move)
    if len({c.value for c in cards}) > 1:
        return _("{action}: combined cards must all have the same value", action=move)
    return _("{action}: combined cards may not add up to more than {most}", action=move,
             most=COMBINED_LIMIT)


def describe_winners(s: State) -> str:
    w = s.winners()
    scores = ", ".join(f"P{p}={x}" for p, x in enumerate(s.scores()))
    if len(w) == 1:
        return _("player {player} wins ({scores})", player=w[0], scores=scores)
    return _("players {players} share the win ({scores})", players=", ".join(map(str, w)),
             scores=scores)


def describe(s: State) -> str:
    """A few lines a person can read (the whole truth: all hidden cards included)."""
    if s.phase == "over":
        return _("Jungle Bluff, game over: {winners}.", winners=describe_winners(s))
    if s.is_chance_node():
        return _("Jungle Bluff, {n} players: phase {phase}", n=s.rules.players, phase=s.phase)
    name = _("final round") if s.final else _("round {n}", n=s.round)
    lines = [_("Jungle Bluff, {round}; first player {player}; centre: {cards}", round=name,
               player=s.first, cards=cards_text(s.centre) or _("empty"))]
    for p in range(s.rules.players):
        lines.append(_("P{player}: hand {hand}; strength {strength}; holds {held}; pile {pile} "
                       "({points})", player=p, hand=cards_text(s.hands[p]) or "-",
                       strength=s.strength[p] or "-", held=cards_text(s.held[p], "+") or "-",
                       pile=cards_text(s.piles[p]) or "-",
                       points=sum(c.value for c in s.piles[p])))
    lines += [f"  {m}" for m in s.moves]
    lines.append(_("Phase {phase}; to move: player {player}", phase=s.phase,
                   player=s.to_move))
    return "\n".join(lines)


__all__ = ["HELP", "describe", "move_words", "parse_action", "say_move", "why_illegal"]
