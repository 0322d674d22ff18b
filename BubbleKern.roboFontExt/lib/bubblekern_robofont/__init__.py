"""BubbleKern inside RoboFont: the thin layer over :mod:`bubblekern` and :mod:`bubblekern.interface`.

Importing this package imports nothing from RoboFont; its modules (``main``, ``tool``,
``overlay``, ``window``, ``menu``, ``selftest``) do, and run only inside RoboFont 4
(``undo`` needs nothing). What they call is what RoboFont's documentation or a public
extension by the API's authors uses; ``tests/fake_robofont.py`` models that behaviour.
"""

from __future__ import annotations

EXTENSION_NAME = "BubbleKern"
"""The extension's name, as in info.plist (``ExtensionBundle(EXTENSION_NAME)``)."""
IDENTIFIER = "com.bubblekern"
DISPLAY_EVENT = "com.bubblekern.displayDidChange"
"""Posted (``mojo.events.postEvent``) when the overlay should redraw: toggled, settings or partners changed."""
DISPLAY_METHOD = "bubbleKernDisplayDidChange"
"""The subscriber method :data:`DISPLAY_EVENT` calls."""
TOOLBAR_ICON = "toolbarIcon"
"""Resource name of the bubble tool's toolbar icon (``resources/toolbarIcon.pdf``)."""
