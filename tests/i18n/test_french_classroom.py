"""The classroom in French: a student's connection messages, the seats' names, the teacher's
dashboard tables (what the widgets show), with no English word."""

from __future__ import annotations

import re

import pytest

from bluffkit.classroom.client import ClassroomError
from bluffkit.i18n import language
from bluffkit.widgets.classroom import seat_names
from bluffkit.widgets.dashboard_views import progress_html, scoreboard_html, tables_html, whose_turn
from bluffkit.widgets.seat import plain_error
from tests.test_notebooks import english_words

TABLES = [{"code": "K7QPM", "game": "bluff", "title": "Bluff", "moves": 4, "to_move": 1,
           "over": False, "closed": False, "returns": None,
           "seats": [{"name": "Ana", "bot": False}, {"name": "", "bot": True}]},
          {"code": "ZX2RT", "game": "bungee", "title": "Bungee", "moves": 30, "to_move": -1,
           "over": True, "closed": False, "returns": [1, 0],
           "seats": [{"name": "Ana", "bot": False}, {"name": "Ben", "bot": False}]}]


def test_a_students_connection_messages_in_french():
    with language("fr"):
        texts = [plain_error(ClassroomError(kind, "x"), url="ws://127.0.0.1:1", code="ABCDE")
                 for kind in ("no_room", "room_full", "room_closed", "bad_token", "closed")]
        texts.append(plain_error(ConnectionRefusedError(111, "refused"), url="ws://h:1"))
        names = seat_names({"seats": [{"name": "Ana"}, {"name": ""}]}, 0)
    assert texts[0] == "Il n'y a pas de table avec le code ABCDE. Vérifie le code au tableau."
    assert names == ["Toi", "Place libre 2"]
    for text in texts:
        assert not english_words(text), text
    assert plain_error(ClassroomError("no_room", "x"), code="ABCDE").startswith("There is no")


def test_the_teachers_dashboard_in_french():
    progress = {"questions": [
        {"set": "bluff", "mode": "practice", "question": 1, "title": "Un seul dé",
         "students": 3, "correct": 2, "answers": 5},
        {"set": "bluff", "mode": "exam", "question": 2, "title": "Au moins un six",
         "students": 1, "correct": None, "answers": 1},
        {"set": "reading-bids", "mode": "practice", "question": 1, "title": "x",
         "students": 1, "correct": 1, "answers": 1}], "students": 3}
    with language("fr"):
        html = tables_html(TABLES) + scoreboard_html(TABLES) + progress_html(progress)
        turn = whose_turn(TABLES[0])
        html += progress_html({"questions": [], "students": 0})
    assert "(un robot joue)" in turn and "Bluff (dés menteurs avec étoiles)" in html
    assert "parties gagnées" in html and "<td>entraînement</td>" in html
    assert "<td>2 / 3</td>" in html and "Aucune réponse envoyée" in html
    # each exercise set by its title, not its name in the code
    assert "<td>lire les paris (formule de Bayes)</td>" in html and "reading-bids" not in html
    assert not english_words(html), english_words(html)[:5]


BAD_FRAMES = [b"\x00", "x" * 70000, "{not json", "[1, 2]", '{"type": "dance"}',
              '{"type": "join", "code": "K7Q", "name": "Ana"}',
              '{"type": "join", "code": "K7QPM", "name": "A\\u0007na"}',
              '{"type": "join", "code": "K7QPM", "name": ""}',
              '{"type": "join", "code": "K7QPM", "name": "Ana", "seat": 1}',
              '{"type": "move", "action": 7}', '{"type": "move", "action": "7x3", "at": -1}',
              '{"type": "move", "action": "7x3", "id": true}',
              '{"type": "rejoin", "token": "a b"}', '{"type": "open", "game": "bluff", "rules": 3}',
              '{"type": "open", "game": "bluff", "bot_after": -4}',
              '{"type": "export", "format": "pdf"}']


def test_a_message_the_server_refuses_is_explained_in_french():
    """What a student's seat shows when the server refuses a request (a wrong join code, a
    name with a control character): the table server speaks its language."""
    from bluffkit.classroom.protocol import ProtocolError, parse_request, too_many_message

    texts = []
    with language("fr"):
        for frame in BAD_FRAMES:
            try:
                parse_request(frame)
            except ProtocolError as e:
                texts.append(str(e))
        texts.append(too_many_message())
    assert len(texts) == len(BAD_FRAMES) + 1
    assert texts[5].startswith("le code doit être un code de table de 5 lettres"), texts[5]
    for text in texts:
        prose = re.sub(r"'[^']*'|\"[^\"]*\"|\{[^}]*\}|\b\w+(, \w+)+", " ", text)
        assert not english_words(prose), text
    with pytest.raises(ProtocolError, match="the code must be a join code"):
        parse_request(BAD_FRAMES[5])
