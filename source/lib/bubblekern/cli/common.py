"""Pieces the subcommands share: settings flags, glyph lists, progress, messages."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..bubbles import glyph_order
from ..errors import BubbleKernError, FontFileError
from ..fontio import open_font
from ..pairs import check_names
from ..settings import LIB_KEY, Settings, stores_blend

__all__ = ["at_least", "add_settings_arguments", "settings_from_args", "stored_settings", "ufo_path", "open_ufo", "saved_line", "glyph_list", "progress_bar", "warn", "say"]


def at_least(minimum: float, whole: bool = False):
    """An argparse ``type``: a finite number (a whole one when ``whole``) not below ``minimum``."""
    kind = "a whole number" if whole else "a number"

    def number(text: str) -> float | int:
        try:
            value = int(text) if whole else float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be {kind} ≥ {minimum:g}, not {text!r}") from None
        if not math.isfinite(value) or value < minimum:
            raise argparse.ArgumentTypeError(f"must be {kind} ≥ {minimum:g}, not {text}")
        return value

    number.__name__ = kind
    return number


def add_settings_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags of :class:`Settings`. A flag not given falls back to the font's stored settings."""
    default = Settings()
    group = parser.add_argument_group(
        "settings (flags not given come from the font's lib, com.bubblekern.settings, then these defaults)"
    )
    group.add_argument("--layer", help=f"bubble layer name (default: {default.layer})")
    group.add_argument("--band", type=float, help=f"band height per 1000 units per em (default: {default.band:g})")
    group.add_argument(
        "--min-kern", type=int, metavar="N", help=f"drop values smaller than N units in magnitude (default: {default.min_kern})"
    )
    group.add_argument(
        "--capital-min-kern", type=int, metavar="N",
        help="drop values of pairs of two capitals smaller than N units in magnitude (default: as --min-kern; "
        "bubblekern fit stores 2 to 20 per 1000 em)",
    )
    group.add_argument("--round", type=int, metavar="N", help=f"round values to multiples of N (default: {default.rounding})")
    group.add_argument("--no-positive", action="store_true", default=None, help="never kern overlapping bubbles apart")
    group.add_argument("--positive-cap", type=int, metavar="N", help="largest positive kern")
    group.add_argument(
        "--failsafe", choices=("cap", "zero", "skip"),
        help=f"pairs whose bubbles share no band: the negative cap, 0, or left unsolved (default: {default.failsafe})",
    )
    group.add_argument(
        "--stop-raised", type=float, metavar="N",
        help="kern a quote or other raised mark after a period or comma (their bubbles share no band) by N per 1000 "
        "em, whatever --failsafe gives but skip; 'bubblekern fit' sets it from a model pair such as .' "
        "(default: as the font's settings have it, else the fail-safe)",
    )
    group.add_argument(
        "--case-offsets", type=_case_offsets, metavar="UU,UL,LU,LL",
        help="kerns per 1000 em added to every pair of two letters by their cases: UC-UC, UC-lc, lc-UC, lc-lc (e.g. "
        "0,-8,-10,0 for a design whose mixed-case pairs are set tighter); 'bubblekern fit' sets them from the model "
        "pairs H H, H n, n H, n n (default: as the font's settings have them, else 0,0,0,0)",
    )
    group.add_argument(
        "--depth-cap", type=float, metavar="N",
        help="room beside a bubble counts at most N per 1000 em beyond its outermost band (default: none)",
    )
    group.add_argument(
        "--blend", choices=("auto", "on", "off"),
        help="the halo blend: a pair's kern weighed from its bubbles grown by a few halos, never closer than the "
        "bubbles' own, with weights learned on hand-kerned fonts for default generated bubbles. auto: for pairs "
        "of two bubbles generated with the default settings and not edited, with the strengths per context "
        "learned with the weights (capital-lowercase kerns x1.56, lowercase pairs x0.45, raised marks over lowercase "
        "x0.3) unless the font's settings give strengths; "
        "on: every pair, strengths as the settings give them; off: none "
        "(default: as 'bubblekern fit' stored it, else auto)",
    )
    group.add_argument(
        "--no-follow-base",
        action="store_true",
        default=None,
        help="with the blend, kern accented glyphs by their own bubbles; by default one on the right kerns at "
        "least as deep as its base letter where the accent stopped the pair (Tä as Ta)",
    )
    group.add_argument(
        "--no-tuck-raised",
        action="store_true",
        default=None,
        help="with the blend, kern a raised mark (quote, asterisk) before a lowercase letter by the bubbles as they "
        "are; by default their margins above and below are left out, so the mark tucks over the letter's top "
        "(\u201co) at the strength of the raised-lc context",
    )
    group.add_argument(
        "--no-tuck-arms",
        action="store_true",
        default=None,
        help="with the blend, kern pairs of letters by the bubbles as they are; by default (but for two capitals) part "
        "of the room their margins above and below hide is added, so a lowercase letter comes under T's arm (Tu as To)",
    )
    group.add_argument(
        "--no-ink-room",
        action="store_true",
        default=None,
        help="with the blend, kern two capitals or two lowercase letters by the bubbles as they are; by default part "
        "of the room their ink leaves beyond what each side leaves beside H or n is added (vo, KC)",
    )
    group.add_argument(
        "--no-clear-hanging-ink",
        action="store_true",
        default=None,
        help="with the blend, kern a quote or closing bracket after a letter by the bubbles alone; by default it keeps "
        "clear of the letter's ink past its right sidebearing line (f's hook: f' and f) kerned apart)",
    )
    group.add_argument(
        "--no-serif-stops",
        action="store_true",
        default=None,
        help="with the blend, kern a period or comma after a serif T, Y, F, P or r by the bubbles alone; by default "
        "it is set past the letter's foot serif, under the arm, as if the serif were not there",
    )
    group.add_argument(
        "--dash-share", type=at_least(0), metavar="SHARE",
        help="the share (0 to 2) of the punctuation strength a hyphen or dash kerns at beside a letter (-T T- -x); "
        "0: dashes are not kerned closer to letters; 'bubblekern fit' sets it from a model pair such as -T "
        f"(default: as the font's settings have it, else {default.dash_share:g})",
    )
    group.add_argument(
        "--quote-share", type=at_least(0), metavar="SHARE",
        help="the share (0 to 2) of the punctuation strength a quote (a raised mark) kerns at after a letter or before "
        "a capital (L' T\" 'A); 0: quotes are not kerned closer to letters; 'bubblekern fit' sets it from model pairs "
        f"such as L' and 'A (default: as the font's settings have it, else {default.quote_share:g})",
    )
    group.add_argument(
        "--words-only", metavar="LANGS",
        help="kern only the letter pairs the common words of these languages set side by side, in any case (e.g. "
        "de,en,es,fr,it,nl,pt: T o, not T q nor any lowercase before a capital), as designers who kern text pairs only "
        "do; other glyphs pair as ever; needs wordfreq (pip install 'bubblekern[words]'); 'bubblekern fit' sets it "
        "from a model pair such as Tq; off: every pair (default: as the font's settings have it, else off)",
    )
    group.add_argument(
        "--armless-share", type=at_least(0), metavar="SHARE",
        help="with the blend, the share (0 to 1) of the UC-lc strength a capital with no arm over the lowercase "
        "(A H K L R X Z; not T V W Y F P) kerns at before a lowercase letter, as designers kern Av Ko Ly less than "
        f"Ta Vo Yo; 1: every capital alike (default: {default.armless_share:g})",
    )
    group.add_argument(
        "--stop-floor", type=at_least(0), metavar="SHARE",
        help="with the blend, a period or comma after a letter keeps at least this share (0 to 1) of its bubbles' "
        f"own kern, of up to 100 per 1000 em: it comes into a round or open bottom (O. D. w.) as designers set it, "
        f"where the halos fill that white; 0: off (default: {default.stop_floor:g})",
    )
    group.add_argument(
        "--stop-capital-floor", type=at_least(0), metavar="SHARE",
        help="with the blend, a capital after a period or comma keeps at least this share (0 to 1) of its bubbles' "
        f"own kern, of up to 100 per 1000 em: it comes close to the stop beside a round or slanted side (.O ,V .W) "
        f"as designers set it, where the halos fill that white; 0: off (default: {default.stop_capital_floor:g})",
    )
    group.add_argument(
        "--dash-clearance", type=at_least(0), metavar="UNITS",
        help="with the blend, per 1000 em: a pair with a hyphen or dash kerns at most twice as deep as it would were "
        "the dash's bubble reaching this much further down, or 30 per 1000 em, so a dash comes under an arm (T-) but "
        f"not far over a foot below it (L- Z-); 0: off (default: {default.dash_clearance:g})",
    )
    group.add_argument(
        "--kern-inside-brackets",
        action="store_true",
        default=None,
        help="kern letters and figures closer to the inner side of brackets; by default (a, [a, a) stay at "
        "their spacing, only kerned apart where their bubbles overlap",
    )
    group.add_argument(
        "--include-marks",
        action="store_true",
        default=None,
        help="let combining marks into the default all-pairs set (left out: they sit on glyphs, not beside them)",
    )
    group.add_argument(
        "--lowercase-capital",
        action="store_true",
        default=None,
        help="let every lowercase letter before a capital (aT, camelCase) into the default all-pairs set "
        "(left out, as text rarely sets one, except the pairs the font's kerning already sets)",
    )
    group.add_argument(
        "--rtl",
        metavar="all|A,B,…",
        help="kern these glyphs right to left (pairs in logical order), or all of them; glyphs encoded "
        "with a right-to-left character (Hebrew, Arabic) and unencoded ones named after them need no listing",
    )
    group.add_argument(
        "--skip-broken-components",
        action="store_true",
        default=None,
        help="skip component cycles and missing component bases with a warning instead of stopping",
    )


def add_prior_arguments(parser: argparse.ArgumentParser, prior_help: str) -> None:
    """``--prior REFERENCE …`` (``prior_help`` says what the command does with them) and ``--prior-weight W``
    (read into ``Settings.prior_weight`` by :func:`settings_from_args`)."""
    parser.add_argument("--prior", nargs="+", metavar="REFERENCE", help=prior_help)
    parser.add_argument("--prior-weight", type=float, metavar="W",
                        help="BubbleKern's share of a pair's value with --prior, from 0 to 1 (default 0.6)")


def read_prior(args: argparse.Namespace, own: Iterable[str | Path | None] = ()):
    """The kerning prior of ``--prior`` (:class:`bubblekern.prior.KerningPrior`), or None. A reference that is one of
    the fonts at ``own`` (the fonts the command kerns or learns from) stops the run: a font is not its own prior."""
    if not getattr(args, "prior", None):
        return None
    check_own_references(args.prior, own)
    from ..prior import KerningPrior

    return KerningPrior.from_fonts(args.prior)


def check_own_references(references: Iterable[str | Path], own: Iterable[str | Path | None]) -> None:
    """Stop (:class:`BubbleKernError`) when a reference of ``--prior`` is one of the fonts at ``own``."""
    fonts = {Path(path).resolve() for path in own if path}
    for reference in references:
        if Path(reference).resolve() in fonts:
            raise BubbleKernError(
                f"{reference}: --prior names a font this run kerns or learns from; a reference is another font's "
                "kerning (to kern the masters of a family from one of them, kern each of the others with --prior "
                "naming it)"
            )


def _case_offsets(text: str) -> tuple[float, ...]:
    """``--case-offsets``: four numbers, comma-separated."""
    try:
        values = tuple(float(v) for v in text.split(","))
    except ValueError:
        values = ()
    if len(values) != 4:
        raise argparse.ArgumentTypeError(f"four numbers separated by commas (UC-UC,UC-lc,lc-UC,lc-lc), not {text!r}")
    return values


def settings_from_args(args: argparse.Namespace, font=None) -> Settings:
    """Settings from the flags given, over those stored in ``font.lib`` (when a font is given)."""
    base = stored_settings(font) if font is not None else Settings()
    flags = {
        "layer": args.layer,
        "band": args.band,
        "min_kern": args.min_kern,
        "capital_min_kern": getattr(args, "capital_min_kern", None),
        "rounding": args.round,
        "allow_positive": None if args.no_positive is None else not args.no_positive,
        "positive_cap": args.positive_cap,
        "failsafe": getattr(args, "failsafe", None),
        "depth_cap": getattr(args, "depth_cap", None),
        "stop_raised": getattr(args, "stop_raised", None),
        "case_offsets": getattr(args, "case_offsets", None),
        "blend": _blend(getattr(args, "blend", None), font),
        "follow_base": None if getattr(args, "no_follow_base", None) is None else False,
        "tuck_raised": None if getattr(args, "no_tuck_raised", None) is None else False,
        "tuck_arms": None if getattr(args, "no_tuck_arms", None) is None else False,
        "ink_room": None if getattr(args, "no_ink_room", None) is None else False,
        "clear_hanging_ink": None if getattr(args, "no_clear_hanging_ink", None) is None else False,
        "serif_stops": None if getattr(args, "no_serif_stops", None) is None else False,
        "armless_share": getattr(args, "armless_share", None),
        "dash_share": getattr(args, "dash_share", None),
        "quote_share": getattr(args, "quote_share", None),
        "words_only": None if getattr(args, "words_only", None) in (None, "off") else args.words_only,
        "stop_floor": getattr(args, "stop_floor", None),
        "stop_capital_floor": getattr(args, "stop_capital_floor", None),
        "dash_clearance": getattr(args, "dash_clearance", None),
        "kern_inside_brackets": getattr(args, "kern_inside_brackets", None),
        "prior_weight": getattr(args, "prior_weight", None),
        "on_error": "skip" if args.skip_broken_components else None,
        "include_marks": args.include_marks,
        "lowercase_capital": getattr(args, "lowercase_capital", None),
        "rtl": _rtl_names(getattr(args, "rtl", None), font),
    }
    if getattr(args, "words_only", None) == "off":
        base = base.replace(words_only=None)
    try:
        return base.replace(**{k: v for k, v in flags.items() if v is not None})
    except ValueError as error:
        raise SystemExit(f"bubblekern: error: {error}") from None


def _blend(choice: str | None, font):
    """The blend ``--blend`` asks for; without it ``"auto"`` unless the font's lib says (``fit`` does)."""
    if choice is None:
        return None if stores_blend(font) else "auto"
    from ..model import BLEND_CHOICES

    return BLEND_CHOICES[choice]


def _rtl_names(text: str | None, font) -> str | tuple[str, ...] | None:
    if text is None:
        return None
    if text.strip() == "all":
        return "all"
    names = tuple(dict.fromkeys(text.replace(",", " ").split()))
    if font is not None:
        check_names(names, set(font.keys()), "--rtl")
    return names


def stored_settings(font) -> Settings:
    """The settings stored in ``font.lib`` under ``com.bubblekern.settings`` (defaults when none)."""
    data = font.lib.get(LIB_KEY)
    if data is None:
        return Settings()
    try:
        return Settings.from_dict(dict(data))
    except (TypeError, ValueError) as error:
        raise BubbleKernError(f"font.lib {LIB_KEY} holds unusable settings: {error}") from None


def ufo_path(value: str | Path) -> Path:
    """The path of a ``.ufo`` argument; anything else is a clear error."""
    path = Path(value)
    if path.suffix.lower() != ".ufo":
        raise FontFileError(f"{path}: give a .ufo font")
    return path


def open_ufo(value: str | Path):
    """(path, font) of a ``.ufo`` argument, opened with clear errors."""
    path = ufo_path(value)
    return path, open_font(path)


def glyph_list(text: str | None, font, option: str) -> list[str] | None:
    """Names from a comma- or space-separated option value, checked against the font."""
    if text is None:
        return None
    names = list(dict.fromkeys(text.replace(",", " ").split()))
    check_names(names, set(font.keys()), option)
    return names


@contextmanager
def progress_bar(enabled: bool = True, stream=None, delay: float = 1.0) -> Iterator:
    """A ``progress(stage, done, total)`` callback drawing a bar on stderr once a run passes a second.

    Only on a terminal: a log or a pipe gets no bar (a redirected run filled logs with
    carriage returns). Counts are whole numbers (``6,280,000/9,080,000``, not ``6.28M``).
    """
    from tqdm import tqdm

    stream = stream or sys.stderr
    enabled = enabled and is_terminal(stream)
    bars: dict[str, tqdm] = {}

    def progress(stage: str, done: int, total: int) -> None:
        if not enabled:
            return
        bar = bars.get(stage)
        if bar is None:
            bar = bars[stage] = tqdm(
                total=total, desc=stage, unit=" glyphs" if stage == "bubbles" else " pairs",
                delay=delay, file=stream, leave=False, unit_scale=False,
                bar_format="{desc}: {percentage:3.0f}%|{bar}| {n:,}/{total:,}{unit} [{elapsed}<{remaining}]",
            )
        bar.update(done - bar.n)

    try:
        yield progress
    finally:
        for bar in bars.values():
            bar.close()


def stale_check(font, settings, pairs, refresh: bool = False, label: str = "", all_glyphs: bool = False) -> list[str]:
    """Warn about the stale bubbles a kerning run uses, by name; with ``refresh``, first make the
    generated ones again from the outlines (as ``bubblekern bubbles --stale`` does).

    A stale bubble is a generated one whose glyph changed since (H widened by 200 kerned
    H H −200 from the old bubble). Bubbles edited by hand are never remade here. Returns the
    glyphs whose bubble was made again: the font must be saved with the kerning. ``pairs`` None is
    the default set: the glyphs it can hold are checked (:func:`~bubblekern.glyphsets.default_candidates`),
    with ``all_glyphs`` every glyph.
    """
    from ..status import stale_bubbles

    used = None
    if pairs is not None or not all_glyphs:  # only those the pairs use, directly or through components
        from ..bubbles import FontBubbles
        from ..glyphsets import default_candidates

        bubbles = FontBubbles(font, settings.replace(on_error="skip"))
        names = (default_candidates(font, settings.include_marks) if pairs is None
                 else {n for pair in pairs for n in pair})
        used = bubbles.bases(names)
    stale = stale_bubbles(font, settings.layer, None if used is None else [n for n in glyph_order(font) if n in used])
    if not stale:
        return []
    where = f"{label}: " if label else ""
    refreshed: list[str] = []
    if refresh:
        todo = [n for n, edited in stale.items() if not edited]
        if todo:
            from ..generate import load_generate_settings, refresh_bubbles

            try:
                report = refresh_bubbles(font, todo, load_generate_settings(font, layer=settings.layer))
            except ImportError as error:
                raise BubbleKernError(f"--refresh-stale makes bubbles again: {error}") from None
            refreshed = list(report.written) + list(report.unchanged)
            if report.written:
                note(f"{where}made {len(report.written):,} stale bubble(s) again from the outlines: {_names(report.written)}")
        stale = {n: e for n, e in stale.items() if n not in refreshed}
    if stale:
        edited = [n for n, e in stale.items() if e]
        plain = [n for n, e in stale.items() if not e]
        parts = []
        if plain:
            hint = "" if refresh else "; --refresh-stale makes them again first"
            parts.append(f"{_names(plain)} (generated, their glyph changed since{hint})")
        if edited:
            parts.append(f"{_names(edited)} (generated, then edited by hand; `bubblekern bubbles --stale "
                         "--overwrite always` replaces them)")
        warn(f"{where}kerning with {len(stale):,} stale bubble(s): " + "; ".join(parts))
    return [n for n in refreshed]


def _names(names, limit: int = 12) -> str:
    names = list(names)
    shown = ", ".join(repr(n) for n in names[:limit])
    return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")


def note(message: str) -> None:
    print(f"bubblekern: {message}", file=sys.stderr)


def is_terminal(stream) -> bool:
    """True when ``stream`` is an interactive terminal (not a file, a pipe or a captured stream)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def saved_line(saved, dry_run: bool) -> str:
    """The closing line of a summary: what was saved, if anything."""
    if dry_run:
        return "  dry run: nothing saved"
    if saved is not None:
        return f"  saved {saved}"
    return "  nothing changed, nothing saved"


def warn(message: str) -> None:
    print(f"bubblekern: warning: {message}", file=sys.stderr)


def say(message: str = "") -> None:
    print(message)


def add_pair_arguments(parser: argparse.ArgumentParser) -> None:
    """The pair-source flags: --all | --glyphs | --pairs | --text, and --touching."""
    group = parser.add_argument_group("pairs (default: all pairs of glyphs with bubbles)")
    source = group.add_mutually_exclusive_group()
    source.add_argument("--all", action="store_true", help="all pairs of glyphs that have a bubble")
    source.add_argument("--glyphs", metavar="A,B,…", help="all pairs of these glyphs (left × right, both ways)")
    source.add_argument("--pairs", metavar="FILE", help="pair-list file: two names a line (MetricsMachine lists too)")
    source.add_argument("--text", metavar="TEXT", help="consecutive pairs of sample text (/name escapes allowed)")
    source.add_argument(
        "--pairs-from-words",
        metavar="LANG[,LANG…]",
        help="the letter pairs of these languages' common words (en, he, ar, …), most frequent first, "
        "of glyphs the font has (needs wordfreq: pip install 'bubblekern[words]')",
    )
    group.add_argument("--pairs-top", type=int, metavar="N", help="with --pairs-from-words: only the N most frequent pairs")
    group.add_argument(
        "--words-case",
        metavar="lower,title,upper",
        default="lower,title",
        help="with --pairs-from-words: the case forms of each word counted (default: %(default)s)",
    )
    group.add_argument("--touching", metavar="A,B,…",
                       help="keep only pairs with one of these glyphs, or a composite built from one, on a side")


def default_set(args: argparse.Namespace, font, bubbles):
    """The default pair set of ``font`` (:func:`bubblekern.glyphsets.default_pairs`), in a font with kern groups
    narrowed to where its groups and kerning reach, in one with none to where its finished kerning reaches
    (:func:`~bubblekern.glyphsets.flat_sides`), unless ``--ungrouped``, as a :class:`PairTable`."""
    from ..fontkerning import kerning_dict
    from ..glyphsets import (
        default_candidates,
        default_pairs,
        designer_sides,
        monospaced_reason,
        wants_lowercase_capital,
    )
    from ..groups import read_groups

    settings = bubbles.settings
    sides = None
    if not getattr(args, "ungrouped", False):
        groups = read_groups(font)
        sides = designer_sides(groups.as_dict() if groups else None, kerning_dict(font), note)
    all_glyphs = getattr(args, "all_glyphs", False)
    names = bubbles.kernable_glyphs(None if all_glyphs else default_candidates(font, settings.include_marks))
    table = default_pairs(font, names, all_glyphs, settings.include_marks,
                          sides, wants_lowercase_capital(font, settings.lowercase_capital))
    if not len(table) and (reason := monospaced_reason(font, names, settings.include_marks)):
        note(f"{reason}; give pairs (--pairs, --text) to kern some anyway")
    return table


def pairs_from_args(args: argparse.Namespace, font, bubbles) -> list[tuple[str, str]] | None:
    """The pairs the flags ask for, or None for "all pairs of glyphs with bubbles"."""
    from ..direction import glyph_directions
    from ..pairs import all_pairs, cmap_of, pairs_from_text, read_pair_list, touching

    if getattr(args, "pairs_top", None) is not None and not getattr(args, "pairs_from_words", None):
        raise BubbleKernError("--pairs-top goes with --pairs-from-words")
    known = set(font.keys())
    groups = {k: tuple(v) for k, v in font.groups.items()}
    pairs: list[tuple[str, str]] | None
    if args.glyphs is not None:
        pairs = all_pairs(glyph_list(args.glyphs, font, "--glyphs"))
        source = "--glyphs"
    elif args.pairs:
        pairs = read_pair_list(args.pairs, known, groups)
        source = f"the pair list {args.pairs}"
    elif getattr(args, "pairs_from_words", None):
        from ..words import pairs_from_words

        cases = args.words_case.replace(",", " ").split()
        pairs = pairs_from_words(args.pairs_from_words, cmap_of(font), top=args.pairs_top, cases=cases)
        if not pairs:
            raise BubbleKernError(f"no letter pair of the {args.pairs_from_words} words has both glyphs in the font")
        source = "the words"
    elif args.text is not None:
        directions = glyph_directions(font, rtl=bubbles.settings.rtl)
        pairs = pairs_from_text(args.text, cmap_of(font), known, directions)
        source = "the sample text"
    else:
        pairs = None
    if pairs is not None and not pairs:  # an empty --text, a list of comments: say so, not "0 pairs solved"
        raise BubbleKernError(f"{source} gives no pair to kern (no two glyphs side by side)")
    if args.touching:
        chosen = glyph_list(args.touching, font, "--touching")
        if pairs is None:  # the pairs a run with no pair source kerns (the default set)
            pairs = list(default_set(args, font, bubbles))
        # an edited glyph's composites inherit its bubble: their pairs changed with it
        pairs = touching(pairs, bubbles.dependents(chosen))
    return pairs
