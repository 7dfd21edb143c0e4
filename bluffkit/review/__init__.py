"""The review of a played game: each decision of one seat judged by the advice, and luck told
apart from skill.

A review is the advice replayed: at each decision of the seat, the review calls the same
``advise()`` that Explain calls, on that seat's observation at that moment (what the player
knew then, nothing else), so its numbers are the advice's numbers. Luck is what happened minus
what the decisions were expected to give.

>>> from bluffkit.core import play_game, RandomBot
>>> from bluffkit.games.bluff import BluffRules, BluffState
>>> final, _moves = play_game(BluffState.new(BluffRules(players=2, dice_per_player=2)),
...                           [RandomBot(), RandomBot()], seed=4)
>>> r = review(final, seat=0)        # also a saved game, a file, a class server's export
>>> d = r.decisions[1]
>>> d.chosen, d.best, d.cost, d.grade
('2x3', '2x5', Fraction(21, 32), 'blunder')
>>> r.accuracy, r.mean_cost, r.rounds[0].expected, r.rounds[0].actual
(Fraction(1, 3), Fraction(29, 72), Fraction(1, 36), Fraction(0, 1))
>>> print(luck_line(r))
Your decisions cost 0.40 dice on average; the dice saved you 0.03 dice.

**API.** :func:`review` ``(game, seat)`` returns a :class:`Review`: ``decisions`` (one
:class:`Decision` each: ``observation``, ``options`` as :class:`Choice` with ``value`` and
``frequency``, ``chosen``, ``best``, ``cost``, ``grade``, ``explanation``, ``advice``),
``rounds`` (one :class:`RoundLuck` each: ``expected``, ``actual``, ``luck``), ``accuracy``,
``mean_cost``, ``grades()``, ``costliest(3)``, ``expected``/``actual``/``luck`` over the game,
``to_json()``. :func:`summary` and :func:`luck_line` say it in words (the current language).
``game`` is a state (a finished or running game), a saved game (the state's JSON: a dict, text
or a file), or a class server's export (``bluffkit.classroom``: JSON or CSV, dict, text or
file; ``room=`` picks a room). :func:`game_record` reads any of those as the game's steps.

**Values and cost.** Each option's ``value`` is the number the advice ranks it by, in the game's
unit: dice (Bluff: dice lost, lower is better), points (Poker dice, Bluff You, Jungle Bluff) or
score (Bungee, lower is better). The chosen action, when the advice does not list it, is valued
by the advice's own method. ``cost`` = how much worse the chosen option's value is than the
recommended option's, never below 0 (a choice the model values above its recommendation costs
nothing: the recommendation is the advice's rule, the value its model). Where a solved
equilibrium applies, ``frequency`` is the equilibrium's probability of each option, and an action
in its support costs nothing (exact equilibria: any probability above 0; Bluff's approximately
solved two-player strategies: at least 0.5% at a history they reach, the threshold of Explain's
table of played actions). A decision with one legal action is no decision and is left out; a
decision the advice gives no number to compare is ``not judged`` (``cost`` ``None``) and says why
(Jungle Bluff's strength card with three or more players: the advice's rule of thumb).

**Grades** by cost, in the game's unit (``THRESHOLDS``): 0 is *best*; then up to each limit
*good*, *inaccuracy*, *mistake*; above the last, *blunder*:

============  ======  ===========  =======  ==============================================
game          good    inaccuracy   mistake  why these sizes
============  ======  ===========  =======  ==============================================
Bluff         0.05    0.15         0.4      dice lost: a round costs about one die, so a
                                            blunder gives away almost half a die
Poker dice    0.25    1            3        points: an ante is 1 point and a pot a few; an
                                            inaccuracy gives away up to an ante, a mistake
                                            up to three
Bluff You     0.1     0.5          1.5      points, mine minus the other player's: tokens
                                            are worth 1-5 and a call swings 2-10; a blunder
                                            gives away more than a cheap token
Jungle Bluff  0.25    1            2.5      points: score cards are worth 1-10, 5.5 on
                                            average; a blunder gives away half of one
Bungee        0.5     1.5          4        score (lower is better): a hand is worth 0-50
                                            and one card 0-10; a blunder costs more than
                                            a small card
============  ======  ===========  =======  ==============================================

**Accuracy** = the share of judged decisions graded *best* or *good* (an exact fraction; the
words show it as a percentage). It says how often the player chose as well as the advice, to
within the game's *good* limit; ``mean_cost`` says how much the rest cost.

**Luck.** A round's *result* is counted in the game's unit; its *expected* result is the mean
of that result over what the seat could not see when the hidden information decided it, every
action taken as it was, under the advice's model of that game; ``luck = actual - expected``;
over the game, each summed. What each game counts:

- Bluff (a round: the rolls to the challenge): the dice the seat lost. Expected: over every
  hand the others could hold, as the advice sees them just before the cups are lifted (the
  round's bids read by Bayes' rule, as the advice reads them; with the expansion each unseen
  die random), with the bid and challenge as made.
- Poker dice (a round: a hand the seat anted in): the points it won minus the points it put in.
  Expected at a showdown: each pot it may win times its equity in that pot (the other players'
  dice random, ties split equally, as the advice counts equity), minus what it put in. A hand
  that ends without a showdown has no hidden dice to decide it: expected = actual.
- Bluff You (a round: a turn the seat bluffed or guessed in, doublets aside): its points minus
  the other player's this turn. The bluffer saw the dice: expected = actual. The guesser's
  expected result is the advice's value of the call made, under its stated model (the bluffer
  truthful with probability ``q`` when they can; the cheapest token given back).
- Jungle Bluff (a round): the points the seat's score gained. For each challenge it took part
  in, it expected the stack's points times its chance to win (its strength card against the
  posterior belief about the other player's, each card of their hand as likely as the history
  allows); expected = actual minus the sum over those challenges of (what happened - what was
  expected).
- Bungee (a round): the seat's score. A seat that did not call cannot win and scores its hand,
  which it knows: expected = actual. A caller expects -10 P(win) + its score (1 - P(win)), with
  P(win) over every hand the other callers could hold (each unseen card as likely as any other,
  their sizes known, each worth 5 or less since they called).

The draws and rolls a player saw before deciding are part of the position, not luck: luck is
counted where the others' hidden dice or cards decided a result. Every expected result is exact
(a ``Fraction``).

The review is the advice's: where the advice is exact (most of it) the values and costs are
``Fraction``; where it estimates (Bluff's look ahead when the bids are read, Bungee's simulation
of calling against playing on), ``Decision.exact`` is ``False`` and the values are its seeded
sample means (exact fractions of the samples). Each game's module says what it values:
:mod:`.bluff`, :mod:`.poker_dice`, :mod:`.bluff_you`, :mod:`.jungle_bluff`, :mod:`.bungee`.
"""

from .model import GRADES, NOT_JUDGED, THRESHOLDS, Choice, Decision, Review, RoundLuck, grade
from .review import review
from .sources import GameRecord, game_record, replay_log
from .text import luck_line, summary

__all__ = ["GRADES", "NOT_JUDGED", "THRESHOLDS", "Choice", "Decision", "GameRecord", "Review",
           "RoundLuck", "game_record", "grade", "luck_line", "replay_log", "review", "summary"]
