"""The bulk kerning writer: one notification for many pairs, untouched pairs kept."""

from __future__ import annotations

from fontParts.fontshell import RFont

from bubblekern.fontkerning import kerning_dict, write_kerning


def _font_with_kerning(count: int = 50) -> RFont:
    font = RFont()
    for i in range(count):
        font.newGlyph(f"g{i}")
    font.kerning[("g0", "g1")] = -10
    font.kerning[("g2", "g3")] = 20
    return font


class _Recorder:
    def __init__(self):
        self.names: list[str] = []

    def changed(self, notification) -> None:
        self.names.append(notification.name)


def test_many_pairs_post_one_change_and_keep_other_pairs():
    font = _font_with_kerning()
    naked = font.kerning.naked()
    recorder = _Recorder()
    naked.addObserver(recorder, "changed", "Kerning.Changed")
    written = {(f"g{i}", f"g{i + 1}"): -i for i in range(2, 50)}
    write_kerning(font, written, removed=[("g0", "g1")])
    assert recorder.names == ["Kerning.Changed"]
    result = kerning_dict(font)
    assert ("g0", "g1") not in result
    assert result[("g2", "g3")] == -2
    assert all(result[pair] == value for pair, value in written.items())
    assert len(result) == len(written)


def test_nothing_changed_posts_nothing():
    font = _font_with_kerning()
    recorder = _Recorder()
    font.kerning.naked().addObserver(recorder, "changed", "Kerning.Changed")
    write_kerning(font, {("g0", "g1"): -10}, removed=[("g8", "g9")])
    assert recorder.names == []
    assert kerning_dict(font) == {("g0", "g1"): -10, ("g2", "g3"): 20}
