//! The player filter: the one function that turns a map into what the players may see
//! (issue 26). Every player output — the editor's player view and player window, and
//! `hexmap export --player-view` to JSON, PNG, SVG and PDF — draws or writes the map this
//! returns, so nothing GM-only can reach the players by another path.
//!
//! What is left out: every GM-only icon, label, path, edge feature and note; all note text
//! (notes are the GM's); on a hidden cell its terrain, mine, icons (and so their captions)
//! and the labels centred on it; the edge features with a hidden cell on either side; the
//! steps of paths that touch a hidden cell. The hidden cells stay hidden in the copy, and
//! with a fog colour they are painted with a terrain of their own ("Unexplored") so every
//! back-end draws them opaque with no code of its own.

use hexmap_hex::Hex;
use hexmap_map::{HexMap, MapPath, MoveCost, Palette, Rgb, Terrain, TerrainId, TileArt};

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

/// What the players may see of `map` (module doc). A map without fog or secrets comes
/// back unchanged but for its notes.
pub fn player_map(map: &HexMap, view: &PlayerView) -> HexMap {
    let mut out = map.clone();
    let hidden: Vec<Hex> = map.hidden_cells().collect();
    let is_hidden = |h: Hex| !map.is_revealed(h);
    // Notes: all of them are the GM's.
    for h in map.notes().keys() {
        let _ = out.set_note(*h, None);
        out.set_note_gm_only(*h, false);
    }
    // Hidden cells: no terrain, no mine, no icons.
    for &h in &hidden {
        let _ = out.set_terrain(h, None);
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
        let (a, b) = e.hexes();
        if map.edge_is_gm_only(e) || is_hidden(a) || is_hidden(b) {
            let _ = out.set_edge(e, None);
            out.set_edge_gm_only(e, false);
        }
    }
    // Paths: GM-only ones go; the others keep their runs of revealed cells.
    for p in map.paths().iter() {
        if !p.gm_only && !p.hexes.iter().any(|h| is_hidden(*h)) {
            continue;
        }
        out.remove_path(p.id);
        if p.gm_only {
            continue;
        }
        let mut next = out.paths().next_id();
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
    // Labels: GM-only ones and those centred on a hidden cell.
    if let Ok(layout) = map.layout() {
        for (id, l) in map.labels().iter() {
            if l.gm_only || layout.pixel_to_hex(l.at).is_some_and(is_hidden) {
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
    if let Some(colour) = view.fog
        && !hidden.is_empty()
    {
        paint_fog(&mut out, &hidden, colour);
    }
    out
}

/// Add the fog terrain to `map`'s palette and paint the `hidden` cells with it. A palette
/// already at its limit leaves them empty (drawn as empty cells).
fn paint_fog(map: &mut HexMap, hidden: &[Hex], colour: Rgb) {
    let mut terrains = map.palette().terrains().to_vec();
    let id = terrains.iter().map(|t| t.id.get()).max().unwrap_or(0);
    let Some(id) = id.checked_add(1).and_then(TerrainId::new) else {
        return;
    };
    let used: Vec<char> = terrains.iter().map(|t| t.symbol).collect();
    let Some(symbol) = "?#%&@+=:;*~^$!"
        .chars()
        .chain('A'..='Z')
        .find(|c| !used.contains(c))
    else {
        return;
    };
    terrains.push(Terrain {
        id,
        name: FOG_NAME.to_owned(),
        color: colour,
        symbol,
        cost: MoveCost::Impassable,
        blocks_sight: false,
        art: TileArt::default(),
    });
    let Ok(palette) = Palette::new(terrains) else {
        return;
    };
    map.set_palette(palette);
    for &h in hidden {
        let _ = map.set_terrain(h, Some(id));
    }
}

#[cfg(test)]
mod tests;
