//! Small marks drawn on a hex — the mine and note markers, the party — and the terrain
//! swatch of keys and tilesets, each drawn once here for every picture.

use super::colour::Colour;
use super::primitives::{Circle, Hexagon, Polygon, Stroke};
use super::sink::Sink;
use hexmap_hex::Point;

/// Party marker radius as a share of the hex radius.
pub const PARTY_SHARE: f64 = 0.35;
/// Smallest party marker radius in screen pixels (it stays visible on a whole-map view).
pub const PARTY_MIN_PX: f64 = 4.0;

/// The party marker's radius on a hex of radius `radius` drawn at `scale` pixels per
/// world unit.
pub fn party_radius(radius: f64, scale: f64) -> f64 {
    (radius * PARTY_SHARE).max(PARTY_MIN_PX / scale)
}

/// The party: a disc of `fill` with a white ring, of radius `r` at `centre`.
pub fn party(sink: &mut dyn Sink, centre: Point, r: f64, fill: Colour) {
    sink.circle(&Circle {
        centre,
        radius: r,
        fill: Some(fill),
        stroke: Some(Stroke::solid(r * 0.2, Colour::WHITE)),
    });
}

/// Mine marker radius as a share of the hex radius.
pub const MINE_SHARE: f64 = 0.38;
/// Radius of the mine marker's core as a share of the hex radius.
pub const MINE_CORE_SHARE: f64 = 0.15;

/// A mine: a disc of `body` (with a smaller disc of `core` in it, if any) on a hex of
/// radius `radius` at `centre`.
pub fn mine(sink: &mut dyn Sink, centre: Point, radius: f64, body: Colour, core: Option<Colour>) {
    sink.circle(&Circle {
        centre,
        radius: radius * MINE_SHARE,
        fill: Some(body),
        stroke: None,
    });
    if let Some(core) = core {
        sink.circle(&Circle {
            centre,
            radius: radius * MINE_CORE_SHARE,
            fill: Some(core),
            stroke: None,
        });
    }
}

/// Radius of the mine marker beside texts, as a share of the hex radius.
pub const SMALL_MINE_SHARE: f64 = 0.18;

/// A mine beside the texts of its hex (its terrain symbol and coordinate label, which sit
/// in the middle): a smaller disc in the hex's upper-left corner (0.7 of the way to it),
/// so it covers neither text, nor the note flag in the upper-right corner.
pub fn mine_beside_texts(
    sink: &mut dyn Sink,
    hexagon: &Hexagon,
    centre: Point,
    radius: f64,
    body: Colour,
    core: Option<Colour>,
) {
    // The upper-left corner: the one furthest up and left (corner 3 of pointy hexes,
    // corner 2 of flat ones).
    let corner = (0..6)
        .min_by(|&a, &b| {
            let key = |i: usize| hexagon.corners[i].x + hexagon.corners[i].y;
            key(a).total_cmp(&key(b))
        })
        .unwrap_or(2);
    let at = hexagon.corner(centre, 0.7, corner);
    let small = radius * SMALL_MINE_SHARE / MINE_SHARE;
    mine(sink, at, small, body, core);
}

/// The corner of the hex a note's flag sits in: the upper right one in both orientations
/// (corner 1), away from the terrain symbol and the coordinate label, which are centred.
pub const NOTE_CORNER: usize = 1;

/// A note: a small flag in the upper-right corner of the hex at `centre` (from 0.62 to
/// 0.95 of the way to [`NOTE_CORNER`]), outside the middle where the terrain symbol, the
/// coordinate label and the mine sit, so none of them is covered.
pub fn note(sink: &mut dyn Sink, hexagon: &Hexagon, centre: Point, colour: Colour) {
    let points = note_flag(hexagon, centre);
    sink.polygon(&Polygon {
        points: &points,
        fill: Some(colour),
        stroke: None,
    });
}

/// The three points of a note's flag in the hex at `centre` (see [`note`]).
pub fn note_flag(hexagon: &Hexagon, centre: Point) -> [Point; 3] {
    let i = NOTE_CORNER;
    let at = |s: f64, nudge: Option<usize>| {
        let p = hexagon.corner(centre, s, i);
        match nudge {
            Some(j) => {
                let o = hexagon.corners[j % 6];
                Point::new(p.x + o.x * 0.14, p.y + o.y * 0.14)
            }
            None => p,
        }
    };
    [at(0.95, None), at(0.62, Some(i + 5)), at(0.62, Some(i + 1))]
}

/// A terrain swatch (a tile of a tileset, a key entry): the outline filled with the
/// terrain colour and edged in a darker shade of it, `edge_width` wide.
pub fn terrain_swatch(sink: &mut dyn Sink, outline: &[Point], fill: Colour, edge_width: f64) {
    let edge = Colour::rgba(fill.r / 2, fill.g / 2, fill.b / 2, 160);
    sink.polygon(&Polygon {
        points: outline,
        fill: Some(fill),
        stroke: Some(Stroke::solid(edge_width, edge)),
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sink::{Recorded, Recording};
    use hexmap_hex::{Layout, Orientation};

    #[test]
    fn mine_is_a_disc_with_an_optional_core() {
        let mut r = Recording::default();
        mine(&mut r, Point::new(1.0, 2.0), 10.0, Colour::BLACK, None);
        assert_eq!(r.items.len(), 1);
        mine(
            &mut r,
            Point::new(1.0, 2.0),
            10.0,
            Colour::BLACK,
            Some(Colour::WHITE),
        );
        assert_eq!(r.items.len(), 3);
        let Recorded::Circle(core) = r.items[2] else {
            panic!()
        };
        assert!((core.radius - 1.5).abs() < 1e-9);
    }

    #[test]
    fn note_flag_lies_inside_the_hex_in_its_corner_clear_of_the_middle() {
        for o in [Orientation::Pointy, Orientation::Flat] {
            let layout = Layout::regular(o, 10.0).unwrap();
            let hexagon = Hexagon::of(&layout);
            let mut r = Recording::default();
            note(&mut r, &hexagon, Point::new(0.0, 0.0), Colour::WHITE);
            let Recorded::Polygon { points, .. } = &r.items[0] else {
                panic!()
            };
            let c = hexagon.corners[NOTE_CORNER];
            for p in points {
                let d = (p.x * p.x + p.y * p.y).sqrt();
                assert!(d < 10.0 && d > 5.5, "{o:?}: {p:?} inside, off the middle");
                assert!(
                    p.x * c.x + p.y * c.y > 0.0,
                    "{o:?}: toward its corner: {p:?}"
                );
                assert!(p.x > 0.0 && p.y < 0.0, "{o:?}: upper right: {p:?}");
            }
        }
    }
}
