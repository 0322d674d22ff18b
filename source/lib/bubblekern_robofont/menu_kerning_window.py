"""Extensions > BubbleKern menu item (info.plist addToMenu path): see :func:`bubblekern_robofont.menu.open_kerning_window`."""

from bubblekern_robofont.menu import open_kerning_window

open_kerning_window()
