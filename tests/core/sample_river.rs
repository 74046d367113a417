//! The hexcrawl sample's river is a river, read from the file: its hexsides join corner
//! to corner into one chain without branches or loops, from a source inland to the sea
//! (a water hex at its mouth), never between two water hexes nor along a shore.

use hexmap::generate::is_water;
use hexmap::hex::{Edge, Hex};
use hexmap::io;
use hexmap::map::HexMap;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A corner, named by the three hexes that meet there (sorted).
type CornerKey = [Hex; 3];

/// The two corners at the ends of `edge`, each named by its three hexes (sorted).
fn ends(edge: Edge) -> [CornerKey; 2] {
    let (a, b) = edge.hexes();
    let shared: Vec<Hex> = a
        .neighbors()
        .into_iter()
        .filter(|n| b.neighbors().contains(n))
        .collect();
    assert_eq!(shared.len(), 2, "two neighbours share two hexes");
    shared
        .into_iter()
        .map(|c| {
            let mut k = [a, b, c];
            k.sort();
            k
        })
        .collect::<Vec<_>>()
        .try_into()
        .unwrap()
}

fn water(map: &HexMap, h: Hex) -> bool {
    map.contains(h) && is_water(map, h)
}

#[test]
fn the_hexcrawl_river_runs_as_one_chain_of_sides_from_a_source_to_the_sea() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    let (map, _) = io::load(&path).unwrap();
    let river = map
        .edge_palette()
        .types()
        .iter()
        .find(|t| t.name == "River")
        .map(|t| t.id)
        .expect("a River type");
    let sides: Vec<Edge> = map
        .edges()
        .filter(|&(_, k)| k == river)
        .map(|(e, _)| e)
        .collect();
    assert!(
        sides.len() >= 10,
        "a river, not a creek: {} sides",
        sides.len()
    );
    // Corners and the sides meeting at each.
    let mut at: BTreeMap<CornerKey, Vec<Edge>> = BTreeMap::new();
    for &e in &sides {
        for c in ends(e) {
            at.entry(c).or_default().push(e);
        }
        let (a, b) = e.hexes();
        assert!(
            !(water(&map, a) && water(&map, b)),
            "{e:?} lies between two water hexes"
        );
    }
    assert!(at.values().all(|s| s.len() <= 2), "the river branches");
    let tips: Vec<CornerKey> = at
        .iter()
        .filter(|(_, s)| s.len() == 1)
        .map(|(c, _)| *c)
        .collect();
    assert_eq!(tips.len(), 2, "one chain has two ends, no loop: {tips:?}");
    // Walk it from one end: every side is reached (one piece, no separate dashes).
    let touches_water = |c: &CornerKey| c.iter().any(|&h| water(&map, h));
    let (mouths, sources): (Vec<&CornerKey>, Vec<&CornerKey>) =
        tips.iter().partition(|c| touches_water(c));
    assert_eq!(
        (mouths.len(), sources.len()),
        (1, 1),
        "a source inland and a mouth at the sea"
    );
    let mut walked = BTreeSet::new();
    let mut corner = *sources[0];
    let mut order = vec![corner];
    while let Some(&next_side) = at[&corner].iter().find(|e| !walked.contains(*e)) {
        walked.insert(next_side);
        corner = ends(next_side).into_iter().find(|c| *c != corner).unwrap();
        order.push(corner);
    }
    assert_eq!(walked.len(), sides.len(), "one connected chain");
    assert_eq!(corner, *mouths[0], "it ends at the sea");
    // Only the mouth touches water: the river does not run along a shore on its way.
    assert!(order[..order.len() - 1].iter().all(|c| !touches_water(c)));
    // The sample has no heights to run down; its maker routes the river by the heights
    // its terrain was drawn from (examples/make_hexcrawl.rs).
    assert!(map.elevation_layer().is_none());
}
