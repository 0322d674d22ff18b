"""Extensions > BubbleKern menu item (info.plist addToMenu path): see :func:`bubblekern_robofont.menu.toggle_bubbles`."""

from bubblekern_robofont.menu import toggle_bubbles

toggle_bubbles()
