//! Icons and note captions drawn past their own hex (an icon at a large scale, a caption
//! wider than the hex): which hexes' drawings spill, and how many hex steps they reach.
//! The editor's chunks and a picture's bands are drawn one after another, unclipped, so a
//! region drawn later would cover what spills into it with its fills; each region draws
//! the spilling icons and captions that reach it once more, over its own fills. It is the
//! rule edge features follow (`draw::features`): whoever may paint over it draws it again.

use super::annotations::{caption_place, icon_box, note_caption, note_caption_place};
use hexmap_hex::{Hex, Layout, OffsetCoord, OffsetKind, Point};
use hexmap_map::annotations::{MAX_CAPTION_LEN, MAX_ICON_SCALE};
use hexmap_map::{HexMap, Icon};

/// Widest a caption character is taken to be, as a share of the text size (wide capitals
/// included), so the reach of a caption is never under-estimated.
const CHAR_WIDTH_MAX: f64 = 0.75;
/// Height of a caption line as a share of its size, halo included.
const LINE_HEIGHT: f64 = 1.35;

/// The hexes whose icons or note caption reach past the hex, with how far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Spill {
    /// One per hex, in the layers' order.
    entries: Vec<Reach>,
}

/// How far one hex's drawing reaches, in hex steps.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Reach {
    hex: Hex,
    /// The hex's offset cell in [`OffsetKind::default_for`].
    at: OffsetCoord,
    /// Steps reached by the icons' shapes.
    shapes: u32,
    /// Steps reached by the captions (of icons and of the note).
    texts: u32,
}

impl Spill {
    /// The spilling icons of `map` and, when its view draws notes as captions, its
    /// spilling note captions, for hexes of `layout`.
    pub fn of(map: &HexMap, layout: &Layout) -> Spill {
        let size = layout.size();
        let radius = layout.inner_radius();
        let kind = OffsetKind::default_for(layout.orientation());
        let notes = map.view().note_captions;
        let note_steps = |hex: Hex| {
            let note = map.notes().get(&hex).filter(|_| notes);
            let icons = map.icons().at(hex);
            note.map_or(0, |n| steps_for(note_extent(n, icons, radius), size))
        };
        let mut entries = Vec::new();
        for (hex, icons) in map.icons().iter() {
            let (shapes, captions) = icons_extent(icons, radius);
            let texts = steps_for(captions, size).max(note_steps(hex));
            entries.push(Reach {
                hex,
                at: kind.from_hex(hex),
                shapes: steps_for(shapes, size),
                texts,
            });
        }
        if notes {
            for &hex in map.notes().keys() {
                if map.icons().at(hex).is_empty() {
                    entries.push(Reach {
                        hex,
                        at: kind.from_hex(hex),
                        shapes: 0,
                        texts: note_steps(hex),
                    });
                }
            }
        }
        entries.retain(|r| r.shapes.max(r.texts) > 0);
        Spill { entries }
    }

    /// True when nothing spills.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The spilling hexes whose drawings may reach into the box of offset cells `min`–`max`
    /// (inclusive, in [`OffsetKind::default_for`]), each with whether it lies outside the box (its
    /// own region drew it elsewhere). Captions count only `with_texts` (a back-end painting texts
    /// over every region needs only the shapes).
    pub fn near(
        &self,
        min: (i32, i32),
        max: (i32, i32),
        with_texts: bool,
    ) -> impl Iterator<Item = (Hex, bool)> + '_ {
        let within = move |c: &OffsetCoord, k: u32| {
            let k = i64::from(k);
            let (col, row) = (i64::from(c.col), i64::from(c.row));
            col >= i64::from(min.0) - k
                && col <= i64::from(max.0) + k
                && row >= i64::from(min.1) - k
                && row <= i64::from(max.1) + k
        };
        self.entries
            .iter()
            .filter(move |r| {
                let steps = if with_texts {
                    r.shapes.max(r.texts)
                } else {
                    r.shapes
                };
                steps > 0 && within(&r.at, steps)
            })
            .map(move |r| (r.hex, !within(&r.at, 0)))
    }
}

/// How far from its hex's centre, in world units, the drawing of one hex's `icons`
/// reaches, for a hex of smaller radius `radius`: (the icons' box corners, their
/// captions).
fn icons_extent<I: AsRef<Icon>>(icons: &[I], radius: f64) -> (f64, f64) {
    let n = icons.len();
    let mut reach = (0.0_f64, 0.0_f64);
    for (i, icon) in icons.iter().map(AsRef::as_ref).enumerate() {
        let (at, half) = icon_box(i, n, icon.scale, radius);
        reach.0 = reach
            .0
            .max(at.x.hypot(at.y) + half * std::f64::consts::SQRT_2);
        if let Some(text) = icon.caption.as_deref() {
            let (top, size) = caption_place(n, radius, at, half);
            reach.1 = reach.1.max(caption_extent(text.chars().count(), top, size));
        }
    }
    reach
}

/// How far from its hex's centre a note drawn as a caption reaches (0 for a blank note),
/// on a hex holding `icons` (the note goes under their captions).
fn note_extent<I: AsRef<Icon>>(note: &str, icons: &[I], radius: f64) -> f64 {
    note_caption(note).map_or(0.0, |text| {
        let (top, size) = note_caption_place(icons, radius);
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
fn steps_for(extent: f64, size: Point) -> u32 {
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
        gm_only: false,
        caption: Some("W".repeat(MAX_CAPTION_LEN)),
        scale: MAX_ICON_SCALE,
        ..Icon::builtin(hexmap_map::BuiltinIcon::Star)
    };
    let lone = std::slice::from_ref(&icon);
    let (shapes, captions) = icons_extent(lone, radius);
    let note = note_extent(&"W".repeat(MAX_CAPTION_LEN), lone, radius);
    steps_for(shapes.max(captions).max(note), size)
}

#[cfg(test)]
mod tests;
