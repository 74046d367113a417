//! The player filter: the one place that turns a map into what the players may see.
//! Every player output — the editor's player view and player window, and every player
//! export (`hexmap export --player-view`, File → Export… and Print with "Player view") —
//! draws or writes the map cut here, so nothing GM-only can reach the players by another
//! path.
//!
//! What is left out: every GM-only icon, label, path, edge feature, note, key entry and
//! named region; every key entry's GM text (on a hex, an icon or a region), the entries
//! of the icons and regions players do not see, the entries of hidden cells and the labels in
//! links into the fog; every GM-only custom property, and the custom values of what is
//! left out (`custom.rs`);
//! all note text (notes are the GM's); on a hidden cell its terrain, mine, icons (and so
//! their captions) and the labels centred on it (a curved label's centre is half way
//! along its path); the edge features with a hidden cell on
//! either side; the steps of paths that touch a hidden cell; the elevation and climate
//! (temperature, moisture) layers when any cell is hidden; the hidden cells of named regions (a region with no revealed cell goes,
//! name and all). The hidden cells stay hidden in the copy, and with a fog colour they are
//! painted with a terrain of their own ("Unexplored") so every back-end draws them opaque
//! with no code of its own; drawn with [`crate::Style::for_players`], no region outline
//! runs along them.
//!
//! [`player_map`] is the cut the editor draws, and [`update_player_map`] follows an edit
//! in it. [`player_export`] is what a player export writes: the same cut listing only
//! what it shows, with fresh ids (`compact.rs`).

use hexmap_hex::{Edge, Hex};
use hexmap_map::{
    HexMap, MapPath, MoveCost, Palette, Region, Regions, Rgb, Terrain, TerrainId, TileArt,
};
use std::collections::BTreeSet;

/// The fog's default colour: a flat dark grey-blue, far from every standard terrain.
pub const DEFAULT_FOG: Rgb = Rgb([46, 50, 64]);

/// The name of the terrain that paints fog in the player map.
pub const FOG_NAME: &str = "Unexplored";

/// How the player map is cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerView {
    /// Paint hidden cells with this colour (pictures, the player window); `None` leaves
    /// them without terrain (the JSON export writes them as `"terrain": null`).
    pub fog: Option<Rgb>,
}

impl Default for PlayerView {
    fn default() -> Self {
        PlayerView {
            fog: Some(DEFAULT_FOG),
        }
    }
}

/// What a player export writes of `map`: [`player_map`] listing only what it shows — no
/// terrain, edge or path type or region kind that nothing visible uses — with the ids of
/// terrains, types, paths, icons, labels and regions numbered afresh, so no name and no
/// gap tells of what the players may not see.
pub fn player_export(map: &HexMap, view: &PlayerView) -> HexMap {
    let mut out = player_map(map, view);
    compact::compact(&mut out);
    out
}

/// [`player_export`] of a player map already cut ([`player_map`], kept current by
/// [`update_player_map`]): what leaves the GM's program for the players (the browser's
/// players' window) lists only what it shows, with fresh ids.
pub fn export_of_cut(cut: &HexMap) -> HexMap {
    let mut out = cut.clone();
    compact::compact(&mut out);
    out
}

/// What the players may see of `map` (module doc). A map without fog or secrets comes
/// back unchanged but for its notes.
pub fn player_map(map: &HexMap, view: &PlayerView) -> HexMap {
    let mut out = map.clone();
    // The tracing underlay is the GM's working aid (often a scan of the GM's own map).
    let _ = out.set_underlay(None);
    // Child maps are the GM's too: a player view is of one member, cut by its own fog
    // (pick the member first: `hexmap_map::family::extract`).
    out.set_children(Vec::new());
    let hidden: Vec<Hex> = map.hidden_cells().collect();
    // Notes: all of them are the GM's.
    for h in map.notes().keys() {
        let _ = out.set_note(*h, None);
        out.set_note_gm_only(*h, false);
    }
    let fog = match view.fog {
        Some(colour) if !hidden.is_empty() => add_fog_terrain(&mut out, colour),
        _ => None,
    };
    // Hidden cells: fog (or no terrain), no mine, no icons.
    for &h in &hidden {
        let _ = out.set_terrain(h, fog);
        let _ = out.set_mine(h, false);
        let _ = out.set_placed_icons(h, Vec::new());
    }
    // GM-only icons elsewhere.
    let with_icons: Vec<Hex> = out.icons().iter().map(|(h, _)| h).collect();
    for h in with_icons {
        let list = out.icons_at(h);
        if list.iter().any(|i| i.gm_only) {
            // The public icons keep their ids.
            let kept = list.iter().filter(|i| !i.gm_only).cloned().collect();
            let _ = out.set_placed_icons(h, kept);
        }
    }
    // Edge features: GM-only ones and those beside a hidden cell.
    for (e, _) in map.edges() {
        if !edge_is_public(map, e) {
            let _ = out.set_edge(e, None);
            out.set_edge_gm_only(e, false);
        }
    }
    cut_shared(&mut out, map);
    out
}

/// Bring `out`, the player map of `map` before an edit, up to date after the edit changed
/// the cells `changed` (with every cell whose terrain, mine, note, fog, icons, edge
/// features or paths changed, as [`hexmap_map::Changed`] lists them). Only those cells are
/// cut again (and the paths, labels and party, which are few): after a brush stroke on a
/// million-cell map this costs microseconds, where [`player_map`] costs a copy of the map.
/// The result equals `player_map(map, view)`. Returns false, leaving `out` to be cut
/// afresh, when the edit changed more than cells can say: the palette (or whether the map
/// has fog at all, which decides the fog terrain), the shape or the properties.
pub fn update_player_map(
    out: &mut HexMap,
    map: &HexMap,
    view: &PlayerView,
    changed: &[Hex],
) -> bool {
    let fog = match view.fog {
        Some(colour) if map.has_fog() => {
            let Some((palette, id)) = fog_palette(map.palette(), colour) else {
                return false;
            };
            if out.palette() != &palette {
                return false;
            }
            Some(id)
        }
        _ => {
            if out.palette() != map.palette() {
                return false;
            }
            None
        }
    };
    if out.shape() != map.shape()
        || out.properties() != map.properties()
        || out.edge_palette() != map.edge_palette()
        || out.path_palette() != map.path_palette()
        || out.view() != map.view()
        || !map.has_fog() && out.elevation_layer().is_some() != map.elevation_layer().is_some()
        || !map.has_fog() && out.climate() != map.climate()
    {
        return false;
    }
    let changed: Vec<Hex> = changed
        .iter()
        .copied()
        .filter(|&h| map.contains(h))
        .collect();
    // Icons first leave every changed cell, so an icon moved between two of them never
    // meets its own id on the way.
    for &h in &changed {
        let _ = out.set_placed_icons(h, Vec::new());
    }
    for &h in &changed {
        let revealed = map.is_revealed(h);
        let _ = out.set_hidden(h, !revealed);
        let _ = out.set_note(h, None);
        out.set_note_gm_only(h, false);
        if revealed {
            let _ = out.set_terrain(h, map.terrain(h));
            let _ = out.set_mine(h, map.is_mine(h));
            let public = map
                .icons_at(h)
                .iter()
                .filter(|i| !i.gm_only)
                .cloned()
                .collect();
            let _ = out.set_placed_icons(h, public);
        } else {
            let _ = out.set_terrain(h, fog);
            let _ = out.set_mine(h, false);
        }
        if !map.has_fog()
            && let Some(e) = map.elevation(h)
        {
            let _ = out.set_elevation(h, e);
        }
        for e in Edge::around(h) {
            let kind = map.edge(e).filter(|_| edge_is_public(map, e));
            if e.other(h).is_some_and(|o| out.contains(o)) {
                let _ = out.set_edge(e, kind);
            }
            out.set_edge_gm_only(e, false);
        }
    }
    for id in out.paths().iter().map(|p| p.id).collect::<Vec<_>>() {
        out.remove_path(id);
    }
    for (id, _) in out
        .labels()
        .iter()
        .map(|(id, l)| (id, l.clone()))
        .collect::<Vec<_>>()
    {
        out.remove_label(id);
    }
    for (id, label) in map.labels().iter() {
        let _ = out.add_label(id, label.clone());
    }
    for p in map.paths().iter() {
        let _ = out.insert_path(p.clone());
    }
    let _ = out.set_party(None);
    let _ = out.set_party(map.party());
    let _ = out.set_regions(map.regions().clone());
    cut_shared(out, map);
    true
}

/// The hex key as players may read it: only the entries of revealed hexes that are not
/// GM-only, each without its GM text, and every link into the fog (or to no hex) turned
/// into [`hexmap_map::UNKNOWN_LINK`], so not even a hidden hex's label is told. Notes read
/// as entries go with the notes (they are the GM's). Entries are few: the whole key is cut
/// again after every edit, so a revealed hex turns the links to it back into names.
fn cut_key(out: &mut HexMap, map: &HexMap) {
    let keyed: Vec<Hex> = out.key_entries().keys().copied().collect();
    for h in keyed {
        let _ = out.set_key_entry(h, None);
    }
    for (&h, e) in map.key_entries() {
        if !map.is_revealed(h) {
            continue;
        }
        if let Some(public) = public_entry(map, e) {
            let _ = out.set_key_entry(h, Some(public));
        }
    }
}

/// What players may read of an entry: nothing of a GM-only one; else its title, tags and
/// player text with every link into the fog (or to no hex) named as nothing, no GM text.
fn public_entry(map: &HexMap, e: &hexmap_map::KeyEntry) -> Option<hexmap_map::KeyEntry> {
    let hidden = |t: Option<Hex>| t.is_none_or(|t| !map.is_revealed(t));
    (!e.gm_only).then(|| hexmap_map::KeyEntry {
        title: e.title.clone(),
        player_text: hexmap_map::hide_links(map, &e.player_text, hidden),
        gm_text: String::new(),
        tags: e.tags.clone(),
        gm_only: false,
    })
}

/// The entries of the icons and regions players see, cut as a hex's: the icons and
/// regions left in `out` are those players see (an icon on a revealed hex, a region with
/// a revealed cell, neither GM-only), so each keeps only its entry's public part.
fn cut_owned_entries(out: &mut HexMap, map: &HexMap) {
    let keyed: Vec<Hex> = out
        .icons()
        .iter()
        .filter(|(_, list)| list.iter().any(|i| i.key.is_some()))
        .map(|(h, _)| h)
        .collect();
    for h in keyed {
        let mut list = out.icons_at(h).to_vec();
        for i in &mut list {
            i.icon.key = i.icon.key.as_ref().and_then(|e| public_entry(map, e));
        }
        let _ = out.set_placed_icons(h, list);
    }
    if out.regions().iter().any(|r| r.look.key.is_some()) {
        let cut: Vec<Region> = out
            .regions()
            .iter()
            .map(|r| {
                let mut r = r.clone();
                r.look.key = r.look.key.as_ref().and_then(|e| public_entry(map, e));
                r
            })
            .collect();
        if let Ok(cut) = Regions::build(out, out.regions().kinds().to_vec(), cut) {
            let _ = out.set_regions(cut);
        }
    }
}

/// True when players may see the edge feature on `e`: not GM-only, and both its cells are
/// revealed.
fn edge_is_public(map: &HexMap, e: Edge) -> bool {
    let (a, b) = e.hexes();
    !map.edge_is_gm_only(e) && map.is_revealed(a) && map.is_revealed(b)
}

/// The cut of what is not per cell, the same for a fresh and an updated player map: the
/// paths (GM-only ones go, the others keep their runs of revealed cells), the labels
/// (GM-only ones and those centred on a hidden cell go), the party's trail (dropped when
/// its path went), the elevation (dropped when any cell is hidden: it is one layer for
/// every cell, and a hidden cell's height is the GM's) and the named regions (GM-only
/// ones go, the others keep their revealed cells).
fn cut_shared(out: &mut HexMap, map: &HexMap) {
    cut_key(out, map);
    let is_hidden = |h: Hex| !map.is_revealed(h);
    // Split runs get ids above every id of the GM's map, so no run takes another's id.
    let mut next = map.paths().next_id();
    for p in map.paths().iter() {
        if !p.gm_only && !p.hexes.iter().any(|h| is_hidden(*h)) {
            continue;
        }
        out.remove_path(p.id);
        if p.gm_only {
            continue;
        }
        for (i, run) in p
            .hexes
            .split(|h| is_hidden(*h))
            .filter(|run| run.len() >= 2)
            .enumerate()
        {
            let id = if i == 0 {
                p.id
            } else {
                let id = next;
                next.0 += 1;
                id
            };
            let _ = out.insert_path(MapPath {
                id,
                kind: p.kind,
                hexes: run.to_vec(),
                gm_only: false,
            });
        }
    }
    if let Ok(layout) = map.layout() {
        for (id, l) in map.labels().iter() {
            if l.gm_only || layout.pixel_to_hex(l.centre()).is_some_and(is_hidden) {
                out.remove_label(id);
            }
        }
    }
    if let Some(party) = out.party()
        && party.trail.is_some_and(|t| out.path(t).is_none())
    {
        let _ = out.set_party(Some(hexmap_map::Party {
            trail: None,
            ..party
        }));
    }
    if map.has_fog() {
        // Elevation and climate are one layer for every cell: a hidden cell's values are
        // the GM's, so with any fog the layers go whole.
        let _ = out.set_elevation_layer(None);
        let _ = out.set_climate(hexmap_map::Climate::default());
    }
    // Regions: GM-only ones go; the others keep their revealed cells only (outline, tint
    // and name follow them), and one wholly unseen goes, name and all.
    let regions = map.regions();
    if map.has_fog() || regions.iter().any(|r| r.look.gm_only) {
        let seen: Vec<Region> = regions
            .iter()
            .filter(|r| !r.look.gm_only)
            .filter_map(|r| {
                let hexes: BTreeSet<Hex> =
                    r.hexes.iter().copied().filter(|&h| !is_hidden(h)).collect();
                (!hexes.is_empty()).then(|| Region { hexes, ..r.clone() })
            })
            .collect();
        if let Ok(cut) = Regions::build(out, regions.kinds().to_vec(), seen) {
            let _ = out.set_regions(cut);
        }
    }
    cut_owned_entries(out, map);
    custom::cut(out, map);
}

/// `palette` with the fog terrain added, and the fog terrain's id (`None` when the
/// palette is at its limit of ids or symbols).
fn fog_palette(palette: &Palette, colour: Rgb) -> Option<(Palette, TerrainId)> {
    let mut terrains = palette.terrains().to_vec();
    let id = terrains.iter().map(|t| t.id.get()).max().unwrap_or(0);
    let id = id.checked_add(1).and_then(TerrainId::new)?;
    let used: Vec<char> = terrains.iter().map(|t| t.symbol).collect();
    let symbol = "?#%&@+=:;*~^$!"
        .chars()
        .chain('A'..='Z')
        .find(|c| !used.contains(c))?;
    terrains.push(Terrain {
        id,
        name: FOG_NAME.to_owned(),
        color: colour,
        symbol,
        cost: MoveCost::Impassable,
        blocks_sight: false,
        art: TileArt::default(),
    });
    Some((Palette::new(terrains).ok()?, id))
}

/// Give `map` the fog terrain (a palette already at its limit leaves hidden cells empty,
/// drawn as empty cells); its id.
fn add_fog_terrain(map: &mut HexMap, colour: Rgb) -> Option<TerrainId> {
    let (palette, id) = fog_palette(map.palette(), colour)?;
    map.set_palette(palette);
    Some(id)
}

mod compact;
mod custom;

#[cfg(test)]
mod compact_tests;
#[cfg(test)]
mod tests;
