"""What the command-line tests share."""

from bluffkit.cli import main


def run(capsys, *argv):
    """Run ``bluffkit *argv`` in this process: ``(exit code, stdout, stderr)``."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
