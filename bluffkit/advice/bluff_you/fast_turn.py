"""A fast exact equilibrium of one Bluff You turn, built from the turn's structure and verified.

The general solver (``solvers.lp``: an LP in sequence form, then exact recovery) takes 20-70 ms a
turn; this one takes about a millisecond, and ``turn.solve_turn`` uses it first and
falls back on the LP whenever it cannot certify its answer. Nothing it returns is unverified.

**Why it works.** Against a guesser who says OK to move ``m`` with probability ``b_m``, a lie with
``m`` is worth ``-K_m + b_m (H_m + K_m)`` to the bluffer and the truth ``H_m - b_m (H_m + K_m)``
(``H``: what the bluffer wins when the guesser is wrong, ``K``: what they lose when the guesser
is right; for a gain ``H = K`` = the token's points, for a steal ``H`` = twice the token's points
and ``K`` = twice those of the bluffer's cheapest token). A guesser who wants no lie to be worth
more than ``L`` believes each move as much as that allows, ``b_m = min(1, (L + K_m) / D_m)``,
which leaves the truth as little as possible. Every type's best payoff is then a piecewise linear
function of the one number ``L`` whose kinks are at multiples of 1/2 (``H`` and ``K`` are
whole numbers), so the guesser's best ``L`` is found by evaluating a few dozen grid points, in
integers. The bluffer's strategy is then built to make that guesser's calls best replies: on
every move the guesser mixes on, the truth and the lies said must be equally likely (posterior
1/2); where the guesser always believes, lies at most as likely as the truth; where they always
doubt, at least as likely.

**Verification** (exact, in integers): the bluffer's best reply to the guesser's ``b`` and the
guesser's best reply to the bluffer's strategy must give the same value; both strategies are then
optimal (minimax). If anything fails (it is a construction, not a proof for every turn),
``fast_equilibrium`` returns ``None`` and the LP solves the turn.
"""

from __future__ import annotations

from fractions import Fraction

from ...games.bluff_you import POINTS

DOUBLET = ("doublet",)


def fast_equilibrium(game):
    """``(value, strategy, believe)`` of ``game`` (a ``TurnGame``), exact and verified, or
    ``None`` when this construction does not certify an equilibrium (then use the LP)."""
    moves = game.moves()
    if not moves:
        return None
    hk = [_stakes(game, m) for m in moves]
    own = {m[-1]: i for i, m in enumerate(moves)}
    types = [(t, int(p * 216), own.get(t[0]) if t[0] else None)
             for t, p in game.types().items()]
    kappa = min(k for _, k in hk)
    grid = range(-2 * kappa, 2 * max(h for h, _ in hk) + 1)
    values = [(_value2(hk, types, l2), l2) for l2 in grid]
    best = min(v for v, _ in values)
    for _, l2 in sorted(x for x in values if x[0] == best):
        found = _at_level(game, moves, hk, types, l2)
        if found is not None:
            return found
    return None


def _stakes(game, move) -> tuple[int, int]:
    """``(H, K)``: what the bluffer wins if the guesser is wrong, loses if right."""
    v = POINTS[move[-1]]
    return (v, v) if move[0] == "gain" else (2 * v, 2 * game.give_points)


def _value2(hk, types, l2: int) -> int:
    """Twice 216 x the bluffer's best-reply value against the guesser of level ``L = l2 / 2``."""
    lies = [min(l2, 2 * h) for h, _ in hk]
    order = sorted(range(len(lies)), key=lambda i: -lies[i])
    top, second = order[0], (order[1] if len(order) > 1 else None)
    total = 0
    for (_, dbl), w, a in types:
        # when its own move is the best lie of all, its best lie is the second
        best = lies[top] if a != top else (lies[second] if second is not None else None)
        if a is not None:
            h, k = hk[a]
            truth = max(2 * (h - k) - l2, -2 * k)
            best = truth if best is None else max(best, truth)
        if dbl:
            best = max(best, 0)
        total += w * best
    return total


def _at_level(game, moves, hk, types, l2: int):
    """The guesser of level ``L = l2 / 2`` and a bluffer strategy that makes it a best reply,
    verified. Values are in half points; weights are rolls out of 216 (integers)."""
    n = len(moves)
    lie = [min(l2, 2 * h) for h, _ in hk]
    truth = [max(2 * (h - k) - l2, -2 * k) for h, k in hk]
    # where the guesser always doubts (b = 0), always believes (b = 1) or mixes
    sure = [0 if l2 == -2 * k else 1 if l2 >= 2 * h else None for h, k in hk]
    plans = []  # (type, weight out of 216, own move, value in half points, best options)
    for t, w, a in types:
        others = [lie[m] for m in range(n) if m != a]
        u = max(others) if others else None
        if a is not None:
            u = truth[a] if u is None else max(u, truth[a])
        if t[1]:
            u = max(u, 0)
        best = [("l", m) for m in range(n) if m != a and lie[m] == u]
        if a is not None and truth[a] == u:
            best.append(("t",))
        if t[1] and u == 0:
            best.append(("d",))
        plans.append((t, w, a, u, best))
    mass = _split(plans, sure, n)
    if mass is None:
        return None
    b = [Fraction(1) if x == 1 else Fraction(0) if x == 0 else Fraction(l2 + 2 * k, 2 * (h + k))
         for x, (h, k) in zip(sure, hk)]
    return _verified(game, moves, hk, b, plans, mass)


def _split(plans, sure, n):
    """Masses ``{(type index, option): mass}`` (in halves of a roll out of 216, integers) that
    make the guesser's ``b`` a best reply, or ``None``.

    Where the guesser mixes (``0 < b < 1``) the truth and the lies said must weigh the same: each
    truth is *paired* with a lie of another type on the same move. Where ``b = 1`` a truth may go
    unpaired, where ``b = 0`` a lie, and a type that may swap may do so alone. So a strategy is a
    fractional perfect b-matching of the types (each type's weight covered by pairs and lone
    options), which exists exactly when a perfect flow exists in the bipartite double cover
    (each type on both sides; a pair of ``a`` and ``t`` gives arcs ``a -> t`` and ``t -> a``, a
    lone option the arc ``t -> t``); a pair then gets half the flow of its two arcs. Integer
    max-flow, augmenting paths.
    """
    k = len(plans)
    own_move = [p[2] for p in plans]
    tells = [("t",) in p[4] for p in plans]
    lie_on = [{o[1] for o in p[4] if o[0] == "l"} for p in plans]
    pair = {}  # (u, v) -> (truth type, liar type) for u < v
    for a in range(k):
        m = own_move[a]
        if m is None or not tells[a]:
            continue
        for t in range(k):
            if t != a and m in lie_on[t]:
                pair.setdefault((min(a, t), max(a, t)), (a, t))
    alone = []
    for t, p in enumerate(plans):
        if ("d",) in p[4]:
            alone.append((t, ("d",)))
        elif tells[t] and sure[own_move[t]] == 1:
            alone.append((t, ("t",)))
        else:
            doubted = [m for m in lie_on[t] if sure[m] == 0]
            if doubted:
                alone.append((t, ("l", doubted[0])))
    arcs = [[] for _ in range(k)]
    for u, v in pair:
        arcs[u].append(v)
        arcs[v].append(u)
    lone = dict(alone)
    for t in lone:
        arcs[t].append(t)
    flow = _perfect_flow([p[1] for p in plans], arcs)
    if flow is None:
        return None
    mass: dict = {}
    for (u, v), f in flow.items():
        if not f:
            continue
        if u == v:
            key = (u, lone[u])
            mass[key] = mass.get(key, 0) + 2 * f  # masses doubled: pairs get half of two arcs
            continue
        a, t = pair[min(u, v), max(u, v)]
        for key in ((a, ("t",)), (t, ("l", own_move[a]))):
            mass[key] = mass.get(key, 0) + f
    return mass


def _perfect_flow(weights, arcs):
    """``{(u, v): flow}`` sending ``weights[u]`` out of every left node ``u`` along ``arcs[u]``
    (uncapacitated) into right nodes that each take exactly ``weights[v]``; ``None`` if
    impossible."""
    k = len(weights)
    supply, demand = list(weights), list(weights)
    flow: dict = {}
    for u in range(k):  # greedy start
        for v in arcs[u]:
            x = min(supply[u], demand[v])
            if x:
                flow[u, v] = flow.get((u, v), 0) + x
                supply[u] -= x
                demand[v] -= x
    into = [[] for _ in range(k)]  # right v -> left nodes sending to it
    for (u, v) in flow:
        into[v].append(u)
    for u0 in range(k):
        while supply[u0]:
            # breadth-first search: left u -> right v (any arc); right v -> left u' (undo u'->v)
            back = {("L", u0): None}
            queue, end = [u0], None
            while queue and end is None:
                nxt = []
                for u in queue:
                    for v in arcs[u]:
                        if ("R", v) in back:
                            continue
                        back["R", v] = u
                        if demand[v]:
                            end = v
                            break
                        for u2 in into[v]:
                            if flow.get((u2, v)) and ("L", u2) not in back:
                                back["L", u2] = v
                                nxt.append(u2)
                    if end is not None:
                        break
                queue = nxt
            if end is None:
                return None
            path, v = [], end  # right v <- left u <- right v' <- ... <- left u0
            while True:
                u = back["R", v]
                path.append((u, v))
                if u == u0:
                    break
                v = back["L", u]
                path.append((u, v, "undo"))
            x = min([supply[u0], demand[end]] + [flow[e[0], e[1]] for e in path if len(e) == 3])
            for e in path:
                if len(e) == 3:
                    flow[e[0], e[1]] -= x
                else:
                    if (e[0], e[1]) not in flow:
                        into[e[1]].append(e[0])
                    flow[e[0], e[1]] = flow.get((e[0], e[1]), 0) + x
            supply[u0] -= x
            demand[end] -= x
    return flow


def _verified(game, moves, hk, b, plans, mass):
    """Both best replies give the same value: return the equilibrium, else ``None``."""
    n = len(moves)
    true_m, false_m, per_type = [0] * n, [0] * n, [0] * len(plans)
    for (i, opt), x in mass.items():
        a = plans[i][2]
        if x < 0 or opt not in plans[i][4] or (opt[0] == "l" and opt[1] == a):
            return None
        per_type[i] += x
        if opt[0] == "t":
            true_m[a] += x
        elif opt[0] == "l":
            false_m[opt[1]] += x
    if any(x != 2 * p[1] for x, p in zip(per_type, plans)):
        return None
    high = Fraction(sum(w * u for _, w, _, u, _ in plans), 2)  # bluffer's best reply to b
    low = sum(min(-k * t + h * f, h * t - k * f)  # the guesser's best reply to the masses
              for (h, k), t, f in zip(hk, true_m, false_m))
    if high != Fraction(low, 2):
        return None
    strategy = {}
    for i, (t, w, a, _, _) in enumerate(plans):
        mix = dict.fromkeys(game.options(t), Fraction(0))
        for (j, o), x in mass.items():
            if j == i and x:
                move = DOUBLET if o[0] == "d" else moves[a] if o[0] == "t" else moves[o[1]]
                mix[move] += Fraction(x, 2 * w)
        strategy[t] = mix
    return high / 216, strategy, dict(zip(moves, b))
