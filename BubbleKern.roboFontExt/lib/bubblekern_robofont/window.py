"""The kerning window (ezui): pair sources, settings, kerning with progress, preview, apply.

Built with ``ezui.WindowController`` / ``ezui.EZWindow`` from a content text description
and ``descriptionData`` (https://typesupply.github.io/ezui/). Every control has its own
``<identifier>Callback``: a control without one would send to its enclosing container's
callback (``tabsCallback``), which therefore checks its sender. Pop-ups are written
``(Title ...)`` with ``items=``; tables ``|---|`` (as RoboFont's Batch writes one) and the text
editor ``[[_ _]]`` (as the ezui author's Workspaces does); the pair sources are tabs of a ``* Tabs``
item among other items, each ``> Tab: Title`` with no star (as the ezui author's Freeze Dryer nests
them). Progress goes through the controller's
``startProgress``, not a window item.
Every decision (which pairs, what the table shows, what applying edits) is made by
:mod:`bubblekern.interface`; this module reads controls, calls it, and writes back.
"""

from __future__ import annotations

import ezui
from mojo.events import addObserver, postEvent, removeObserver
from mojo.extensions import getExtensionDefault, setExtensionDefault
from mojo.roboFont import CurrentFont
from mojo.UI import GetFile, Message

from bubblekern.bubbles import FontBubbles
from bubblekern.errors import BubbleKernError, PairListError
from bubblekern.fontkerning import MAX_ENTRIES
from bubblekern.glyphfiles import files_read_once
from bubblekern.interface import defaults
from bubblekern.interface.flattext import load_pair_text, validate_pair_text
from bubblekern.interface.pairbuilder import (
    BuilderRow,
    add_favourite,
    favourites_from_defaults,
    favourites_to_defaults,
    remove_favourite,
    row_summary,
    rows_pairs,
)
from bubblekern.interface.preview import (
    apply_plan,
    class_plan,
    plan_from_result,
    preview_line,
    progress_text,
    result_rows,
    size_problem,
    table_items,
)
from bubblekern.interface.references import (
    REFERENCE_TYPES,
    add_references,
    prior_note,
    references_status,
    remove_references,
    store_prior_weight,
)
from bubblekern.interface.sources import SOURCES, Request, request_pairs, source_tab, words_status
from bubblekern.kerning import kern_pairs
from bubblekern.pairs import cmap_of, pairs_from_text
from bubblekern.prior import stored_prior, stored_weight
from bubblekern.settings import Settings

from . import DISPLAY_EVENT
from .undo import undo_step

__all__ = ["KerningWindowController", "CONTENT", "edit_kerning"]

get_default = defaults.plain_reader(getExtensionDefault)
"""``getExtensionDefault`` with Cocoa collections turned into lists and dicts."""

CONTENT = """
* Tabs @tabs
> Tab: Pair Builder
>> * HorizontalStack @rowEntryStack
>>> Left:
>>> [_ _] @leftField
>>> Right:
>>> [_ _] @rightField
>>> [ ] Add Flipped @flippedCheckbox
>>> ( Add Row ) @addRowButton
>> |---| @rowsTable
>> * HorizontalStack @rowButtonsStack
>>> ( Remove Row ) @removeRowButton
>>> ( Clear Rows ) @clearRowsButton
>>> No pairs. @builderCountLabel
>> * HorizontalStack @favouritesStack
>>> (Favourites ...) @favouritesPopUp
>>> ( Load ) @loadFavouriteButton
>>> [_ _] @favouriteNameField
>>> ( Save ) @saveFavouriteButton
>>> ( Delete ) @deleteFavouriteButton
> Tab: Pair List
>> [[_ _]] @pairText
>> * HorizontalStack @textButtonsStack
>>> ( Load File… ) @loadFileButton
>>> No pairs. @textStatusLabel
> Tab: Sample Text
>> [_ _] @sampleField
>> No pairs. @sampleStatusLabel
> Tab: Words
>> * HorizontalStack @wordsStack
>>> Languages:
>>> [_ _] @wordsField
>>> Most Frequent:
>>> [_ _] @wordsTopField
>> No languages: all pairs of glyphs with bubbles. @wordsStatusLabel
> Tab: Settings
>> * TwoColumnForm @settingsForm
>>> : Band Height:
>>> [_ _] @bandField
>>> : Minimum Kern:
>>> [_ _] @minKernField
>>> : Rounding:
>>> [_ _] @roundingField
>>> : Positive Kerns:
>>> [X] Allow @allowPositiveCheckbox
>>> : Positive Cap:
>>> [_ _] @positiveCapField
>>> : Groups:
>>> (Glyph names only ...) @groupsModePopUp
>>> : Bubble Layer:
>>> [_ _] @layerField
>>> : Overlay:
>>> [X] Show Bubbles @showBubblesCheckbox
>>> [X] Show Bands @showBandsCheckbox
>>> [X] Show Collision @showCollisionCheckbox
>>> : Left Partner:
>>> [_ _] @leftPartnerField
>>> : Right Partner:
>>> [_ _] @rightPartnerField
>>> : Reference Fonts:
>>> No reference fonts. @referencesLabel
>>> ( Add Reference Fonts… ) @addReferencesButton
>>> ( Remove Reference Fonts ) @removeReferencesButton
>>> : BubbleKern's Share:
>>> [_ _] @priorWeightField
>>> : Quote After Period:
>>> [_ _] @stopRaisedField
>>> Per 1000 em. Empty: the fail-safe. @stopRaisedLabel
>>> : Capitals' Min Kern:
>>> [_ _] @capitalMinKernField
>>> Font units. Empty: as Min Kern. @capitalMinKernLabel
* HorizontalStack @kernButtonsStack
> ( Kern All Pairs ) @kernAllButton
> ( Kern Pairs with Selected Glyphs ) @kernSelectedButton
Nothing kerned yet. @previewLabel
|---| @resultsTable
* HorizontalStack @applyStack
> [ ] Replace: remove solved pairs that come out below the threshold @replaceCheckbox
> ( Apply ) @applyButton
> ( Undo Apply ) @undoApplyButton
"""

GROUPS_LABELS = ["Glyph names only", "Expand kerning groups in pair lists"]
NO_FAVOURITES = "(no favourites)"
SETTINGS_CONTROLS = (
    "bandField",
    "minKernField",
    "roundingField",
    "allowPositiveCheckbox",
    "positiveCapField",
    "groupsModePopUp",
    "layerField",
    "showBubblesCheckbox",
    "showBandsCheckbox",
    "showCollisionCheckbox",
    "leftPartnerField",
    "rightPartnerField",
)
"""The Settings tab's controls stored as extension defaults: each one's callback stores every setting
(:meth:`KerningWindowController.store_settings`). The reference fonts and their weight below them belong to the
font (its lib: :mod:`bubblekern.interface.references`)."""
FONT_FIELDS = (
    ("stopRaised", "stop_raised", defaults.STOP_RAISED_PROBLEM, defaults.stop_raised_status),
    ("capitalMinKern", "capital_min_kern", defaults.CAPITAL_MIN_KERN_PROBLEM, defaults.capital_min_kern_status),
)
"""The Settings tab's fields of settings stored in the font's lib (``<item>Field`` and ``<item>Label``): the setting,
what the label says when it refuses a text, and what it says of the stored value (``status(font)``)."""


def description_data(get) -> dict:
    """descriptionData for :data:`CONTENT`, filled from the extension defaults read through ``get``
    (plain values: see :func:`bubblekern.interface.defaults.plain_reader`)."""
    settings = defaults.settings_from_defaults(get)
    favourites = sorted(favourites_from_defaults(get(defaults.key("favourites"), {})))
    return dict(
        rowsTable=dict(
            columnDescriptions=[
                dict(identifier="left", title="Left", width=220),
                dict(identifier="right", title="Right", width=220),
                dict(identifier="flipped", title="Flipped", width=60),
                dict(identifier="count", title="Pairs", width=140),
            ],
            items=[],
            height=140,
        ),
        favouritesPopUp=dict(items=favourites or [NO_FAVOURITES]),
        pairText=dict(height=220),
        sampleField=dict(value=get(defaults.key("sampleText"), "")),
        wordsField=dict(value=get(defaults.key("wordsLanguages"), "")),
        wordsTopField=dict(valueType="integer", value=get(defaults.key("wordsTop"), 0)),
        bandField=dict(valueType="float", value=settings.band),
        minKernField=dict(valueType="integer", value=settings.min_kern),
        roundingField=dict(valueType="integer", value=settings.rounding),
        allowPositiveCheckbox=dict(value=settings.allow_positive),
        positiveCapField=dict(valueType="integer", value=settings.positive_cap or 0),
        groupsModePopUp=dict(items=GROUPS_LABELS),
        layerField=dict(value=settings.layer),
        showBubblesCheckbox=dict(value=defaults.flag(get, "showBubbles")),
        showBandsCheckbox=dict(value=defaults.flag(get, "showBands")),
        showCollisionCheckbox=dict(value=defaults.flag(get, "showCollision")),
        leftPartnerField=dict(value=get(defaults.key("leftPartner"), "")),
        rightPartnerField=dict(value=get(defaults.key("rightPartner"), "")),
        priorWeightField=dict(placeholder=f"{Settings().prior_weight:g}"),
        stopRaisedField=dict(placeholder="0"),
        capitalMinKernField=dict(placeholder="Min Kern"),
        resultsTable=dict(
            columnDescriptions=[
                dict(identifier="pair", title="Pair", width=180),
                dict(identifier="old", title="Old", width=70),
                dict(identifier="new", title="New", width=70),
                dict(identifier="status", title="", width=140),
            ],
            items=[],
            height=200,
        ),
        replaceCheckbox=dict(value=defaults.flag(get, "replaceMode")),
    )


class KerningWindowController(ezui.WindowController):
    """Extensions > BubbleKern > Kerning Window…; ``font`` fixes the font (the self-test's
    scratch font), else the window works on ``CurrentFont()``."""

    max_entries = MAX_ENTRIES
    """Apply refuses a plan of more kerning entries (:func:`~bubblekern.interface.preview.size_problem`)."""

    def build(self, font=None):
        self.fixed_font = font
        self.rows: list[BuilderRow] = []
        self.source_tab = 0  # the last pair-source tab shown (the Settings tab is not one)
        self.result = None
        self.rows_shown = []
        self.result_font = None
        self.undo_plan = None
        self.undo_font = None
        self.w = ezui.EZWindow(
            title="BubbleKern",
            content=CONTENT,
            descriptionData=description_data(get_default),
            controller=self,
            size=(680, 820),
        )
        # the pop-up takes the stored mode after building (set() works whatever the description holds)
        mode = defaults.groups_mode_from_defaults(get_default)
        self.item("groupsModePopUp").set(defaults.GROUPS_MODES.index(mode))
        self.show_font_settings()
        # Show/Hide Bubbles (menu) posts this event: keep the checkboxes in step
        addObserver(self, "displayDidChange", DISPLAY_EVENT)

    def started(self):
        self.w.open()

    def destroy(self):
        # ezui calls destroy() when the window closes (ezuidemos, "Show Panel with Window")
        removeObserver(self, DISPLAY_EVENT)

    # -- helpers -----------------------------------------------------------------------

    def item(self, identifier):
        return self.w.getItem(identifier)

    def show_text(self, identifier: str, text: str):
        """Set a label's text, as the ezui author does (``setItemValue``, Lazy Bones)."""
        self.w.setItemValue(identifier, text)

    def font(self):
        return self.fixed_font if self.fixed_font is not None else CurrentFont()

    def settings(self) -> Settings:
        return defaults.settings_from_defaults(get_default)

    def kern_settings(self, font) -> Settings:
        """What Kern uses for ``font``: the window's settings and the value model in the font's lib."""
        return defaults.with_font_model(self.settings(), font)

    def groups_mode(self) -> str:
        index = self.item("groupsModePopUp").get()
        return defaults.GROUPS_MODES[index] if isinstance(index, int) and 0 <= index < len(GROUPS_LABELS) else "glyphs"

    def groups(self, font):
        return dict(font.groups.items()) if self.groups_mode() == "groups" and font is not None else None

    def error(self, error: Exception):
        Message("BubbleKern", informativeText=str(error))

    def shown_tab(self):
        """The Tabs item's selected index (vanilla's ``Tabs.get()``), or None when the item has no ``get``."""
        get = getattr(self.item("tabs"), "get", None)
        return get() if callable(get) else None

    def tabsCallback(self, sender):
        # controls without a callback of their own would land here too: only the tabs count
        if sender is not self.item("tabs"):
            return
        tab = source_tab(sender.get(), -1)
        if tab < 0:  # the Settings tab: show the current font's references and settings
            self.show_font_settings()
        else:
            self.source_tab = tab

    def displayDidChange(self, info):
        """The overlay settings changed elsewhere (Show/Hide Bubbles): show the stored values."""
        for name in ("showBubbles", "showBands", "showCollision"):
            self.item(name + "Checkbox").set(defaults.flag(get_default, name))

    # -- pair builder ------------------------------------------------------------------

    def refresh_rows(self):
        font = self.font()
        known = set(font.keys()) if font is not None else set()
        groups = self.groups(font)
        self.item("rowsTable").set(
            [
                dict(left=r.left, right=r.right, flipped="yes" if r.flipped else "", count=row_summary(r, known, groups))
                for r in self.rows
            ]
        )
        try:
            count = f"{len(rows_pairs(self.rows, known, groups))} pairs" if self.rows else "No pairs."
        except PairListError as error:
            count = "; ".join(f"row {line}: {text}" for line, text in error.problems[:3])
        self.show_text("builderCountLabel", count)

    def leftFieldCallback(self, sender):
        pass  # read when Add Row is pressed

    rightFieldCallback = flippedCheckboxCallback = favouriteNameFieldCallback = leftFieldCallback
    favouritesPopUpCallback = rowsTableCallback = resultsTableCallback = leftFieldCallback

    def addRowButtonCallback(self, sender):
        left, right = self.item("leftField").get().strip(), self.item("rightField").get().strip()
        if not left or not right:
            return
        self.rows.append(BuilderRow(left, right, bool(self.item("flippedCheckbox").get())))
        self.refresh_rows()

    def removeRowButtonCallback(self, sender):
        for index in sorted(self.item("rowsTable").getSelectedIndexes(), reverse=True):
            del self.rows[index]
        self.refresh_rows()

    def clearRowsButtonCallback(self, sender):
        self.rows = []
        self.refresh_rows()

    def favourites(self):
        return favourites_from_defaults(get_default(defaults.key("favourites"), {}))

    def store_favourites(self, favourites):
        setExtensionDefault(defaults.key("favourites"), favourites_to_defaults(favourites))
        self.item("favouritesPopUp").setItems(sorted(favourites) or [NO_FAVOURITES])

    def saveFavouriteButtonCallback(self, sender):
        try:
            favourites = add_favourite(self.favourites(), self.item("favouriteNameField").get(), self.rows)
        except ValueError as error:
            return self.error(error)
        self.store_favourites(favourites)

    def selected_favourite(self):
        names = sorted(self.favourites())
        index = self.item("favouritesPopUp").get()
        return names[index] if names and isinstance(index, int) and 0 <= index < len(names) else None

    def loadFavouriteButtonCallback(self, sender):
        name = self.selected_favourite()
        if name is not None:
            self.rows = list(self.favourites()[name])
            self.item("favouriteNameField").set(name)
            self.refresh_rows()

    def deleteFavouriteButtonCallback(self, sender):
        name = self.selected_favourite()
        if name is not None:
            self.store_favourites(remove_favourite(self.favourites(), name))

    # -- flat text and sample text -------------------------------------------------------

    def pairTextCallback(self, sender):
        font = self.font()
        if font is None:
            return
        validation = validate_pair_text(sender.get(), set(font.keys()), self.groups(font))
        self.show_text("textStatusLabel", validation.status + ("\n" + "\n".join(validation.messages[:5]) if validation.problems else ""))

    def loadFileButtonCallback(self, sender):
        paths = _chosen_paths(GetFile(message="Choose a pair list", fileTypes=["txt", "tsv"]))
        if not paths:
            return
        try:
            self.item("pairText").set(load_pair_text(paths[0]))
        except BubbleKernError as error:
            return self.error(error)
        self.pairTextCallback(self.item("pairText"))

    def sampleFieldCallback(self, sender):
        text = sender.get()
        setExtensionDefault(defaults.key("sampleText"), text)
        font = self.font()
        if font is None:
            return
        try:
            count = len(pairs_from_text(text, cmap_of(font), set(font.keys())))
            status = f"{count} pairs"
        except PairListError as error:
            status = "; ".join(f"line {line}: {message}" for line, message in error.problems[:3])
        self.show_text("sampleStatusLabel", status)

    def words_top(self) -> int | None:
        try:
            return max(0, int(self.item("wordsTopField").get() or 0)) or None
        except (TypeError, ValueError):
            return None

    def wordsFieldCallback(self, sender):
        setExtensionDefault(defaults.key("wordsLanguages"), self.item("wordsField").get())
        setExtensionDefault(defaults.key("wordsTop"), self.words_top() or 0)
        font = self.font()
        if font is not None:
            self.show_text("wordsStatusLabel", words_status(self.item("wordsField").get(), font, self.words_top()))

    wordsTopFieldCallback = wordsFieldCallback

    # -- settings (stored as extension defaults, redraw the overlay) -----------------------

    def store_settings(self, sender=None):
        """Store every setting of the Settings tab and tell the overlay to redraw; a half-typed
        number keeps the stored numbers until it reads as a number."""
        setExtensionDefault(defaults.key("groupsMode"), self.groups_mode())
        for name in ("showBubbles", "showBands", "showCollision"):
            setExtensionDefault(defaults.key(name), bool(self.item(name + "Checkbox").get()))
        setExtensionDefault(defaults.key("leftPartner"), (self.item("leftPartnerField").get() or "").strip())
        setExtensionDefault(defaults.key("rightPartner"), (self.item("rightPartnerField").get() or "").strip())
        try:
            cap = int(self.item("positiveCapField").get() or 0)
            settings = Settings(
                layer=(self.item("layerField").get() or "bubble").strip(),
                band=float(self.item("bandField").get()),
                min_kern=int(self.item("minKernField").get()),
                rounding=int(self.item("roundingField").get()),
                allow_positive=bool(self.item("allowPositiveCheckbox").get()),
                positive_cap=cap or None,
            )
        except (TypeError, ValueError):
            settings = None
        if settings is not None:
            for key, value in defaults.settings_to_defaults(settings).items():
                setExtensionDefault(key, value)
        postEvent(DISPLAY_EVENT)

    bandFieldCallback = minKernFieldCallback = roundingFieldCallback = store_settings
    allowPositiveCheckboxCallback = positiveCapFieldCallback = groupsModePopUpCallback = store_settings
    layerFieldCallback = leftPartnerFieldCallback = rightPartnerFieldCallback = store_settings
    showBubblesCheckboxCallback = showBandsCheckboxCallback = showCollisionCheckboxCallback = store_settings

    # -- reference fonts (a kerning prior, recorded in the font's lib) ------------------------

    def show_font_settings(self):
        """The Settings tab's fields of what belongs to the font: its references, their weight, a quote's kern after
        a period, the threshold of pairs of two capitals."""
        font = self.font()
        self.show_text("referencesLabel", references_status(font))
        stored = stored_weight(font) if font is not None else None
        self.item("priorWeightField").set(f"{stored:g}" if stored is not None else "")
        for item, name, _, status in FONT_FIELDS:
            self.item(item + "Field").set(defaults.font_setting_text(font, name))
            self.show_text(item + "Label", status(font) if font is not None else "No font.")

    def addReferencesButtonCallback(self, sender):
        font = self.font()
        if font is None:
            return self.error(BubbleKernError("open a font first"))
        chosen = _chosen_paths(GetFile(message="Choose kerned fonts as references", allowsMultipleSelection=True,
                                       fileTypes=list(REFERENCE_TYPES)))
        if not chosen:
            return
        problems = add_references(font, chosen)
        self.show_font_settings()
        if problems:
            self.error(BubbleKernError("\n".join(problems)))

    def removeReferencesButtonCallback(self, sender):
        font = self.font()
        if font is not None:
            remove_references(font)
            self.show_font_settings()

    def priorWeightFieldCallback(self, sender):
        font = self.font()
        if font is None:
            return
        problem = store_prior_weight(font, str(sender.get() or ""))
        self.show_text("referencesLabel", problem or references_status(font))

    def store_font_field(self, sender, item: str, name: str, problem: str, status) -> None:
        """Store the number typed in a Settings-tab field of :data:`FONT_FIELDS` as the font's setting ``name``; its
        label says what is stored, or why the text was not."""
        font = self.font()
        if font is None:
            return
        refused = defaults.store_font_setting(font, name, str(sender.get() or ""), problem)
        self.show_text(item + "Label", refused or status(font))

    def stopRaisedFieldCallback(self, sender):
        self.store_font_field(sender, *FONT_FIELDS[0])

    def capitalMinKernFieldCallback(self, sender):
        self.store_font_field(sender, *FONT_FIELDS[1])

    # -- kerning -------------------------------------------------------------------------

    def request(self, selected_only: bool) -> Request:
        font = self.font()
        self.source_tab = source_tab(self.shown_tab(), self.source_tab)  # the tab shown now, callback or not
        return Request(
            source=SOURCES[self.source_tab],
            rows=list(self.rows),
            text=self.item("pairText").get(),
            sample=self.item("sampleField").get(),
            words=self.item("wordsField").get(),
            words_top=self.words_top(),
            selected_only=selected_only,
            selection=list(font.selectedGlyphNames) if font is not None else [],
            groups_mode=self.groups_mode(),
        )

    def kern(self, selected_only: bool):
        font = self.font()
        if font is None:
            return self.error(BubbleKernError("open a font first"))
        bubbles = FontBubbles(font, self.kern_settings(font))
        self.show_font_settings()  # the Settings tab shows the font kerned (the current font may have changed)
        # ezui's WindowController progress sheet: startProgress(text=, parent=) → setText(text) … close(), as
        # RoboFont's Batch and the ezui author's Lazy Bones use it (update() is defconAppKit's older progress
        # window's, which Mechanic 2 has; ezui's has none)
        start = getattr(self, "startProgress", None)
        progress = start(text="Kerning…", parent=self.w) if start is not None else _NoProgress()

        def report(stage, done, total):
            text = progress_text(stage, done, total)
            if text is not None:
                progress.setText(text)

        try:
            try:
                with files_read_once():  # the pair set and the solve read each glyph not loaded once, from its file
                    pairs = request_pairs(self.request(selected_only), bubbles)
                    prior, notes = stored_prior(font)  # the reference fonts recorded (Settings tab, or `fit --prior`)
                    result = kern_pairs(font, pairs, bubbles=bubbles, progress=report, prior=prior)
            finally:  # whatever happens, the sheet never stays on the window
                progress.close()
        except BubbleKernError as error:
            return self.error(error)
        mode = "replace" if self.item("replaceCheckbox").get() else "update"
        self.result, self.result_font = result, font
        self.rows_shown = result_rows(result, dict(font.kerning.items()), mode, dict(font.groups.items()))
        self.item("resultsTable").set(table_items(self.rows_shown))
        line = preview_line(self.rows_shown, len(result.skipped))
        extra = [note for note in (prior_note(result), *notes, *result.warnings) if note]
        if extra:
            line += "\n" + "\n".join(extra[:3])
        self.show_text("previewLabel", line)

    def kernAllButtonCallback(self, sender):
        self.kern(selected_only=False)

    def kernSelectedButtonCallback(self, sender):
        self.kern(selected_only=True)

    def replaceCheckboxCallback(self, sender):
        setExtensionDefault(defaults.key("replaceMode"), bool(sender.get()))
        if self.result is not None and self.result_font is not None:
            mode = "replace" if sender.get() else "update"
            font = self.result_font
            self.rows_shown = result_rows(self.result, dict(font.kerning.items()), mode, dict(font.groups.items()))
            self.item("resultsTable").set(table_items(self.rows_shown))
            self.show_text("previewLabel", preview_line(self.rows_shown, len(self.result.skipped)))

    def applyButtonCallback(self, sender):
        if self.result is None or self.result_font is None:
            return
        font = self.result_font
        mode = "replace" if self.item("replaceCheckbox").get() else "update"
        kerning = dict(font.kerning.items())
        plan = class_plan(font, self.result, mode, self.max_entries)  # a font with kern groups: as the command line
        if plan is None:
            plan = plan_from_result(self.result, kerning, mode)
        if not plan:
            self.show_text("previewLabel", "Nothing to change: the font already has these values.")
            return
        problem = size_problem(plan, kerning, self.max_entries)
        if problem:
            self.show_text("previewLabel", problem)
            return
        self.undo_plan = edit_kerning(font, plan, "BubbleKern: Apply Kerning")
        self.undo_font = font
        self.show_text("previewLabel", f"Applied: {len(plan.write)} written, {len(plan.remove)} removed.")
        self.result = None

    def undoApplyButtonCallback(self, sender):
        if self.undo_plan is None or self.undo_font is None:
            return
        edit_kerning(self.undo_font, self.undo_plan, "BubbleKern: Undo Apply")
        self.show_text("previewLabel", "Last apply undone.")
        self.undo_plan = self.undo_font = None


def _chosen_paths(chosen) -> list[str]:
    """GetFile's answer as a list: it gives a path or a list of paths (extensions read both), None on Cancel."""
    if not chosen:
        return []
    return [chosen] if isinstance(chosen, str) else list(chosen)


class _NoProgress:
    """Stands in for the progress sheet where the controller has none."""

    def setText(self, text):
        pass

    def close(self):
        pass


def edit_kerning(font, plan, title: str = "BubbleKern"):
    """Apply ``plan`` to ``font.kerning`` as one bulk change and one undo step; return the plan
    that undoes it (it backs the window's own "Undo Apply" button).

    The write goes through :func:`bubblekern.fontkerning.write_kerning` (via ``apply_plan``):
    the kerning object holds its own notifications, so RoboFont hears of one change however
    many pairs change (holding the *font*'s notifications would not hold the kerning's).
    """
    with undo_step(font, title):
        return apply_plan(font, plan)
