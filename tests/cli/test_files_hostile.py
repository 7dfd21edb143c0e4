"""``bluffkit notebooks DEST`` pointed at hostile places: a clear one-line error and nothing
copied (issue 12, item 4)."""

from pathlib import Path

import pytest

from bluffkit.cli import main


def files_under(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file())


@pytest.mark.parametrize("dest, message", [
    ("afile", "is a file, not a folder"),
    ("afile/sub", "Not a directory"),
    ("/proc/bluffkit-nope", "No such file or directory"),
    ("x" * 5000, "File name too long"),
    ("deep/" + "y" * 300 + "/z", "File name too long"),
    ("", "DEST must name a folder"),
    ("  ", "DEST must name a folder"),
])
def test_bad_destinations_are_clear_errors_and_copy_nothing(dest, message, tmp_path, capsys,
                                                            monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("mine")
    assert main(["notebooks", dest]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err and len(err) < 400
    assert files_under(tmp_path) == [tmp_path / "afile"]
    assert [p.name for p in tmp_path.iterdir()] == ["afile"]  # no folder left behind


def test_half_existing_destination_copies_nothing(tmp_path, capsys):
    """With exercises/ already there, notebooks/ used to be copied before the error."""
    (tmp_path / "exercises").mkdir()
    (tmp_path / "exercises" / "mine.txt").write_text("keep")
    assert main(["notebooks", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "already exists" in err and "exercises" in err and "nothing was copied" in err
    assert not (tmp_path / "notebooks").exists()
    assert files_under(tmp_path) == [tmp_path / "exercises" / "mine.txt"]


def test_copy_then_force_overwrites_and_leaves_no_staging_folder(tmp_path, capsys):
    assert main(["notebooks", str(tmp_path / "class")]) == 0
    first = files_under(tmp_path)
    assert any(p.name == "01_bluff.ipynb" for p in first)
    assert main(["notebooks", str(tmp_path / "class")]) == 2
    assert main(["notebooks", str(tmp_path / "class"), "--force"]) == 0
    assert files_under(tmp_path) == first
    assert not list((tmp_path / "class").glob(".bluffkit-copy-*"))
