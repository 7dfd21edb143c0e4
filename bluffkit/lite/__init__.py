"""bluffkit in the browser: a static JupyterLite site on Pyodide (``bluffkit lite DEST``).

``wheels`` gathers the pure-Python wheels the browser needs (bluffkit's own, its dependencies
that run in Pyodide, the kernel's) and describes them in a Pyodide lock file, so Pyodide loads
them from the site itself, never from a CDN; ``site`` builds the JupyterLite site around them
with the Pyodide runtime of npm's ``pyodide`` package.
"""
