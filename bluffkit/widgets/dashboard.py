"""The teacher's dashboard of a class server: ``dashboard(url, teacher_token)``.

Every table (code, game, players, whose turn, moves, result), a class scoreboard, controls to
open a table, close it and reveal it after its game, and buttons that export every game (CSV
or JSON) to a file for the next lesson. It watches the server: each change of a table redraws
the dashboard (the server pushes a summary; no game state is computed here). The exercises'
progress is live too: per question, how many students answered and how many are right (their
kernels send each ``check()`` to the server), titled in the dashboard's language whatever
language each student works in; *Export answers* saves every answer to a file, and *Export
gradebook* makes the gradebook ``bluffkit results collect`` makes from them (the same code:
``teacher.collect`` and ``teacher.export``), with the class roster if one is given, as plain
CSV, for Moodle's or Canvas's import, or for Excel. *Review the games* shows each student's
accuracy and the class's costliest kinds of decision over the finished games
(:mod:`bluffkit.review.classwork`); the game exports carry them too. When the connection
drops (the server restarted), it says so at once, with a Reconnect button, and comes back by
itself, as the students' tables do.

The gradebook is made in :mod:`.gradebook`, loaded only when it is exported.
"""

from __future__ import annotations

import html
import json
import re
import threading
import time
from pathlib import Path

import ipywidgets as widgets

from ..core import InvalidQuestion
from ..core.i18n import _, _n
from ..games import GAMES
from ..review.classwork import ClassFigures, figures_csv, review_export
from .common import ErrorArea, fit_buttons, html_area
from .dashboard_views import (
    class_review_html,
    progress_html,
    saved_at,
    scoreboard,
    scoreboard_html,
    tables_html,
)
from .seat import MESSAGES, RECONNECT, RETRIES, connect, plain_error, retry


class Dashboard(widgets.VBox):
    """The teacher's view of a class server (see the module docstring).

    Attributes: ``tables`` (the newest summaries, by code), ``progress`` (the exercises'
    progress, as the server sends it), ``message`` (the last thing done, in words),
    ``exported`` (the path of the last export), ``gradebook`` (the last gradebook made: its
    files, students and answers; ``None`` before).
    """

    def __init__(self, url: str, teacher_token: str | None, folder: str | Path = "."):
        self.url, self.folder, self.token = url, Path(folder), teacher_token
        self.errors = ErrorArea()
        self.tables: dict[str, dict] = {}
        self.exported: Path | None = None
        self.gradebook = None
        self._reviewed: dict[str, list] = {}  # finished rooms' reviews, kept between clicks
        self.client = None
        self.stopped = False
        self._lock = threading.Lock()
        self.connection = html_area("bk-connection", math=False)
        self.reconnect_button = widgets.Button(description=str(RECONNECT), icon="refresh")
        self.reconnect_button.add_class("bk-reconnect")
        self.reconnect_button.layout.display = "none"
        self.reconnect_button.on_click(lambda _b: self.reconnect(tries=1))
        self.tables_view = html_area("bk-tables", math=False)
        self.scores_view = html_area("bk-scoreboard", math=False)
        self.game = widgets.Dropdown(description=_("Game"), options=[
            (str(info.title), name) for name, info in sorted(GAMES.items())], value="bluff",
            layout=widgets.Layout(width="auto"))  # the longest game's name in full
        self.players = widgets.BoundedIntText(value=2, min=2, max=6, description=_("Players"),
                                              layout=widgets.Layout(width="10em"))
        self.bot_after = widgets.BoundedFloatText(
            value=30, min=0, max=3600, description=_("Bot after (s)"),
            style={"description_width": "initial"}, layout=widgets.Layout(width="12em"))
        self.open_button = widgets.Button(description=_("Open a table"), button_style="success")
        self.open_button.add_class("bk-open")
        self.code = widgets.Dropdown(description=_("Table"), options=[])
        self.close_button = widgets.Button(description=_("Close"), button_style="warning")
        self.close_button.add_class("bk-close")
        self.reveal_button = widgets.Button(description=_("Reveal"), button_style="info",
                                            tooltip=_("show every hand to the table's players "
                                                      "once its game is over"))
        self.reveal_button.add_class("bk-reveal-table")
        self.csv_button = widgets.Button(description=_("Export CSV"), icon="download")
        self.csv_button.add_class("bk-export-csv")
        self.json_button = widgets.Button(description=_("Export JSON"), icon="download")
        self.json_button.add_class("bk-export-json")
        self.answers_button = widgets.Button(
            description=_("Export answers"), icon="download",
            tooltip=_("every exercise answer the students sent, for bluffkit results collect"))
        self.answers_button.add_class("bk-export-answers")
        self.roster = widgets.Text(description=_("Roster"), placeholder=_("roster.csv (optional)"),
                                   tooltip=_("the class list: a CSV with name, LMS id and email "
                                             "columns"), style={"description_width": "initial"},
                                   layout=widgets.Layout(width="22em"))
        self.key_file = widgets.Text(
            description=_("Course key file"), placeholder=_("course-key.txt (optional)"),
            tooltip=_("the file holding the course key (else $BLUFFKIT_COURSE_KEY): answers "
                      "that do not verify with it are not counted"),
            style={"description_width": "initial"}, layout=widgets.Layout(width="30em"))
        self.points = widgets.Text(
            description=_("Points"), placeholder=_("bluff:3=2, bluff:4=0.5 (optional)"),
            tooltip=_("what a question is worth, SET:QUESTION=POINTS, separated by spaces or "
                      "commas (else each question's own points)"),
            style={"description_width": "initial"}, layout=widgets.Layout(width="22em"))
        self.book_format = widgets.Dropdown(description=_("Format"), options=[
            (_("CSV"), "csv"), ("Moodle", "moodle"), ("Canvas", "canvas"),
            (_("Excel"), "excel")], value="csv", layout=widgets.Layout(width="14em"))
        self.gradebook_button = widgets.Button(
            description=_("Export gradebook"), icon="download", button_style="primary",
            tooltip=_("the gradebook of every answer, as bluffkit results collect makes it"))
        self.gradebook_button.add_class("bk-export-gradebook")
        self.review_button = widgets.Button(description=_("Review the games"), icon="search",
                                            tooltip=_("each student's accuracy and the class's "
                                                      "costliest kinds of decision, over the "
                                                      "finished games"))
        self.review_button.add_class("bk-review-class")
        self.review_view = html_area("bk-class-review", math=False)
        self.figures: ClassFigures | None = None
        fit_buttons(self.open_button, self.close_button, self.reveal_button, self.csv_button,
                    self.json_button, self.answers_button, self.gradebook_button,
                    self.review_button)
        self.progress: dict = {}
        self.progress_view = html_area("bk-progress", math=False)
        self.news = html_area("bk-news", math=False)
        self.message = ""
        g = self.errors.guard
        self.open_button.on_click(g(lambda _b: self.open_table()))
        self.close_button.on_click(g(lambda _b: self.close_table(self.code.value)))
        self.reveal_button.on_click(g(lambda _b: self.reveal(self.code.value)))
        self.csv_button.on_click(g(lambda _b: self.export("csv")))
        self.json_button.on_click(g(lambda _b: self.export("json")))
        self.answers_button.on_click(g(lambda _b: self.export("answers")))
        self.gradebook_button.on_click(g(lambda _b: self.export_gradebook()))
        self.review_button.on_click(g(lambda _b: self.review_games()))
        super().__init__([
            widgets.HTML("<b>" + html.escape(_("Class server")) + f"</b> {html.escape(url)}"),
            widgets.HBox([self.connection, self.reconnect_button]), self.tables_view,
            widgets.HTML("<b>" + html.escape(_("Scoreboard")) + "</b>"), self.scores_view,
            widgets.HBox([self.game, self.players, self.bot_after, self.open_button]),
            widgets.HBox([self.code, self.close_button, self.reveal_button]),
            widgets.HBox([self.csv_button, self.json_button, self.review_button]),
            self.review_view,
            widgets.HTML("<b>" + html.escape(_("Exercises")) + "</b>"), self.progress_view,
            widgets.HBox([self.answers_button]),
            widgets.HBox([self.roster, self.key_file]),
            widgets.HBox([self.points, self.book_format, self.gradebook_button]),
            self.news, self.errors])
        self.add_class("bk-dashboard")
        self._connect()

    # -- the connection ------------------------------------------------------------------------
    def _connect(self) -> None:
        """Connect, say who teaches, show the server's own "Bot after" and watch every table
        and the exercises' progress (raises ClassroomError: the server cannot be reached, or
        the token is not its own)."""
        client = connect(self.url)
        try:
            me = client.teacher(self.token)
            self.bot_after.value = me.get("bot_after", self.bot_after.value)
            client.on_event = self._event
            client.on_close = lambda: self._dropped(client)
            self.tables = {t["code"]: t for t in client.watch()}  # then pushed as they change
            self.progress = client.progress()
        except Exception:
            client.close()
            raise
        self.client = client
        self.redraw()

    def _dropped(self, client) -> None:
        """The connection ended: say so at once, with the Reconnect button, and come back."""
        if self.stopped or client is not self.client:
            return
        self.client = None
        self.show_connection(_("{lost} Trying to come back...", lost=MESSAGES["closed"]))
        threading.Thread(target=self.reconnect, kwargs={"wait": True}, daemon=True,
                         name="bluffkit-dashboard-reconnect").start()

    def reconnect(self, tries: int = RETRIES, wait: bool = False) -> bool:
        """Connect again (a few tries, a second or more apart); True once back (``wait``: see
        :func:`~bluffkit.widgets.seat.retry`)."""
        return retry(self._come_back, tries, self.show_connection, self._lock, wait)

    def _come_back(self) -> bool | None:
        """One try (see :func:`~bluffkit.widgets.seat.retry`)."""
        from ..classroom.client import ClassroomError

        if self.stopped or self.client is not None:
            return self.client is not None
        try:
            self._connect()
        except ClassroomError as e:
            if e.error != "not_teacher":
                return None
            self.show_connection(_(  # a server started again with another token
                "The class server no longer takes this teacher token (it was started again "
                "with another): run dashboard() again with the token it printed."),
                button=False)  # pressing Reconnect would not help
            return False
        self.show_connection("")
        return True

    def show_connection(self, text: str, button: bool = True) -> None:
        """A sentence about the connection (``""`` once back); the Reconnect button shows
        while it is down, unless pressing it could not help (``button`` false)."""
        self.connection.value = (f'<div style="color:#b00"><b>{html.escape(text)}</b></div>'
                                 if text else "")
        self.reconnect_button.layout.display = None if text and button else "none"

    # -- the server's news ---------------------------------------------------------------------
    def _event(self, frame: dict) -> None:
        if frame.get("type") == "update":
            self.tables[frame["table"]["code"]] = frame["table"]
            self.redraw()
        elif frame.get("type") == "progress":
            self.progress = frame
            self.progress_view.value = progress_html(frame)

    def redraw(self) -> None:
        tables = list(self.tables.values())
        self.tables_view.value = tables_html(tables)
        self.scores_view.value = scoreboard_html(tables)
        self.progress_view.value = progress_html(self.progress)
        codes = [t["code"] for t in tables]
        if list(self.code.options) != codes:
            keep = self.code.value
            self.code.options = codes
            self.code.value = keep if keep in codes else (codes[-1] if codes else None)

    def _say(self, text: str) -> None:
        self.message = text
        self.news.value = f"<div>{text}</div>"

    # -- the teacher's actions -----------------------------------------------------------------
    def open_table(self, game: str | None = None, players: int | None = None,
                   seed: int | None = None, **rules) -> str:
        """Open a table (the controls' game and players unless given); returns its code."""
        game = game or self.game.value
        rules = {"players": players or self.players.value, **rules}
        out = self._ask(lambda: self.client.open_room(game, rules, seed, self.bot_after.value))
        code = out["code"]
        self.tables.setdefault(code, {"code": code, "title": str(GAMES[game].title), "seats": [],
                                      "moves": 0, "to_move": -1, "over": False,
                                      "closed": False, "returns": None})
        self.redraw()
        self.code.value = code
        title = html.escape(str(GAMES[game].title))
        self._say(_("Table {code} is open ({title}, {players} players): students join it with "
                    "this code.", code=f"<b>{html.escape(code)}</b>", title=title,
                    players=rules["players"]))
        return code

    def close_table(self, code: str | None) -> None:
        self._ask(lambda: self.client.close_room(self._code(code)))
        self._say(html.escape(_("Table {code} is closed: no more moves.", code=code)))

    def reveal(self, code: str | None) -> None:
        """Show every hand of a finished (or closed) table to its players."""
        self._ask(lambda: self.client.reveal(self._code(code)))
        self._say(html.escape(_("Every hand of table {code} is shown to its players.",
                                code=code)))

    def review_games(self) -> ClassFigures:
        """Review every finished game (each student's seat): each student's accuracy and the
        class's costliest kinds of decision, shown under the buttons."""
        export = json.loads(self._ask(lambda: self.client.export("json")))
        self.figures = review_export(export, self._reviewed)
        self.review_view.value = class_review_html(self.figures)
        return self.figures

    def export(self, fmt: str = "csv") -> Path:
        """Write every game to a file (CSV or JSON), or with ``"answers"`` every exercise
        answer, beside the notebook; returns its path and shows a download link. A game export
        carries the review's figures: under ``"review"`` in the JSON, in a second file
        ``classroom-review-....csv`` beside the CSV."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self._save(fmt, stamp)
        if fmt in ("csv", "json"):
            export = json.loads(path.read_text(encoding="utf-8") if fmt == "json"
                                else self._ask(lambda: self.client.export("json")))
            self.figures = review_export(export, self._reviewed)
            self.review_view.value = class_review_html(self.figures)
            if fmt == "json":
                path.write_text(json.dumps({**export, "review": self.figures.to_json()},
                                           ensure_ascii=False), encoding="utf-8")
            else:
                (self.folder / f"classroom-review-{stamp}.csv").write_text(
                    figures_csv(self.figures), encoding="utf-8")
        self.exported = path
        where = saved_at(path, {"csv": "text/csv", "json": "application/json"}.get(
            fmt, "application/jsonl"))
        if fmt == "answers":
            command = f"bluffkit results collect {path.name} --csv grades.csv"
            self._say(_("Every answer is saved in {path} ({download}); {command} makes the "
                        "gradebook.", command=f"<code>{html.escape(command)}</code>", **where))
        else:
            self._say(_("Every game is saved in {path} ({download}).", **where))
        return path

    def _save(self, fmt: str, stamp: str) -> Path:
        """The server's export in ``fmt`` (``"csv"``, ``"json"`` or ``"answers"``), written to
        a file of the dashboard's folder."""
        data = self._ask(lambda: self.client.export(fmt))
        path = self.folder / (f"class-answers-{stamp}.jsonl" if fmt == "answers"
                              else f"classroom-games-{stamp}.{fmt}")
        path.write_text(data, encoding="utf-8")
        return path

    def export_gradebook(self, fmt: str | None = None, roster: str | Path | None = None) -> Path:
        """Make the gradebook of every answer on the server, as ``bluffkit results collect``
        makes it from the server's file (:func:`~bluffkit.widgets.gradebook.make_gradebook`),
        in the dashboard's language. ``fmt``: ``"csv"``, ``"moodle"``, ``"canvas"`` or
        ``"excel"``, and ``roster``: the class list (a path relative to the dashboard's
        folder), the Format and Roster controls' unless given; the course key file and the
        points (``SET:N=P``, separated by spaces or commas) from their controls. The answers
        are saved too (as by *Export answers*). Returns the path of the file to open or import,
        with the gradebook's other files beside it."""
        from .gradebook import make_gradebook, unused_name

        listed = str(self.roster.value if roster is None else roster).strip()
        key = self.key_file.value.strip()
        worth = [t for t in re.split(r"[\s;]+|,(?=\s*[a-z])", self.points.value) if t]
        stamp = time.strftime("%Y%m%d-%H%M%S")
        made = make_gradebook(self._save("answers", stamp),
                              unused_name(self.folder, f"gradebook-{stamp}"),
                              fmt or self.book_format.value,
                              self.folder / Path(listed).expanduser() if listed else None,
                              self.folder / Path(key).expanduser() if key else None, worth)
        self.exported, self.gradebook = made.path, made
        said = _("Gradebook saved: {path} ({download}) — {students}, {answers}.",
                 students=_n("{n} student", "{n} students", made.students),
                 answers=_n("{n} answer", "{n} answers", made.answers),
                 **saved_at(made.path, "text/csv"))
        self._say("<br>".join([said, *(html.escape(t, quote=False) for t in made.notes)]))
        return made.path

    def _code(self, code: str | None) -> str:
        if not code:
            raise InvalidQuestion(_("choose a table first (open one if there is none)"))
        return code

    def _ask(self, call):
        """Ask the server (coming back first if the connection is down); a failure is a plain
        sentence, never silence."""
        from ..classroom.client import ClassroomError

        if self.client is None and not self.reconnect(tries=1):
            raise ClassroomError("closed", _("{lost} Press {button} when the server is back.",
                                             lost=MESSAGES["closed"], button=RECONNECT))
        try:
            return call()
        except ClassroomError as e:
            raise ClassroomError(e.error, plain_error(e, self.url)) from None

    def close(self) -> None:
        """Leave the server, then close the widget."""
        self.stopped = True
        client = self.__dict__.get("client")
        if client is not None:
            self.client = None
            client.close()
        super().close()


def dashboard(url: str | None = None, teacher_token: str | None = None,
              folder: str | Path = "."):
    """The teacher's dashboard of the class server at ``url`` (see :class:`Dashboard`); when
    the server cannot be reached or the token is wrong, a message saying so instead. Inside the
    class's JupyterHub both may be left out: the hub gives the address and says you teach."""
    from ..classroom.client import ClassroomError
    from ..classroom.hub_auth import classroom_url
    from .classroom import JoinFailed

    url = url or classroom_url()
    if not url:
        return JoinFailed(_("Give the table server's address, e.g. {example}.",
                            example='dashboard("ws://…", token)'))
    try:
        return Dashboard(url, teacher_token, folder)
    except ClassroomError as e:
        text = (_("This is not the teacher's token of this server: copy the one the server "
                  "printed when it started.") if e.error == "not_teacher"
                else plain_error(e, url))
        return JoinFailed(text)


__all__ = ["Dashboard", "dashboard", "progress_html", "scoreboard"]
