//! The player export's cut lists only what it shows, with fresh ids.

use super::*;
use hexmap_hex::{Direction, Edge, Orientation, Point};
use hexmap_map::{
    BorderStyle, BuiltinIcon, EdgeTypeId, Icon, Label, LabelId, MapPath, MoveCost, Party, PathId,
    PathTypeId, Region, RegionId, RegionKind, RegionLook, Regions, Rgb, Terrain, TileArt,
};

fn terrain(id: u16, name: &str, symbol: char) -> Terrain {
    Terrain {
        id: TerrainId::new(id).unwrap(),
        name: name.into(),
        color: Rgb([10 * id as u8, 100, 50]),
        symbol,
        cost: MoveCost::Impassable,
        blocks_sight: false,
        art: TileArt::default(),
    }
}

/// A radius-2 hexagon: grass, forest on (-1, 0), a lair only on the hidden (2, 0); a GM
/// wall and a public river; a GM railway, a road (id 5) as the party's trail; a GM icon
/// (id 3) and a public one (id 7); a GM label (4) and a public one (9); a GM region of
/// its own kind (2) and a public one (5).
fn stocked() -> HexMap {
    let palette = Palette::new(vec![
        terrain(1, "Grass", 'g'),
        terrain(2, "Unused", 'u'),
        terrain(3, "Forest", 'f'),
        terrain(4, "Lair", 'l'),
    ])
    .unwrap();
    let mut m = hexmap_map::testing::TestMap::hexagon(2, Orientation::Pointy)
        .named("c")
        .hex_size(10.0)
        .palette(palette)
        .build();
    for h in m.shape().iter().collect::<Vec<_>>() {
        m.set_terrain(h, TerrainId::new(1)).unwrap();
    }
    m.set_terrain(Hex::new(-1, 0), TerrainId::new(3)).unwrap();
    m.set_terrain(Hex::new(2, 0), TerrainId::new(4)).unwrap();
    m.set_hidden(Hex::new(2, 0), true).unwrap();
    let wall = Edge::new(Hex::ORIGIN, Direction::ALL[4]);
    m.set_edge(wall, EdgeTypeId::new(3)).unwrap();
    m.set_edge_gm_only(wall, true);
    m.set_edge(
        Edge::new(Hex::ORIGIN, Direction::ALL[5]),
        EdgeTypeId::new(1),
    )
    .unwrap();
    let path = |id, kind, gm_only, hexes: Vec<Hex>| MapPath {
        id: PathId(id),
        kind: PathTypeId::new(kind).unwrap(),
        hexes,
        gm_only,
    };
    m.insert_path(path(2, 3, true, vec![Hex::new(0, -1), Hex::new(1, -1)]))
        .unwrap();
    m.insert_path(path(5, 1, false, vec![Hex::new(-2, 1), Hex::new(-1, 1)]))
        .unwrap();
    m.set_party(Some(Party {
        hex: Hex::new(-1, 1),
        sight: 1,
        trail: Some(PathId(5)),
    }))
    .unwrap();
    let icon = |id, gm_only| PlacedIconFor { id, gm_only };
    for (h, i) in [
        (Hex::new(0, 1), icon(3, true)),
        (Hex::new(1, 0), icon(7, false)),
    ] {
        let placed = hexmap_map::PlacedIcon {
            id: hexmap_map::IconId(i.id),
            icon: Icon {
                gm_only: i.gm_only,
                ..Icon::builtin(BuiltinIcon::Tower)
            },
        };
        m.set_placed_icons(h, vec![placed]).unwrap();
    }
    let mut secret = Label::new("Secret", Point::new(0.0, 0.0));
    secret.gm_only = true;
    m.add_label(LabelId(4), secret).unwrap();
    m.add_label(LabelId(9), Label::new("Open", Point::new(5.0, 0.0)))
        .unwrap();
    let look = |name: &str, kind: &str, gm_only| RegionLook {
        name: name.into(),
        kind: kind.into(),
        color: Rgb([1, 2, 3]),
        border: BorderStyle::Solid,
        tint: None,
        label: true,
        gm_only,
        key: None,
    };
    let kind = |name: &str| RegionKind {
        name: name.into(),
        exclusive: false,
    };
    let regions = Regions::build(
        &m,
        vec![kind("Cabal"), kind("Realm")],
        vec![
            Region {
                id: RegionId(2),
                look: look("The Cabal", "Cabal", true),
                hexes: [Hex::ORIGIN].into(),
            },
            Region {
                id: RegionId(5),
                look: look("The Realm", "Realm", false),
                hexes: [Hex::new(-1, 0)].into(),
            },
        ],
    )
    .unwrap();
    m.set_regions(regions).unwrap();
    m
}

/// The names of a palette's entries, in order.
fn names_of<T>(list: &[T], name: impl Fn(&T) -> &str) -> Vec<&str> {
    list.iter().map(name).collect()
}

struct PlacedIconFor {
    id: u32,
    gm_only: bool,
}

#[test]
fn only_what_the_players_see_is_listed_and_ids_count_from_the_first() {
    let m = stocked();
    let p = player_export(&m, &PlayerView { fog: None });
    let names = names_of(p.palette().terrains(), |t: &Terrain| &t.name);
    assert_eq!(
        names,
        ["Grass", "Forest"],
        "no unused or hidden-only terrain"
    );
    let ids: Vec<u16> = p.palette().terrains().iter().map(|t| t.id.get()).collect();
    assert_eq!(ids, [1, 2]);
    // The forest cell still shows forest under its new id.
    let forest = p.terrain(Hex::new(-1, 0)).and_then(|t| p.palette().get(t));
    assert_eq!(forest.map(|t| t.name.as_str()), Some("Forest"));
    assert_eq!(p.terrain(Hex::new(2, 0)), None, "under the fog");
    let edge_names = names_of(p.edge_palette().types(), |t: &hexmap_map::EdgeType| &t.name);
    assert_eq!(edge_names, ["River"]);
    assert_eq!(p.edges().map(|(_, k)| k.get()).collect::<Vec<_>>(), [1]);
    let path_names = names_of(p.path_palette().types(), |t: &hexmap_map::PathType| &t.name);
    assert_eq!(path_names, ["Road"]);
    assert_eq!(
        p.paths().iter().map(|x| x.id).collect::<Vec<_>>(),
        [PathId(1)]
    );
    assert_eq!(
        p.party().and_then(|x| x.trail),
        Some(PathId(1)),
        "the trail follows"
    );
    let icons: Vec<u32> = p
        .icons()
        .iter()
        .flat_map(|(_, l)| l.iter().map(|i| i.id.0))
        .collect();
    assert_eq!(icons, [0]);
    assert_eq!(
        p.labels().iter().map(|(id, _)| id).collect::<Vec<_>>(),
        [LabelId(0)]
    );
    let regions: Vec<(u32, &str)> = (p.regions().iter())
        .map(|r| (r.id.0, r.look.name.as_str()))
        .collect();
    assert_eq!(regions, [(0, "The Realm")]);
    let kinds = names_of(p.regions().kinds(), |k: &RegionKind| &k.name);
    assert_eq!(kinds, ["Realm"]);
}

#[test]
fn a_picture_cut_keeps_its_fog_terrain_listed() {
    let p = player_export(&stocked(), &PlayerView::default());
    let names = names_of(p.palette().terrains(), |t: &Terrain| &t.name);
    assert_eq!(names, ["Grass", "Forest", FOG_NAME]);
    let fog = p.terrain(Hex::new(2, 0)).and_then(|t| p.palette().get(t));
    assert_eq!(fog.map(|t| t.name.as_str()), Some(FOG_NAME));
}
