"""A static fallback for exports: each widget's output also carries ``text/html``.

A notebook exported to HTML or PDF (nbconvert, JupyterLab's "Save and Export") without the
widgets' live state cannot draw a widget: nbconvert then shows the next richest format of the
output. ``StaticFallback`` adds that format: the widget's texts and tables as they are now, its
controls as "label: value", its maths as MathML, and each figure as a table of its bars or
points. JupyterLab with
the widgets running still shows the live widget (the widget view ranks first).

>>> import ipywidgets as widgets
>>> class Box(StaticFallback, widgets.VBox):
...     pass
>>> box = Box([widgets.HTML("<b>7/27</b>"), widgets.IntSlider(3, description="Dice")])
>>> static_html(box)
'<div class="bk-static"><div><b>7/27</b></div>\\n<p>Dice: 3</p></div>'
>>> "text/html" in box._repr_mimebundle_()
True
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from ..exercises.mathml import with_mathml

MAX_ROWS = 60
"""A figure's table shows at most this many points per trace."""


def _value(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.4g}"
    if isinstance(v, tuple | list):
        return ", ".join(_value(x) for x in v)
    return str(v)


def figure_table(fig: go.Figure) -> str:
    """Each trace of ``fig`` as a small HTML table (x and y, or labels and values)."""
    parts = []
    title = fig.layout.title.text if fig.layout.title and fig.layout.title.text else ""
    if title:
        parts.append(f"<p><b>{html.escape(str(title))}</b></p>")
    for trace in fig.data:
        xs = getattr(trace, "x", None)
        ys = getattr(trace, "y", None)
        if xs is None and ys is None:
            xs, ys = getattr(trace, "labels", None), getattr(trace, "values", None)
        if ys is None:
            continue
        xs = list(xs) if xs is not None else list(range(len(ys)))
        rows = "".join(f"<tr><td>{html.escape(_value(x))}</td><td>{html.escape(_value(y))}"
                       f"</td></tr>" for x, y in list(zip(xs, ys))[:MAX_ROWS])
        name = html.escape(str(getattr(trace, "name", None) or ""))
        more = f"<p>({len(ys) - MAX_ROWS} more)</p>" if len(ys) > MAX_ROWS else ""
        parts.append(f'<table class="bk-static-figure">'
                     f"{f'<caption>{name}</caption>' if name else ''}{rows}</table>{more}")
    return "\n".join(parts)


def _parts(w: Any) -> list[str]:
    if isinstance(w, go.FigureWidget):
        return [figure_table(w)]
    if getattr(getattr(w, "layout", None), "display", None) == "none":
        return []
    if isinstance(w, widgets.Box):
        return [p for child in w.children for p in _parts(child)]
    if isinstance(w, widgets.Button | widgets.Output):
        return []
    if isinstance(w, widgets.HTMLMath):
        return [f"<div>{with_mathml(w.value)}</div>"] if w.value else []
    if isinstance(w, widgets.HTML):
        return [f"<div>{w.value}</div>"] if w.value else []
    if isinstance(w, widgets.Label):
        return [f"<p>{html.escape(w.value)}</p>"] if w.value else []
    if hasattr(w, "value") and getattr(w, "description", None) is not None:
        label = html.escape(w.description or "")
        value = getattr(w, "label", None) if isinstance(w, widgets.Dropdown) else w.value
        return [f"<p>{label}{': ' if label else ''}{html.escape(_value(value))}</p>"]
    return []


def static_html(widget: Any) -> str:
    """The static HTML of a widget and everything inside it."""
    return '<div class="bk-static">' + "\n".join(_parts(widget)) + "</div>"


class StaticFallback:
    """Mixin (before the ipywidgets class): ``text/html`` beside the widget view."""

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, dict):
            try:
                data["text/html"] = static_html(self)
            except Exception:  # a fallback must never break the live widget
                pass
        return data


__all__ = ["StaticFallback", "figure_table", "static_html"]
