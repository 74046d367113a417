//! How far up and down drawing one piece of a picture can paint. A picture drawn piece by
//! piece in reading order ([`super::region::split`]) may be cut into horizontal strips of
//! pixel rows drawn on several threads: each strip draws, in the same order, only the
//! pieces that reach it, so every pixel sees the same drawing as from one thread.

use super::annotations::{label_box, label_home, point_home};
use super::named_regions::hexes_box;
use super::region::block_contains;
use super::spill;
use super::world_box::{CellReach, offset_bounds_world_box};
use hexmap_hex::Layout;
use hexmap_map::{HexMap, OffsetBounds};

/// Pixels of slack for what is sized on screen rather than in the world (strokes at their
/// minimum width, text halos, the smallest region names).
const SCREEN_SLACK_PX: f64 = 32.0;

/// The world y range (top, bottom) each of `pieces` can paint when [`super::MapScene`]
/// draws it at `scale` pixels per world unit (`bounds`: the scene's cell box): its cells,
/// what is drawn past them (icons and captions up to [`spill::max_steps`] hexes out, edge
/// features and roads), the place names and named regions it is home to
/// ([`label_home`], [`point_home`]), and a few pixels more. Generous by design: too wide
/// only costs a strip some drawing it cuts off, too narrow would lose pixels.
pub fn vertical_reach(
    map: &HexMap,
    layout: &Layout,
    bounds: &OffsetBounds,
    pieces: &[OffsetBounds],
    scale: f64,
) -> Vec<(f64, f64)> {
    let size = layout.size();
    let hex = 2.0 * size.x.max(size.y);
    let margin = f64::from(spill::max_steps(size) + 2) * hex + SCREEN_SLACK_PX / scale;
    let mut reach: Vec<(f64, f64)> = pieces
        .iter()
        .map(|&piece| {
            let (lo, hi) = offset_bounds_world_box(layout, piece, CellReach::HexSize);
            (lo.y - margin, hi.y + margin)
        })
        .collect();
    let home_piece = |home: (i32, i32)| pieces.iter().position(|p| block_contains(p, home));
    let mut widen = |piece: Option<usize>, top: f64, bottom: f64| {
        if let Some(r) = piece.and_then(|i| reach.get_mut(i)) {
            r.0 = r.0.min(top - margin);
            r.1 = r.1.max(bottom + margin);
        }
    };
    for (_, label) in map.labels().iter() {
        let (lo, hi) = label_box(label, layout);
        // A label's halo and bold stroke reach past its box by a part of its height.
        let extra = hi.y - lo.y;
        widen(
            home_piece(label_home(label, layout, bounds)),
            lo.y - extra,
            hi.y + extra,
        );
    }
    for region in map.regions().iter() {
        if let Some((lo, hi)) = hexes_box(&region.hexes, layout) {
            widen(home_piece(point_home(hi, layout, bounds)), lo.y, hi.y);
        }
    }
    reach
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::region::split;
    use hexmap_hex::{OffsetKind, Orientation, Point};
    use hexmap_map::{Label, MapShape};

    fn map() -> HexMap {
        let shape = MapShape::rectangle(OffsetKind::OddR, 40, 40).unwrap();
        hexmap_map::testing::map_on(Orientation::Pointy, shape)
    }

    #[test]
    fn each_piece_reaches_its_own_rows_and_a_margin_around_them() {
        let m = map();
        let layout = m.layout().unwrap();
        let bounds = m.shape().offset_bounds(OffsetKind::OddR);
        let pieces = split(&bounds, 4);
        let reach = vertical_reach(&m, &layout, &bounds, &pieces, 1.0);
        for (piece, &(top, bottom)) in pieces.iter().zip(&reach) {
            let (lo, hi) = offset_bounds_world_box(&layout, *piece, CellReach::HexSize);
            assert!(top < lo.y && bottom > hi.y, "{piece:?}: {top}..{bottom}");
        }
    }

    #[test]
    fn a_tall_label_widens_only_its_home_piece() {
        let mut m = map();
        let layout = m.layout().unwrap();
        let bounds = m.shape().offset_bounds(OffsetKind::OddR);
        let pieces = split(&bounds, 4);
        let before = vertical_reach(&m, &layout, &bounds, &pieces, 1.0);
        // Turned upright and 30 hexes high: it spans most of the map.
        let centre =
            layout.hex_to_pixel(OffsetKind::OddR.to_hex(hexmap_hex::OffsetCoord::new(20, 20)));
        let label = Label {
            size: 30.0,
            rotation: 90.0,
            ..Label::new("Great Northern Range", Point::new(centre.x, centre.y))
        };
        let id = m.labels().next_id();
        m.add_label(id, label.clone()).unwrap();
        let after = vertical_reach(&m, &layout, &bounds, &pieces, 1.0);
        let home = label_home(&label, &layout, &bounds);
        let (lo, hi) = label_box(&label, &layout);
        let mut widened = 0;
        for (i, (b, a)) in before.iter().zip(&after).enumerate() {
            let p = pieces[i];
            let is_home = home.1 >= p.min_row
                && home.1 < p.min_row + p.rows as i32
                && home.0 >= p.min_col
                && home.0 < p.min_col + p.cols as i32;
            if is_home {
                assert!(
                    a.0 < lo.y && a.1 > hi.y,
                    "home piece {a:?} misses {lo:?}..{hi:?}"
                );
                widened += 1;
            } else {
                assert_eq!(a, b, "piece {i} is not the label's home");
            }
        }
        assert_eq!(widened, 1);
    }
}
