"""``bubblekern status``: which glyphs have a bubble of their own, inherit one, have none, or a stale one."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..bubbles import FontBubbles
from ..generate import load_generate_settings
from ..italic import OFFSET_KEY, italic_lines
from ..model import BLEND, CASE_CONTEXTS, CONTEXTS, auto_blend
from ..settings import LIB_KEY, Settings, fitted_alike, italic_slant, stored_value, stores_blend
from ..status import BubbleStatus, bubble_status
from ..sync import SyncStatus, sync_status
from .common import open_ufo, warn

ORDER = 30

__all__ = ["add_parser", "run", "print_status"]


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "status",
        help="list glyphs with own, inherited, stale or no bubbles",
        description="List FONT's glyphs by their bubble: own, inherited from components, none, or stale "
        "(generated, and the glyph's outline or width changed since); and the bubbles out of step with their "
        "outline (it moved sideways or was redrawn since the bubble was recorded: see bubblekern sync).",
    )
    parser.add_argument("fonts", nargs="+", metavar="FONT", help="a UFO")
    parser.add_argument("--layer", metavar="NAME", help="bubble layer (default: the font's generation layer, bubble)")
    parser.add_argument("--json", action="store_true", help="print one JSON object per font, glyph by glyph")
    return parser


def run(args: argparse.Namespace) -> int:
    for name in args.fonts:
        path, font = open_ufo(name)
        layer = args.layer or load_generate_settings(font).layer
        status = bubble_status(font, layer)
        sync = sync_status(font, layer)
        if not args.json:
            for message in status.warnings + sync.warnings:
                warn(message)
        print_status(status, path, json_output=args.json, sync=sync, blend=blend_state(font, layer, status),
                     fitted=fitted_composites(font, layer, status), italic=italic_state(font), prior=prior_state(font),
                     stop_raised=stored_value(font, "stop_raised"), case_offsets=stored_value(font, "case_offsets"),
                     words_only=stored_value(font, "words_only"))
    return 0


def blend_state(font, layer: str, status: BubbleStatus) -> dict:
    """What ``kern`` does with the halo blend in ``font``: as ``fit`` stored it, or ``auto`` with the
    glyphs whose bubbles it blends (generated with a default shape, not edited: :func:`~bubblekern.model.auto_blend`),
    the others, and the strengths per context it gives the blended pairs (learned with the blend, unless the
    font's settings give strengths)."""
    if stores_blend(font):
        return {"mode": "stored", "on": bool(font.lib[LIB_KEY]["blend"])}
    if not status.has_layer:
        return {"mode": "auto", "blended": 0, "plain": 0}
    bubbles = FontBubbles(font, Settings(layer=layer, on_error="skip"))
    names = [n for n, g in status.glyphs.items() if g.state in ("own", "stale", "inherited")]
    blended, blend, learned = auto_blend(bubbles, names)
    stored = font.lib.get(LIB_KEY)
    given = isinstance(stored, dict) and any(v != 1 for v in stored.get("strengths", ()))
    state = {"mode": "auto", "blended": len(blended), "plain": len(names) - len(blended)}
    if blended and not given and any(v != 1 for v in learned):
        state["strengths"] = dict(zip(CONTEXTS, learned))
    share = stored_value(font, "armless_share")
    if share is None:
        share = 1.0 if isinstance(stored, dict) and fitted_alike(stored) else Settings().armless_share
    if blended and blend == BLEND and share != 1:  # the blend the share was learned with
        state["armless_share"] = share
    return state


def prior_state(font) -> dict | None:
    """The reference fonts ``kern`` blends in (``fit --prior`` or the RoboFont window recorded them: paths, whether
    each is there) and BubbleKern's share; None when the font records none."""
    from ..prior import recorded_references, stored_weight

    paths = recorded_references(font)
    if not paths:
        return None
    return {"weight": stored_weight(font), "fonts": [{"path": str(p), "found": p.exists()} for p in paths]}


def italic_state(font) -> dict | None:
    """Where an italic font's sidebearing lines cross the baseline, and why
    (:func:`~bubblekern.italic.italic_lines`); None for an upright font."""
    offset, source = italic_lines(font, -italic_slant(font))  # the lines' dx/dy: tan(−italicAngle)
    if source == "upright":
        return None
    return {"angle": font.info.italicAngle, "offset": round(offset, 2), "from": source}


def fitted_composites(font, layer: str, status: BubbleStatus) -> list[str]:
    """The composites whose bands ``kern`` cuts at their own sidebearing lines (made only of
    generated bubbles: :meth:`~bubblekern.bubbles.FontBubbles.fitted`)."""
    if not status.has_layer:
        return []
    bubbles = FontBubbles(font, Settings(layer=layer, on_error="skip"))
    names = [n for n, g in status.glyphs.items() if g.state in ("own", "stale", "inherited")]
    fitted = bubbles.fitted(names)
    return [n for n in names if n in fitted]


def _names(names: list[str], limit: int = 20) -> str:
    shown = ", ".join(names[:limit])
    return shown + (f" … and {len(names) - limit} more" if len(names) > limit else "")


def print_status(status: BubbleStatus, source: Path, json_output: bool = False, stream=None,
                 sync: SyncStatus | None = None, blend: dict | None = None, fitted: list[str] | None = None,
                 italic: dict | None = None, prior: dict | None = None, stop_raised: float | None = None,
                 case_offsets: tuple[float, ...] | None = None, words_only: str | None = None) -> None:
    stream = stream or sys.stdout
    moved = {c: v for c, v in zip(CASE_CONTEXTS, case_offsets or ()) if v}
    if json_output:
        extra = {"sync": sync.to_dict()} if sync is not None else {}
        if stop_raised is not None:
            extra["stop_raised"] = stop_raised
        if moved:
            extra["case_offsets"] = moved
        if words_only:
            extra["words_only"] = {"languages": words_only, "applied": _has_words()}
        if prior is not None:
            extra["prior"] = prior
        if italic is not None:
            extra["italic"] = italic
        if fitted is not None:
            extra["fitted"] = fitted
        if blend is not None:
            extra["blend"] = blend
        json.dump({"font": str(source), **status.to_dict(), **extra}, stream, ensure_ascii=False)
        stream.write("\n")
        return
    counts = status.counts()
    lines = [f"{source.name}, layer {status.layer!r}: {len(status.glyphs):,} glyphs"]
    if not status.has_layer:
        lines[0] += " (the font has no such layer: run `bubblekern bubbles` to make one)"
    own = [status.glyphs[n] for n in status.own]
    generated, edited = sum(g.generated for g in own), sum(g.edited for g in own)
    lines.append(f"  own        {counts['own']:>5,}  ({generated:,} generated, {edited:,} of them edited by hand since)")
    for state in ("stale", "inherited", "none"):
        names = status.names(state)
        lines.append(f"  {state:<10} {len(names):>5,}" + (f"  {_names(names)}" if names else ""))
    if fitted:
        lines.append(f"  fitted to their own sidebearing lines (composites of generated bubbles): {len(fitted):,}")
    if counts["stale"]:
        lines.append(f"  refresh the stale ones with: bubblekern bubbles {source.name} --stale")
    if sync is not None:
        lines.extend(_sync_lines(sync, source))
    if status.orphans:
        lines.append(f"  not in the font, ignored: {_names(status.orphans)}")
    if blend is not None:
        lines.append(_blend_line(blend))
    if italic is not None:
        lines.append(_italic_line(italic))
    if prior is not None:
        lines.append(_prior_line(prior))
    if stop_raised is not None:
        lines.append(f"  a quote after a period or comma: {stop_raised:g} per 1000 em, as the font's settings say "
                     "(`bubblekern fit` sets it from a model pair such as .'; kern --stop-raised changes it)")
    if moved:
        lines.append("  added to every pair of two letters: " + ", ".join(f"{c} {v:g}" for c, v in moved.items())
                     + " per 1000 em, as the font's settings say (`bubblekern fit` reads them off its model pairs H H, "
                     "H n, n H, n n; kern --case-offsets changes them)")
    if words_only:
        lines.append(f"  only the letter pairs the common words of {words_only} set are kerned, as the font's settings say "
                     "(`bubblekern fit` sets it when its designer leaves a model pair such as Tq at 0; kern --words-only "
                     "off kerns every pair)" + ("" if _has_words() else
                                                 ": wordfreq is not installed, so kern keeps every pair "
                                                 "(pip install 'bubblekern[words]')"))
    stream.write("\n".join(lines) + "\n")


def _has_words() -> bool:
    """Whether wordfreq, which ``Settings.words_only`` reads, can be imported."""
    import importlib.util

    return importlib.util.find_spec("wordfreq") is not None


def _prior_line(prior: dict) -> str:
    fonts = prior["fonts"]
    names = ", ".join(Path(f["path"]).name + ("" if f["found"] else " (missing: left out)") for f in fonts)
    return (f"  kerning prior: {len(fonts)} reference font{'s' if len(fonts) != 1 else ''} blended in, BubbleKern's "
            f"share {prior['weight']:g}: {names} (kern --no-prior leaves them out)")


def _blend_line(blend: dict) -> str:
    if blend["mode"] == "stored":
        return f"  halo blend {'on' if blend['on'] else 'off'}, as `bubblekern fit` stored it (kern --blend changes it)"
    scaled = ", ".join(f"{context} ×{v:g}" + (f" (capitals with no arm over the lowercase: ×{blend['armless_share']:g}"
                                               " of it)" if context == "UC-lc" and "armless_share" in blend else "")
                       for context, v in blend.get("strengths", {}).items() if v != 1)
    return (f"  halo blend auto: on for pairs of the {blend['blended']:,} glyphs whose bubbles are generated with the "
            f"default settings and not edited" + (f" ({scaled}, as learned with it)" if scaled else "")
            + f", off for the {blend['plain']:,} others (kern --blend on|off)")


def _italic_line(italic: dict) -> str:
    why = {
        "slant offset": "the font's italic slant offset",
        "half the x-height": "its glyphs are spaced between lines through half the x-height, as Glyphs measures",
        "baseline": "its glyphs are spaced between lines through the baseline, as RoboFont draws without an offset",
    }[italic["from"]]
    return (f"  italic {italic['angle']:g}°: sidebearing lines cross the baseline at x = {italic['offset']:g} ({why}; "
            f"set {OFFSET_KEY} in the font's lib to move them)")


def _sync_lines(sync: SyncStatus, source: Path) -> list[str]:
    """Bubbles out of step with their outline (see ``bubblekern sync``)."""
    moved, reshaped, unrecorded = sync.names("moved"), sync.names("reshaped"), sync.names("unrecorded")
    lines = []
    if moved or reshaped:
        shown = [f"{n} (outline moved {sync.glyphs[n].dx:+g})" for n in moved] + [f"{n} (outline redrawn)" for n in reshaped]
        lines.append(f"  out of step {len(shown):>4,}  {_names(shown)}")
    if moved:
        lines.append(f"  move them with the outline: bubblekern sync {source.name}")
    if unrecorded:
        lines.append(f"  {len(unrecorded):,} bubble(s) not yet recorded against their outline "
                     f"(`bubblekern sync {source.name}` records them as they are)")
    return lines
