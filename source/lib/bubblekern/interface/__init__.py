"""Everything the RoboFont user interface decides, as plain tested Python.

These modules never import RoboFont (mojo, merz, ezui, vanilla, AppKit): the thin layer in
:mod:`bubblekern_robofont` only turns events into calls here and results into drawing.

- :mod:`.defaults`   settings ↔ extension defaults (keys under ``com.bubblekern.``)
- :mod:`.colors`     overlay colours, checked
- :mod:`.pairbuilder` pair-builder rows → pairs, favourite sets
- :mod:`.flattext`   pair-list text validation with line numbers
- :mod:`.rekern`     which pairs to re-kern after glyph edits
- :mod:`.preview`    result table rows, preview line, apply/revert plans
- :mod:`.overlay`    overlay geometry in glyph coordinates
- :mod:`.pentool`    the bubble tool's editing model
- :mod:`.follow`     bubbles follow sidebearing changes live (the overlay's part of ``bubblekern sync``)
"""
