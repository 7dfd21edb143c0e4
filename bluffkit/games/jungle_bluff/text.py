"""Reading actions typed by a person, explaining illegal ones, describing a state in words."""

from __future__ import annotations

import re
from collections import Counter

from ...core import Action, ParseError
from ...core.i18n import _
from ...core.text import short_text
from .cards import Card, cards_text, parse_card, parse_cards
from .state import COMBINED_LIMIT, Challenge, Deal, FirstPlayer, JungleState, Play, Take

HELP = ("type 'play 7' (or just 7) to choose a strength card, 'take 10' or with combined cards "
        "'take 3+3', or 'challenge 2'")


def _resolve(card: Card, available) -> Card:
    """A bare value names the standard card when there is one, else the special of that value."""
    if card.special or card in available:
        return card
    same = [c for c in available if c.value == card.value]
    return same[0] if same else card


def parse_action(state: JungleState, text: str) -> Action:
    """Read ``play 7`` / ``7``, ``take 10``, ``take 3+3``, ``challenge 2`` / ``c 2``,
    ``deal 2,4,6,10``, ``first player 1``.

    Raises:
        ParseError: when the text is not an action (legality is checked by ``apply``).

    >>> from .state import JungleRules
    >>> s = JungleState.setup(JungleRules(players=2, special_cards=["nervous"]),
    ...                       ["3,9", "5,9"], "4,7")
    >>> parse_action(s, "9")
    Play(card=Card(value=9, special=True))
    """
    t = short_text(text, _("a move"), "take 10").lower()
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
        raise ParseError(f"{text!r}: {e}") from None
    raise ParseError(f"{text!r} is not a Jungle Bluff action: {HELP}")


def why_illegal(s: JungleState, action) -> str:
    """The rule an action breaks in state ``s`` (for ``IllegalAction``)."""
    if s.phase == "over":
        return f"the game is over: {describe_winners(s)}"
    if s.is_chance_node():
        return f"{action} is not a possible chance outcome here (phase {s.phase})"
    p = s.to_move
    if not isinstance(action, Play | Take | Challenge):
        todo = "choose a strength card" if s.phase == "choose" else "take or challenge"
        return f"player {p} must {todo}, not {action!r}"
    if s.phase == "choose":
        if not isinstance(action, Play):
            return (f"{action}: every player first puts a strength card face down; player {p} "
                    "must choose one now")
        source = "score pile (final round)" if s.final else "hand"
        return (f"{action}: player {p} has no {action.card} in their {source} "
                f"({cards_text(s.strength_options(p)) or 'empty'})")
    if isinstance(action, Play):
        return f"{action}: the strength cards are already down; player {p} must take or challenge"
    if isinstance(action, Challenge):
        t = action.target
        if t == p:
            return f"player {p} cannot challenge themself"
        if t not in range(s.rules.players):
            return f"there is no player {t}"
        return (f"player {t} holds no score card, so cannot be challenged "
                f"(only a player holding one can be: "
                f"{', '.join(str(q) for q in range(s.rules.players) if s.held[q]) or 'nobody'})")
    cards = action.cards
    if not cards or Counter(cards) - Counter(s.centre):
        return (f"{action}: those cards are not all in the centre "
                f"({cards_text(s.centre) or 'empty'})")
    if len(cards) > 1 and not s.rules.combined:
        return f"{action}: one score card per take (several need the combined-cards variant)"
    if len({c.value for c in cards}) > 1:
        return f"{action}: combined cards must all have the same value"
    return f"{action}: combined cards may not add up to more than {COMBINED_LIMIT}"


def describe_winners(s: JungleState) -> str:
    w = s.winners()
    scores = ", ".join(f"P{p}={x}" for p, x in enumerate(s.scores()))
    who = f"player {w[0]} wins" if len(w) == 1 else f"players {', '.join(map(str, w))} share " \
        "the win"
    return f"{who} ({scores})"


def describe(s: JungleState) -> str:
    """A few lines a person can read (the whole truth: all hidden cards included)."""
    if s.phase == "over":
        return f"Jungle Bluff, game over: {describe_winners(s)}."
    if s.is_chance_node():
        return f"Jungle Bluff, {s.rules.players} players: phase {s.phase}"
    name = "final round" if s.final else f"round {s.round}"
    lines = [f"Jungle Bluff, {name}; first player {s.first}; centre: "
             f"{cards_text(s.centre) or 'empty'}"]
    for p in range(s.rules.players):
        lines.append(f"P{p}: hand {cards_text(s.hands[p]) or '-'}; strength "
                     f"{s.strength[p] or '-'}; holds {cards_text(s.held[p], '+') or '-'}; "
                     f"pile {cards_text(s.piles[p]) or '-'} ({sum(c.value for c in s.piles[p])})")
    lines += [f"  {m}" for m in s.moves]
    lines.append(f"Phase {s.phase}; to move: player {s.to_move}")
    return "\n".join(lines)


__all__ = ["HELP", "describe", "parse_action", "why_illegal"]
