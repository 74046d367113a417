use super::*;
use crate::colour::Colour;
use crate::legend::legend_entries;
use crate::sink::{Recorded, Recording};
use crate::style::{Layers, Style};
use crate::{MapScene, Region, Scene};
use hexmap_hex::{Direction, Edge, Orientation, Point};
use hexmap_map::{
    BuiltinIcon, EdgeTypeId, Icon, Label, LabelId, MapProperties, MapShape, Party, PathId,
    PathTypeId,
};

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
    let mut props = MapProperties::new("session", Orientation::Pointy);
    props.hex_size = Point::new(10.0, 10.0);
    let mut m = HexMap::new(props, MapShape::hexagon(3).unwrap(), Palette::standard()).unwrap();
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
