"""Bluff You's rules engine: rules options, immutable states, the four cases of a call.

Rules (``shared/rules/README.md`` section 2, rulebook ``bluff-you.fr.txt``): 2-6 players
(**decision**); the 16 tokens 3-18 start in the centre. The bluffer role goes round from player 0.
The bluffer rolls three dice secretly (a chance node: the 56 sorted rolls, weights out of 216),
then:

- **gain** (``Gain(guesser, number)``): announce a number that is a centre token (**decision**: only
  centre tokens may be announced) to another player, the guesser;
- **steal** (``Steal(target, number)``): only if bluffer and target both hold a token; announce one
  of the target's token numbers; the target is the guesser;
- **doublet** (``Doublet(give, take)``): only with two or more equal dice and two or more tokens
  held; the dice are shown and two or more held tokens go back to the centre for one centre token
  of the same total points.

After a gain or a steal the guesser answers ``ok`` (believes) or ``bluff you`` and the dice are
shown. The guesser is *right* when they believed a true announcement or disbelieved a false one.
Gain: the announced token goes from the centre to the guesser if right, else to the bluffer. Steal:
if the guesser is wrong the bluffer takes the announced token from them; if right the bluffer gives
one of their own tokens, of their choice (a ``Give`` decision; skipped when they hold only one), to
the guesser. The game ends when the centre is empty at the end of a turn: the last centre token
is taken by a gain. A doublet swap that takes the last centre token does not end it (**decision**):
the swapped tokens go back to the centre, which is not empty, and play goes on. Most points wins;
a tie goes to the player holding fewer tokens.

**Returns** (decision): the winners share 1 (each of ``k`` tied winners gets ``Fraction(1, k)``),
everyone else 0. ``points()`` gives the scores.

>>> s = BluffYouState.new(BluffYouRules(players=2))
>>> s = s.apply(Roll((2, 4, 5))).apply(Gain(1, 11)).apply(Call(True))
>>> s.held, s.bluffer, s.last.guesser_right
(((), (11,)), 1, True)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from fractions import Fraction

from ...core import (
    CHANCE,
    TERMINAL,
    Action,
    GameState,
    IllegalAction,
    InvalidRules,
    InvalidState,
    ParseError,
)
from ...core.checks import is_whole
from ...core.i18n import _
from .actions import (
    BLUFF_YOU,
    OK,
    Call,
    Doublet,
    Gain,
    Give,
    Roll,
    Steal,
    action_text,
    parse_action_text,
    player_name,
)
from .tokens import (
    POINTS,
    TOKENS,
    dice_text,
    doublet_swaps,
    is_doublet,
    roll_probabilities,
    total_points,
)

PHASES = ("roll", "act", "call", "give", "over")


@dataclass(frozen=True)
class BluffYouRules:
    """Rules options of Bluff You (defaults: the standard game for 4 players).

    Args:
        players: 2-6 (**decision**).
        tokens: the tokens in play (all 16 in the box; fewer for short analysis games).
    """

    players: int = 4
    tokens: tuple[int, ...] = TOKENS

    def __post_init__(self):
        if not is_whole(self.players, 2, 6):
            raise InvalidRules(_("Bluff You is for 2-6 players (decision), got players={value}",
                                 value=repr(self.players)))
        try:
            tokens = tuple(sorted(self.tokens))
        except TypeError:
            raise InvalidRules(_("tokens must be token numbers 3-18, got {value}",
                                 value=repr(self.tokens))) from None
        if not all(is_whole(t) for t in tokens):
            raise InvalidRules(_("tokens must be whole token numbers 3-18, got {value}",
                                 value=repr(self.tokens)))
        if not tokens or len(set(tokens)) != len(tokens) or not set(tokens) <= set(TOKENS):
            raise InvalidRules(_("tokens must be distinct numbers among 3-18 (at least one), "
                                 "got {value}; the box holds the 16 tokens 3-18",
                                 value=repr(self.tokens)))
        object.__setattr__(self, "tokens", tokens)

    def to_json(self) -> dict:
        d = asdict(self)
        d["tokens"] = list(self.tokens)
        return d


@dataclass(frozen=True)
class TurnResult:
    """What everybody sees at the end of a turn.

    Attributes:
        bluffer: who rolled.
        action: the announcement or doublet (text).
        roll: the dice, shown to all at the end of the turn.
        call: ``"ok"`` / ``"bluff you"``, ``None`` for a doublet.
        truthful: whether the announced number was the sum (``None`` for a doublet).
        guesser: the guesser (``None`` for a doublet).
        guesser_right: whether the guesser was right (``None`` for a doublet).
        moves: ``(token, from, to)`` with ``None`` standing for the centre.
    """

    bluffer: int
    action: str
    roll: tuple[int, int, int]
    call: str | None = None
    truthful: bool | None = None
    guesser: int | None = None
    guesser_right: bool | None = None
    moves: tuple[tuple[int, int | None, int | None], ...] = ()

    def describe(self, names=None) -> str:
        """The turn in words; ``names`` (e.g. ``["You", "Bot 1"]``) name the players as at the
        table, else ``P0``, ``P1`` ...

        >>> r = TurnResult(0, "gain 11 to P1", (2, 4, 5), "ok", True, 1, True, ((11, None, 1),))
        >>> r.describe()[-42:]
        'P1 said ok and was right. 11: centre -> P1'
        >>> r.describe(["Bot 0", "You"])[-45:]
        'You said ok and were right. 11: centre -> you'
        """
        def who(p, subject=True):
            return _("centre") if p is None else player_name(p, names, subject)

        try:
            action = action_text(parse_action_text(self.action), names)
        except ParseError:
            action = self.action
        head = _("{bluffer} played {move} with {dice}", bluffer=who(self.bluffer), move=action,
                 dice=dice_text(self.roll))
        if self.call is not None:
            call = action_text(Call(self.call == "ok"))
            g = who(self.guesser)
            if g == _("You"):
                said = (_("{guesser} said {call} and were right", guesser=g, call=call)
                        if self.guesser_right else
                        _("{guesser} said {call} and were wrong", guesser=g, call=call))
            else:
                said = (_("{guesser} said {call} and was right", guesser=g, call=call)
                        if self.guesser_right else
                        _("{guesser} said {call} and was wrong", guesser=g, call=call))
            head = _("{head} (sum {total}: {truth}); {said}", head=head, total=sum(self.roll),
                     truth=_("true") if self.truthful else _("false"), said=said)
        moves = ", ".join(f"{t}: {who(a, False)} -> {who(b, False)}" for t, a, b in self.moves)
        return f"{head}. {moves}"

    def to_json(self) -> dict:
        return {"bluffer": self.bluffer, "action": self.action, "roll": dice_text(self.roll),
                "call": self.call, "truthful": self.truthful, "guesser": self.guesser,
                "guesser_right": self.guesser_right, "moves": [list(m) for m in self.moves]}


@dataclass(frozen=True)
class BluffYouObservation:
    """What one player may see: the roll only as the bluffer (or once shown), the rest is public."""

    player: int
    bluffer: int
    phase: str
    to_move: int
    centre: tuple[int, ...]
    held: tuple[tuple[int, ...], ...]
    roll: tuple[int, int, int] | None
    pending: Action | None
    call: bool | None
    turn: int
    last: TurnResult | None
    rules: BluffYouRules

    def to_json(self) -> dict:
        return {"player": self.player, "bluffer": self.bluffer, "phase": self.phase,
                "to_move": self.to_move, "centre": list(self.centre),
                "held": [list(h) for h in self.held],
                "roll": dice_text(self.roll) if self.roll else None,
                "pending": str(self.pending) if self.pending else None,
                "call": None if self.call is None else str(Call(self.call)), "turn": self.turn,
                "last": self.last.to_json() if self.last else None}


@dataclass(frozen=True)
class BluffYouState(GameState):
    """A moment of a game of Bluff You. Build with ``BluffYouState.new(rules)``; never mutate.

    Attributes:
        centre: tokens in the centre (sorted).
        held: each player's tokens (sorted).
        bluffer: whose turn it is.
        phase: ``roll`` (chance), ``act`` (bluffer), ``call`` (guesser), ``give`` (bluffer after a
            failed steal), ``over``.
        roll: the bluffer's dice once rolled.
        pending: the ``Gain`` or ``Steal`` awaiting the call (or the give).
        call: the guesser's answer during ``give``.
        turn: turns completed.
        last: the previous turn's public result.
        past: the results of the turns before ``last``, first turn first: with ``last`` they
            are the whole game, so a saved game can be played again (``serial.py``).
    """

    rules: BluffYouRules
    centre: tuple[int, ...]
    held: tuple[tuple[int, ...], ...]
    bluffer: int = 0
    phase: str = "roll"
    roll: tuple[int, int, int] | None = None
    pending: Gain | Steal | None = None
    call: bool | None = None
    turn: int = 0
    last: TurnResult | None = None
    past: tuple[TurnResult, ...] = ()

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def new(cls, rules: BluffYouRules | None = None) -> BluffYouState:
        """All tokens in the centre; player 0 is the first bluffer and rolls."""
        rules = rules or BluffYouRules()
        return cls(rules, rules.tokens, ((),) * rules.players)

    # -- queries -----------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase == "roll":
            return CHANCE
        if self.phase == "call":
            return self.pending.guesser
        return self.bluffer

    CHANCE_PHASES = ("roll",)
    # is_chance_node(), is_terminal(): GameState's, from the phase

    def points(self) -> tuple[int, ...]:
        """Each player's points."""
        return tuple(total_points(h) for h in self.held)

    def winners(self) -> tuple[int, ...]:
        """Most points, then fewest tokens (empty before the end)."""
        if self.phase != "over":
            return ()
        key = [(total_points(h), -len(h)) for h in self.held]
        best = max(key)
        return tuple(p for p, k in enumerate(key) if k == best)

    def returns(self) -> tuple[Fraction, ...]:
        """The winners share 1; all 0 before the end."""
        w = self.winners()
        return tuple(Fraction(1, len(w)) if p in w else Fraction(0)
                     for p in range(self.rules.players))

    def chance_outcomes(self) -> list[tuple[Roll, Fraction]]:
        if self.phase != "roll":
            return []
        return [(Roll(d), p) for d, p in roll_probabilities()]

    def legal_actions(self) -> list[Action]:
        if self.phase == "roll":
            return [o for o, _p in self.chance_outcomes()]
        if self.phase == "act":
            return self._options()
        if self.phase == "call":
            return [OK, BLUFF_YOU]
        if self.phase == "give":
            return [Give(t) for t in self.held[self.bluffer]]
        return []

    def _options(self) -> list[Action]:
        b, n = self.bluffer, self.rules.players
        out: list[Action] = [Gain(g, t) for g in range(n) if g != b for t in self.centre]
        if self.held[b]:
            out += [Steal(p, t) for p in range(n) if p != b for t in self.held[p]]
        if self.roll and is_doublet(self.roll) and len(self.held[b]) >= 2:
            out += [Doublet(g, t) for g, t in doublet_swaps(self.held[b], self.centre)]
        return out

    def observation(self, player: int) -> BluffYouObservation:
        if isinstance(player, bool) or player not in range(self.rules.players):
            raise InvalidState(_("no player {player} in a {n}-player game", player=player,
                                 n=self.rules.players))
        sees = player == self.bluffer or self.phase == "give"
        to_move = self.current_player()
        return BluffYouObservation(player, self.bluffer, self.phase, to_move, self.centre,
                                   self.held, self.roll if sees else None, self.pending,
                                   self.call, self.turn, self.last, self.rules)

    # -- moving ------------------------------------------------------------------------------
    def apply(self, action: Action) -> BluffYouState:
        """The state after ``action``; raises ``IllegalAction`` naming the rule if illegal."""
        if self.phase == "over":
            raise IllegalAction(_("the game is over: the last centre token has been taken"))
        if self.phase == "roll":
            if not isinstance(action, Roll) or len(action.dice) != 3 or action.dice != tuple(
                    sorted(action.dice)) or not all(1 <= d <= 6 for d in action.dice):
                raise IllegalAction(_("{action} is not a roll of three dice (sorted, 1-6)",
                                      action=action))
            return replace(self, phase="act", roll=action.dice)
        if self.phase == "call":
            if not isinstance(action, Call):
                raise IllegalAction(_("P{guesser} must answer 'ok' or 'bluff you' to "
                                      "{announcement}, not {action}",
                                      guesser=self.pending.guesser,
                                      announcement=action_text(self.pending),
                                      action=action_text(action)))
            return self._resolve(action.believe)
        if self.phase == "give":
            return self._apply_give(action)
        if isinstance(action, Gain):
            self._check_gain(action)
            return replace(self, phase="call", pending=action)
        if isinstance(action, Steal):
            self._check_steal(action)
            return replace(self, phase="call", pending=action)
        if isinstance(action, Doublet):
            self._check_doublet(action)
            return self._swap(action)
        raise IllegalAction(_("the bluffer P{bluffer} must gain, steal or play a doublet, "
                              "not {action}", bluffer=self.bluffer, action=action_text(action)))

    def _check_gain(self, a: Gain) -> None:
        if a.guesser == self.bluffer or a.guesser not in range(self.rules.players):
            raise IllegalAction(_("{action}: the guesser must be another player (not "
                                  "P{bluffer}, one of 0-{last})", action=action_text(a),
                                  bluffer=self.bluffer, last=self.rules.players - 1))
        if a.number not in self.centre:
            raise IllegalAction(_("{action}: only a token still in the centre may be announced "
                                  "(decision); the centre holds {tokens}",
                                  action=action_text(a), tokens=list(self.centre)))

    def _check_steal(self, a: Steal) -> None:
        b = self.bluffer
        if a.target == b or a.target not in range(self.rules.players):
            raise IllegalAction(_("{action}: the target must be another player",
                                  action=action_text(a)))
        if not self.held[b]:
            raise IllegalAction(_("{action}: stealing needs the bluffer to hold a token "
                                  "(P{bluffer} holds none)", action=action_text(a), bluffer=b))
        if a.number not in self.held[a.target]:
            raise IllegalAction(_("{action}: announce one of P{target}'s tokens {tokens}",
                                  action=action_text(a), target=a.target,
                                  tokens=list(self.held[a.target]) or _("(none)")))

    def _check_doublet(self, a: Doublet) -> None:
        b = self.bluffer
        if not is_doublet(self.roll):
            raise IllegalAction(_("{action}: a doublet needs two equal dice; the roll is "
                                  "{dice}", action=action_text(a), dice=dice_text(self.roll)))
        if len(a.give) < 2 or len(set(a.give)) != len(a.give):
            raise IllegalAction(_("{action}: a doublet swaps two or more different tokens",
                                  action=action_text(a)))
        if not set(a.give) <= set(self.held[b]):
            raise IllegalAction(_("{action}: P{bluffer} can only give tokens they hold "
                                  "{tokens}", action=action_text(a), bluffer=b,
                                  tokens=list(self.held[b])))
        if a.take not in self.centre:
            raise IllegalAction(_("{action}: the token taken must be in the centre {tokens}",
                                  action=action_text(a), tokens=list(self.centre)))
        if total_points(a.give) != POINTS[a.take]:
            raise IllegalAction(_("{action}: the tokens given are worth {given} points but "
                                  "{token} is worth {points}; a doublet swap keeps the same "
                                  "total of points", action=action_text(a),
                                  given=total_points(a.give), token=a.take,
                                  points=POINTS[a.take]))

    # -- token moves -------------------------------------------------------------------------
    def _move(self, token: int, src: int | None, dst: int | None) -> BluffYouState:
        held = list(self.held)
        centre = self.centre
        if src is None:
            centre = tuple(t for t in centre if t != token)
        else:
            held[src] = tuple(t for t in held[src] if t != token)
        if dst is None:
            centre = tuple(sorted(centre + (token,)))
        else:
            held[dst] = tuple(sorted(held[dst] + (token,)))
        return replace(self, centre=centre, held=tuple(held))

    def _swap(self, a: Doublet) -> BluffYouState:
        s = self
        moves = [(t, self.bluffer, None) for t in a.give] + [(a.take, None, self.bluffer)]
        for m in moves:
            s = s._move(*m)
        result = TurnResult(self.bluffer, str(a), self.roll, moves=tuple(moves))
        return s._end_turn(result)

    def _resolve(self, believe: bool) -> BluffYouState:
        a, b = self.pending, self.bluffer
        truthful = sum(self.roll) == a.number
        right = believe == truthful

        def result(moves):
            return TurnResult(b, str(a), self.roll, str(Call(believe)), truthful, a.guesser,
                              right, tuple(moves))

        if isinstance(a, Gain):
            winner = a.guesser if right else b
            return self._move(a.number, None, winner)._end_turn(result([(a.number, None,
                                                                           winner)]))
        if not right:
            return self._move(a.number, a.target, b)._end_turn(result([(a.number, a.target, b)]))
        if len(self.held[b]) == 1:  # a forced give is applied at once
            t = self.held[b][0]
            return self._move(t, b, a.target)._end_turn(result([(t, b, a.target)]))
        return replace(self, phase="give", call=believe)

    def _apply_give(self, action: Action) -> BluffYouState:
        b = self.bluffer
        if not isinstance(action, Give) or action.token not in self.held[b]:
            raise IllegalAction(_("the guesser was right: P{bluffer} must give one of their own "
                                  "tokens {tokens}, e.g. 'give {token}'", bluffer=b,
                                  tokens=list(self.held[b]), token=self.held[b][0]))
        a = self.pending
        result = TurnResult(b, str(a), self.roll, str(Call(self.call)), self.call, a.guesser,
                            True, ((action.token, b, a.target),))
        return self._move(action.token, b, a.target)._end_turn(result)

    def _end_turn(self, result: TurnResult) -> BluffYouState:
        base = replace(self, roll=None, pending=None, call=None, turn=self.turn + 1, last=result,
                       past=self.past + (self.last,) if self.last else self.past)
        if not self.centre:
            return replace(base, phase="over")
        return replace(base, phase="roll", bluffer=(self.bluffer + 1) % self.rules.players)


__all__ = ["PHASES", "BluffYouObservation", "BluffYouRules", "BluffYouState", "TurnResult"]
