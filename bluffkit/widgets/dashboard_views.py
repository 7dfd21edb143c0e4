"""What the teacher's dashboard shows, as HTML: the tables, the scoreboard, the exercises'
progress and the class's review figures (:mod:`.dashboard` draws them and keeps them live)."""

from __future__ import annotations

import base64
import html
from fractions import Fraction
from pathlib import Path

from ..core import BluffkitError
from ..core.i18n import _, _n, num
from ..exercises.worksheets import catalogue, set_title
from ..games import GAMES
from ..review.classwork import ClassFigures
from ..review.position import kind_words
from ..review.text import amount
from .numbers import SPACED_TABLE


def score(value) -> Fraction:
    """A seat's result as the server sends it (a number, or a fraction as ``"1/3"``).

    >>> score("1/3"), score(2), score(-1)
    (Fraction(1, 3), Fraction(2, 1), Fraction(-1, 1))
    """
    return Fraction(value)


def winners(table: dict) -> list[int]:
    """The seats with the best result of a finished table (several on a tie)."""
    if not table.get("returns"):
        return []
    r = [score(x) for x in table["returns"]]
    return [p for p, x in enumerate(r) if x == max(r)]


def scoreboard(tables: list[dict]) -> list[tuple[str, int, int]]:
    """``(name, games finished, games won)`` per student name, most wins first (bots and
    empty seats are left out).

    >>> t = {"seats": [{"name": "Ana"}, {"name": "Ben"}], "returns": [1, 0]}
    >>> scoreboard([t, {**t, "returns": [0, 1]}, {**t, "returns": None}])
    [('Ana', 2, 1), ('Ben', 2, 1)]
    """
    played: dict[str, list[int]] = {}
    for t in tables:
        if not t.get("returns"):
            continue
        best = winners(t)
        for p, seat in enumerate(t["seats"]):
            if seat["name"]:
                row = played.setdefault(seat["name"], [0, 0])
                row[0] += 1
                row[1] += p in best
    return sorted(((n, a, b) for n, (a, b) in played.items()), key=lambda r: (-r[2], r[0]))


def whose_turn(table: dict) -> str:
    if table["closed"] and not table["over"]:
        return _("closed")
    if table["over"]:
        names = [table["seats"][p]["name"] or _("seat {n}", n=p + 1) for p in winners(table)]
        return _n("over: {who} wins", "over: {who} win", len(names), who=", ".join(names))
    p = table["to_move"]
    if not 0 <= p < len(table["seats"]):
        return _("dice being rolled")
    seat = table["seats"][p]
    who = seat["name"] or _("seat {n}", n=p + 1)
    return _("{who} (a bot plays)", who=who) if seat["bot"] else who


def tables_html(tables: list[dict]) -> str:
    """One row per table: code, game, players, whose turn, moves."""
    if not tables:
        return "<i>" + html.escape(_("No table yet: open one below.")) + "</i>"
    rows = []
    empty = "<i>" + html.escape(_("empty")) + "</i>"
    for t in tables:
        names = ", ".join(html.escape(s["name"]) if s["name"] else empty for s in t["seats"])
        title = str(GAMES[t["game"]].title) if t.get("game") in GAMES else t["title"]
        rows.append(f"<tr><td><b>{html.escape(t['code'])}</b></td><td>{html.escape(title)}"
                    f"</td><td>{names}</td><td>{html.escape(whose_turn(t))}</td>"
                    f"<td>{t['moves']}</td></tr>")
    head = "".join(f"<th style='padding:0 8px;text-align:left'>{html.escape(h)}</th>" for h in (
        _("code"), _("game"), _("players"), _("whose turn"), _("moves")))
    return SPACED_TABLE + f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def scoreboard_html(tables: list[dict]) -> str:
    rows = scoreboard(tables)
    if not rows:
        return "<i>" + html.escape(_("No game finished yet.")) + "</i>"
    body = "".join(f"<tr><td>{html.escape(n)}</td><td>{a}</td><td>{b}</td></tr>"
                   for n, a, b in rows)
    head = "".join(f"<th>{html.escape(h)}</th>" for h in (_("student"), _("games finished"),
                                                          _("games won")))
    return SPACED_TABLE + f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def question_title(row: dict) -> str:
    """A progress row's question title in the dashboard's language: each answer carries the
    title its student saw, in the student's language (a set bluffkit does not know keeps it).

    >>> question_title({"set": "bluff", "question": 1, "title": "Un seul dé"})
    'One die'
    """
    try:
        questions = catalogue(row["set"])
    except BluffkitError:
        return row["title"]
    n = row["question"]
    return str(questions[n - 1].title) if 1 <= n <= len(questions) else row["title"]


def saved_at(path: Path, mime: str) -> dict[str, str]:
    """``path`` and a link that downloads it, as HTML: the placeholders of a "saved" message."""
    link = base64.b64encode(path.read_bytes()).decode()
    word = html.escape(_("download"))
    return dict(path=f"<code>{html.escape(str(path))}</code>",
                download=f'<a download="{html.escape(path.name)}" '
                         f'href="data:{mime};base64,{link}">{word}</a>')


def progress_html(progress: dict) -> str:
    """One row per question answered: exercise set, mode, question, students who answered,
    those whose last answer is right (in an exam: graded by ``results collect``), answers."""
    rows = progress.get("questions") or []
    if not rows:
        return "<i>" + html.escape(_("No answer sent yet.")) + "</i>"
    body = []
    for q in rows:
        mode = _("exam") if q["mode"] == "exam" else _("practice")
        right = ("–" if q["correct"] is None
                 else f"{q['correct']} / {q['students']}")
        body.append(f"<tr><td>{html.escape(set_title(q['set']))}</td><td>{html.escape(mode)}</td>"
                    f"<td>{q['question']}. {html.escape(question_title(q))}</td>"
                    f"<td>{q['students']}</td><td>{right}</td><td>{q['answers']}</td></tr>")
    head = "".join(f"<th style='padding:0 8px;text-align:left'>{html.escape(h)}</th>" for h in (
        _("exercises"), _("mode"), _("question"), _("students"), _("right now"), _("answers")))
    return (SPACED_TABLE + f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody>"
            "</table>")


def class_review_html(figures: ClassFigures) -> str:
    """Each student's accuracy, and the class's costliest kinds of decision (three per game)."""
    if not figures.students:
        return "<i>" + html.escape(_("No finished game with a student to review yet.")) + "</i>"
    rows = "".join(
        f"<tr><td>{html.escape(s.name)}</td><td>{s.games}</td><td>{s.judged}</td>"
        f"<td>{'-' if s.accuracy is None else num(float(s.accuracy), '.0%')}</td>"
        f"<td>{s.blunders}</td></tr>" for s in figures.students)
    head = "".join(f"<th>{html.escape(h)}</th>" for h in (
        _("student"), _("games"), _("decisions"), _("accuracy"), _("blunders")))
    out = [SPACED_TABLE + f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"]
    costly = figures.costliest()
    if costly:
        rows = "".join(
            f"<tr><td>{html.escape(kind_words(k.kind))}</td><td>{k.decisions}</td>"
            f"<td>{html.escape(amount(k.unit, k.mean_cost))}</td>"
            f"<td>{html.escape(amount(k.unit, k.total_cost))}</td></tr>" for k in costly)
        head = "".join(f"<th>{html.escape(h)}</th>" for h in (
            _("kind of decision"), _("decisions"), _("average cost"), _("cost in all")))
        out.append("<b>" + html.escape(_("The class's costliest kinds of decision")) + "</b>")
        out.append(SPACED_TABLE + f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
    return "".join(out)


__all__ = ["class_review_html", "progress_html", "question_title", "saved_at", "score",
           "scoreboard", "scoreboard_html", "tables_html", "whose_turn", "winners"]
