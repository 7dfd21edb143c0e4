"""LaTeX between dollars turned into MathML, for pages that are printed or exported without
MathJax (Chromium and Firefox draw MathML themselves): the handouts and the widgets' static
fallback.

>>> out = with_mathml("P = $\\\\frac{7}{27}$, costs \\\\$5")
>>> out.startswith('P = <math') and "<mfrac>" in out and out.endswith(", costs \\\\$5")
True
"""

from __future__ import annotations

import re
from collections.abc import Callable

MATH = re.compile(r"(?<!\\)\$\$(.+?)(?<!\\)\$\$|(?<!\\)\$(.+?)(?<!\\)\$", re.S)
"""``$$display$$`` (group 1) or ``$inline$`` (group 2); an escaped ``\\$`` is not maths."""


def mathml(m: re.Match) -> str:
    """The MathML of one ``MATH`` match."""
    import latex2mathml.converter

    block = m.group(1) is not None
    return latex2mathml.converter.convert((m.group(1) if block else m.group(2)).strip(),
                                          display="block" if block else "inline")


def with_mathml(text: str, replace: Callable[[re.Match], str] = mathml) -> str:
    """``text`` with each ``$...$`` and ``$$...$$`` replaced by ``replace(match)``."""
    return MATH.sub(replace, text)


__all__ = ["MATH", "mathml", "with_mathml"]
