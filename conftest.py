"""Settings for every test and doctest: strategies solved during the run (the Bluff equilibrium
view solves 1 die against 1 on demand and saves it) go to a fresh cache, never to the user's
``~/.cache/bluffkit``, so a file saved there cannot change what the tests see. Messages are in
English unless a test asks for another language (a French system locale on a developer's
machine must not change what the English tests read)."""

import os
import tempfile

os.environ["BLUFFKIT_CACHE"] = tempfile.mkdtemp(prefix="bluffkit-cache-")
os.environ["BLUFFKIT_LANG"] = "en"
