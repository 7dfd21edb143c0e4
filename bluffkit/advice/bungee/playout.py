"""A fast playout of the rest of a Bungee round: the engine's rules and the greedy rule, on plain
lists of integers.

The advice compares "call now" with "play on" by simulating the rest of the round many times
(``simulation``). Played through the engine's immutable states, one playout costs about half a
millisecond, and 100 endings for each of two choices took 60-300 ms. :func:`fast_playout` plays
the same round on mutable counts (each hand, the draw pile and the discard pile as 11 counts; hand
values, scores and the greedy rule's sums kept up to date as cards move): five to ten times faster.

It is the same game, move for move: the tests play thousands of rounds both ways from the same
worlds with the same random numbers and get the same round results. Its rules are those of
``bluffkit.games.bungee.state`` (plays, takes, draws and the refill of an empty draw pile, sixes
skipping players, the last lap and its calls, the six-extra-lap decision, the round's scoring)
and its choices those of ``simulation.greedy_action``, which the module docstrings there explain.
A card is drawn as the engine's ``draw_card`` does: ``below(size of the pile)`` picks one card of
the pile, each equally likely, counted in card order.

>>> import random
>>> from bluffkit.games.bungee import BungeeRules, BungeeState, Call, parse_cards
>>> s = BungeeState(BungeeRules(players=2), "turn", 0, (parse_cards("1,2"), parse_cards("9,9")),
...     (4, 4, 5, 4, 5, 5, 5, 4, 3, 8, 3), (4,), 8, opened=True, totals=(0, 0))
>>> s.card_count()
56
>>> r = fast_playout(s, Call(), random.Random(1).randrange, (5, 5))
>>> r.callers, r.winner, r.scores  # 1 plays 9,9, draws, calls at 5 or less: 1,2 still wins
((0, 1), 0, (-10, 4))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from ...core import Action, InvalidQuestion
from ...core.i18n import _
from ...games.bungee import (
    BUNGEE,
    CALL_LIMIT,
    CARDS,
    DECK,
    BungeeState,
    Call,
    RoundResult,
    TakePlay,
)
from ...games.bungee.cards import WIN_SCORE

_ALL = sum(DECK)


@lru_cache(maxsize=16)
def _worth(lucky: int | None) -> tuple[tuple[int, ...], tuple[int, ...], int, int]:
    """Each card's value and score (index ``c - 1``), as ``card_value`` and ``card_score``, and
    the value and score of the whole deck."""
    values = tuple(0 if c in (lucky, BUNGEE) else c for c in CARDS)
    scores = tuple(0 if c == lucky else 10 if c == BUNGEE else c for c in CARDS)
    return (values, scores, sum(k * v for k, v in zip(DECK, values)),
            sum(k * v for k, v in zip(DECK, scores)))


class _Round:
    """The round being played, on mutable lists (only ``fast_playout`` uses it)."""

    def __init__(self, state: BungeeState, call_at: Sequence[int]):
        if state.phase not in ("turn", "draw", "call"):
            raise InvalidQuestion(_("a playout starts on a turn, a draw or a call, not in phase "
                                    "{phase}", phase=repr(state.phase)))
        self.n = state.rules.players
        self.extra_lap = state.rules.six_extra_lap
        self.call_at = call_at
        self.lucky = state.lucky
        values, scores, self.all_v, self.all_s = _worth(state.lucky)
        self.values, self.scores = values, scores
        self.hands = [[0] * 11 for _i in range(self.n)]
        self.hv, self.hs = [0] * self.n, [0] * self.n
        for p, hand in enumerate(state.hands):
            counts = self.hands[p]
            for c in hand:
                counts[c - 1] += 1
                self.hv[p] += values[c - 1]
                self.hs[p] += scores[c - 1]
        self.size = [len(h) for h in state.hands]
        self.pile = list(state.pile)
        self.pile_size = sum(self.pile)
        self.discard = list(state.discard)
        self.dv = sum(values[c - 1] for c in self.discard)
        self.ds = sum(scores[c - 1] for c in self.discard)
        self.seen_lucky = state.lucky is not None
        self.phase, self.to_move, self.opened = state.phase, state.to_move, state.opened
        self.callers, self.to_act, self.skip = list(state.callers), list(state.to_act), state.skip

    def copy(self) -> _Round:
        """An independent copy (a world is set up once and played from for each choice)."""
        new = object.__new__(_Round)
        new.__dict__.update(self.__dict__)
        new.hands = [h[:] for h in self.hands]
        new.size, new.hv, new.hs = self.size[:], self.hv[:], self.hs[:]
        new.pile, new.discard = self.pile[:], self.discard[:]
        new.callers, new.to_act = self.callers[:], self.to_act[:]
        return new

    def play(self, choice: Action | None, below: Callable[[int], int], max_steps: int) -> None:
        """Make ``choice`` (if any), then play the greedy rule to the end of the round.

        One loop on local variables (this is the simulation's inner loop: attribute look-ups
        and method calls would double its time). Each pass is a draw, or one decision of the
        player to move followed by what the engine does after it: ``_end_action`` (in the last
        lap a player at 5 or less may call at once) and ``_finish_turn`` (sixes skip players;
        in the last lap the players still owed an action, the six-extra-lap decision, the end).
        """
        n, extra_lap, call_at = self.n, self.extra_lap, self.call_at
        values, scores, all_v, all_s = self.values, self.scores, self.all_v, self.all_s
        hands, hv, hs, size = self.hands, self.hv, self.hs, self.size
        pile, discard, callers, to_act = self.pile, self.discard, self.callers, self.to_act
        pile_size, dv, ds, skip = self.pile_size, self.dv, self.ds, self.skip
        phase, p, opened = self.phase, self.to_move, self.opened
        unseen = _ALL - self.seen_lucky
        if choice is None:
            first = False
        else:
            first = None if isinstance(choice, Call) else (
                choice.card, choice.count, isinstance(choice, TakePlay))
        for _i in range(max_steps):
            if phase == "over":
                break
            if phase == "draw":  # player p draws the card below(pile size) picks, in card order
                r, i = below(pile_size), 0
                while r >= pile[i]:
                    r -= pile[i]
                    i += 1
                pile[i] -= 1
                pile_size -= 1
                hands[p][i] += 1
                size[p] += 1
                hv[p] += values[i]
                hs[p] += scores[i]
                if not pile_size:  # refill from the discard pile but its top card
                    top = discard[-1]
                    for c in discard[:-1]:
                        pile[c - 1] += 1
                    pile_size = len(discard) - 1
                    del discard[:-1]
                    dv, ds = values[top - 1], scores[top - 1]
                after_action = True
            else:
                if first is not False:  # the choice being compared
                    move, first = first, False
                elif phase == "call":
                    move = None
                else:  # the greedy rule (simulation.greedy_action), from the running sums
                    move = self._greedy(p, opened, discard, dv, ds, all_v, all_s, unseen,
                                        call_at[p])
                if move is None:  # a call
                    callers.append(p)
                    if phase == "turn":
                        to_act = ([q for q in to_act if q != p] if len(callers) > 1
                                  else [(p + i) % n for i in range(1, n)])
                    after_action = False
                else:
                    c, k, take = move
                    i = c - 1
                    skip = k if c == 6 else 0
                    hand = hands[p]
                    hand[i] -= k
                    size[p] -= k
                    hv[p] -= k * values[i]
                    hs[p] -= k * scores[i]
                    if take:
                        j = discard.pop() - 1
                        dv -= values[j]
                        ds -= scores[j]
                        hand[j] += 1
                        size[p] += 1
                        hv[p] += values[j]
                        hs[p] += scores[j]
                    if k == 1:
                        discard.append(c)
                    else:
                        discard.extend([c] * k)
                    dv += k * values[i]
                    ds += k * scores[i]
                    if not take:  # play, then draw
                        phase, opened = "draw", True
                        continue
                    after_action = True
            if after_action and callers:  # the engine's _end_action in the last lap
                to_act = [q for q in to_act if q != p]
                if hv[p] <= CALL_LIMIT:
                    phase = "call"
                    continue
            # the engine's _finish_turn
            if not callers:
                phase, p, skip = "turn", (p + skip + 1) % n, 0
                continue
            skipped = [(p + i) % n for i in range(1, skip + 1)]
            skip = 0
            lead = callers[0]
            if extra_lap and lead in skipped:
                beyond = skipped[skipped.index(lead) + 1:]
                to_act = [q for q in ((lead + i) % n for i in range(1, n))
                          if q not in callers and q not in beyond]
            else:
                to_act = [q for q in to_act if q not in skipped]
            if not to_act:
                phase = "over"
                break
            phase, p = "turn", to_act[0]
        else:
            raise InvalidQuestion(_("the round did not end within {max_steps} moves (does anybody "
                                    "call?)", max_steps=max_steps))
        self.pile_size, self.dv, self.ds, self.skip = pile_size, dv, ds, skip
        self.phase, self.to_move, self.opened, self.to_act = phase, p, opened, to_act

    def _greedy(self, p, opened, discard, dv, ds, all_v, all_s, unseen, call_at):
        """``simulation.greedy_action`` for player ``p`` on a turn: None to call, else
        ``(card, count, take first)``.

        The rule ranks plays by (hand value after, score after, minus the cards played) and
        keeps the first best in the order of the legal actions. Playing ``k`` cards ``c`` lowers
        the value by ``K = k * value(c)`` and the score by ``S = k * score(c)`` whether or not
        the top card is taken first, so among the plays, and among the takes, the best is the
        first card with the largest ``(K, S, k)`` (all of a card: each part only grows with the
        count); a take is allowed only if it lowers the hand (``K`` more than the top card's
        value), and is kept only if its rank beats that play's.
        """
        values, scores = self.values, self.scores
        best = top_key = None
        for i, k in enumerate(self.hands[p]):
            if k:
                key = (k * values[i], k * scores[i], k)
                if top_key is None or key > top_key:
                    best, top_key = i, key
        big_v, big_s, k = top_key
        v, s = self.hv[p], self.hs[p]
        total = (unseen - self.size[p] - len(discard)) or 1
        play = ((v - big_v) * total + all_v - v - dv, (s - big_s) * total + all_s - s - ds, -k)
        move, rank = (best + 1, k, False), play
        if opened and discard:
            top = discard[-1] - 1
            if big_v > values[top]:
                take = ((v + values[top] - big_v) * total, (s + scores[top] - big_s) * total, -k)
                if take < play:
                    move, rank = (best + 1, k, True), take
        if opened and v <= CALL_LIMIT and (v * total <= rank[0] if self.callers
                                           else v <= call_at):
            return None
        return move

    def winner(self) -> int:
        """Among the callers the lowest hand value wins, ties to the later caller."""
        hv, best = self.hv, None
        for p in self.callers:
            if best is None or hv[p] <= hv[best]:
                best = p
        return best

    def result(self, number: int) -> RoundResult:
        winner = self.winner()
        scores = tuple(WIN_SCORE if p == winner else self.hs[p] for p in range(self.n))
        hands = tuple(tuple(c for c, k in zip(CARDS, h) for _i in range(k)) for h in self.hands)
        return RoundResult(number, self.lucky, hands, tuple(self.callers), winner, scores)


def fast_playout(state: BungeeState, choice: Action | None, below: Callable[[int], int],
                 call_at: Sequence[int], max_steps: int = 20_000) -> RoundResult:
    """The round's result after ``choice`` (by the player to move; ``None``: no choice made
    here) and then the greedy rule for everybody (player ``p`` calls at ``call_at[p]`` or less),
    each card drawn with ``below(n)``, a uniform whole number below ``n``. The same as applying
    ``choice`` to ``state`` and then ``simulation.playout`` (tests hold them equal).

    Raises:
        InvalidQuestion: if ``state`` is not in a turn, draw or call, or the round lasts more
            than ``max_steps`` moves.
    """
    r = _Round(state, call_at)
    r.play(choice, below, max_steps)
    return r.result(state.round)


def outcomes(state: BungeeState, choices: Sequence[Action], below: Callable[[], Callable],
             call_at: Sequence[int], player: int) -> list[tuple[bool, int]]:
    """For each choice, whether ``player`` wins the round and their score, each playout drawing
    its cards with a fresh ``below()`` (give the same draws to every choice to compare them on
    common random numbers). The same rounds as :func:`fast_playout`, set up once."""
    start = _Round(state, call_at)
    out = []
    for choice in choices:
        r = start.copy()
        r.play(choice, below(), 20_000)
        winner = r.winner()
        out.append((winner == player, WIN_SCORE if winner == player else r.hs[player]))
    return out


__all__ = ["fast_playout", "outcomes"]
