//! The 1M maps with content: icons, labels, edge features and roads, placed by a seeded
//! generator so every run draws the same.

use super::*;

/// A small deterministic generator (xorshift), so every run places the same content.
pub(super) struct Rng(u64);

impl Rng {
    pub(super) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n`.
    pub(super) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The 1000 × 1000 map with 10,000 icons (one to three per hex on random hexes, every
/// fourth with a caption) and 500 place-name labels (0.5 to 12 hexes high, some
/// rotated) at random places.
pub(super) fn annotated_map() -> HexMap {
    let mut map = terrain::varied_map(1000, 1000, 7);
    let kind = OffsetKind::OddR;
    let mut rng = Rng(0x1c0_5eed_0000_0015);
    let mut placed = 0;
    while placed < 10_000 {
        let hex = kind.to_hex(OffsetCoord::new(
            rng.below(1000) as i32,
            rng.below(1000) as i32,
        ));
        if !map.icons_at(hex).is_empty() {
            continue;
        }
        let n = (1 + rng.below(3) as usize).min(10_000 - placed);
        let icons = (0..n)
            .map(|i| {
                let kinds = BuiltinIcon::ALL;
                let mut icon = Icon::builtin(kinds[rng.below(kinds.len() as u64) as usize]);
                if (placed + i) % 4 == 0 {
                    icon.caption = Some(format!("Place {}", placed + i));
                }
                icon
            })
            .collect();
        map.set_icons(hex, icons).expect("valid icons");
        placed += n;
    }
    // The world extent of the pointy odd-r rectangle.
    let size = map.properties().hex_size;
    let (w, h) = (1000.0 * 3f64.sqrt() * size.x, 1000.0 * 1.5 * size.y);
    for i in 0..500u32 {
        let at = Point::new(
            rng.below(1000) as f64 / 1000.0 * w,
            rng.below(1000) as f64 / 1000.0 * h,
        );
        let mut label = Label::new(format!("Region {i}"), at);
        label.size = [0.5, 1.0, 2.0, 4.0, 12.0][rng.below(5) as usize];
        label.rotation = [0.0, 0.0, -15.0, 30.0][rng.below(4) as usize];
        label.bold = i % 3 == 0;
        map.add_label(LabelId(i), label).expect("valid label");
    }
    map
}

/// The 1000 × 1000 map with 10,000 edge features of the five standard types at random
/// sides and a road along every 50th row and column.
pub(super) fn featured_map() -> HexMap {
    let mut map = terrain::varied_map(1000, 1000, 7);
    let kind = OffsetKind::OddR;
    let mut rng = Rng(0x0ed9_e5ee_d000_0014);
    let mut placed = 0;
    while placed < 10_000 {
        let hex = kind.to_hex(OffsetCoord::new(
            rng.below(1000) as i32,
            rng.below(1000) as i32,
        ));
        let edge = Edge::new(hex, Direction::from_index(rng.below(6) as usize));
        let id = EdgeTypeId::new(rng.below(5) as u16 + 1);
        if map.edge(edge).is_none() && map.set_edge(edge, id).is_ok() {
            placed += 1;
        }
    }
    let road = PathTypeId::new(1).expect("the standard road");
    for line in (0..1000).step_by(50) {
        let row: Vec<Hex> = (0..1000)
            .map(|c| kind.to_hex(OffsetCoord::new(c, line)))
            .collect();
        // Columns of odd-r cells zigzag: consecutive cells are joined by a hex line.
        let mut column = vec![kind.to_hex(OffsetCoord::new(line, 0))];
        for r in 1..1000 {
            let next = kind.to_hex(OffsetCoord::new(line, r));
            let last = *column.last().expect("non-empty");
            column.extend(hex::line(last, next).into_iter().skip(1));
        }
        for hexes in [row, column] {
            let id = map.paths().next_id();
            map.insert_path(MapPath {
                gm_only: false,
                id,
                kind: road,
                hexes,
            })
            .expect("a road of neighbouring cells");
        }
    }
    map
}
