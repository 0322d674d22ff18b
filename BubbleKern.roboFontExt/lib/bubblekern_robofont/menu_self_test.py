"""Extensions > BubbleKern menu item (info.plist addToMenu path): see :func:`bubblekern_robofont.menu.run_self_test`."""

from bubblekern_robofont.menu import run_self_test

run_self_test()
