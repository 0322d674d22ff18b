"""Draw the bubble tool's toolbar icon: a letter-like stem and bowl inside a dashed bubble.

Run from anywhere (needs drawbot-skia): ``python source/resources/make_icon.py``. Writes
``toolbarIcon.pdf`` (24 × 24 pt, for the glyph editor toolbar) next to this script and
``../html/toolbarIcon.png`` (96 × 96 px, for the help page and Mechanic); both are committed.
The PNG stays out of resources/: RoboFont maps resources by name without extension, so a
second ``toolbarIcon.*`` there could be handed to the toolbar instead of the PDF.
"""

from __future__ import annotations

from pathlib import Path

import drawbot_skia.drawbot as db

HERE = Path(__file__).resolve().parent


def draw(size: float) -> None:
    s = size / 24.0
    db.newPage(size, size)
    # the bubble: a rounded blob around the glyph
    bubble = db.BezierPath()
    bubble.moveTo((12 * s, 1.5 * s))
    bubble.curveTo((18.5 * s, 1.5 * s), (22.5 * s, 5.5 * s), (22.5 * s, 12 * s))
    bubble.curveTo((22.5 * s, 18.5 * s), (18.5 * s, 22.5 * s), (12 * s, 22.5 * s))
    bubble.curveTo((5.5 * s, 22.5 * s), (1.5 * s, 18.5 * s), (1.5 * s, 12 * s))
    bubble.curveTo((1.5 * s, 5.5 * s), (5.5 * s, 1.5 * s), (12 * s, 1.5 * s))
    bubble.closePath()
    db.fill(0, 0, 0, 0.12)
    db.stroke(0, 0, 0, 1)
    db.strokeWidth(1.4 * s)
    db.lineDash(2.2 * s, 1.6 * s)
    db.drawPath(bubble)
    # the glyph: a stem and a bowl (a small "b")
    db.lineDash(None)
    db.stroke(None)
    glyph = db.BezierPath()
    glyph.rect(7 * s, 6 * s, 2.6 * s, 12.5 * s)
    bowl = db.BezierPath()
    bowl.oval(7.6 * s, 6 * s, 9.4 * s, 8.4 * s)
    glyph = glyph.union(bowl)
    counter = db.BezierPath()
    counter.oval(10.2 * s, 8.3 * s, 4.4 * s, 3.8 * s)
    glyph = glyph.difference(counter)
    db.fill(0, 0, 0, 1)
    db.drawPath(glyph)


def main() -> None:
    db.newDrawing()
    draw(24)
    db.saveImage(str(HERE / "toolbarIcon.pdf"))
    db.endDrawing()
    db.newDrawing()
    draw(96)
    db.saveImage(str(HERE.parent / "html" / "toolbarIcon.png"))
    db.endDrawing()


if __name__ == "__main__":
    main()
