//! Round trips of the RON forms: every bundled map and random maps (proptest) with random
//! edge features and paths, compared by value; offset → cube → offset and cube → offset →
//! cube are lossless for every shape, and writing is deterministic.

use hexmap::hex::xxyy::{LabelOrder, LabelSettings};
use hexmap::hex::{Direction, Edge, Hex, OffsetKind, Orientation, Point};
use hexmap::io::{self, Form};
use hexmap::map::{
    Cost, EdgeMove, EdgePalette, EdgeTypeId, HexMap, MapPath, MapProperties, MapShape, MoveCost,
    Palette, PathPalette, PathTypeId, Rgb, Terrain, TerrainId, TileArt,
};
use proptest::prelude::*;
use std::path::Path;

const BUNDLED: [&str; 4] = [
    "minesweeper-13.ron",
    "subsector-traveller.ron",
    "island.ron",
    "hexagon-r8-cube.ron",
];

fn load_bundled(name: &str) -> (HexMap, Form) {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(name);
    io::load(&p).unwrap_or_else(|e| panic!("{e}"))
}

/// Both directions through the other form, plus determinism of the text.
fn assert_round_trips(map: &HexMap) {
    for (first, second) in [(Form::Offset, Form::Cube), (Form::Cube, Form::Offset)] {
        let text1 = io::to_string(map, first);
        let (m1, f1) = io::from_str(&text1).unwrap_or_else(|e| panic!("{e}\n{text1}"));
        assert_eq!(f1, first);
        assert_eq!(&m1, map, "{first} form changed the map");
        let text2 = io::to_string(&m1, second);
        let (m2, f2) = io::from_str(&text2).unwrap_or_else(|e| panic!("{e}\n{text2}"));
        assert_eq!(f2, second);
        assert_eq!(&m2, map, "{first} → {second} changed the map");
        let text3 = io::to_string(&m2, first);
        assert_eq!(text3, text1, "{first} → {second} → {first} text differs");
    }
}

#[test]
fn bundled_maps_load_and_round_trip() {
    for name in BUNDLED {
        let (map, _) = load_bundled(name);
        assert_round_trips(&map);
    }
}

#[test]
fn bundled_maps_are_what_they_claim() {
    let (ms, form) = load_bundled("minesweeper-13.ron");
    assert_eq!(form, Form::Offset);
    assert_eq!(
        ms.cell_count(),
        127,
        "hexagon of radius 6 from a 13 x 13 array"
    );
    let b = ms.shape().offset_bounds(OffsetKind::OddR);
    assert_eq!((b.cols, b.rows), (13, 13));
    assert_eq!(ms.mine_layer().count(), 22);
    assert!(matches!(ms.shape(), MapShape::Cells(_)));

    let (ss, _) = load_bundled("subsector-traveller.ron");
    let p = ss.properties();
    assert_eq!(
        (p.orientation, p.offset_kind),
        (Orientation::Flat, OffsetKind::OddQ)
    );
    assert_eq!(
        ss.shape(),
        &MapShape::rectangle(OffsetKind::OddQ, 8, 10).unwrap()
    );
    assert_eq!(p.labels, LabelSettings::default());
    let capital = p.labels.parse("0409").unwrap();
    assert!(ss.note(capital).unwrap().contains("capital"));
    assert!(ss.terrain(p.labels.parse("0810").unwrap()).is_some());

    let (island, _) = load_bundled("island.ron");
    assert_eq!(island.cell_count(), 40 * 30);
    assert_eq!(island.properties().orientation, Orientation::Pointy);
    let counts = island.terrain_counts();
    let used = counts[1..].iter().filter(|&&n| n > 0).count();
    assert!(used >= 6, "island uses only {used} terrains");
    assert!(island.notes().len() >= 4);

    let (h8, form) = load_bundled("hexagon-r8-cube.ron");
    assert_eq!(form, Form::Cube);
    assert_eq!(h8.shape(), &MapShape::hexagon(8).unwrap());
    assert_eq!(h8.cell_count(), 217);
}

#[test]
fn non_rectangular_offset_form_keeps_its_holes() {
    let (h8, _) = load_bundled("hexagon-r8-cube.ron");
    let text = io::to_string(&h8, Form::Offset);
    // Every cell of the bounding box that is not in the hexagon is written as a '.' hole.
    let b = h8.shape().offset_bounds(h8.properties().offset_kind);
    let rows = text
        .split("rows: [")
        .nth(1)
        .unwrap()
        .split(']')
        .next()
        .unwrap();
    let holes = rows.chars().filter(|&c| c == '.').count();
    assert_eq!(holes, (b.cols * b.rows) as usize - h8.cell_count());
    assert!(rows.lines().nth(1).unwrap().trim().starts_with("\"...."));
    let (back, _) = io::from_str(&text).unwrap();
    assert_eq!(back, h8);
}

// ----- random maps -----

fn arb_kind() -> impl Strategy<Value = OffsetKind> {
    prop::sample::select(OffsetKind::ALL.to_vec())
}

fn arb_shape() -> impl Strategy<Value = MapShape> {
    prop_oneof![
        (arb_kind(), 1u32..14, 1u32..14)
            .prop_map(|(k, w, h)| MapShape::rectangle(k, w, h).unwrap()),
        (0u32..7).prop_map(|r| MapShape::hexagon(r).unwrap()),
        (1u32..12, 1u32..12).prop_map(|(w, h)| MapShape::parallelogram(w, h).unwrap()),
        (1u32..12).prop_map(|n| MapShape::triangle(n).unwrap()),
        prop::collection::btree_set((-9i32..9, -9i32..9), 1..60).prop_map(|cells| {
            MapShape::cells(cells.into_iter().map(|(q, r)| Hex::new(q, r))).unwrap()
        }),
    ]
}

fn arb_palette() -> impl Strategy<Value = Palette> {
    let symbols: Vec<char> = "~gfhmT#é✓xyz".chars().collect();
    (
        1usize..=symbols.len(),
        prop::collection::vec(any::<(u8, u8, u8, bool)>(), 12),
    )
        .prop_map(move |(n, attrs)| {
            let terrains = (0..n)
                .map(|i| Terrain {
                    id: TerrainId::new((i * 7 + 3) as u16).unwrap(),
                    name: format!("T{i} \"quoted\" \\ é"),
                    color: Rgb([attrs[i].0, attrs[i].1, attrs[i].2]),
                    symbol: symbols[i],
                    cost: if attrs[i].3 {
                        MoveCost::Impassable
                    } else {
                        // Hundredths: fractional costs (0.37, 12.5 …) round-trip too.
                        MoveCost::Cost(
                            hexmap::map::Cost::from_hundredths(
                                u32::from(attrs[i].0) * 37 + u32::from(attrs[i].1),
                            )
                            .unwrap(),
                        )
                    },
                    blocks_sight: attrs[i].3,
                    // Every third terrain carries tile art (paths needing escapes too).
                    art: TileArt {
                        images: (0..usize::from(attrs[i].1 % 3 == 0) * (1 + i % 3))
                            .map(|k| format!("art/t{i} \"{k}\" é.png"))
                            .collect(),
                        tint: attrs[i].2 % 2 == 0 && attrs[i].1 % 3 == 0,
                    },
                })
                .collect();
            Palette::new(terrains).unwrap()
        })
}

fn arb_props() -> impl Strategy<Value = MapProperties> {
    (
        "[a-zA-Z0-9 \"\\\\\n é]{0,20}",
        any::<bool>(),
        arb_kind(),
        (0.001f64..1e6, 0.001f64..1e6),
        (0u8..=1, 1u8..=4, arb_kind(), any::<bool>()),
    )
        .prop_map(
            |(name, flat, kind, (x, y), (base, digits, stagger, row_first))| MapProperties {
                name,
                orientation: if flat {
                    Orientation::Flat
                } else {
                    Orientation::Pointy
                },
                offset_kind: kind,
                hex_size: Point::new(x, y),
                labels: LabelSettings {
                    base,
                    digits,
                    stagger,
                    order: if row_first {
                        LabelOrder::RowFirst
                    } else {
                        LabelOrder::ColumnFirst
                    },
                },
            },
        )
}

fn arb_map() -> impl Strategy<Value = HexMap> {
    (
        arb_props(),
        arb_shape(),
        arb_palette(),
        prop::collection::vec((any::<u16>(), any::<u8>(), any::<u8>()), 0..200),
        prop::collection::vec("[ -~\n\té✓\"\\\\]{1,12}", 0..8),
        arb_features(),
    )
        .prop_map(|(props, shape, palette, cells, notes, features)| {
            let ids: Vec<TerrainId> = palette.terrains().iter().map(|t| t.id).collect();
            let mut map = HexMap::new(props, shape, palette).unwrap();
            let n = map.cell_count();
            for (i, &(sel, t, m)) in cells.iter().enumerate() {
                let h = map.shape().hex_at(usize::from(sel) % n).unwrap();
                let terrain = (t % 4 != 0).then(|| ids[usize::from(t) % ids.len()]);
                map.set_terrain(h, terrain).unwrap();
                map.set_mine(h, m % 5 == 0).unwrap();
                if let Some(text) = notes.get(i) {
                    map.set_note(h, Some(text.clone())).unwrap();
                }
            }
            add_features(&mut map, features);
            map
        })
}

/// Random edge features and paths: (edge cost in hundredths, road cost in hundredths or
/// none, edges as (cell, direction, type), paths as (start cell, directions, type)).
type Features = (
    u32,
    Option<u32>,
    Vec<(u16, usize, u16)>,
    Vec<(u16, Vec<usize>, u16)>,
);

fn arb_features() -> impl Strategy<Value = Features> {
    (
        0u32..=100_000,
        proptest::option::of(0u32..=1_000),
        prop::collection::vec((any::<u16>(), 0usize..6, 1u16..=5), 0..40),
        prop::collection::vec(
            (
                any::<u16>(),
                prop::collection::vec(0usize..6, 1..12),
                1u16..=4,
            ),
            0..5,
        ),
    )
}

/// Put `features` on `map`, skipping edges and path steps that leave it; the first edge
/// type and the first path type get the drawn costs (fractional ones included).
fn add_features(map: &mut HexMap, (edge_cost, road_cost, edges, paths): Features) {
    let mut edge_types = map.edge_palette().types().to_vec();
    edge_types[0].movement = EdgeMove::Extra(Cost::from_hundredths(edge_cost).unwrap());
    map.set_edge_palette(EdgePalette::new(edge_types).unwrap());
    let mut path_types = map.path_palette().types().to_vec();
    path_types[0].cost = road_cost.map(|c| Cost::from_hundredths(c).unwrap());
    map.set_path_palette(PathPalette::new(path_types).unwrap());
    let n = map.cell_count();
    for (sel, d, kind) in edges {
        let h = map.shape().hex_at(usize::from(sel) % n).unwrap();
        let _ = map.set_edge(
            Edge::new(h, Direction::from_index(d)),
            EdgeTypeId::new(kind),
        );
    }
    for (sel, steps, kind) in paths {
        let mut hexes = vec![map.shape().hex_at(usize::from(sel) % n).unwrap()];
        for d in steps {
            let next = hexes.last().unwrap().neighbor(Direction::from_index(d));
            if !map.contains(next) {
                break;
            }
            hexes.push(next);
        }
        if hexes.len() >= 2 {
            let id = map.paths().next_id();
            map.insert_path(MapPath {
                gm_only: false,
                id,
                kind: PathTypeId::new(kind).unwrap(),
                hexes,
            })
            .unwrap();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_maps_round_trip_in_both_forms(map in arb_map()) {
        assert_round_trips(&map);
    }
}

#[test]
fn format_doc_examples_load_and_round_trip() {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/FORMAT.md"))
        .unwrap();
    let blocks: Vec<&str> = doc
        .split("```ron\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap())
        .collect();
    assert_eq!(blocks.len(), 2);
    let (offset_map, f) = io::from_str(blocks[0]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(f, Form::Offset);
    assert_eq!(io::to_string(&offset_map, Form::Offset), blocks[0]);
    assert_eq!(offset_map.note(Hex::new(-1, 1)), Some("Town"));
    assert!(offset_map.is_mine(Hex::new(0, 1)));
    let (cube_map, f) = io::from_str(blocks[1]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(f, Form::Cube);
    assert_eq!(cube_map.cell_count(), 3);
    assert_eq!(offset_map.edges().count(), 2);
    assert_eq!(offset_map.paths().len(), 1);
    let wall = Edge::between(Hex::new(0, -1), Hex::ORIGIN).unwrap();
    assert_eq!(cube_map.edge(wall), EdgeTypeId::new(3));
    assert_round_trips(&offset_map);
    assert_round_trips(&cube_map);
}

#[test]
fn version_1_files_still_load_with_the_standard_feature_palettes() {
    for name in BUNDLED {
        let text = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("maps")
                .join(name),
        )
        .unwrap();
        assert!(text.contains("version: 1,"), "{name} is a version 1 file");
        let (map, _) = load_bundled(name);
        assert_eq!(map.edge_palette(), &EdgePalette::standard());
        assert_eq!(map.path_palette(), &PathPalette::standard());
        assert_eq!(map.edges().count(), 0);
        assert!(map.paths().is_empty());
        // Saved again, it is a file of the current version with the same map.
        let again = io::to_string(&map, Form::Offset);
        assert!(again.contains(&format!("version: {},", io::FORMAT_VERSION)));
        assert_eq!(io::from_str(&again).unwrap().0, map);
    }
}

/// Random icons (built-in or image, caption, scale, colour; several per hex) and labels
/// (straight, or curved along a path of offsets when the path has two points or more).
type Annotations = (
    Vec<(usize, usize, Option<String>, f32, Option<[u8; 3]>)>,
    Vec<(
        u32,
        String,
        f64,
        f64,
        f32,
        f32,
        bool,
        bool,
        bool,
        Vec<(f64, f64)>,
    )>,
);

fn arb_annotations() -> impl Strategy<Value = Annotations> {
    let icon = (
        any::<usize>(),
        0usize..30,
        proptest::option::of("[ -~éß\"\\\\]{1,20}"),
        0.1f32..=4.0,
        proptest::option::of(any::<[u8; 3]>()),
    );
    let label = (
        0u32..1000,
        "[A-Za-z][ -~é\"\\\\]{0,30}",
        -1.0e6f64..1.0e6,
        -1.0e6f64..1.0e6,
        0.05f32..=100.0,
        -720.0f32..720.0,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        proptest::collection::vec((-1.0e3f64..1.0e3, -1.0e3f64..1.0e3), 0..6),
    );
    (
        proptest::collection::vec(icon, 0..40),
        proptest::collection::vec(label, 0..12),
    )
}

fn annotate(map: &mut HexMap, (icons, labels): Annotations) {
    use hexmap::map::{BuiltinIcon, Icon, IconSource, Label, LabelId, Rgb};
    let cells: Vec<Hex> = map.shape().iter().collect();
    if !cells.is_empty() {
        for (at, kind, caption, scale, color) in icons {
            let h = cells[at % cells.len()];
            let source = match BuiltinIcon::ALL.get(kind) {
                Some(&b) => IconSource::Builtin(b),
                None => IconSource::Image(format!("art/icon {kind}.png")),
            };
            if map.icons_at(h).len() < hexmap::map::annotations::MAX_ICONS_PER_HEX {
                let caption = caption.filter(|c| !c.trim().is_empty());
                let icon = Icon {
                    gm_only: false,
                    source,
                    caption,
                    scale,
                    color: color.map(Rgb),
                    key: None,
                };
                map.add_icon(h, icon).unwrap();
            }
        }
    }
    for (id, text, x, y, size, rotation, bold, italic, halo, path) in labels {
        let path = if path.len() < 2 {
            Vec::new()
        } else {
            path.into_iter()
                .map(|(dx, dy)| Point::new(dx, dy))
                .collect()
        };
        if map.label(LabelId(id)).is_none() {
            let label = Label {
                gm_only: false,
                text,
                at: Point::new(x, y),
                size,
                rotation,
                color: Rgb([id as u8, 7, 200]),
                bold,
                italic,
                halo,
                path,
            };
            map.add_label(LabelId(id), label).unwrap();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Icons and labels survive both forms exactly (hexes converted offset ↔ cube, floats
    /// in shortest round-trip form, texts escaped), and the text is deterministic.
    #[test]
    fn random_icons_and_labels_round_trip_in_both_forms(
        mut map in arb_map(),
        annotations in arb_annotations(),
    ) {
        annotate(&mut map, annotations);
        assert_round_trips(&map);
    }
}
