"""Exact odds of Bluff You: the sum of three dice, token points and rarity, Bayes' rule.

The bluffer's sum ``S`` is the total of three fair dice: 216 equally likely ordered rolls. A
token's points follow the rarity of its sum: the fewer rolls make a sum, the more it is worth.

>>> sum_distribution().probability(10), sum_distribution().probability(3)
(Fraction(1, 8), Fraction(1, 216))
>>> p_doublet(), p_triple(), expected_truthful_points()
(Fraction(4, 9), Fraction(1, 36), Fraction(7, 4))
>>> posterior_true(18, range(3, 19), Fraction(1, 2)).posterior
Fraction(3, 46)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from typing import Any

from ..core import BluffkitError, Distribution, InvalidQuestion
from ..core.i18n import _, _n, num
from ..games.bluff_you import POINTS, TOKENS, parse_tokens

ROLLS = 6**3
"""Ordered rolls of three dice."""


@cache
def sum_ways() -> dict[int, int]:
    """Number of ordered rolls (out of 216) giving each sum 3-18, by counting all 216 rolls.

    >>> sum_ways()[3], sum_ways()[10], sum(sum_ways().values())
    (1, 27, 216)
    """
    ways = dict.fromkeys(TOKENS, 0)
    for roll in product(range(1, 7), repeat=3):
        ways[sum(roll)] += 1
    return ways


def sum_distribution() -> Distribution:
    """The exact distribution of the sum of three dice (integer weights out of 216)."""
    return Distribution(sum_ways())


def p_doublet() -> Fraction:
    """P(at least two equal dice): the condition of the doublet action (a triple counts).

    1 - P(all different) = 1 - (6 * 5 * 4) / 216 = 96/216.
    """
    return 1 - Fraction(6 * 5 * 4, ROLLS)


def p_exact_pair() -> Fraction:
    """P(exactly two equal dice) = 3 * 6 * 5 / 216 (which pair of places, its face, the odd one).

    >>> p_exact_pair()
    Fraction(5, 12)
    """
    return Fraction(3 * 6 * 5, ROLLS)


def p_triple() -> Fraction:
    """P(three equal dice) = 6/216."""
    return Fraction(6, ROLLS)


@dataclass(frozen=True)
class TokenRow:
    """One token beside its sum's probability.

    Attributes:
        token: the number 3-18.
        ways: ordered rolls (of 216) with that sum.
        probability: ways / 216, exact.
        points: the token's points.
        surprisal_bits: -log2(probability), a float (how surprising the sum is, in bits).
    """

    token: int
    ways: int
    probability: Fraction
    points: int
    surprisal_bits: float

    def to_json(self) -> dict:
        return {"token": self.token, "ways": self.ways, "probability": self.probability,
                "points": self.points, "surprisal_bits": round(self.surprisal_bits, 4)}


def points_table() -> list[TokenRow]:
    """Every token with its ways, probability, points and surprisal.

    >>> [(r.token, r.ways, r.points) for r in points_table()[:3]]
    [(3, 1, 5), (4, 3, 4), (5, 6, 3)]
    """
    return [TokenRow(t, w, Fraction(w, ROLLS), POINTS[t], -math.log2(w / ROLLS))
            for t, w in sum_ways().items()]


def points_follow_rarity() -> bool:
    """True: a sum made by fewer rolls is never worth fewer points (points fall as P rises).

    >>> points_follow_rarity()
    True
    """
    rows = points_table()
    return all(a.points >= b.points for a in rows for b in rows if a.ways < b.ways)


def rarity_explanation() -> str:
    """The link between points and probability, in words, with exact numbers."""
    rows = sorted(points_table(), key=lambda r: (r.ways, r.token))
    groups: dict[int, list[TokenRow]] = {}
    for r in rows:
        groups.setdefault(r.points, []).append(r)
    parts = []
    for pts in sorted(groups, reverse=True):
        g = groups[pts]
        toks = ", ".join(str(r.token) for r in sorted(g, key=lambda r: r.token))
        ps = sorted({r.ways for r in g})
        bits = [num(b, ".2f") for b in sorted({round(r.surprisal_bits, 2) for r in g})]
        parts.append(_n("{n} point: {tokens} (made by {ways} of 216 rolls, surprisal {bits} "
                        "bits)", "{n} points: {tokens} (made by {ways} of 216 rolls, surprisal "
                        "{bits} bits)", pts, tokens=toks, ways=_(" or ").join(map(str, ps)),
                        bits="–".join(bits)))
    return _("Points follow rarity: the fewer of the 216 rolls make a sum, the more its token "
             "is worth, and no rarer sum is worth fewer points. {groups}.",
             groups="; ".join(parts))


def expected_truthful_points(centre: Iterable[int] | None = None) -> Fraction:
    """E[points of the token a truthful bluffer announces], counting 0 when the sum's token is
    not in ``centre`` (then the bluffer cannot be truthful). All 16 tokens: 378/216 = 7/4.

    >>> expected_truthful_points([3, 18])
    Fraction(5, 108)
    """
    allowed = read_tokens(centre, "centre") if centre is not None else TOKENS
    return Fraction(sum(sum_ways()[t] * POINTS[t] for t in allowed), ROLLS)


def p_sum_in(tokens: Iterable[int]) -> Fraction:
    """P(S is one of ``tokens``): how often a truthful announcement is possible.

    >>> p_sum_in([9, 10, 11, 12])
    Fraction(13, 27)
    """
    return Fraction(sum(sum_ways()[t] for t in read_tokens(tokens, "tokens")), ROLLS)


# -- Bayes' rule ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Posterior:
    """P(true | announced a) for the bluffer model "truthful with probability q when the sum can be
    announced, otherwise uniform among the other announceable tokens", every term exact.

    Attributes:
        announced: the number announced (a).
        allowed: the numbers the bluffer could announce (centre tokens, or the target's tokens).
        q: P(the bluffer tells the truth | the sum is announceable).
        prior: P(S = a).
        p_announce_if_true: P(announce a | S = a) = q (1 when a is the only choice).
        p_announce_if_false: P(announce a | S != a).
        p_announce: P(announce a) = prior * p_announce_if_true + (1 - prior) * p_announce_if_false.
        posterior: P(S = a | announce a) = prior * p_announce_if_true / p_announce.
    """

    announced: int
    allowed: tuple[int, ...]
    q: Fraction
    prior: Fraction
    p_announce_if_true: Fraction
    p_announce_if_false: Fraction
    p_announce: Fraction
    posterior: Fraction

    def explain(self) -> str:
        """Bayes' rule with every term, in words."""
        a, k = self.announced, len(self.allowed)
        if k == 1:  # the model's q plays no part: there is nothing else to say
            model = _("Model: {a} is the only number the bluffer may announce, so they "
                      "announce it whatever the roll (q = {q} plays no part).", a=a, q=self.q)
        else:
            others = (_("uniformly among the {n} other tokens", n=k - 1) if k > 2
                      else _("the other token"))
            model = _("Model (stated, not known): with a sum that can be announced the bluffer "
                      "tells the truth with probability q = {q}, otherwise announces {others}; "
                      "with a sum that cannot be announced, any of the {k} tokens at random.",
                      q=self.q, others=others, k=k)
        ways = f"{sum_ways()[a]}/216"
        prior = ways if str(self.prior) == ways else f"{ways} = {self.prior}"
        return "\n".join([
            model,
            _("Prior P(S = {a}) = {prior}.", a=a, prior=prior),
            _("P(announce {a} | true) = {p}.", a=a, p=self.p_announce_if_true),
            _("P(announce {a} | false) = {p} (over the other sums).", a=a,
              p=self.p_announce_if_false),
            _("P(announce {a}) = {prior} x {if_true} + {not_prior} x {if_false} = {p}.", a=a,
              prior=self.prior, if_true=self.p_announce_if_true, not_prior=1 - self.prior,
              if_false=self.p_announce_if_false, p=self.p_announce),
            _("Bayes: P(true | announced {a}) = {prior} x {if_true} / {p} = {posterior} (about "
              "{approx:.3f}).", a=a, prior=self.prior, if_true=self.p_announce_if_true,
              p=self.p_announce, posterior=self.posterior, approx=float(self.posterior))])

    def to_json(self) -> dict:
        return {"announced": self.announced, "allowed": list(self.allowed), "q": self.q,
                "prior": self.prior, "p_announce_if_true": self.p_announce_if_true,
                "p_announce_if_false": self.p_announce_if_false, "p_announce": self.p_announce,
                "posterior": self.posterior, "explanation": self.explain()}


def announce_model(allowed: Iterable[int], q: Any) -> dict[int, dict[int, Fraction]]:
    """The stated bluffer model as P(announce a | S = s) for every sum s.

    >>> announce_model([10, 11], Fraction(3, 4))[10]
    {10: Fraction(3, 4), 11: Fraction(1, 4)}
    """
    allowed = read_tokens(allowed, "allowed")
    if not allowed:
        raise InvalidQuestion(_("allowed: the bluffer needs at least one number to announce"))
    q = read_probability(q, "q")
    k = len(allowed)
    out = {}
    for s in TOKENS:
        if s in allowed and k > 1:
            out[s] = {a: q if a == s else (1 - q) / (k - 1) for a in allowed}
        elif s in allowed:
            out[s] = {s: Fraction(1)}
        else:
            out[s] = {a: Fraction(1, k) for a in allowed}
    return out


def posterior_true(announced: int, allowed: Iterable[int], q: Any) -> Posterior:
    """P(true | announced) under the stated model, by Bayes' rule.

    Args:
        announced: the number announced (must be in ``allowed``).
        allowed: what the bluffer could announce (centre tokens for a gain, the target's tokens
            for a steal).
        q: probability of telling the truth when possible (``Fraction``, int or text ``"1/2"``).

    Raises:
        InvalidQuestion: naming the parameter at fault.

    >>> p = posterior_true(10, range(3, 19), 1)
    >>> p.posterior, p.p_announce
    (Fraction(1, 1), Fraction(1, 8))
    """
    allowed_t = read_tokens(allowed, "allowed")
    if announced not in allowed_t:
        raise InvalidQuestion(_("announced: {value} is not one of the numbers the bluffer may "
                                "announce {tokens}", value=repr(announced),
                                tokens=list(allowed_t)))
    model = announce_model(allowed_t, q)
    ways = sum_ways()
    prior = Fraction(ways[announced], ROLLS)
    if_true = model[announced][announced]
    false_mass = sum(Fraction(ways[s], ROLLS) * model[s].get(announced, 0)
                     for s in TOKENS if s != announced)
    if_false = false_mass / (1 - prior)
    p_announce = prior * if_true + false_mass
    return Posterior(announced, allowed_t, read_probability(q, "q"), prior, if_true, if_false,
                     p_announce, prior * if_true / p_announce)


# -- reading arguments ----------------------------------------------------------------------------
def read_tokens(tokens: Any, name: str) -> tuple[int, ...]:
    """Distinct token numbers 3-18 from ``"3,4"``, ``[3, 4]`` or ``range(3, 5)``, sorted.

    >>> read_tokens("17, 3", "centre")
    (3, 17)
    """
    if isinstance(tokens, int):
        tokens = [tokens]
    try:
        return parse_tokens(tokens if isinstance(tokens, str) else list(tokens), name)
    except TypeError:
        raise InvalidQuestion(_("{name} must be token numbers 3-18, got {value}", name=name,
                                value=repr(tokens))) from None
    except BluffkitError as e:
        raise InvalidQuestion(str(e)) from None


def read_probability(p: Any, name: str) -> Fraction:
    """An exact probability from a Fraction, an int or text like ``"1/2"`` (never evaluated).

    >>> read_probability("2/3", "q")
    Fraction(2, 3)
    """
    if isinstance(p, bool):
        raise InvalidQuestion(_("{name} must be a probability, got {value}", name=name,
                                value=repr(p)))
    try:
        value = Fraction(str(p).strip()) if isinstance(p, str) else Fraction(p)
    except (ValueError, TypeError, ZeroDivisionError, OverflowError):  # inf: OverflowError
        raise InvalidQuestion(_("{name} must be a probability such as 1/2, got {value}",
                                name=name, value=repr(p))) from None
    if not 0 <= value <= 1:
        raise InvalidQuestion(_("{name} must lie between 0 and 1, got {value}", name=name,
                                value=value))
    return value
