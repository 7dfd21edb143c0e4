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

>>> fig = LiveFigure({"data": [{"type": "bar", "y": [1, 2]}]})
>>> fig.data[0].y, fig._bk_plotly_id.startswith("plotly-")
((1, 2), True)
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

import plotly
import plotly.graph_objects as go
import traitlets


@functools.cache
def plotly_bundle() -> tuple[str, str]:
    """plotly's widget bundle (the module ``go.FigureWidget`` loads) and a key naming it."""
    text = (Path(plotly.__file__).parent / "package_data" / "widgetbundle.js").read_text(
        encoding="utf-8")
    digest = hashlib.sha1(text.encode()).hexdigest()[:12]
    return text, f"plotly-{plotly.__version__}-{digest}"


class LiveFigure(go.FigureWidget):
    """A ``go.FigureWidget`` drawn by ``figure.js`` (see the module docstring)."""

    _esm = Path(__file__).with_name("figure.js")
    _bk_plotly = traitlets.Unicode().tag(sync=True)
    _bk_plotly_id = traitlets.Unicode().tag(sync=True)

    @traitlets.default("_bk_plotly")
    def _bundle_text(self) -> str:
        return plotly_bundle()[0]

    @traitlets.default("_bk_plotly_id")
    def _bundle_key(self) -> str:
        return plotly_bundle()[1]


__all__ = ["LiveFigure", "plotly_bundle"]
