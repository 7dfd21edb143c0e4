"""The 1-vs-1 round of Bluff solved exactly: its value, one exact equilibrium, and what every
equilibrium shares, shipped as package data.

Two players with one die each; bids climb ``1x1 ... 1x5, 1x*, 2x1 ... 2x*``; each player in turn
raises or challenges, and whoever loses the challenge loses the game (payoff +1/-1 to the
opener). With perfect recall an information set is (my die, the bids so far): 12,288 a side,
24,571 sequences, 147,420 payoff entries. The round is solved as a sequence-form linear
programme by ``bluffkit.solvers.equilibrium_set`` (HiGHS, then exact fractions, proved): the
value to the opener is exactly -7/258 (OpenSpiel's liar's dice with one die each has the same).

Equilibria are not unique: how often the second player challenges 1x5 holding a 1 is anywhere
from 223/258 to 227/258 depending on the equilibrium. So beside one exact equilibrium the data
hold, for the quantities the exercises ask about, their **range over all equilibria**, each end
proved by a certificate (``certificates()``; the tests check every one independently):

- ``opening[bid]``: P(the opener opens with ``bid``);
- ``challenge[bid][die]``: P(the second player challenges the opening ``bid``, holding ``die``);
- ``truth[bid]``: P(the opener's die makes ``bid`` true | the opener opened ``bid``);
- ``likelihood[bid]``: P(the opener opens ``bid`` | their die makes it true).

Only bids that every equilibrium opens are read after (``opening`` low end above 0); the others
(1x1, 1x2 and every bid above 1x5) no equilibrium opens at all. ``compute()`` rebuilds the data
(``python -m bluffkit.solvers.bluff.exact``, about 5 minutes); reading them needs no scipy.

>>> r = exact_round()
>>> r.value, r.opener_wins
(Fraction(-7, 258), Fraction(251, 516))
>>> r.challenge["1x5"][1]
(Fraction(223, 258), Fraction(227, 258))
>>> sorted(r.opened)
['1x3', '1x4', '1x5']
"""

from __future__ import annotations

import functools
import json
import lzma
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ...games.bluff import STAR, Bid, all_bids, count_matching

DATA = Path(__file__).parent / "data"
FACTS = DATA / "bluff-exact-1v1.json"
CERTIFICATES = DATA / "bluff-exact-1v1-certificates.json.xz"
BIDS = tuple(str(b) for b in all_bids(2))
FACES = (1, 2, 3, 4, 5, STAR)
CHALLENGE = "challenge"


def true_faces(bid: str) -> list[int]:
    """The faces of one die that make a one-die bid true (a star counts for digits).

    >>> true_faces("1x3"), true_faces("1x*")
    ([3, 6], [6])
    """
    b = Bid.parse(bid)
    return [f for f in FACES if count_matching((f,), b.face) >= 1]


# -- the game -------------------------------------------------------------------------------------
def round_game():
    """The round as a ``SequenceForm``: information sets ``(die, bids so far)``, actions the bids
    above the last one and, after the first bid, ``"challenge"``."""
    from ..lp import SequenceForm

    histories, i = [()], 0
    while i < len(histories):
        h = histories[i]
        i += 1
        start = BIDS.index(h[-1]) + 1 if h else 0
        histories += [h + (b,) for b in BIDS[start:]]
    infosets: tuple[dict, dict] = ({}, {})
    payoff: dict = {}
    for h in histories:
        mover = len(h) % 2
        start = BIDS.index(h[-1]) + 1 if h else 0
        actions = BIDS[start:] + ((CHALLENGE,) if h else ())
        for die in FACES:
            parent = ((die, h[:-2]), h[-2]) if len(h) >= 2 else None
            infosets[mover][(die, h)] = (parent, actions)
        if not h:
            continue
        bid = Bid.parse(h[-1])
        for d0 in FACES:
            for d1 in FACES:
                stands = count_matching((d0, d1), bid.face) >= bid.count
                opener_wins = stands == (mover == 1)  # the bidder is the other player
                challenger, bidder = ((d0, d1) if mover == 0 else (d1, d0))
                seqs = [((challenger, h), CHALLENGE), ((bidder, h[:-1]), h[-1])]
                key = tuple(seqs) if mover == 0 else tuple(reversed(seqs))
                payoff[key] = payoff.get(key, 0) + Fraction(1 if opener_wins else -1, 36)
    return SequenceForm(infosets, {k: v for k, v in payoff.items() if v})


def quantities() -> dict[tuple, tuple[int, dict, dict | None]]:
    """Every quantity the data hold: ``key -> (player, numerator, denominator)``, weights per
    sequence (``equilibrium_set.quantity_range``)."""
    out: dict[tuple, tuple[int, dict, dict | None]] = {}
    for bid in BIDS:
        seqs = {f: ((f, ()), bid) for f in FACES}
        true = true_faces(bid)
        out[("opening", bid)] = (0, {s: Fraction(1, 6) for s in seqs.values()}, None)
        out[("likelihood", bid)] = (0, {seqs[f]: Fraction(1, len(true)) for f in true}, None)
        out[("truth", bid)] = (0, {seqs[f]: 1 for f in true}, {s: 1 for s in seqs.values()})
        for die in FACES:
            out[("challenge", bid, die)] = (1, {((die, (bid,)), CHALLENGE): 1}, None)
    return out


# -- computing the data ---------------------------------------------------------------------------
def compute(progress=print) -> tuple[dict, dict]:
    """Solve the round and every quantity's range (minutes): ``(facts, certificates)`` as
    written to the data files. Ratios and what follows an opening are only computed for bids
    every equilibrium opens."""
    from ..equilibrium_set import IndexedGame, behaviour, exact_equilibrium, quantity_range

    game = round_game()
    ix = IndexedGame(game)
    value, plans = exact_equilibrium(game, ix)
    progress(f"value {value}")
    facts = {"value": str(value), "equilibrium": [_behaviour_text(behaviour(game, p, plans[p]))
                                                  for p in (0, 1)], "ranges": {}}
    certs: dict = {}
    opened: set[str] = set()
    for key, (player, num, den) in quantities().items():
        if key[0] != "opening" and key[1] not in opened:
            continue
        r = quantity_range(ix, value, player, num, den)
        if key[0] == "opening" and r.low.value > 0:
            opened.add(key[1])
        name = " ".join(map(str, key))
        facts["ranges"][name] = [str(r.low.value), str(r.high.value)]
        certs[name] = [{"value": str(end.value), "lam": str(end.lam),
                        "attained": _behaviour_text(behaviour(game, player, end.attained)),
                        "dual": _behaviour_text(behaviour(game, 1 - player, end.dual))}
                       for end in (r.low, r.high)]
        progress(f"{name}: {r.low.value} .. {r.high.value}")
    return facts, certs


def _behaviour_text(strategy: dict) -> dict:
    """``{"die|bid,bid": {action: "p"}}``, zero probabilities left out."""
    return {f"{die}|{','.join(h)}": {a: str(p) for a, p in probs.items() if p}
            for (die, h), probs in sorted(strategy.items(), key=lambda kv: (len(kv[0][1]),
                                                                            kv[0]))}


def read_behaviour(text: dict) -> dict:
    """The inverse of the data's strategy text: ``(die, bids) -> {action: Fraction}``."""
    out = {}
    for key, probs in text.items():
        die, _bar, h = key.partition("|")
        out[(int(die), tuple(h.split(",")) if h else ())] = {a: Fraction(p)
                                                              for a, p in probs.items()}
    return out


def write(facts: dict, certs: dict) -> None:
    DATA.mkdir(exist_ok=True)
    FACTS.write_text(json.dumps(facts, indent=1, sort_keys=True) + "\n")
    with lzma.open(CERTIFICATES, "wt") as f:
        json.dump(certs, f, sort_keys=True)


def certificates() -> dict:
    """Each range's two ends with their proofs: ``name -> [low, high]``, each ``{"value",
    "lam", "attained", "dual"}`` (strategies as in the data; see ``equilibrium_set``)."""
    with lzma.open(CERTIFICATES, "rt") as f:
        return json.load(f)


# -- reading the data -----------------------------------------------------------------------------
@dataclass(frozen=True)
class ExactRound:
    """The exactly solved 1-vs-1 round (``exact_round()``).

    Attributes:
        value: the round's value to the opener, +1 a win and -1 a loss.
        equilibrium: one exact equilibrium, per player ``(die, bids) -> {action: probability}``.
        opening, likelihood, truth: ``bid -> (low, high)`` over all equilibria.
        challenge: ``bid -> {die: (low, high)}`` over all equilibria (bids every equilibrium
            opens).
    """

    value: Fraction
    equilibrium: tuple[dict, dict]
    opening: dict
    likelihood: dict
    truth: dict
    challenge: dict

    @property
    def opener_wins(self) -> Fraction:
        """P(the opener wins) when both play any equilibrium: (1 + value) / 2."""
        return (1 + self.value) / 2

    @property
    def opened(self) -> list[str]:
        """The bids every equilibrium opens with (some probability above 0)."""
        return [b for b in BIDS if self.opening[b][0] > 0]

    def strategy(self, history, die: int) -> dict[str, Fraction]:
        """The shipped exact equilibrium's probabilities after the bids ``history`` for the
        player to move holding ``die`` (star = 6); empty where the equilibrium never goes.

        >>> exact_round().strategy([], 3)
        {'1x3': Fraction(30, 43), '1x4': Fraction(10, 43), '1x5': Fraction(3, 43)}
        """
        key = (int(die), tuple(str(Bid.parse(b)) for b in history))
        return dict(self.equilibrium[len(key[1]) % 2].get(key, {}))


@functools.cache
def exact_round() -> ExactRound:
    """The exact 1-vs-1 round from the package data (milliseconds, no solver)."""
    facts = json.loads(FACTS.read_text())
    ranges = {k: tuple(Fraction(v) for v in lohi) for k, lohi in facts["ranges"].items()}

    def pick(kind: str) -> dict:
        return {k.split()[1]: v for k, v in ranges.items() if k.split()[0] == kind}

    challenge: dict = {}
    for k, v in ranges.items():
        kind, *rest = k.split()
        if kind == "challenge":
            challenge.setdefault(rest[0], {})[int(rest[1])] = v
    return ExactRound(Fraction(facts["value"]),
                      tuple(read_behaviour(t) for t in facts["equilibrium"]),
                      pick("opening"), pick("likelihood"), pick("truth"), challenge)


if __name__ == "__main__":  # python -m bluffkit.solvers.bluff.exact: rebuild the data
    write(*compute())
