"""A decision's position in words: what the seat saw when it decided (its observation only),
and what kind of decision it was (a raise, a challenge, a call ...), for the review's views and
the class's figures."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.i18n import _, _l


def _bluff(obs, names: Sequence[str]) -> str:
    from ..advice.bluff.position import round_bids
    from ..games.bluff import dice_text

    head = _("Round {round}: your dice {dice}; {n} dice in play.", round=obs.round,
             dice=dice_text(obs.my_dice), n=sum(obs.dice_held))
    if obs.bid is None:
        return head + " " + _("You open the round.")
    if obs.phase == "show":
        return head + " " + _("You just bid {bid}: show some dice and re-roll, or keep them "
                              "hidden?", bid=obs.bid)
    return head + " " + _("Bids so far: {bids}; the last, {bid}, by {name}.",
                          bids=", ".join(round_bids(obs.history)), bid=obs.bid,
                          name=names[obs.bidder])


def _poker_dice(obs, names: Sequence[str]) -> str:
    from ..games.poker_dice import dice_text

    common = dice_text(obs.common) if obs.common else _("none yet")
    return _("Round {round}: your dice {dice}; common dice {common}; pot {pot}; your chips "
             "{chips}, {to_call} to call.", round=obs.round, dice=dice_text(obs.my_dice),
             common=common, pot=obs.pot, chips=obs.chips[obs.player],
             to_call=obs.to_call)


def _bluff_you(obs, names: Sequence[str]) -> str:
    from ..games.bluff_you import action_text, dice_text, tokens_text

    head = _("Turn {turn}: tokens in the centre {tokens}.", turn=obs.turn + 1,
             tokens=tokens_text(obs.centre) or _("none"))
    if obs.phase == "act" and obs.roll is not None:
        return head + " " + _("You rolled {dice} (sum {total}).", dice=dice_text(obs.roll),
                              total=sum(obs.roll))
    if obs.phase == "call" and obs.pending is not None:
        return head + " " + _("{name} announces {move}.", name=names[obs.bluffer],
                              move=action_text(obs.pending, names))
    return head + " " + _("Your tokens: {tokens}.",
                          tokens=tokens_text(obs.held[obs.player]) or _("none"))


def _jungle_bluff(obs, names: Sequence[str]) -> str:
    from ..games.jungle_bluff import cards_text

    strength = (_("your strength card {card}", card=cards_text([obs.my_strength]))
                if obs.my_strength is not None else _("no strength card placed yet"))
    return _("Round {round}: your hand {hand}; {strength}; score cards in the centre "
             "{centre}.", round=obs.round, hand=cards_text(obs.hand) or _("none"),
             strength=strength, centre=cards_text(obs.centre) or _("none"))


def _bungee(obs, names: Sequence[str]) -> str:
    from ..games.bungee import card_text, cards_text, hand_value

    top = card_text(obs.discard[-1]) if obs.discard else _("none")
    return _("Round {round}: your hand {hand} (worth {value}); top of the discard pile {top}; "
             "{n} cards in the draw pile.", round=obs.round, hand=cards_text(obs.hand),
             value=hand_value(obs.hand, obs.lucky), top=top, n=obs.pile_size)


POSITIONS = {"bluff": _bluff, "poker-dice": _poker_dice, "bluff-you": _bluff_you,
             "jungle-bluff": _jungle_bluff, "bungee": _bungee}


def position_text(game: str, observation, names: Sequence[str]) -> str:
    """What the seat saw at a decision, in one or two sentences of the current language.

    >>> from bluffkit.games.bluff import BluffRules, BluffState
    >>> s = BluffState.new(BluffRules(players=2, dice_per_player=2))
    >>> s = s.apply(s.legal_actions()[-1])    # Ana's start roll: 12, which Ben cannot beat
    >>> while s.is_chance_node():               # Ben's start roll, then every die a 1
    ...     s = s.apply(s.legal_actions()[0])
    >>> position_text("bluff", s.observation(s.current_player()), ["Ana", "Ben"])[:40]
    'Round 1: your dice 1,1; 4 dice in play. '
    """
    return POSITIONS[game](observation, names)


KIND_WORDS = {
    "bluff:bid": _l("bids"), "bluff:challenge": _l("challenges"),
    "bluff:show": _l("shows and re-rolls"),
    "poker-dice:ante": _l("antes"), "poker-dice:pass": _l("passes"),
    "poker-dice:bet": _l("bets"), "poker-dice:call": _l("calls"),
    "poker-dice:raise": _l("raises"), "poker-dice:fold": _l("folds"),
    "bluff-you:announce": _l("announcements"), "bluff-you:call": _l("calls"),
    "bluff-you:give": _l("tokens given"),
    "jungle-bluff:play": _l("strength cards"), "jungle-bluff:take": _l("takes"),
    "jungle-bluff:challenge": _l("challenges"),
    "bungee:play": _l("plays"), "bungee:takeplay": _l("takes and plays"),
    "bungee:call": _l("Bungee calls"), "bungee:stand": _l("plays on"),
}
"""Each kind of decision (the game and the kind of action chosen) in words, plural: the
class's figures count them."""


def decision_kind(game: str, action) -> str:
    """The kind of the decision that chose ``action``: ``"game:kind"``, a key of
    :data:`KIND_WORDS` (Bluff You's gains, steals and doublets are all announcements).

    >>> from bluffkit.games.bluff import Challenge
    >>> decision_kind("bluff", Challenge())
    'bluff:challenge'
    """
    name = type(action).__name__.lower()
    if game == "bluff-you" and name in ("gain", "steal", "doublet"):
        name = "announce"
    return f"{game}:{name}"


def kind_words(kind: str) -> str:
    """A kind of :func:`decision_kind` in words: the game's title and the actions
    (``Bluff: challenges``)."""
    from ..games import find_game

    game = kind.split(":", 1)[0]
    words = KIND_WORDS.get(kind, kind.split(":", 1)[-1])
    return _("{game}: {kind}", game=find_game(game).title, kind=words)


__all__ = ["KIND_WORDS", "decision_kind", "kind_words", "position_text"]
