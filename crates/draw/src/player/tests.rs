use super::*;
use crate::colour::Colour;
use crate::legend::legend_entries;
use crate::sink::{Recorded, Recording};
use crate::style::{Layers, Style};
use crate::{MapScene, Region, Scene};
use hexmap_hex::{Direction, Edge, Orientation, Point};
use hexmap_map::{BuiltinIcon, EdgeTypeId, Icon, Label, LabelId, Party, PathId, PathTypeId};

const SECRETS: [&str; 5] = [
    "dragon lair",
    "secret door",
    "Vault of Ash",
    "public note",
    "Hidden Keep",
];

/// A hexagon of radius 3 with grass everywhere, the east half hidden, and one of every
/// secret: a GM-only icon, label, path and edge on revealed cells, a public icon caption
/// and a label on a hidden cell, a public note, and a GM-only note.
fn session() -> HexMap {
    let mut m = hexmap_map::testing::TestMap::hexagon(3, Orientation::Pointy)
        .named("session")
        .hex_size(10.0)
        .build();
    let cells: Vec<Hex> = m.shape().iter().collect();
    for &h in &cells {
        m.set_terrain(h, TerrainId::new(2)).unwrap();
        if h.q > 0 {
            m.set_hidden(h, true).unwrap();
        }
    }
    let dragon = Hex::new(-1, 0);
    m.set_note(dragon, Some("dragon lair".into())).unwrap();
    m.set_note_gm_only(dragon, true);
    m.set_note(Hex::new(-2, 1), Some("public note".into()))
        .unwrap();
    m.set_icons(
        Hex::new(-1, 1),
        vec![Icon {
            gm_only: true,
            caption: Some("secret door".into()),
            ..Icon::builtin(BuiltinIcon::Dungeon)
        }],
    )
    .unwrap();
    m.set_icons(
        Hex::new(2, 0),
        vec![Icon {
            caption: Some("Hidden Keep".into()),
            ..Icon::builtin(BuiltinIcon::Castle)
        }],
    )
    .unwrap();
    let layout = m.layout().unwrap();
    let mut vault = Label::new("Vault of Ash", layout.hex_to_pixel(Hex::new(-2, 0)));
    vault.gm_only = true;
    m.add_label(LabelId(1), vault).unwrap();
    let open = Label::new("Open Fields", layout.hex_to_pixel(Hex::new(-1, -1)));
    m.add_label(LabelId(2), open).unwrap();
    let behind = Label::new("Far Lands", layout.hex_to_pixel(Hex::new(2, -1)));
    m.add_label(LabelId(3), behind).unwrap();
    let wall = Edge::new(Hex::new(-1, 0), Direction::ALL[3]);
    m.set_edge(wall, EdgeTypeId::new(3)).unwrap();
    m.set_edge_gm_only(wall, true);
    m.insert_path(MapPath {
        id: PathId(1),
        kind: PathTypeId::new(1).unwrap(),
        hexes: vec![
            Hex::new(-2, 0),
            Hex::new(-1, 0),
            Hex::new(0, 0),
            Hex::new(1, 0),
        ],
        gm_only: false,
    })
    .unwrap();
    m.insert_path(MapPath {
        id: PathId(2),
        kind: PathTypeId::new(2).unwrap(),
        hexes: vec![Hex::new(-3, 1), Hex::new(-2, 1)],
        gm_only: true,
    })
    .unwrap();
    m.set_party(Some(Party {
        hex: Hex::ORIGIN,
        sight: 2,
        trail: Some(PathId(1)),
    }))
    .unwrap();
    m
}

/// Everything a picture of `m` shows: the map with notes as captions and labels, and its
/// legend.
fn drawn(m: &HexMap) -> Recording {
    let mut style = Style::picture(Layers::editor());
    style.layers.notes = true;
    let scene = MapScene::whole(m, m.layout().unwrap(), &style);
    let mut rec = Recording::default();
    scene.draw(&Region::Block(scene.bounds()), 4.0, &mut rec);
    let entries = legend_entries(m);
    crate::legend::draw_legend(
        &mut rec,
        &entries,
        (Point::new(0.0, 0.0), Point::new(500.0, 500.0)),
        1.0,
        hexmap_map::Corner::TopLeft,
        None,
    );
    rec
}

#[test]
fn the_full_map_shows_the_secrets_the_player_map_does_not() {
    let mut m = session();
    m.set_view(hexmap_map::ViewSettings {
        note_captions: true,
        ..m.view()
    });
    let full = drawn(&m).texts().join("\n");
    // The check can fail: the GM's picture does show them.
    for s in ["dragon lair", "secret door", "Vault of Ash", "Hidden Keep"] {
        assert!(full.contains(s), "the GM picture lacks {s}:\n{full}");
    }
    let players = player_map(&m, &PlayerView::default());
    let shown = drawn(&players).texts().join("\n");
    for s in SECRETS.iter().chain(&["Far Lands"]) {
        assert!(!shown.contains(s), "the player picture shows {s}:\n{shown}");
    }
    assert!(shown.contains("Open Fields"), "{shown}");
    assert!(players.notes().is_empty());
    assert!(players.paths().iter().all(|p| !p.gm_only));
    assert_eq!(players.edges().count(), 0);
    // The road keeps its revealed run, so the trail still names it.
    assert_eq!(
        players.path(PathId(1)).unwrap().hexes,
        [Hex::new(-2, 0), Hex::new(-1, 0), Hex::new(0, 0)]
    );
    assert_eq!(players.party().unwrap().trail, Some(PathId(1)));
}

#[test]
fn fog_covers_every_hidden_cell_and_nothing_else() {
    let m = session();
    let players = player_map(&m, &PlayerView::default());
    let style = Style::picture(Layers::editor());
    let scene = MapScene::whole(&players, players.layout().unwrap(), &style);
    let fog = Colour::from(DEFAULT_FOG);
    let grass = scene.fill_at(Hex::new(-3, 0));
    for h in m.shape().iter() {
        let want = if m.is_revealed(h) { grass } else { Some(fog) };
        assert_eq!(scene.fill_at(h), want, "cell {h}");
    }
    let mut rec = Recording::default();
    scene.draw(&Region::Block(scene.bounds()), 4.0, &mut rec);
    let fogged = rec
        .items
        .iter()
        .filter(|i| matches!(i, Recorded::Hex { fill: Some(f), .. } if *f == fog))
        .count();
    assert_eq!(fogged, m.hidden_count());
    // Without a fog colour (the JSON export) hidden cells have no terrain at all.
    let bare = player_map(&m, &PlayerView { fog: None });
    assert!(m.hidden_cells().all(|h| bare.terrain(h).is_none()));
    assert_eq!(bare.palette(), m.palette());
}

#[test]
fn a_map_without_fog_or_secrets_loses_only_its_notes() {
    let mut m = session();
    for h in m.shape().iter().collect::<Vec<_>>() {
        m.set_hidden(h, false);
    }
    let players = player_map(&m, &PlayerView::default());
    assert_eq!(players.palette(), m.palette());
    assert!(players.notes().is_empty());
    assert_eq!(players.label(LabelId(3)).unwrap().text, "Far Lands");
}

#[test]
fn child_maps_stay_with_the_gm() {
    // A family's child maps are the GM's: the players' window is sent the player map as
    // map text, which would carry every child (names, notes, fog and all).
    let m = session();
    let child =
        hexmap_map::family::derive::derive(&m, Hex::new(0, 0), 1, 0, "Vault of Ash").unwrap();
    let mut family = m.clone();
    family.set_children(vec![child]);
    let players = player_map(&family, &PlayerView::default());
    assert!(players.children().is_empty());
    assert_eq!(players, player_map(&m, &PlayerView::default()));
    assert!(
        player_export(&family, &PlayerView::default())
            .children()
            .is_empty()
    );
}

#[test]
fn a_path_cut_into_several_runs_keeps_every_run() {
    // The road has the largest id; cut in three by two hidden cells, each run must keep an
    // id of its own (the second run used to take the first one's id and overwrite it).
    let mut m = session();
    m.remove_path(PathId(2));
    let road = MapPath {
        id: PathId(2),
        kind: PathTypeId::new(1).unwrap(),
        hexes: (-3..=3).map(|q| Hex::new(q, 0)).collect(),
        gm_only: false,
    };
    m.insert_path(road).unwrap();
    for h in m.shape().iter().collect::<Vec<_>>() {
        m.set_hidden(h, h == Hex::new(-1, 0) || h == Hex::new(2, 0));
    }
    let players = player_map(&m, &PlayerView::default());
    let mut runs: Vec<Vec<Hex>> = players
        .paths()
        .iter()
        .filter(|p| p.kind == PathTypeId::new(1).unwrap())
        .map(|p| p.hexes.clone())
        .collect();
    runs.sort();
    let row = |a: i32, b: i32| (a..=b).map(|q| Hex::new(q, 0)).collect::<Vec<_>>();
    // Path 1 (-2..=1 on row 0) is cut at -1 too: its run 0..=1 is the only one left of it.
    let mut want = vec![row(-3, -2), row(0, 1), row(0, 1)];
    want.sort();
    assert_eq!(runs, want);
}

#[test]
fn a_hidden_cells_height_never_reaches_the_players() {
    let mut m = session();
    for h in m.shape().iter().collect::<Vec<_>>() {
        m.set_elevation(h, 100 + h.q as i16).unwrap();
    }
    let players = player_map(&m, &PlayerView { fog: None });
    assert!(players.elevation_layer().is_none());
    assert!(m.hidden_cells().all(|h| players.elevation(h).is_none()));
    // Without fog the players see the heights (they are not a secret then).
    for h in m.shape().iter().collect::<Vec<_>>() {
        m.set_hidden(h, false);
    }
    let open = player_map(&m, &PlayerView { fog: None });
    assert_eq!(open.elevation(Hex::new(2, 0)), Some(102));
}

#[test]
fn a_hidden_cells_climate_never_reaches_the_players() {
    use hexmap_map::{Climate, ClimateKind, ClimateLayer};
    let mut m = session();
    let n = m.cell_count() as i16;
    m.set_climate(Climate {
        temperature: Some(ClimateLayer::from_values((0..n).map(|i| i - 20).collect())),
        moisture: Some(ClimateLayer::from_values((0..n).map(|i| i % 100).collect())),
    })
    .unwrap();
    for view in [PlayerView::default(), PlayerView { fog: None }] {
        let players = player_map(&m, &view);
        assert!(players.climate().is_empty(), "{view:?}");
        let export = player_export(&m, &view);
        assert!(export.climate().is_empty(), "{view:?}");
    }
    // An edit under the fog keeps them out of the updated cut too.
    let view = PlayerView::default();
    let mut players = player_map(&m, &view);
    let h = m.hidden_cells().next().unwrap();
    m.set_mine(h, true).unwrap();
    assert!(update_player_map(&mut players, &m, &view, &[h]));
    assert!(players.climate().is_empty());
    // Without fog the players see the climate (it is no secret then).
    for h in m.shape().iter().collect::<Vec<_>>() {
        m.set_hidden(h, false);
    }
    let open = player_map(&m, &view);
    assert_eq!(open.climate(), m.climate());
    let first = m.shape().iter().next().unwrap();
    assert_eq!(open.climate_at(ClimateKind::Temperature, first), Some(-20));
}

mod incremental {
    use super::*;
    use proptest::prelude::*;

    /// One GM edit: what it is, on which cell (an index into the shape), and a value.
    #[derive(Clone, Debug)]
    struct Step {
        what: u8,
        cell: usize,
        other: usize,
        value: u8,
    }

    fn step() -> impl Strategy<Value = Step> {
        (0u8..9, 0usize..37, 0usize..37, any::<u8>()).prop_map(|(what, cell, other, value)| Step {
            what,
            cell,
            other,
            value,
        })
    }

    /// Apply `s` to `m`; the cells it changed (as the edit path's `Changed` lists them).
    fn apply(m: &mut HexMap, s: &Step) -> Vec<Hex> {
        let cells: Vec<Hex> = m.shape().iter().collect();
        let h = cells[s.cell % cells.len()];
        let g = cells[s.other % cells.len()];
        let flag = s.value.is_multiple_of(2);
        match s.what {
            0 => {
                let t =
                    TerrainId::new(u16::from(s.value % 5)).filter(|_| !s.value.is_multiple_of(7));
                m.set_terrain(h, t).unwrap();
                vec![h]
            }
            1 => {
                m.set_hidden(h, flag);
                vec![h]
            }
            2 => {
                let d = Direction::ALL[usize::from(s.value % 6)];
                let e = Edge::new(h, d);
                let Some(o) = e.other(h).filter(|o| m.contains(*o)) else {
                    return vec![];
                };
                let kind = EdgeTypeId::new(u16::from(s.value % 3 + 1)).filter(|_| s.value > 40);
                m.set_edge(e, kind).unwrap();
                m.set_edge_gm_only(e, kind.is_some() && s.value.is_multiple_of(4));
                vec![h, o]
            }
            3 => {
                let icon = Icon {
                    gm_only: flag,
                    caption: Some(format!("c{}", s.value)),
                    ..Icon::builtin(BuiltinIcon::Castle)
                };
                m.add_icon(h, icon).unwrap();
                vec![h]
            }
            4 => {
                m.set_note(h, Some(format!("n{}", s.value))).unwrap();
                m.set_note_gm_only(h, flag);
                vec![h]
            }
            5 => {
                // Move the icons of h onto g (ids kept).
                if h == g {
                    return vec![];
                }
                let moved = m.set_placed_icons(h, Vec::new()).unwrap();
                let mut there = m.icons_at(g).to_vec();
                there.extend(moved);
                m.set_placed_icons(g, there).unwrap();
                vec![h, g]
            }
            6 => {
                let Some(next) = h.neighbors().into_iter().find(|n| m.contains(*n)) else {
                    return vec![];
                };
                let id = m.paths().next_id();
                m.insert_path(MapPath {
                    id,
                    kind: PathTypeId::new(1).unwrap(),
                    hexes: vec![h, next],
                    gm_only: flag,
                })
                .unwrap();
                vec![h, next]
            }
            7 => {
                m.set_mine(h, flag).unwrap();
                vec![h]
            }
            _ => {
                m.set_elevation(h, i16::from(s.value)).unwrap();
                vec![h]
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn an_updated_player_map_equals_a_fresh_cut(steps in prop::collection::vec(step(), 1..40)) {
            for view in [PlayerView::default(), PlayerView { fog: None }] {
                let mut m = session();
                let mut players = player_map(&m, &view);
                let mut updated = 0;
                for s in &steps {
                    let changed = apply(&mut m, s);
                    if update_player_map(&mut players, &m, &view, &changed) {
                        updated += 1;
                    } else {
                        players = player_map(&m, &view);
                    }
                    prop_assert_eq!(&players, &player_map(&m, &view), "after {:?}", s);
                }
                // Most edits update in place: only the fog's first and last cell cut afresh.
                prop_assert!(updated * 2 >= steps.len(), "{updated} of {}", steps.len());
            }
        }
    }
}

#[test]
fn regions_keep_only_their_revealed_cells_and_an_unseen_region_goes() {
    use hexmap_map::{BorderStyle, Region, RegionId, RegionKind, RegionLook, Regions, Rgb};
    use std::collections::BTreeSet;
    let mut m = session();
    let look = |name: &str| RegionLook {
        name: name.into(),
        kind: "Political".into(),
        color: Rgb([200, 0, 0]),
        border: BorderStyle::Solid,
        tint: None,
        label: true,
        gm_only: false,
        key: None,
    };
    // West of q = 0 is revealed, the east hidden (session()).
    let across: BTreeSet<Hex> = (-2..=2).map(|q| Hex::new(q, 0)).collect();
    let east: BTreeSet<Hex> = [Hex::new(2, -1), Hex::new(3, -1)].into();
    let regions = Regions::build(
        &m,
        vec![RegionKind {
            name: "Political".into(),
            exclusive: false,
        }],
        vec![
            Region {
                id: RegionId(1),
                look: look("Open March"),
                hexes: across,
            },
            Region {
                id: RegionId(2),
                look: look("Secret Realm"),
                hexes: east,
            },
        ],
    )
    .unwrap();
    m.set_regions(regions).unwrap();
    let players = player_map(&m, &PlayerView::default());
    let shown: Vec<(&str, Vec<Hex>)> = players
        .regions()
        .iter()
        .map(|r| (r.look.name.as_str(), r.hexes.iter().copied().collect()))
        .collect();
    assert_eq!(
        shown,
        [(
            "Open March",
            vec![Hex::new(-2, 0), Hex::new(-1, 0), Hex::new(0, 0)]
        )]
    );
    let text = drawn(&players).texts().join("\n");
    assert!(!text.contains("Secret Realm"), "{text}");
}

#[test]
fn players_read_only_revealed_public_key_entries_without_gm_text_or_links_into_fog() {
    use hexmap_map::KeyEntry;
    let mut m = session();
    let hidden = Hex::new(2, 0);
    let (seen, secret) = (Hex::new(-2, 2), Hex::new(-3, 1));
    let to_hidden = m.hex_label(hidden);
    let to_seen = m.hex_label(secret);
    let mut ford = KeyEntry::new(
        "Ford of Reeds",
        format!("Cross here for [[{to_hidden}]] or [[{to_seen}]]."),
    );
    ford.gm_text = "the ferryman is a spy".into();
    m.set_key_entry(seen, Some(ford)).unwrap();
    let mut lair = KeyEntry::new("Wyrm hole", "smoke rises");
    lair.gm_only = true;
    m.set_key_entry(secret, Some(lair)).unwrap();
    m.set_key_entry(
        hidden,
        Some(KeyEntry::new("Sunken Keep", "walls in the marsh")),
    )
    .unwrap();
    let p = player_map(&m, &PlayerView::default());
    let entries: Vec<(&Hex, &KeyEntry)> = p.key_entries().iter().collect();
    assert_eq!(entries.len(), 1, "{entries:?}");
    let (at, ford) = entries[0];
    assert_eq!(*at, seen);
    assert!(ford.gm_text.is_empty());
    assert_eq!(
        ford.player_text,
        format!("Cross here for [[?]] or [[{to_seen}]].")
    );
    let all = format!("{:?}", p.key());
    for secret in [
        "spy",
        "Wyrm",
        "smoke",
        "Sunken",
        "marsh",
        to_hidden.as_str(),
    ] {
        assert!(!all.contains(secret), "{secret} in {all}");
    }
}

#[test]
fn custom_properties_reach_players_only_when_public_and_on_what_they_see() {
    use hexmap_map::{CustomProps, PropKind, PropOwner, PropType, PropValue};
    let mut m = session();
    let seen = Hex::new(-1, 0);
    let unseen = Hex::new(2, 0);
    let ty = |name: &str, kind: PropKind, default: PropValue, gm_only: bool| PropType {
        name: name.into(),
        kind,
        default,
        gm_only,
    };
    let types = vec![
        ty("loot", PropKind::Int, PropValue::Int(0), true),
        ty(
            "owner",
            PropKind::String,
            PropValue::String(String::new()),
            false,
        ),
        ty("portal", PropKind::Hex, PropValue::Hex(seen), false),
    ];
    let values = [
        (
            PropOwner::Map,
            vec![
                ("loot", PropValue::Int(500)),
                ("owner", PropValue::String("Crown".into())),
            ],
        ),
        (
            PropOwner::Cell(seen),
            vec![
                ("loot", PropValue::Int(7)),
                ("owner", PropValue::String("Blue".into())),
                ("portal", PropValue::Hex(unseen)),
            ],
        ),
        (
            PropOwner::Cell(Hex::new(-2, 1)),
            vec![("portal", PropValue::Hex(seen))],
        ),
        (
            PropOwner::Cell(unseen),
            vec![("owner", PropValue::String("Hidden Keep's lord".into()))],
        ),
        (
            PropOwner::Label(LabelId(1)),
            vec![("owner", PropValue::String("Vault of Ash owner".into()))],
        ),
    ]
    .into_iter()
    .map(|(o, v)| (o, v.into_iter().map(|(k, x)| (k.to_owned(), x)).collect()))
    .collect();
    m.set_custom(CustomProps::build(types, values).unwrap())
        .unwrap();
    for cut in [
        player_map(&m, &PlayerView::default()),
        player_export(&m, &PlayerView::default()),
    ] {
        let c = cut.custom();
        let names: Vec<&str> = c.types().iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["owner", "portal"], "the GM-only type goes");
        let listed: Vec<_> = c.iter().map(|(o, v)| (o, v.clone())).collect();
        let text = format!("{listed:?}");
        for secret in ["500", "Hidden Keep's lord", "Vault of Ash owner", "loot"] {
            assert!(!text.contains(secret), "{secret} leaks: {text}");
        }
        assert_eq!(
            c.value(PropOwner::Map, "owner"),
            Some(&PropValue::String("Crown".into()))
        );
        assert_eq!(
            c.values_of(PropOwner::Cell(seen)).map(|v| v.len()),
            Some(1),
            "the seen cell keeps its public owner, not its portal under the fog: {text}"
        );
        assert_eq!(
            c.value(PropOwner::Cell(Hex::new(-2, 1)), "portal"),
            Some(&PropValue::Hex(seen))
        );
        assert!(c.values_of(PropOwner::Cell(unseen)).is_none());
    }
}
