"""The explorers' controls: labelled (translated again on a language switch), found by their
CSS class, and wired to one guarded update.

>>> box = text_box("3,3,*", "bk-mine", "20em", {}, description="My dice")
>>> box.value, box.description, box._dom_classes, box.continuous_update
('3,3,*', 'My dice', ('bk-mine',), False)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from .common import label


def control(widget: widgets.Widget, css: str, **texts: Any) -> widgets.Widget:
    """``label(widget, **texts)`` for a control that the page's style and the tests find by its
    class ``css``; returns ``widget``."""
    widget.add_class(css)
    return label(widget, **texts)


def text_box(value: str, css: str, width: str, style: dict, *, typing: bool = False,
             **texts: Any) -> widgets.Text:
    """A text box ``width`` wide for dice, cards or tokens (:func:`control`): its new value is
    reported when the student presses Enter or leaves the box, or at every key with ``typing``."""
    box = widgets.Text(value=value, style=style, layout=widgets.Layout(width=width),
                       continuous_update=typing)
    return control(box, css, **texts)


def on_change(update: Callable[[], Any], *controls: widgets.Widget) -> None:
    """Call ``update()`` whenever one of ``controls`` changes its value (guard ``update`` with
    an :class:`~bluffkit.widgets.common.ErrorArea` to show its errors)."""
    for c in controls:
        c.observe(lambda _change: update(), names="value")


__all__ = ["control", "on_change", "text_box"]
