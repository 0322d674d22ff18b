"""Extensions > BubbleKern menu item (info.plist addToMenu path): see :func:`bubblekern_robofont.menu.make_bubbles_dialog`."""

from bubblekern_robofont.menu import make_bubbles_dialog

make_bubbles_dialog()
