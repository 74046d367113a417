//! Make the bundled sample hexcrawl: a flat-topped region of sea, grass,
//! forest, hills and mountains with towns, a castle, ruins and other sites as icons (one
//! of them a user image, standing stones), a
//! river along hex sides, a road through hex centres and region names as labels, and tile
//! art from `maps/art/` (made by `examples/make_tile_art.rs`). It is a session in
//! progress: the party has walked east from Saltmere with its trail recorded,
//! the players have seen what it saw, and the GM keeps a few secrets (GM-only notes,
//! icons and a label). Named regions: two baronies of an exclusive
//! "Political" kind and a "Climate" region overlapping one of them, the frost of the north.
//! A hex key of eighteen entries (docs/FORMAT.md, "The hex key"): player and GM text, tags,
//! links between entries, some GM-only, some on hexes the players have not seen; and
//! entries on the standing stones' icon and on two named regions (one GM-only).
//! Resources per hex as a custom property (`resource`: timber in some woods, iron in some
//! hills and mountains, grain on some grassland, salt on the coast), one edit through the
//! document per resource.
//! A map family (docs/FORMAT.md, "Map families"): two child maps derived from the
//! kingdom's hexes at ratio 3 (37 child hexes to a kingdom hex, about a mile each):
//! Saltmere and its surroundings, and Hold Varr's hill with generated relief and streams.
//! Deterministic; the map file is committed.
//!
//! `cargo run --example make_hexcrawl -- [MAP] [PICTURE_STEM]`
//! (default `maps/hexcrawl.ron`; with a stem, also writes STEM.png and STEM.svg)

use hexmap::generate::HexCorner;
use hexmap::hex::{Edge, Hex, OffsetCoord, OffsetKind, Orientation, Point};
use hexmap::io::render::{PictureOptions, render_png, render_svg};
use hexmap::io::{self, Form};
use hexmap::map::{
    BorderStyle, BuiltinIcon, CellEdit, Document, EdgeTypeId, Edit, FogEdit, GmItem, HexMap, Icon,
    IconSource, KeyTarget, Label, LabelId, MapPath, MapProperties, MapShape, Palette, Party,
    PathId, PathTypeId, Region, RegionEdit, RegionId, RegionKind, RegionLook, Rgb, TerrainId,
    TileArt,
};
use std::collections::BTreeSet;
use std::path::PathBuf;

const W: i32 = 16;
const H: i32 = 12;
const KIND: OffsetKind = OffsetKind::OddQ;

fn at(col: i32, row: i32) -> Hex {
    KIND.to_hex(OffsetCoord::new(col, row))
}

/// A smooth deterministic height in 0..1 from a few sine waves.
fn height(col: i32, row: i32) -> f64 {
    let (x, y) = (f64::from(col), f64::from(row));
    let h = 0.5
        + 0.25 * (x * 0.45 + 1.3).sin() * (y * 0.5 + 0.2).cos()
        + 0.15 * (x * 0.9 - y * 0.7).sin()
        + 0.1 * ((x + y) * 1.7).cos();
    // Sea to the west.
    h - 0.5 * (1.0 - x / 4.0).max(0.0)
}

fn terrain(col: i32, row: i32) -> u16 {
    match height(col, row) {
        h if h < 0.25 => 1,
        h if h < 0.55 => 2,
        h if h < 0.7 => 3,
        h if h < 0.85 => 4,
        _ => 5,
    }
}

/// The river's spring: a corner of the hills under the north-eastern mountains (a hex
/// and its corner index).
const SPRING: (i32, i32, usize) = (14, 0, 4);

/// The river's sea: the Sunless Sea, the water of the western columns.
const SEA_COLUMNS: i32 = 4;

/// The river's hexsides from [`SPRING`] to the sea, in order: the route along hexsides,
/// corner to corner, that climbs least on its way (heights by [`height`]; a corner's is
/// the mean of its three hexes'), found by Dijkstra's search with each step costing one
/// plus ten times what it climbs. It ends at the first corner that touches the Sunless
/// Sea ([`SEA_COLUMNS`]), and never runs between two water hexes.
fn river_course(m: &HexMap) -> Vec<Edge> {
    use std::cmp::Reverse;
    use std::collections::{BTreeMap, BinaryHeap};
    let water = |h: Hex| {
        let c = KIND.from_hex(h);
        m.contains(h) && terrain(c.col, c.row) == 1
    };
    let sea = |h: Hex| water(h) && KIND.from_hex(h).col < SEA_COLUMNS;
    let corner_height = |c: HexCorner| {
        let sum: f64 = c
            .hexes()
            .iter()
            .map(|&h| {
                let o = KIND.from_hex(h);
                height(o.col, o.row)
            })
            .sum();
        sum / 3.0
    };
    let (col, row, i) = SPRING;
    let spring = HexCorner::of(at(col, row), i);
    // Costs in millionths, so the queue orders integers.
    let mut best: BTreeMap<HexCorner, (u64, Option<(HexCorner, Edge)>)> = BTreeMap::new();
    let mut queue = BinaryHeap::from([Reverse((0u64, spring))]);
    best.insert(spring, (0, None));
    let mut mouth = None;
    while let Some(Reverse((cost, c))) = queue.pop() {
        if best.get(&c).is_some_and(|&(b, _)| b < cost) {
            continue;
        }
        if c.hexes().into_iter().any(sea) {
            mouth = Some(c);
            break;
        }
        for (next, edge) in c.neighbours() {
            let (a, b) = edge.hexes();
            if !(m.contains(a) && m.contains(b)) || water(a) && water(b) {
                continue;
            }
            let climb = (corner_height(next) - corner_height(c)).max(0.0);
            let step = ((1.0 + 10.0 * climb) * 1e6) as u64;
            let total = cost + step;
            if best.get(&next).is_none_or(|&(b, _)| total < b) {
                best.insert(next, (total, Some((c, edge))));
                queue.push(Reverse((total, next)));
            }
        }
    }
    let mut course = Vec::new();
    let mut at_corner = mouth.expect("the sea is reachable from the spring");
    while let Some(&(_, Some((from, edge)))) = best.get(&at_corner) {
        course.push(edge);
        at_corner = from;
    }
    course.reverse();
    course
}

fn icon(kind: BuiltinIcon, caption: Option<&str>) -> Icon {
    Icon {
        gm_only: false,
        caption: caption.map(str::to_owned),
        ..Icon::builtin(kind)
    }
}

/// The standard palette with tile art (paths relative to the map in `maps/`).
fn palette() -> Palette {
    let art = |paths: &[&str], tint: bool| TileArt {
        images: paths.iter().map(|p| format!("art/{p}")).collect(),
        tint,
    };
    let mut terrains = Palette::standard().terrains().to_vec();
    for t in &mut terrains {
        t.art = match t.name.as_str() {
            "Sea" => art(&["waves.png"], true),
            "Grass" => art(&["grass-1.png", "grass-2.png"], false),
            "Forest" => art(&["forest-1.png", "forest-2.png"], false),
            "Hills" => art(&["hills.png"], false),
            "Mountains" => art(&["mountains.svg"], false),
            _ => TileArt::default(),
        };
    }
    Palette::new(terrains).expect("valid palette")
}

fn hexcrawl() -> HexMap {
    let mut props = MapProperties::new("The Marches of Ylth", Orientation::Flat);
    props.offset_kind = KIND;
    props.labels.stagger = KIND;
    let shape = MapShape::rectangle(KIND, W as u32, H as u32).expect("small rectangle");
    let mut m = HexMap::new(props, shape, palette()).expect("valid properties");
    for row in 0..H {
        for col in 0..W {
            m.set_terrain(at(col, row), TerrainId::new(terrain(col, row)))
                .expect("cell of the map");
        }
    }
    // A river from a spring in the hills down to the sea: consecutive hexsides, corner to
    // corner, always to the lowest corner not yet passed (a corner's height is the mean of
    // its three hexes'), ending where it reaches the sea.
    let river = EdgeTypeId::new(1);
    for edge in river_course(&m) {
        m.set_edge(edge, river).expect("both cells on the map");
    }
    // A road from the port town east through the castle to the mountain pass.
    let road: Vec<Hex> = hexmap::hex::line(at(4, 6), at(14, 4))
        .into_iter()
        .filter(|h| m.contains(*h))
        .collect();
    m.insert_path(MapPath {
        gm_only: false,
        id: PathId(1),
        kind: PathTypeId::new(1).expect("non-zero"),
        hexes: road,
    })
    .expect("a connected road");
    let sites: [(i32, i32, Vec<Icon>); 12] = [
        (
            4,
            6,
            vec![
                icon(BuiltinIcon::Town, Some("Saltmere")),
                icon(BuiltinIcon::Port, None),
            ],
        ),
        (9, 5, vec![icon(BuiltinIcon::Castle, Some("Hold Varr"))]),
        (7, 2, vec![icon(BuiltinIcon::Village, Some("Brack"))]),
        (12, 9, vec![icon(BuiltinIcon::Ruin, Some("Old Ylth"))]),
        (
            13,
            2,
            vec![
                icon(BuiltinIcon::Cave, None),
                icon(BuiltinIcon::MonsterLair, None),
            ],
        ),
        (6, 9, vec![icon(BuiltinIcon::Temple, None)]),
        (2, 3, vec![icon(BuiltinIcon::Lighthouse, None)]),
        (1, 9, vec![icon(BuiltinIcon::Shipwreck, None)]),
        (
            10,
            7,
            vec![
                icon(BuiltinIcon::Battle, None),
                icon(BuiltinIcon::Treasure, None),
            ],
        ),
        (14, 5, vec![icon(BuiltinIcon::Tower, Some("The Pass"))]),
        (
            8,
            10,
            vec![
                icon(BuiltinIcon::Dungeon, None),
                icon(BuiltinIcon::Danger, None),
            ],
        ),
        // A user-image icon: the standing stones drawn by `examples/make_tile_art.rs`.
        (
            5,
            2,
            vec![Icon {
                gm_only: false,
                source: IconSource::Image("art/standing-stones.svg".into()),
                caption: Some("The Nine".into()),
                scale: 1.2,
                color: None,
                key: None,
            }],
        ),
    ];
    for (col, row, list) in sites {
        m.set_icons(at(col, row), list)
            .expect("valid icons on the map");
    }
    let layout = m.layout().expect("valid hex size");
    let world = |col: f64, row: f64| {
        let a = layout.hex_to_pixel(at(col.floor() as i32, row.floor() as i32));
        let b = layout.hex_to_pixel(at(col.floor() as i32 + 1, row.floor() as i32 + 1));
        Point::new(
            a.x + (b.x - a.x) * col.fract(),
            a.y + (b.y - a.y) * row.fract(),
        )
    };
    let name = |text: &str, p: Point, size: f32, rotation: f32, color: [u8; 3]| Label {
        gm_only: false,
        size,
        rotation,
        color: Rgb(color),
        italic: true,
        ..Label::new(text, p)
    };
    let labels = [
        name(
            "Sunless Sea",
            world(1.3, 6.5),
            0.9,
            -80.0,
            [0x10, 0x2a, 0x50],
        ),
        name(
            "THE GREENWOLD",
            world(7.5, 7.8),
            0.8,
            0.0,
            [0x1c, 0x3a, 0x1c],
        ),
        name(
            "Crown Peaks",
            world(12.5, 3.6),
            0.6,
            -20.0,
            [0x40, 0x28, 0x18],
        ),
    ];
    for (i, l) in labels.into_iter().enumerate() {
        m.add_label(LabelId(i as u32), l).expect("valid label");
    }
    m
}

/// The named regions: the Barony of Saltmere (the west coast's land) and the Varr
/// Marches (the north-east), of the exclusive "Political" kind, and the Frostreach over
/// the far north-east, of the overlapping "Climate" kind.
fn regions(map: HexMap) -> HexMap {
    let land = |col, row| map.terrain(at(col, row)) != TerrainId::new(1);
    let cells = |cols: std::ops::RangeInclusive<i32>, rows: std::ops::RangeInclusive<i32>| {
        let mut set = BTreeSet::new();
        for col in cols {
            for row in rows.clone() {
                if land(col, row) {
                    set.insert(at(col, row));
                }
            }
        }
        set
    };
    let (saltmere, varr, frost) = (
        cells(2..=7, 3..=9),
        cells(8..=15, 0..=6),
        cells(10..=15, 0..=3),
    );
    let mut doc = Document::new(map);
    let mut apply = |e: RegionEdit| doc.apply(&Edit::Region(e)).expect("a valid region edit");
    for (name, exclusive) in [("Political", true), ("Climate", false)] {
        apply(RegionEdit::AddKind(RegionKind {
            name: name.into(),
            exclusive,
        }));
    }
    let region = |id, name: &str, kind: &str, color, border, tint, hexes| Region {
        id: RegionId(id),
        look: RegionLook {
            name: name.into(),
            kind: kind.into(),
            color: Rgb(color),
            border,
            tint,
            label: true,
            gm_only: false,
            key: None,
        },
        hexes,
    };
    apply(RegionEdit::Add(region(
        0,
        "Barony of Saltmere",
        "Political",
        [0xb0, 0x20, 0x3c],
        BorderStyle::Dashed,
        None,
        saltmere,
    )));
    apply(RegionEdit::Add(region(
        1,
        "Varr Marches",
        "Political",
        [0x6a, 0x2c, 0x9c],
        BorderStyle::Solid,
        None,
        varr,
    )));
    apply(RegionEdit::Add(region(
        2,
        "Frostreach",
        "Climate",
        [0x20, 0x60, 0xd0],
        BorderStyle::Dotted,
        Some(0.3),
        frost,
    )));
    doc.into_map()
}

/// The session in progress: everything hidden, then the party's walk from Saltmere east
/// towards Hold Varr (each step reveals what it sees, the trail recorded as a path), and
/// the GM's secrets.
fn session(map: HexMap) -> HexMap {
    let mut doc = Document::new(map);
    let mut apply = |e: Edit| doc.apply(&e).expect("a valid session edit");
    apply(Edit::Fog(FogEdit::RevealAll(false)));
    apply(Edit::Fog(FogEdit::SetParty(Some(Party {
        hex: at(4, 6),
        sight: 2,
        trail: None,
    }))));
    apply(Edit::Fog(FogEdit::RevealSight {
        from: at(4, 6),
        radius: 2,
    }));
    let trail = PathTypeId::new(2);
    for (col, row) in [(5, 6), (6, 5), (7, 5), (8, 4), (8, 3), (7, 3)] {
        apply(Edit::Fog(FogEdit::MoveParty {
            to: at(col, row),
            trail,
        }));
    }
    apply(Edit::Cell(CellEdit::SetNote {
        hex: at(4, 6),
        text: Some("Saltmere: market day every seventh day".into()),
    }));
    apply(Edit::Cell(CellEdit::SetNote {
        hex: at(12, 9),
        text: Some("Old Ylth: the lich Morvaine sleeps in the crypt below".into()),
    }));
    apply(Edit::Fog(FogEdit::SetGmOnly {
        items: vec![GmItem::Note(at(12, 9))],
        gm_only: true,
    }));
    let map = doc.into_map();
    let mut m = map;
    // GM-only sites: the dungeon under the Greenwold and the lair in the peaks.
    for hex in [at(8, 10), at(13, 2)] {
        let list = m
            .icons_at(hex)
            .iter()
            .map(|i| Icon {
                gm_only: true,
                ..i.icon.clone()
            })
            .collect();
        m.set_icons(hex, list)
            .expect("the same icons, with their ids");
    }
    let layout = m.layout().expect("valid hex size");
    let demesne = Label {
        gm_only: true,
        size: 0.45,
        color: Rgb([0x60, 0x10, 0x40]),
        italic: true,
        ..Label::new("Morvaine's Demesne", layout.hex_to_pixel(at(12, 10)))
    };
    m.add_label(LabelId(10), demesne).expect("valid label");
    m
}

/// One key entry: (column, row, title, player text, GM text, tags, GM-only).
type KeyRow = (
    i32,
    i32,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    bool,
);

/// The hex key, addressed by XXYY labels (odd-q, from 01): a site's label is its column
/// and row plus one, `[[0507]]` is Saltmere at column 4, row 6.
const KEY: [KeyRow; 18] = [
    (
        4,
        6,
        "Saltmere",
        "A fishing town of **three hundred** souls behind a sea wall.\n- *The Gull*, an inn with rooms\n- a market every seventh day\nThe road runs east to [[1006]].",
        "The harbour master Odo sells word of every ship to the lich's servants at [[1310]].",
        "settlement port",
        false,
    ),
    (
        9,
        5,
        "Hold Varr",
        "A square keep on a hill over the road; the baron's banner flies when he is home.\nSaltmere lies west at [[0507]].",
        "Baron Varr owes the Guild 4,000 gp and will trade the *Pass toll* for it.",
        "settlement castle",
        false,
    ),
    (
        7,
        2,
        "Brack",
        "A village of charcoal burners at the forest's edge.",
        "The headwoman's son guides for 2 sp a day and knows the way to [[0603]].",
        "settlement",
        false,
    ),
    (
        12,
        9,
        "Old Ylth",
        "Broken towers in the fen; crows and *silence*.",
        "The lich Morvaine sleeps in the crypt below. Her phylactery is at [[0912]].",
        "ruin lair",
        false,
    ),
    (
        13,
        2,
        "Wyvern Scar",
        "A cave mouth high on the cliff, bones below it.",
        "A wyvern (HD 7) nests here with two eggs worth 500 gp each.",
        "lair",
        false,
    ),
    (
        6,
        9,
        "Chapel of the Drowned",
        "A roofless chapel; offerings of salt on the altar.",
        "The priestess Hela heals for a tithe; she fears [[1310]].",
        "temple",
        false,
    ),
    (
        2,
        3,
        "Grey Light",
        "A lighthouse whose lamp still burns, though no keeper is seen.",
        "The keeper is a ghost bound to the lamp; douse it and it walks.",
        "ruin",
        false,
    ),
    (
        1,
        9,
        "Wreck of the Heron",
        "A merchant ship on the rocks at low tide.",
        "In the hold: 300 gp in a tar-sealed chest, and a drowned sailor.",
        "treasure",
        false,
    ),
    (
        10,
        7,
        "Field of Spears",
        "An old battlefield; rusted spears stand in the heather.",
        "At night the fallen muster; a *Turn Undead* scatters them for an hour.",
        "battle",
        false,
    ),
    (
        14,
        5,
        "The Pass",
        "A tower over the only road east. Toll: 1 sp a head.",
        "The garrison of twelve is unpaid and open to bribes. See [[1006]].",
        "castle",
        false,
    ),
    (
        8,
        10,
        "Deep Gate",
        "Stone doors in the hillside, shut fast.",
        "Opens to the word *Morvaine*. Leads to [[1310]] underground.",
        "dungeon lair",
        false,
    ),
    (
        5,
        2,
        "The Nine",
        "Nine standing stones in a ring; the grass inside never grows.",
        "At midsummer a door opens in the middle stone to the Fey court.",
        "ruin",
        false,
    ),
    (
        3,
        7,
        "Salt Flats",
        "White flats where the sea comes in at spring tides.",
        "",
        "",
        false,
    ),
    (
        6,
        4,
        "Millford",
        "A mill and a ford on the river; the miller sells flour and news.",
        "The miller smuggles salt past the baron's tax men.",
        "settlement",
        false,
    ),
    (
        11,
        4,
        "Hanging Oak",
        "A great oak with old rope on its lowest bough.",
        "",
        "",
        false,
    ),
    (
        8,
        10 + 1,
        "Morvaine's Phylactery",
        "",
        "Hidden in a hollow under the dungeon's third stair: a silver locket.",
        "treasure",
        true,
    ),
    (
        2,
        6,
        "Smugglers' Cove",
        "",
        "A cave under the cliff where the miller's boats land.",
        "lair",
        true,
    ),
    (
        15,
        1,
        "Far Cairn",
        "A cairn of black stones at the edge of the map.",
        "The way to the next map begins here.",
        "",
        false,
    ),
];

/// The session with its hex key.
fn key(map: HexMap) -> HexMap {
    let mut d = Document::new(map);
    let entry = |title: &str, player: &str, gm: &str, tags: &str, gm_only| hexmap::map::KeyEntry {
        title: title.into(),
        player_text: player.into(),
        gm_text: gm.into(),
        tags: hexmap::map::KeyEntry::parse_tags(tags),
        gm_only,
    };
    for (col, row, title, player, gm, tags, gm_only) in KEY {
        let entry = entry(title, player, gm, tags, gm_only);
        d.apply(&Edit::Cell(CellEdit::SetKeyEntry {
            hex: at(col, row),
            entry: Some(entry),
        }))
        .expect("a valid key entry on the map");
    }
    // Entries on an icon and on named regions, each through its owner's own edit.
    let stones = d.map().icons_at(at(5, 2))[0].id;
    let owned = [
        (
            KeyTarget::Icon(stones),
            "The warm stone",
            "One stone of the Nine is always *warm* to the touch.",
            "At midsummer the ring opens a door to [[1006]].",
            "stones ritual",
            false,
        ),
        (
            KeyTarget::Region(RegionId(0)),
            "Barony of Saltmere",
            "Salt marsh and fishing villages under Baron Oswy.\n- tolls on the coast road\n- a market every seventh day",
            "The baron owes the Varr Marches more than he can pay.",
            "realm",
            false,
        ),
        (
            KeyTarget::Region(RegionId(2)),
            "The long frost",
            "",
            "Frostreach grows by a hex each winter; the cause sleeps under [[1403]].",
            "weather",
            true,
        ),
    ];
    for (target, title, player, gm, tags, gm_only) in owned {
        let entry = entry(title, player, gm, tags, gm_only);
        let edit = d
            .map()
            .key_edit(target, Some(entry))
            .expect("the icon and the regions exist");
        d.apply(&edit).expect("a valid key entry");
    }
    d.into_map()
}

/// Resources per hex: a `resource` enum declared, then each resource set on its hexes as
/// one edit, picked by terrain and a fixed pattern of the offset coordinates.
fn resources(map: HexMap) -> HexMap {
    use hexmap::map::{CustomEdit, PropKind, PropOwner, PropType, PropValue};
    const KINDS: [&str; 5] = ["none", "timber", "iron", "grain", "salt"];
    let mut d = Document::new(map);
    d.apply(&Edit::Custom(CustomEdit::SetTypes(vec![PropType {
        name: "resource".into(),
        kind: PropKind::Enum(KINDS.iter().map(|k| (*k).to_owned()).collect()),
        default: PropValue::Enum("none".into()),
        gm_only: false,
    }])))
    .expect("a valid property type");
    let resource_of = |col: i32, row: i32| -> Option<&str> {
        let pick = (col * 7 + row * 3) % 5 == 0;
        match terrain(col, row) {
            3 if pick => Some("timber"),
            4 | 5 if pick => Some("iron"),
            2 if col > SEA_COLUMNS + 1 && (col * 5 + row * 11) % 9 == 0 => Some("grain"),
            2 if col == SEA_COLUMNS && row % 3 == 1 => Some("salt"),
            _ => None,
        }
    };
    for kind in &KINDS[1..] {
        let owners: Vec<PropOwner> = (0..H)
            .flat_map(|row| (0..W).map(move |col| (col, row)))
            .filter(|&(col, row)| resource_of(col, row) == Some(kind))
            .map(|(col, row)| PropOwner::Cell(at(col, row)))
            .collect();
        d.apply(&Edit::Custom(CustomEdit::Set {
            owners,
            name: "resource".into(),
            value: Some(PropValue::Enum((*kind).to_owned())),
        }))
        .expect("cells of the map");
    }
    d.into_map()
}

/// The kingdom as the root of a family: its children derived from two hexes, through the
/// one edit path, as `hexmap family MAP derive` makes them.
fn family(map: HexMap) -> HexMap {
    let saltmere = hexmap::map::family::derive::derive(&map, at(4, 6), 3, 12, "Saltmere")
        .expect("Saltmere's hex is on the map");
    let mut hold = hexmap::map::family::derive::derive(&map, at(9, 5), 3, 31, "Hold Varr")
        .expect("Hold Varr's hex is on the map");
    hexmap::generate::detail::add_detail(&mut hold, 31).expect("the detail generates");
    let mut d = Document::new(map);
    d.apply(&Edit::Map(hexmap::map::MapEdit::SetChildren(vec![
        saltmere, hold,
    ])))
    .expect("two children linked to hexes of the map");
    d.into_map()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let map_path = PathBuf::from(args.next().unwrap_or_else(|| "maps/hexcrawl.ron".into()));
    let mut map = resources(key(session(regions(hexcrawl()))));
    // Six miles per hex, the classic hexcrawl scale.
    let six_miles = hexmap::map::MapScale::new(6.0, "mi").expect("a valid scale");
    map.set_scale(Some(six_miles)).expect("a valid scale");
    let map = family(map);
    if let Err(e) = io::save(&map_path, &map, Form::Offset) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
    println!("wrote {}", map_path.display());
    if let Some(stem) = args.next() {
        let (images, warnings) = io::images::load_images_beside(&map, &map_path);
        for w in &warnings {
            eprintln!("warning: {w}");
        }
        let opts = PictureOptions {
            images: Some(std::sync::Arc::new(images)),
            ..PictureOptions::for_hex_pixels(&map, 40.0)
        };
        let pictures = render_png(&map, &opts, &mut |_| {}).map(|png| {
            let svg = render_svg(&map, &opts, &mut |_| {});
            (png, svg)
        });
        match pictures {
            Ok((png, Ok(svg))) => {
                let write = |ext: &str, bytes: &[u8]| {
                    let p = PathBuf::from(format!("{stem}.{ext}"));
                    std::fs::write(&p, bytes).map(|()| p)
                };
                for r in [write("png", &png), write("svg", svg.as_bytes())] {
                    match r {
                        Ok(p) => println!("wrote {}", p.display()),
                        Err(e) => eprintln!("error: {e}"),
                    }
                }
            }
            Ok((_, Err(e))) | Err(e) => eprintln!("error: {e}"),
        }
    }
}
