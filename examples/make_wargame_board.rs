//! Regenerate the sample wargame board `maps/wargame-river-crossing.ron` (deterministic;
//! the file is committed): a flat-hex 24 × 18 board with XXYY labels, a river along
//! hexsides with a ford, a walled village, hills, and a road network, all made through
//! the library; and the game's own data as custom properties: unit-setup hexes (`side`,
//! an enum of Blue and Red) and objectives (`victory points`, an integer).
//!
//! `cargo run --example make_wargame_board -- [DIR]` (default `maps`)

#[path = "support/terrain.rs"]
mod terrain;

use hexmap::hex::{Edge, Hex, OffsetCoord, OffsetKind, Orientation, Point};
use hexmap::io::{self, Form};
use hexmap::map::{
    CustomProps, EdgeTypeId, HexMap, MapPath, MapProperties, MapShape, Palette, PathTypeId,
    PropKind, PropOwner, PropType, PropValue, PropValues, TerrainId,
};
use std::collections::BTreeSet;
use std::path::PathBuf;
use terrain::fractal;

const COLS: i32 = 24;
const ROWS: i32 = 18;
const KIND: OffsetKind = OffsetKind::OddQ;

// Standard palettes (see `Palette::standard`, `EdgePalette::standard`, `PathPalette::standard`).
const GRASS: u16 = 2;
const FOREST: u16 = 3;
const HILLS: u16 = 4;
const MOUNTAINS: u16 = 5;
const RIVER: u16 = 1;
const WALL: u16 = 3;
const FORD: u16 = 5;
const ROAD: u16 = 1;
const TRAIL: u16 = 2;

fn at(col: i32, row: i32) -> Hex {
    KIND.to_hex(OffsetCoord::new(col, row))
}

/// The hexes of a route through `waypoints` (offset col, row), each leg a hex line.
fn route(waypoints: &[(i32, i32)]) -> Vec<Hex> {
    let mut hexes = vec![at(waypoints[0].0, waypoints[0].1)];
    for w in waypoints.windows(2) {
        let (a, b) = (at(w[0].0, w[0].1), at(w[1].0, w[1].1));
        hexes.extend(hexmap::hex::line::line(a, b).into_iter().skip(1));
    }
    hexes
}

/// West of the river: centres left of a meandering line down the board.
fn west_of_river(map: &HexMap, h: Hex) -> bool {
    let layout = map.layout().expect("valid layout");
    let p = layout.hex_to_pixel(h);
    let size = map.properties().hex_size;
    let y = p.y / size.y;
    let x = p.x / size.x;
    x < 10.5 + 2.2 * (y / 4.0).sin() + 0.8 * (y / 1.7).cos()
}

fn board() -> HexMap {
    let mut props = MapProperties::new("River crossing (sample wargame board)", Orientation::Flat);
    props.hex_size = Point::new(24.0, 24.0);
    let shape = MapShape::rectangle(KIND, COLS as u32, ROWS as u32).expect("valid shape");
    let mut map = HexMap::new(props, shape, Palette::standard()).expect("valid properties");
    let cells: Vec<Hex> = map.shape().iter().collect();

    // Terrain: grass with woods, a ridge of hills in the east with a few peaks.
    for &h in &cells {
        let c = KIND.from_hex(h);
        let (x, y) = (f64::from(c.col), f64::from(c.row));
        let ridge = 1.0 - ((x - 17.0 - 1.5 * (y / 3.0).sin()) / 3.0).powi(2);
        let wood = fractal(7, x, y, 5.0);
        let id = if ridge > 0.7 && fractal(11, x, y, 3.0) > 0.62 {
            MOUNTAINS
        } else if ridge > 0.0 {
            HILLS
        } else if wood > 0.6 {
            FOREST
        } else {
            GRASS
        };
        map.set_terrain(h, TerrainId::new(id)).expect("a cell");
    }

    // The river: every side between a hex west of the meander line and one east of it.
    let mut river = BTreeSet::new();
    for &h in &cells {
        for n in h.neighbors() {
            if map.shape().contains(n) && west_of_river(&map, h) && !west_of_river(&map, n) {
                river.insert(Edge::between(h, n).expect("neighbours"));
            }
        }
    }
    for &e in &river {
        map.set_edge(e, EdgeTypeId::new(RIVER))
            .expect("between cells");
    }

    // The main road, west to east over the ford and up through the hills.
    let road = route(&[(0, 9), (5, 9), (9, 8), (13, 8), (16, 6), (19, 5), (23, 4)]);
    // Where it crosses the river: a ford.
    for w in road.windows(2) {
        let e = Edge::between(w[0], w[1]).expect("a road steps to neighbours");
        if river.contains(&e) {
            map.set_edge(e, EdgeTypeId::new(FORD))
                .expect("between cells");
        }
    }
    // A walled village where the road enters the hills, open where the road passes.
    let village = at(16, 6);
    let branch = route(&[(16, 6), (17, 11), (15, 17)]);
    let gates: BTreeSet<Edge> = road
        .windows(2)
        .chain(branch.windows(2))
        .filter_map(|w| Edge::between(w[0], w[1]))
        .collect();
    for n in std::iter::once(village).chain(village.neighbors()) {
        for e in Edge::around(n) {
            let (a, b) = e.hexes();
            let inside = |x: Hex| x.distance(village) <= 1;
            if inside(a) != inside(b) && !gates.contains(&e) && map.shape().contains(a) {
                let _ = map.set_edge(e, EdgeTypeId::new(WALL));
            }
        }
    }
    map.set_note(village, Some("Walled village".into()))
        .expect("a cell");
    let road_kind = PathTypeId::new(ROAD).expect("non-zero");
    add_path(&mut map, road_kind, road);
    // A branch south through the hills, and a trail north along the west bank.
    add_path(&mut map, road_kind, branch);
    let trail = PathTypeId::new(TRAIL).expect("non-zero");
    add_path(&mut map, trail, route(&[(5, 9), (4, 5), (6, 0)]));
    set_up_the_game(&mut map, village);
    map
}

/// The game's data: Blue sets up on the west edge, Red in the eastern hills; the village,
/// the road by the ford and the road's end in the hills are worth victory points.
fn set_up_the_game(map: &mut HexMap, village: Hex) {
    let types = vec![
        PropType {
            name: "side".into(),
            kind: PropKind::Enum(vec!["Blue".into(), "Red".into()]),
            default: PropValue::Enum("Blue".into()),
            gm_only: false,
        },
        PropType {
            name: "victory points".into(),
            kind: PropKind::Int,
            default: PropValue::Int(0),
            gm_only: false,
        },
    ];
    let mut values: std::collections::BTreeMap<PropOwner, PropValues> = Default::default();
    let mut set = |h: Hex, name: &str, v: PropValue| {
        values
            .entry(PropOwner::Cell(h))
            .or_default()
            .insert(name.to_owned(), v);
    };
    for row in 6..=12 {
        set(at(0, row), "side", PropValue::Enum("Blue".into()));
    }
    for row in 2..=7 {
        set(at(22, row), "side", PropValue::Enum("Red".into()));
    }
    set(village, "victory points", PropValue::Int(3));
    set(at(10, 8), "victory points", PropValue::Int(2));
    set(at(23, 4), "victory points", PropValue::Int(1));
    let custom = CustomProps::build(types, values).expect("values of their types");
    map.set_custom(custom).expect("cells of the board");
}

fn add_path(map: &mut HexMap, kind: PathTypeId, hexes: Vec<Hex>) {
    let id = map.paths().next_id();
    map.insert_path(MapPath {
        id,
        kind,
        hexes,
        gm_only: false,
    })
    .expect("a path of neighbouring cells");
}

fn main() -> Result<(), String> {
    let dir = std::env::args()
        .nth(1)
        .map_or_else(|| PathBuf::from("maps"), PathBuf::from);
    let map = board();
    let path = dir.join("wargame-river-crossing.ron");
    io::save(&path, &map, Form::Offset).map_err(|e| e.to_string())?;
    println!(
        "wrote {} ({} cells, {} edge features, {} paths)",
        path.display(),
        map.cell_count(),
        map.edges().count(),
        map.paths().len()
    );
    Ok(())
}
