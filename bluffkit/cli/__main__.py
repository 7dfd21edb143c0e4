"""``python -m bluffkit.cli``: the ``bluffkit`` command where its script is not on the PATH
(a hub service started by a Python whose scripts folder is elsewhere)."""

import sys

from . import main

sys.exit(main())
