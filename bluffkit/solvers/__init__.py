"""Game-agnostic solvers.

``lp``: exact equilibria of two-player zero-sum games (matrix and sequence form) by linear
programming with HiGHS, recovered as fractions and verified exactly:
``solve_matrix(A) -> MatrixSolution(value, row, col)``, ``solve_sequence_form(game)``.
``matrix``: matrix games alone, by a small simplex made exact, without scipy
(``solve_matrix_game``; ``lp.solve_matrix`` uses it).
"""
