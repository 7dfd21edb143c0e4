"""Settings for every test and doctest: strategies solved during the run (the Bluff equilibrium
view solves 1 die against 1 on demand and saves it) go to a fresh cache, never to the user's
``~/.cache/bluffkit``, so a file saved there cannot change what the tests see."""

import os
import tempfile

os.environ["BLUFFKIT_CACHE"] = tempfile.mkdtemp(prefix="bluffkit-cache-")
