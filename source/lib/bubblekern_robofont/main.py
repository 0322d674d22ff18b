"""Start-up script (info.plist mainScript): defaults, the overlay subscriber, the bubble tool.

- ``registerExtensionDefaults`` (mojo.extensions) registers every ``com.bubblekern.`` default;
- ``registerSubscriberEvent`` (mojo.subscriber) turns our ``postEvent`` notification into the
  overlay's ``bubbleKernDisplayDidChange`` method;
- ``registerGlyphEditorSubscriber`` attaches the overlay to every glyph editor;
- ``installTool`` (mojo.events) adds the bubble tool to the glyph editor's toolbar.
"""

from mojo.events import installTool
from mojo.extensions import registerExtensionDefaults
from mojo.subscriber import getRegisteredSubscriberEvents, registerGlyphEditorSubscriber, registerSubscriberEvent

from bubblekern.interface.defaults import registered_defaults
from bubblekern_robofont import DISPLAY_EVENT, DISPLAY_METHOD
from bubblekern_robofont.overlay import BubbleOverlay
from bubblekern_robofont.tool import BubbleTool


def start():
    registerExtensionDefaults(registered_defaults())
    if DISPLAY_EVENT not in getRegisteredSubscriberEvents():
        registerSubscriberEvent(
            subscriberEventName=DISPLAY_EVENT,
            methodName=DISPLAY_METHOD,
            lowLevelEventNames=[DISPLAY_EVENT],
            dispatcher="roboFont",
            documentation="BubbleKern overlay settings, partners or visibility changed.",
            delay=0,
        )
    registerGlyphEditorSubscriber(BubbleOverlay)
    installTool(BubbleTool())


start()
