"""``LiveFigure``: a plotly ``FigureWidget`` that is drawn however busy the browser is.

Why not ``go.FigureWidget`` itself (issue 11, "blank figure"): since plotly 6 a
``FigureWidget`` is an anywidget whose front-end module is plotly's 5 MB widget bundle, sent
with every figure and imported by the browser once per figure. anywidget (0.9 to 0.11 at least)
gives a widget's module 2 s to load; the messages that follow the widget's creation wait for it,
and after 2 s the wait fails and every later message to that widget is dropped. plotly sends
the figure's data and layout in such messages, just after creation. Measured on the 2-core
test machine under load (the test suite running beside it), the import took 7 to 11 s: the
figure was drawn with empty axes and never updated (sliders changed the text, not the plot),
and a plain ``go.FigureWidget`` in a new cell was blank too.

``LiveFigure`` is the same Python object (``update_figure_in_place``, ``batch_update``,
``fig.data[0].y`` all work as for ``go.FigureWidget``), with a small front-end module
(``figure.js``) that is ready at once: it keeps the figure's data current from the first
message on, imports plotly's bundle in the background, once per page for every figure, and
draws with plotly's own view when the bundle is there. The view's reports back to Python
(plotly.js's computed defaults) are sent after the browser has painted, once per burst of
edits, so a slider's redraw does not wait for them.

Importing ``go.FigureWidget`` the ordinary way costs a second or more (issue 26): its module,
``plotly.basewidget``, imports ``plotly.io._renderers``, which imports ``nbformat`` (for
``fig.show()``'s version check only), whose validator imports ``jsonschema``, whose format
checkers compile ``rfc3987_syntax``'s Lark grammars (python-jsonschema #1428).
:func:`figure_widget_class` imports it with ``nbformat`` deferred to its first use.

>>> fig = LiveFigure({"data": [{"type": "bar", "y": [1, 2]}]})
>>> fig.data[0].y, fig._bk_plotly_id.startswith("plotly-")
((1, 2), True)
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import re
import sys
import types
from pathlib import Path
from typing import Any

import plotly
import plotly.graph_objects as go
import traitlets

from ..core.i18n import get_language, num
from .static import StaticFallback


class DeferredModule(types.ModuleType):
    """Stands for a module not imported yet: the first attribute read imports it.

    >>> json = DeferredModule("json")
    >>> json.dumps([1])
    '[1]'
    """

    def __getattr__(self, name: str) -> Any:
        if sys.modules.get(self.__name__) is self:
            del sys.modules[self.__name__]
        return getattr(importlib.import_module(self.__name__), name)


def plotly_separators() -> str:
    """plotly's ``separators`` for the language: its decimal mark, then the thousands one
    (``".,"``; in French a comma and a narrow no-break space), so a figure's axes and hover
    texts write numbers as the page's texts do.

    >>> from bluffkit.i18n import language
    >>> with language("fr"):
    ...     plotly_separators()
    ',\u202f'
    """
    return ".," if num(0.5, ".1f") == "0.5" else ",\u202f"


def localised(builder):
    """Decorate a figure builder (a ``go.Figure`` or a plain ``{"data", "layout"}`` spec):
    the figure gets the language's :func:`plotly_separators`."""

    @functools.wraps(builder)
    def build(*args, **kwargs):
        fig = builder(*args, **kwargs)
        if isinstance(fig, dict):
            fig.setdefault("layout", {})["separators"] = plotly_separators()
        else:
            fig.layout.separators = plotly_separators()
        return fig

    return build


def figure_widget_class() -> type:
    """``go.FigureWidget``, imported without importing ``nbformat`` (module docstring).

    While ``plotly.io._renderers`` runs its imports, ``sys.modules`` holds a
    :class:`DeferredModule` for ``nbformat``: plotly keeps it, so ``fig.show()`` imports
    the real one when it first reads ``nbformat.__version__``; nothing else sees it. If the
    renderers or ``nbformat`` are already imported, this is ``go.FigureWidget``.
    """
    if "plotly.io._renderers" not in sys.modules and "nbformat" not in sys.modules:
        sys.modules["nbformat"] = DeferredModule("nbformat")
        try:
            importlib.import_module("plotly.io._renderers")
        finally:
            if isinstance(sys.modules.get("nbformat"), DeferredModule):
                del sys.modules["nbformat"]
    return go.FigureWidget


def show_figures_without_nbformat() -> bool:
    """Let IPython show a ``go.Figure`` where ``nbformat`` cannot be imported; returns whether
    it had to.

    plotly shows a figure (a cell ending in one) only after checking ``nbformat``'s version
    (``plotly.io.show``), and refuses without it. The browser site (``bluffkit lite``) has no
    ``nbformat``: its validator needs compiled wheels that only Pyodide's CDN serves. There the
    running IPython shows a ``go.Figure`` from the figure's own mime bundle, which needs no
    ``nbformat`` and is what plotly would have displayed. Widgets (``LiveFigure``,
    ``go.FigureWidget``) are no ``go.Figure`` and keep their display.
    """
    import importlib.util

    try:
        if importlib.util.find_spec("nbformat") is not None:
            return False
    except (ImportError, ValueError):  # a finder refusing it, or sys.modules["nbformat"] = None
        pass
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:
        return False
    shell = get_ipython()
    if shell is None:
        return False
    shell.display_formatter.ipython_display_formatter.for_type(
        go.Figure, lambda fig: display(fig._repr_mimebundle_(), raw=True))
    return True


@functools.cache
def plotly_bundle() -> tuple[str, str]:
    """plotly's widget bundle (the module ``go.FigureWidget`` loads) and a key naming it."""
    text = (Path(plotly.__file__).parent / "package_data" / "widgetbundle.js").read_text(
        encoding="utf-8")
    digest = hashlib.sha1(text.encode()).hexdigest()[:12]
    return text, f"plotly-{plotly.__version__}-{digest}"


@functools.cache
def plotly_locales() -> list[dict]:
    """The plotly.js locales bluffkit ships (French), registered by ``figure.js`` before
    plotly's module loads: the toolbar's tooltips in the language, offline."""
    text = Path(__file__).with_name("plotly_locales.json").read_text(encoding="utf-8")
    return json.loads(text)["locales"]


class LiveFigure(StaticFallback, figure_widget_class()):
    """A ``go.FigureWidget`` drawn by ``figure.js`` (see the module docstring), in the language
    of the moment (plotly's locale and decimal mark)."""

    _esm = Path(__file__).with_name("figure.js")
    _bk_plotly = traitlets.Unicode().tag(sync=True)
    _bk_plotly_id = traitlets.Unicode().tag(sync=True)
    _bk_locales = traitlets.List().tag(sync=True)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        language = get_language()
        if any(locale["name"] == language for locale in plotly_locales()):
            self._config = {**self._config, "locale": language}
        self.layout.separators = plotly_separators()

    @traitlets.default("_bk_locales")
    def _locales(self) -> list[dict]:
        return plotly_locales()

    @traitlets.default("_bk_plotly")
    def _bundle_text(self) -> str:
        return plotly_bundle()[0]

    @traitlets.default("_bk_plotly_id")
    def _bundle_key(self) -> str:
        return plotly_bundle()[1]

    def edit(self, layout: dict[str, Any], traces: list[dict[str, Any]]) -> bool:
        """Apply small edits in place and send them to the browser as one message.

        ``layout`` and ``traces[i]`` map plotly paths (``shapes[0].x0``, ``marker.color``) to
        new values (``None``: remove). Each edit changes a value inside a container the figure
        already has; the browser draws them with one ``Plotly.update`` (a restyle or
        relayout). Skipping plotly.py's validation and its four messages an edit makes the
        kernel's side of a slider move ~10x cheaper; the values come from figure builders
        whose output is validated as ``go.Figure`` in their tests.

        Returns:
            ``False``, having changed nothing, if an edit needs plotly.py's own machinery (a
            new container, a list of objects); the caller then sets the values through it.

        >>> fig = LiveFigure({"data": [{"type": "bar", "y": [1, 2]}],
        ...                   "layout": {"shapes": [{"type": "line", "x0": 0}]}})
        >>> fig.edit({"shapes[0].x0": 1}, [{"y": [3, 4]}]), fig.layout.shapes[0].x0
        (True, 1)
        >>> fig.data[0].y, fig.edit({"shapes[1].x0": 1}, [{}])
        ((3, 4), False)
        """
        plan = []
        for root, changes in [(self._layout, layout), *zip(self._data, traces)]:
            for path, value in changes.items():
                parent, key = _container(root, path)
                if parent is None or isinstance(value, dict) or (
                        isinstance(value, (list, tuple)) and any(isinstance(v, dict)
                                                                 for v in value)):
                    return False
                plan.append((parent, key, value))
        for parent, key, value in plan:
            if value is None:
                parent.pop(key, None)
            else:
                parent[key] = list(value) if isinstance(value, tuple) else value
        changed = [i for i, t in enumerate(traces) if t]
        messages = [{"bk": "update", "layout": layout, "style": {}, "traces": []}] if layout else []
        for i in changed:
            style = {path: [v] for path, v in traces[i].items()}
            if messages and not messages[0]["traces"]:
                messages[0].update(style=style, traces=[i])
            else:
                messages.append({"bk": "update", "layout": {}, "style": style, "traces": [i]})
        for message in messages:
            self.send(message)
        return True


_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def _container(root: dict, path: str) -> tuple[dict | None, str]:
    """The dict holding the last key of plotly ``path`` inside ``root``, and that key
    (``None`` if a step on the way is missing)."""
    steps = [int(i) if i else key for key, i in _STEP.findall(path)]
    node: Any = root
    for step in steps[:-1]:
        if isinstance(step, int):
            node = node[step] if isinstance(node, list) and step < len(node) else None
        else:
            node = node.get(step) if isinstance(node, dict) else None
        if node is None:
            return None, ""
    last = steps[-1]
    return (node, last) if isinstance(node, dict) and isinstance(last, str) else (None, "")


# -- figures ---------------------------------------------------------------------------------------
def update_figure_in_place(target: go.FigureWidget, source: go.Figure | dict) -> None:
    """Make ``target`` show ``source`` (a figure, or its ``to_plotly_json()`` dict).

    Only what changed since the last update is sent, as plotly paths (``marker.color``,
    ``shapes[0].x0``): plotly.py validates a few values instead of a whole figure (~2 ms, not
    ~25 ms) and the browser restyles what changed instead of redrawing the plot. A
    :class:`~bluffkit.widgets.figure.LiveFigure` takes small edits in one message, without
    plotly.py's validation (:meth:`~bluffkit.widgets.figure.LiveFigure.edit`). Properties
    that ``source`` lacks are cleared; the target's template is kept. A change in the number
    or types of traces replaces the traces.

    >>> fw = go.FigureWidget(go.Figure(go.Bar(x=[1, 2], y=[3, 4])))
    >>> update_figure_in_place(fw, go.Figure(go.Bar(x=[1, 2], y=[5, 6]), {"title": "new"}))
    >>> fw.data[0].y, fw.layout.title.text
    ((5, 6), 'new')
    """
    new = source.to_plotly_json() if isinstance(source, go.Figure) else dict(source)
    new_data, new_layout = list(new.get("data") or []), dict(new.get("layout") or {})
    new_layout.pop("template", None)
    if target.layout.separators:  # a figure made in a language keeps its decimal mark
        new_layout.setdefault("separators", target.layout.separators)
    old = getattr(target, "_bk_shown", None)
    if old is None:
        old = target.to_plotly_json()
        old["layout"].pop("template", None)
    old_data = old.get("data") or []
    if len(old_data) != len(new_data) or any(
            a.get("type", "scatter") != b.get("type", "scatter")
            for a, b in zip(old_data, new_data)):
        with target.batch_update():
            target.data = ()
            target.add_traces([dict(t) for t in new_data])
        old_data = [dict(t) for t in new_data]
    layout = _changes(old.get("layout") or {}, new_layout, skip=("template",))
    traces = [_changes(a, b, skip=("type", "uid")) for a, b in zip(old_data, new_data)]
    if not (isinstance(target, LiveFigure) and target.edit(layout, traces)):
        with target.batch_update():  # one message to the browser
            for path, value in layout.items():
                target.layout[path] = value
            for trace, changes in zip(target.data, traces):
                for path, value in changes.items():
                    trace[path] = value
    target._bk_shown = {"data": new_data, "layout": new_layout}


_MISSING = object()


def _changes(old: dict, new: dict, prefix: str = "", skip: tuple[str, ...] = (),
             out: dict | None = None) -> dict:
    """Plotly paths whose value differs from ``old`` to ``new`` (``None`` for removed ones).

    >>> _changes({"a": {"b": 1, "c": 2}, "s": [{"x": 1}]}, {"a": {"b": 1}, "s": [{"x": 2}]})
    {'a.c': None, 's[0].x': 2}
    """
    out = {} if out is None else out
    for key in [*old, *(k for k in new if k not in old)]:
        if key in skip:
            continue
        path = f"{prefix}.{key}" if prefix else key
        a, b = old.get(key, _MISSING), new.get(key, _MISSING)
        if b is _MISSING:
            if a is not None:
                out[path] = None
        elif isinstance(a, dict) and isinstance(b, dict):
            _changes(a, b, path, out=out)
        elif (_objects(a) and _objects(b) and len(a) == len(b)
              and all(x.get("type") == y.get("type") for x, y in zip(a, b))):
            for i, (x, y) in enumerate(zip(a, b)):
                _changes(x, y, f"{path}[{i}]", out=out)
        elif a is _MISSING or _plain(a) != _plain(b):
            out[path] = b
    return out


def _objects(value) -> bool:
    return (isinstance(value, (list, tuple)) and bool(value)
            and all(isinstance(x, dict) for x in value))


def _plain(value):
    """Tuples and lists compare equal when their items do."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


__all__ = ["DeferredModule", "LiveFigure", "figure_widget_class", "localised", "plotly_bundle",
           "plotly_locales", "plotly_separators", "update_figure_in_place"]
