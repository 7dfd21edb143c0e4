"""What a teacher without the repository reads points to nothing outside the wheel: the
notebooks and exercises it copies, and every message (English and French), name no folder of
the repository (benchmarks/, scripts/, deploy/), and the hub configuration they point to is a
command, ``bluffkit hub-config``. The wheel itself is built and installed in tests/test_install.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bluffkit.cli.files import data_dir
from bluffkit.core.i18n import LOCALE_DIR
from bluffkit.i18n import _read

REPOSITORY_FOLDER = re.compile(r"\b(benchmarks|scripts|deploy)/")
NOTEBOOKS = sorted(p for folder in ("notebooks", "exercises")
                   for p in (data_dir() / folder).rglob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_notebooks_name_no_repository_folder(path: Path):
    found = REPOSITORY_FOLDER.findall(path.read_text(encoding="utf-8"))
    assert not found, f"{path.name} points to {found}"


def test_messages_name_no_repository_folder():
    found = []
    for po in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")):
        for message in _read(po, po.parts[-3]):
            texts = [*(message.id if isinstance(message.id, tuple) else [message.id]),
                     *(message.string if isinstance(message.string, tuple) else [message.string])]
            found += [(po.name, t[:80]) for t in texts if t and REPOSITORY_FOLDER.search(t)]
    assert not found
    assert len(NOTEBOOKS) >= 18
