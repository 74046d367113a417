//! Icons and note captions drawn past their own hex (an icon at a large scale, a caption
//! wider than the hex): which hexes' drawings spill, and how many hex steps they reach.
//! The editor's chunks and a picture's bands are drawn one after another, unclipped, so a
//! region drawn later would cover what spills into it with its fills; each region draws
//! the spilling icons and captions that reach it once more, over its own fills. It is the
//! rule edge features follow (`draw::features`): whoever may paint over it draws it again.

use super::annotations::{caption_place, icon_box, note_caption, note_caption_place};
use super::region::block_kind;
use crate::hex::{Hex, Layout, OffsetCoord, Point};
use crate::map::annotations::{MAX_CAPTION_LEN, MAX_ICON_SCALE};
use crate::map::{HexMap, Icon};

/// Widest a caption character is taken to be, as a share of the text size (wide capitals
/// included), so the reach of a caption is never under-estimated.
const CHAR_WIDTH_MAX: f64 = 0.75;
/// Height of a caption line as a share of its size, halo included.
const LINE_HEIGHT: f64 = 1.35;

/// The hexes whose icons or note caption reach past the hex, with how far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Spill {
    /// (hex, its offset cell in [`block_kind`], steps reached), in the layer's order.
    entries: Vec<(Hex, OffsetCoord, u32)>,
}

impl Spill {
    /// The spilling icons of `map` and, when its view draws notes as captions, its
    /// spilling note captions, for hexes of `layout`.
    pub fn of(map: &HexMap, layout: &Layout) -> Spill {
        let size = layout.size();
        let radius = size.x.min(size.y);
        let kind = block_kind(layout.orientation());
        let mut entries = Vec::new();
        let mut add = |hex: Hex, extent: f64| {
            let steps = steps_for(extent, size);
            if steps > 0 {
                entries.push((hex, kind.from_hex(hex), steps));
            }
        };
        for (hex, icons) in map.icons().iter() {
            add(hex, icons_extent(icons, radius));
        }
        if map.view().note_captions {
            for (&hex, note) in map.notes() {
                add(hex, note_extent(note, radius));
            }
        }
        Spill { entries }
    }

    /// True when nothing spills.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The spilling hexes whose drawings may reach into the box of offset cells
    /// `min`–`max` (inclusive, in [`block_kind`]), each with whether it lies outside the
    /// box (its own region drew it elsewhere).
    pub fn near(&self, min: (i32, i32), max: (i32, i32)) -> impl Iterator<Item = (Hex, bool)> + '_ {
        let within = move |c: &OffsetCoord, k: i64| {
            let (col, row) = (i64::from(c.col), i64::from(c.row));
            col >= i64::from(min.0) - k
                && col <= i64::from(max.0) + k
                && row >= i64::from(min.1) - k
                && row <= i64::from(max.1) + k
        };
        self.entries
            .iter()
            .filter(move |(_, c, steps)| within(c, i64::from(*steps)))
            .map(move |(hex, c, _)| (*hex, !within(c, 0)))
    }

    /// The spilling hexes outside the box of offset cells `min`–`max` (inclusive, in
    /// [`block_kind`]) whose drawings may reach into it.
    pub fn reaching(&self, min: (i32, i32), max: (i32, i32)) -> impl Iterator<Item = Hex> + '_ {
        self.near(min, max)
            .filter(|&(_, outside)| outside)
            .map(|(hex, _)| hex)
    }
}

/// How far from its hex's centre, in world units, the drawing of one hex's `icons`
/// reaches (box corners and captions), for a hex of smaller radius `radius`.
pub fn icons_extent(icons: &[Icon], radius: f64) -> f64 {
    let n = icons.len();
    icons
        .iter()
        .enumerate()
        .map(|(i, icon)| {
            let (at, half) = icon_box(i, n, icon.scale, radius);
            let corner = at.x.hypot(at.y) + half * std::f64::consts::SQRT_2;
            let caption = icon.caption.as_deref().map_or(0.0, |text| {
                let (top, size) = caption_place(n, radius, at, half);
                caption_extent(text.chars().count(), top, size)
            });
            corner.max(caption)
        })
        .fold(0.0, f64::max)
}

/// How far from its hex's centre a note drawn as a caption reaches (0 for a blank note).
pub fn note_extent(note: &str, radius: f64) -> f64 {
    note_caption(note).map_or(0.0, |text| {
        let (top, size) = note_caption_place(radius);
        caption_extent(text.chars().count(), top, size)
    })
}

/// The farthest corner of a caption of `chars` characters whose top centre is `top`
/// (relative to the hex centre) at text size `size`.
fn caption_extent(chars: usize, top: Point, size: f64) -> f64 {
    let half_width = chars as f64 * CHAR_WIDTH_MAX * size / 2.0 + 0.15 * size;
    let x = top.x.abs() + half_width;
    let y = top.y.abs().max((top.y + LINE_HEIGHT * size).abs());
    x.hypot(y)
}

/// How many hex steps from its hex a drawing that reaches `extent` from the centre may
/// paint on, for hexes of layout size `size`: 0 while it stays inside the hexagon's
/// inscribed circle. A point that far lies in a hex whose centre is at most `extent` plus
/// the larger radius away, and hexes n steps away have centres at least 1.5 n smaller radii
/// away.
pub fn steps_for(extent: f64, size: Point) -> u32 {
    let (small, large) = (size.x.min(size.y), size.x.max(size.y));
    let spills = small > 0.0 && extent > small * 0.866;
    if !spills {
        return 0;
    }
    let steps = ((extent + large) / (1.5 * small)).floor();
    if steps.is_finite() {
        steps.max(1.0).min(f64::from(u32::MAX)) as u32
    } else {
        1
    }
}

/// The most steps any icon group or note caption can reach on hexes of layout size
/// `size`: a lone icon at the largest scale with the longest caption. The editor redraws
/// this far around a changed icon or note, as the old drawing is gone by then.
pub fn max_steps(size: Point) -> u32 {
    let radius = size.x.min(size.y);
    let icon = Icon {
        caption: Some("W".repeat(MAX_CAPTION_LEN)),
        scale: MAX_ICON_SCALE,
        ..Icon::builtin(crate::map::BuiltinIcon::Star)
    };
    let icons = icons_extent(std::slice::from_ref(&icon), radius);
    let note = note_extent(&"W".repeat(MAX_CAPTION_LEN), radius);
    steps_for(icons.max(note), size)
}

#[cfg(test)]
#[path = "spill_tests.rs"]
mod tests;
