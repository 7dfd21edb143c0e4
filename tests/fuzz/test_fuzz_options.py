"""Fuzz: every option of every command given values of each hostile kind (issue 26, item 15).

``test_fuzz_cli`` asks for no traceback and a clear reply; this one also asks that nonsense is
refused. The options are read from the parser itself (an option added later is fuzzed too), and
each value has a verdict:

- **refused**: status 2 and one line ``bluffkit: error: ...`` naming the option. Nonsense of any
  kind: a word where a number or a list goes, an empty value (``--centre ""``, ``--centre=``),
  only separators (``,,,``), an empty item (``3,,3``, ``3,3,``), a whole number written as a
  float or a bool (``2.5``, ``True``), ``nan``/``inf`` where seconds go;
- **either**: refused as above, or accepted with a clear reply in time (huge, negative or
  zero numbers, an item copied or moved from one option's list into another's);
- **the same**: refused, or the very output of the call written with ASCII digits (unicode
  digits: ``٣`` for ``3``).

``serve`` listens and stops at once and ``handout`` stops before starting Chromium (both check
their options before); ``results collect`` reads a real log. Run ``pytest tests/fuzz -q -rP``
to see the counts.
"""

from __future__ import annotations

import argparse
import itertools
import re
from collections import Counter
from dataclasses import dataclass

import numpy as np

from bluffkit.cli import build_parser
from tests.fuzz.test_fuzz_cli import BASE, clear_reply, run_cli
from tests.test_notebooks import english_words

SEED = 2026
WORD = "abc"
NONSENSE = {
    "int": [WORD, "", " ", ",,,", "2.5", "3.0", "True", "false", "1e3", "0x10", "½", "3 4"],
    "float": [WORD, "", " ", ",,,", "nan", "inf", "-inf", "1e999", "True", "1/0"],
    "choice": [WORD, "", " "],
    "text": [WORD, "", " ", ",,,", ",", " , "],
    "name": ["", " ", ",,,"],
}
"""Values never meant for an option of each kind."""
NUMBERS = ["-1", "0", "9" * 30, "99999", "+3", "-0", "1" * 12]
ARABIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
NAMES = {"--out", "--csv", "--key-file", "--db", "--hub-teachers", "--host"}
"""Options whose value is a name or a path: a word is a fine value there (``abc``)."""
PLACES = {"--key-file": ["/dev/zero", "{tmp}", "{tmp}/logs"],
          "--db": ["/dev/zero", "/dev/null", "{tmp}", "{tmp}/key", "/proc/nope/class.sqlite"],
          "--host": ["h" * 300, "a..b"]}
"""Paths and names that must be refused: endless files, folders, devices, a text file as a
database, a host name too long (read to the end, ``--key-file /dev/zero`` ran out of memory)."""
BASES = {**BASE, ("advise", "bluff-you"): [
    "--players", "3", "--held", "0:8,13", "--held", "1:5", "--roll", "2,2,5", "--bluffer", "0",
    "--centre", "3,4,6,7,9,10,11,12,14,15,16,17,18"]}
"""``test_fuzz_cli``'s correct calls (that of ``advise bluff-you`` made correct: every token
somewhere)."""


@dataclass(frozen=True)
class Call:
    kind: str
    """The mutation's kind (the counts are given per kind)."""
    argv: tuple[str, ...]
    verdict: str
    """``refused``, ``either`` or ``same`` (see the module docstring)."""
    options: tuple[str, ...]
    """Every spelling of the options changed: a refusal names one of them."""
    base: tuple[str, ...]


def actions_of(argv) -> list[argparse.Action]:
    """The options of the command ``argv`` starts with (``odds bluff`` ...)."""
    parser = build_parser()
    for word in argv:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not subs or word not in subs[0].choices:
            break
        parser = subs[0].choices[word]
    return [a for a in parser._actions if a.option_strings]


def options_of(argv) -> list[argparse.Action]:
    """The options taking a value."""
    return [a for a in actions_of(argv) if a.nargs != 0]


def kind_of(action: argparse.Action) -> str:
    if action.choices:
        return "choice"
    name = getattr(action.type, "__name__", "")
    if name in ("int", "whole_number", "seed_number"):
        return "int"
    if name in ("float", "real_number"):
        return "float"
    return "name" if set(action.option_strings) & NAMES else "text"


def required_only(base: list[str]) -> list[str]:
    """``base`` without its optional options: the command, its positionals and the options it
    requires."""
    actions = {o: a for a in actions_of(base) for o in a.option_strings}
    out, skip, keep = [], 0, False
    for word in base:
        if skip:
            skip -= 1
            if keep:
                out.append(word)
            continue
        action = actions.get(word)
        if action is None:
            out.append(word)
            continue
        keep = action.required
        skip = action.nargs if isinstance(action.nargs, int) else 0 if action.nargs == 0 else 1
        if keep:
            out.append(word)
    return out


def option_calls(base: list[str], rng: np.random.Generator, tmp=None) -> list[Call]:
    """Each option of ``base``'s command given each hostile kind of value, in its place in
    ``base`` or added at the end."""
    calls = []
    every = tuple(o for a in actions_of(base) for o in a.option_strings)
    for action in options_of(base):
        spellings = tuple(action.option_strings)
        at = next((i for i, w in enumerate(base) if w in spellings), None)
        old = base[at + 1] if at is not None else None
        kind = kind_of(action)

        def call(mutation, value, verdict, at=at, name=spellings[-1], spellings=spellings):
            argv = ([*base, name, value] if at is None else
                    [*base[:at + 1], value, *base[at + 2:]])
            if mutation == "empty after =":
                argv = [*base, f"{name}="] if at is None else [*base[:at], f"{name}=",
                                                              *base[at + 2:]]
            return Call(mutation, tuple(argv), verdict,
                        spellings if verdict == "refused" else every, tuple(base))

        empty = getattr(action, "empty", False)  # "" means something for this option
        calls += [call(f"nonsense ({kind})", v, "either" if empty and not v.strip() else
                       "refused") for v in NONSENSE[kind]]
        calls.append(call("empty after =", "", "either" if empty else "refused"))
        if kind in ("int", "float"):
            calls += [call("number out of the way", v, "either")
                      for v in rng.choice(NUMBERS, 4, replace=False)]
        if old is not None and kind == "text" and "," in old:
            calls += [call("empty item", v, "refused")
                      for v in (old + ",", "," + old, old.replace(",", ",,", 1))]
        if old is not None and kind != "name" and old.translate(ARABIC) != old:
            calls.append(call("unicode digits", old.translate(ARABIC), "same"))
        calls += [call("hostile place", place.format(tmp=tmp), "refused")
                  for place in PLACES.get(spellings[-1], [])]
        if not action.required and kind not in ("name", "choice"):
            alone = required_only(base)
            calls.append(Call("option alone (nonsense)", (*alone, spellings[-1], WORD),
                              "refused", every, tuple(base)))
    return calls


def moved_items(base: list[str], rng: np.random.Generator) -> list[Call]:
    """An item of one option's list copied, or moved, into another option's list (a token in
    the centre and in a hand, a card in the hand and the discard pile ...)."""
    lists = [i for i, w in enumerate(base[:-1]) if w.startswith("--") and "," in base[i + 1]]
    every = tuple(o for a in actions_of(base) for o in a.option_strings)
    calls = []
    for i, j in itertools.permutations(lists, 2):
        items = base[i + 1].split(",")
        item = items[int(rng.integers(len(items)))].split(":")[-1]
        copied = [*base]
        copied[j + 1] = f"{base[j + 1]},{item}"
        moved = [*copied]
        moved[i + 1] = ",".join(x for x in items if x.split(":")[-1] != item) or items[0]
        calls += [Call(f"item {how} between lists", tuple(argv), "either", every, tuple(base))
                  for how, argv in (("copied", copied), ("moved", moved))]
    return calls


def steady(text: str) -> str:
    """``text`` without what changes from run to run: a server's port, room codes, seconds."""
    text = re.sub(r"ws://\S+", "ws://...", text)
    text = re.sub(r"\b(Room|Table) [A-Z0-9]{4,}", r"\1 ...", text)
    return re.sub(r"\d+[.,]\d+ ?s\b", "... s", text)


ERROR = {"en": "bluffkit: error: ", "fr": "bluffkit\xa0: erreur\xa0: "}


def english_in(text: str, argv) -> list[str]:
    """English words in a French message, leaving out what stays as typed: options, quoted
    values, the command's words and the values given."""
    text = re.sub(r"--?[\w-]+|'[^']*'", " ", text)
    for word in sorted(argv, key=len, reverse=True):
        text = text.replace(word, " ")
    return english_words(text)


def judge(call: Call, result, base_result) -> str | None:
    """Why ``result`` breaks the call's verdict (None: it keeps it)."""
    code, out, err = result
    prefix = ERROR["fr" if call.argv[:2] == ("--lang", "fr") else "en"]
    if not clear_reply((code, out, err.replace(prefix, ERROR["en"]))):
        return "unclear reply"
    if code == 2:
        line = next(x for x in err.splitlines() if x.startswith(prefix))
        return None if any(o in line for o in call.options) else "refusal names no option"
    if call.verdict == "refused":
        return "accepted"
    if call.verdict == "same" and steady(out + err) != steady(base_result[1] + base_result[2]):
        return "accepted, with another answer than in ASCII digits"
    return None


def file_bases(tmp) -> dict[str, list[str]]:
    """Correct calls of the commands that work on files, in ``tmp``."""
    from bluffkit.exercises.results import ResultsLog

    (tmp / "logs").mkdir()
    (tmp / "key").write_text("course key")
    ResultsLog("Ada", "bluff", 7, folder=tmp / "logs", key=b"course key").append(
        question=1, title="One die", answer="1/3", reading={"value": "1/3", "exact": True},
        status="correct", mistake=None)
    return {
        "serve": ["serve", "--port", "0", "--db", str(tmp / "class.sqlite"), "--teacher-token",
                  "token-for-fuzz", "--bot-after", "5", "--room", "bluff:2", "--seed", "1",
                  "--host", "127.0.0.1", "--hub-teachers", "teachers", "--sync", "normal"],
        "results": ["results", "collect", str(tmp / "logs"), "--csv", str(tmp / "g.csv"),
                    "--key-file", str(tmp / "key"), "--top", "3"],
        "handout": ["handout", "bluff", "--seeds", "1-2,5", "--out", str(tmp / "sheets")],
    }


def quick_servers_and_handouts(monkeypatch) -> None:
    """``serve`` listens then stops; ``handout`` checks its set and seeds, starts no Chromium."""
    from bluffkit.classroom import server
    from bluffkit.exercises import load
    from bluffkit.teacher import handout

    async def run_once(s, ready=None):
        try:
            await s.start()
            if ready:
                ready(s)
        finally:
            await s.stop()

    def no_chromium(exercise_set, seeds, out, keep_html=False, workers=2):
        load(exercise_set, seed=seeds[0])
        return [out / "key.pdf"], 0.0

    monkeypatch.setattr(server, "run", run_once)
    monkeypatch.setattr(handout, "write_handouts", no_chromium)


def test_every_option_refuses_nonsense(tally, tmp_path, monkeypatch):
    monkeypatch.setenv("BLUFFKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("BLUFFKIT_COURSE_KEY", raising=False)
    monkeypatch.chdir(tmp_path)
    quick_servers_and_handouts(monkeypatch)
    rng = np.random.default_rng(SEED)
    bases = [[c, g, *a] for (c, g), a in BASES.items()] + list(file_bases(tmp_path).values())
    calls = [c for base in bases
             for c in option_calls(base, rng, tmp_path) + moved_items(base, rng)]
    def fresh(argv):  # each server call starts from an empty database (no rooms kept)
        for f in tmp_path.glob("class.sqlite*"):
            f.unlink()
        return run_cli(list(argv), "quit\n")

    answers = {tuple(b): fresh(b) for b in bases}
    assert all(a[0] == 0 for a in answers.values()), [b for b, a in answers.items() if a[0]]
    counts, broken = {}, []
    for call in calls:
        result = tally.run(call.argv, lambda c=call: fresh(c.argv),
                           lambda r, c=call: judge(c, r, answers[c.base]) is None)
        why = "traceback" if result is None else judge(call, result, answers[call.base])
        counts.setdefault(call.kind, [0, 0])[0] += 1
        if why:
            counts[call.kind][1] += 1
            broken.append((why, call.kind, call.argv, result and result[2][-200:]))
        if result is not None and result[0] == 2:  # the same refusal, in French
            french = Call("refused, in French", ("--lang", "fr", *call.argv), "refused",
                          call.options, call.base)
            result = tally.run(french.argv, lambda c=french: fresh(c.argv),
                               lambda r, c=french: judge(c, r, None) is None)
            why = "traceback" if result is None else judge(french, result, None) or (
                "English words" if english_in(result[2], call.argv) else None)
            counts.setdefault(french.kind, [0, 0])[0] += 1
            if why:
                counts[french.kind][1] += 1
                broken.append((why, french.kind, french.argv, result and result[2][-200:]))
    print("\n" + "\n".join(f"  {k}: {n} calls, {bad} broken" for k, (n, bad) in
                           sorted(counts.items())))
    print(f"  by reason: {dict(sorted(Counter(b[0] for b in broken).items()))}")
    for b in broken:
        print("  ", b)
    tally.check(at_least=1000)
