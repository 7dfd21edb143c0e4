"""What only Bluff needs of the solvers: ``tree`` (two-player rounds as public trees for CFR, the
match by backward induction), ``masks`` (perfect recall, bit masks), ``recall`` and
``recall_states`` (imperfect recall: the last ``k`` bids), ``full`` (every size up to 5 against 5),
``summary`` (how often each roll bluffs) and ``exact`` (the 1-vs-1 round solved exactly, with
the range of each quantity over all its equilibria). The game-agnostic solvers are in
``bluffkit.solvers``.
"""
