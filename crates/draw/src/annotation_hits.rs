//! Which icon or label is under a world point, exactly as [`super::annotations`] lays them
//! out: icon boxes of hexes with several icons, caption boxes under them, and label text
//! boxes measured with the drawing's glyph metrics ([`TextBox`]) and rotated. The editor
//! selects what this finds; the status bar names it.
//!
//! Topmost first, in the drawing order: labels above icons, a later label (higher id)
//! above an earlier one; icons of a hex in list order (a later one above), hexes in the
//! reading order the map is drawn in. Icons and labels too small to be drawn at the
//! current scale are never hit.

use super::annotations::{self, ICON_MIN_PX};
use super::colour::Colour;
use super::lod::MIN_TEXT_PX;
use super::primitives::Text;
use super::text_box::TextBox;
use hexmap_hex::{Hex, Layout, OffsetKind, Point};
use hexmap_map::{HexMap, Icon, Label, LabelId};

/// An icon or a label under a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnnotationHit {
    /// The `index`-th icon of `hex`.
    Icon {
        /// The hex it is on.
        hex: Hex,
        /// Its place in the hex's list.
        index: usize,
    },
    /// A label.
    Label(LabelId),
}

/// Where an icon is drawn: its box (centre and half side) in world units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IconBox {
    /// Centre of the box.
    pub centre: Point,
    /// Half the side of the (square) box.
    pub half: f64,
}

impl IconBox {
    /// Whether the world point `p` lies in the box.
    pub fn contains(&self, p: Point) -> bool {
        (p.x - self.centre.x).abs() <= self.half && (p.y - self.centre.y).abs() <= self.half
    }
}

/// Where an icon comes in the drawing: its hex's row and column (reading order), then
/// its place in the hex's list.
type DrawOrder = (i32, i32, usize);

/// The smaller hex radius the icons are laid out on (as `MapScene` draws them).
fn radius(layout: &Layout) -> f64 {
    layout.inner_radius()
}

/// The box of the `index`-th icon on `hex` (`None` when there is no such icon).
pub fn icon_box(map: &HexMap, layout: &Layout, hex: Hex, index: usize) -> Option<IconBox> {
    let list = map.icons_at(hex);
    let icon = list.get(index)?;
    let (offset, half) = annotations::icon_box(index, list.len(), icon.scale, radius(layout));
    let c = layout.hex_to_pixel(hex);
    Some(IconBox {
        centre: Point::new(c.x + offset.x, c.y + offset.y),
        half,
    })
}

/// The caption of `icon` as drawn for its box `b` on a hex with `n` icons, if it has one.
fn caption<'a>(icon: &'a Icon, n: usize, layout: &Layout, b: IconBox) -> Option<Text<'a>> {
    let text = icon.caption.as_deref()?;
    let (anchor, size) = annotations::caption_place(n, radius(layout), b.centre, b.half);
    Some(annotations::caption_text(text, anchor, size, Colour::BLACK))
}

/// The world corners of `label`'s text box (rotation applied), clockwise on screen from
/// its top-left: what a selection outline and its handles are placed on.
/// A curved label's are the corners of the upright box around its glyphs.
pub fn label_corners(label: &Label, layout: &Layout) -> [Point; 4] {
    if !label.path.is_empty() {
        let (lo, hi) = annotations::label_box(label, layout);
        return [lo, Point::new(hi.x, lo.y), hi, Point::new(lo.x, hi.y)];
    }
    let text = annotations::label_text(label, layout);
    TextBox::of(&text).corners(&text)
}

/// Whether `p` lies on `label`'s drawn text box (on a curved label's, one of its glyphs').
pub fn label_contains(label: &Label, layout: &Layout, p: Point) -> bool {
    if !label.path.is_empty() {
        let (lo, hi) = annotations::label_box(label, layout);
        let inside = p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y;
        return inside
            && annotations::label_texts(label, layout)
                .iter()
                .any(|t| TextBox::of(t).contains(t, p));
    }
    let text = annotations::label_text(label, layout);
    // A cheap test first: no part of the text is farther from its centre than its size
    // times its character count (plus the halo).
    let reach = text.size * (label.text.chars().count() as f64 + 1.0);
    if (p.x - label.at.x).abs() > reach || (p.y - label.at.y).abs() > reach {
        return false;
    }
    TextBox::of(&text).contains(&text, p)
}

/// The topmost icon or label drawn at the world point `p` when the map is drawn at
/// `scale` pixels per world unit (see the module documentation for the order).
pub fn hit(map: &HexMap, layout: &Layout, p: Point, scale: f64) -> Option<AnnotationHit> {
    if let Some(id) = hit_label(map, layout, p, scale) {
        return Some(AnnotationHit::Label(id));
    }
    hit_icon(map, layout, p, scale).map(|(hex, index)| AnnotationHit::Icon { hex, index })
}

/// The topmost label drawn at `p` (icons ignored): the one with the highest id.
pub fn hit_label(map: &HexMap, layout: &Layout, p: Point, scale: f64) -> Option<LabelId> {
    let mut top = None;
    for (id, label) in map.labels().iter() {
        if annotations::label_height(label, layout) * scale >= MIN_TEXT_PX
            && label_contains(label, layout, p)
        {
            top = Some(id);
        }
    }
    top
}

/// The label a press at `p` means with the label tool: the topmost drawn at `p`, else the
/// one whose (rotated) text box passes nearest to `p` within `reach_px` screen pixels at
/// `scale` (a later label wins a tie). A press just beside a turned label's letters
/// takes the label rather than the empty map.
pub fn hit_label_near(
    map: &HexMap,
    layout: &Layout,
    p: Point,
    scale: f64,
    reach_px: f64,
) -> Option<LabelId> {
    if let Some(id) = hit_label(map, layout, p, scale) {
        return Some(id);
    }
    let reach = reach_px / scale.max(1e-9);
    let mut best: Option<(f64, LabelId)> = None;
    for (id, label) in map.labels().iter() {
        if annotations::label_height(label, layout) * scale < MIN_TEXT_PX {
            continue;
        }
        let d = distance_to_quad(&label_corners(label, layout), p);
        if d <= reach && best.is_none_or(|(b, _)| d <= b) {
            best = Some((d, id));
        }
    }
    best.map(|(_, id)| id)
}

/// The distance from `p` to the edges of the convex quadrilateral `corners` (in order
/// around it); 0 inside.
fn distance_to_quad(corners: &[Point; 4], p: Point) -> f64 {
    let cross = |a: Point, b: Point| (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    let sides: Vec<f64> = (0..4)
        .map(|i| cross(corners[i], corners[(i + 1) % 4]))
        .collect();
    if sides.iter().all(|&s| s >= 0.0) || sides.iter().all(|&s| s <= 0.0) {
        return 0.0;
    }
    (0..4)
        .map(|i| {
            let (a, b) = (corners[i], corners[(i + 1) % 4]);
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let len2 = (dx * dx + dy * dy).max(1e-18);
            let t = (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0);
            (p.x - a.x - t * dx).hypot(p.y - a.y - t * dy)
        })
        .fold(f64::INFINITY, f64::min)
}

/// The topmost icon (or its caption) drawn at `p` (labels ignored): its hex and place in
/// the hex's list.
pub fn hit_icon(map: &HexMap, layout: &Layout, p: Point, scale: f64) -> Option<(Hex, usize)> {
    let kind = OffsetKind::default_for(layout.orientation());
    let r = radius(layout);
    // The drawing order key (row, column, place in the list) of the best hit so far.
    let mut best: Option<(DrawOrder, (Hex, usize))> = None;
    for (hex, list) in map.icons().iter() {
        let c = layout.hex_to_pixel(hex);
        // Cheap bound: a box reaches 2.9 radii from its hex centre at most (scale ≤ 4),
        // a caption its text size times its length below that.
        let longest = list
            .iter()
            .filter_map(|i| i.caption.as_ref().map(|c| c.chars().count()))
            .max()
            .unwrap_or(0) as f64;
        let reach = r * 3.0 + r * longest * 0.5;
        if (p.x - c.x).abs() > reach || (p.y - c.y).abs() > reach + r {
            continue;
        }
        let at = kind.from_hex(hex);
        for (index, icon) in list.iter().enumerate() {
            let key = (at.row, at.col, index);
            if best.as_ref().is_some_and(|(k, _)| *k > key) {
                continue;
            }
            let Some(b) = icon_box(map, layout, hex, index) else {
                continue;
            };
            if 2.0 * b.half * scale < ICON_MIN_PX {
                continue;
            }
            let on_caption = || {
                caption(icon, list.len(), layout, b).is_some_and(|t| {
                    t.size * scale >= MIN_TEXT_PX && TextBox::of(&t).contains(&t, p)
                })
            };
            if b.contains(p) || on_caption() {
                best = Some((key, (hex, index)));
            }
        }
    }
    best.map(|(_, h)| h)
}

/// What the status bar calls a hit: "icon town “Aldwick” on 0304" is built by the
/// caller; this gives the icon's or label's own name ("town “Aldwick”", "label “The Grey
/// Marches”").
pub fn describe(map: &HexMap, hit: AnnotationHit) -> Option<String> {
    match hit {
        AnnotationHit::Icon { hex, index } => {
            let icon = map.icons_at(hex).get(index)?;
            let name = match &icon.source {
                hexmap_map::IconSource::Builtin(b) => b.name().replace('_', " "),
                hexmap_map::IconSource::Image(path) => format!("image {path}"),
            };
            Some(match &icon.caption {
                Some(c) => format!("icon {name} “{c}”"),
                None => format!("icon {name}"),
            })
        }
        AnnotationHit::Label(id) => map.label(id).map(|l| format!("label “{}”", l.text)),
    }
}

#[cfg(test)]
mod tests;
