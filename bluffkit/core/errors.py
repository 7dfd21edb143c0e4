"""The error hierarchy: every error bluffkit raises on purpose is a ``BluffkitError``.

Messages name the rule or parameter at fault and, where there is one, the fix, e.g.
``IllegalAction: 4x2 does not raise 5x3 (box 4 comes before box 5 on the ladder ...)``.
Each class also derives from the built-in exception a caller would expect (``ValueError``),
so ``except ValueError`` keeps working.
"""

from __future__ import annotations


class BluffkitError(Exception):
    """Base class of every error raised by bluffkit on purpose."""


class InvalidRules(BluffkitError, ValueError):
    """A rules option or game parameter is impossible (e.g. 7 players in Bluff)."""


class IllegalAction(BluffkitError, ValueError):
    """An action is not allowed in this state; the message names the rule it breaks."""


class InvalidState(BluffkitError, ValueError):
    """A serialized or hand-built state is corrupt or impossible."""


class ParseError(BluffkitError, ValueError):
    """Text (a bid, a die, a hand, an answer) could not be read."""


class InvalidQuestion(BluffkitError, ValueError):
    """A calculator or advisor was asked about an impossible situation."""
