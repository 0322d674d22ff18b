"""Extensions > BubbleKern menu item (info.plist addToMenu path): see :func:`bubblekern_robofont.menu.delete_selected_bubbles`."""

from bubblekern_robofont.menu import delete_selected_bubbles

delete_selected_bubbles()
