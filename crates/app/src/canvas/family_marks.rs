//! Where a map family shows on the GM's canvas: a mark on every hex (or icon's hex) that
//! opens a child map, and in a child derived from a parent hex, that hex's outline and the
//! names of the parent's neighbouring hexes beyond each side, so the GM sees where the
//! child sits in its parent. The players' view draws neither (it draws the player filter's
//! map).

use crate::canvas::camera::Camera;
use crate::open_map::OpenMap;
use eframe::egui::{self, Align2, Color32, FontId, Pos2, Rect, Shape, Stroke};
use hexmap_hex::{Direction, Edge, Hex, Layout};
use hexmap_map::HexMap;
use hexmap_map::family::derive::ChildFrame;
use hexmap_map::family::{Link, link_segment};

/// The colour of the child-map marks and the parent hex's outline.
pub const FAMILY_MARK: Color32 = Color32::from_rgb(120, 60, 170);

/// The hexes of `map` that open a child map: linked hexes, and the hexes of linked icons.
pub fn linked_hexes(map: &HexMap) -> Vec<Hex> {
    map.children()
        .iter()
        .filter_map(|c| match c.link {
            Link::Hex(h) => Some(h),
            Link::Icon(id) => map.icons().find(id).map(|(h, _)| h),
            Link::Region(_) => None,
        })
        .collect()
}

/// Paint a mark at the lower left of each hex that opens a child map: a small hexagon
/// holding a smaller one (a map inside a map).
pub(crate) fn paint_marks(
    painter: &egui::Painter,
    doc: &OpenMap,
    layout: &Layout,
    view: (&Camera, Rect),
) {
    let place = crate::canvas::key_marks::MarkPlace {
        toward: (-0.5, 0.42),
        scale: 0.22,
        clamp: (5.0, 10.0),
    };
    let hexes = linked_hexes(doc.map()).into_iter().map(|h| (h, ()));
    place.each(layout, view, hexes, |at, r, ()| {
        let hexagon = |r: f32| -> Vec<Pos2> {
            (0..6)
                .map(|i| {
                    let a = std::f32::consts::FRAC_PI_3 * i as f32 + std::f32::consts::FRAC_PI_6;
                    at + egui::vec2(r * a.cos(), r * a.sin())
                })
                .collect()
        };
        painter.add(Shape::convex_polygon(
            hexagon(r),
            Color32::WHITE,
            Stroke::new(1.5, FAMILY_MARK),
        ));
        painter.add(Shape::convex_polygon(
            hexagon(r * 0.5),
            FAMILY_MARK,
            Stroke::NONE,
        ));
    });
}

/// What a neighbouring parent hex is called beside the child's border: its label and its
/// icon's caption, key title or terrain ("0508 Hold Varr", "0606 Forest").
pub fn neighbour_name(parent: &HexMap, h: Hex) -> Option<String> {
    if !parent.contains(h) {
        return None;
    }
    let label = link_segment(parent, Link::Hex(h));
    let caption = parent
        .icons_at(h)
        .iter()
        .find_map(|i| i.icon.caption.clone())
        .or_else(|| parent.key_entry(h).map(|e| e.title.clone()))
        .filter(|t| !t.trim().is_empty())
        .or_else(|| {
            let t = parent.terrain(h)?;
            parent.palette().get(t).map(|t| t.name.clone())
        });
    Some(match caption {
        Some(c) => format!("{label} {c}"),
        None => label,
    })
}

/// In a child derived from a parent hex: the parent hex's outline, and beyond each of its
/// sides the name of the parent's hex there.
pub(crate) fn paint_parent_frame(
    painter: &egui::Painter,
    doc: &OpenMap,
    layout: &Layout,
    (camera, rect): (&Camera, Rect),
) {
    let Some((parent, child)) = doc.parent_link() else {
        return;
    };
    let (Link::Hex(hex), Some(frame)) = (child.link, ChildFrame::of(child)) else {
        return;
    };
    let to_screen = |p| camera.world_to_screen(rect, p);
    let stroke = Stroke::new(3.0, FAMILY_MARK);
    let border: Vec<Edge> = hexmap_hex::ring(frame.center, frame.radius)
        .flat_map(|h| {
            h.neighbors()
                .into_iter()
                .filter(move |&n| !frame.inside(n))
                .filter_map(move |n| Edge::between(h, n))
        })
        .collect();
    for edge in border {
        let [a, b] = layout.edge_points(edge);
        painter.line_segment([to_screen(a), to_screen(b)], stroke);
    }
    let font = FontId::proportional(14.0);
    for d in Direction::ALL {
        let Some(name) = neighbour_name(parent, hex + d.offset()) else {
            continue;
        };
        // The middle of the child's hexes of that neighbour (the surroundings' ring).
        let (_, outer) = frame.crossing(d);
        let at = to_screen(layout.hex_to_pixel(outer));
        // White on a dark plate, readable over any terrain.
        let galley = painter.layout_no_wrap(name, font.clone(), Color32::WHITE);
        let plate = Align2::CENTER_CENTER
            .anchor_size(at, galley.size())
            .expand2(egui::vec2(5.0, 2.0));
        painter.rect_filled(plate, 4.0, Color32::from_black_alpha(170));
        painter.rect_stroke(
            plate,
            4.0,
            Stroke::new(1.5, FAMILY_MARK),
            egui::StrokeKind::Outside,
        );
        painter.galley(
            plate.shrink2(egui::vec2(5.0, 2.0)).min,
            galley,
            Color32::WHITE,
        );
    }
}
