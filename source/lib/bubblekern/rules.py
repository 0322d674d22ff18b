"""Turn solved gaps into kerning values: caps, the fail-safe, positive kerns, rounding, threshold.

``kern_values(gaps, left_width, right_width, settings, scale=None)`` gives (values, fail-safe
mask, kept mask). The kern is ``−gap``; negative kerns are multiplied by ``scale`` (per pair:
its context's strength, see :mod:`bubblekern.model`) when given, and positive ones where it is 0 (a context the
designer does not kern is not kerned apart either). A pair sharing no band (gap
+inf) is the fail-safe: with ``settings.failsafe == "cap"`` it gets the negative cap, half the
narrower advance in whole units (``negative_cap``), else 0 (with ``skip`` the caller leaves such
pairs out afterwards). Negative
kerns never exceed the cap; positive ones are zeroed when ``allow_positive`` is off and
limited by ``positive_cap``. Values are rounded to ``rounding`` (``round_to_step``: halves
away from zero) without crossing a cap, and kept when non-zero and at least ``min_kern``
in magnitude. The arithmetic lives in :mod:`bubblekern.kernel` (numpy when available,
plain Python otherwise, with identical results).
"""

from __future__ import annotations

from .kernel import kern_values, negative_cap, round_to_step

__all__ = ["negative_cap", "kern_values", "round_to_step"]
