//! What an export leaves out of the map: the kinds of content a map holds ([`held`]) less
//! those its format carries ([`FormatInfo::drops`](super::FormatInfo::drops) says which it
//! cannot). `export --strict` refuses an export that leaves anything out, naming it; without
//! `--strict` one warning line names what was left out. A player view is judged by what the
//! player map holds: what the players may not see is not "left out", it was asked away.
//!
//! Each format's list is checked by the tests against the file itself: what a format
//! that reads back (RON, JSON, Tiled) gives back is what it keeps.

use super::{Format, WriteOptions};
use hexmap_map::HexMap;
use std::borrow::Cow;

/// A kind of content a map may hold and a format may not carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Content {
    /// The palette's names, colours, symbols and costs (the terrain ids stay).
    Palette,
    /// Notes on cells.
    Notes,
    /// Edge features (rivers, walls) on hexsides.
    Edges,
    /// Paths (roads, railways, trails).
    Paths,
    /// Icons on cells.
    Icons,
    /// Free text labels.
    Labels,
    /// Named regions.
    Regions,
    /// Mines (minesweeper).
    Mines,
    /// Which cells are hidden from the players (fog of war).
    Fog,
    /// The GM-only flags of icons, labels, paths, edge features and regions.
    GmOnlyItems,
    /// The GM-only flags of notes.
    GmOnlyNotes,
    /// The party: its hex, sight and trail.
    Party,
    /// Heights (elevation per cell).
    Heights,
    /// The map scale (distance per hex).
    Scale,
    /// The tracing underlay (an image under the map).
    Underlay,
    /// Custom property types and values.
    CustomProperties,
    /// The hex key's entries.
    KeyEntries,
    /// A generated world's temperature and moisture layers.
    Climate,
    /// Child maps (the map's family).
    ChildMaps,
}

impl Content {
    /// Every kind, in the order messages list them.
    pub const ALL: [Content; 19] = [
        Content::Palette,
        Content::Notes,
        Content::Edges,
        Content::Paths,
        Content::Icons,
        Content::Labels,
        Content::Regions,
        Content::Mines,
        Content::Fog,
        Content::GmOnlyItems,
        Content::GmOnlyNotes,
        Content::Party,
        Content::Heights,
        Content::Scale,
        Content::Underlay,
        Content::CustomProperties,
        Content::KeyEntries,
        Content::Climate,
        Content::ChildMaps,
    ];

    /// How a message names it ("heights", "the party").
    pub fn name(self) -> &'static str {
        match self {
            Content::Palette => "the terrain names, colours and costs",
            Content::Notes => "notes",
            Content::Edges => "edge features",
            Content::Paths => "paths",
            Content::Icons => "icons",
            Content::Labels => "labels",
            Content::Regions => "regions",
            Content::Mines => "mines",
            Content::Fog => "fog (hidden cells)",
            Content::GmOnlyItems => "GM-only flags of icons, labels, paths, edges and regions",
            Content::GmOnlyNotes => "GM-only flags of notes",
            Content::Party => "the party",
            Content::Heights => "heights",
            Content::Scale => "the map scale",
            Content::Underlay => "the underlay",
            Content::CustomProperties => "custom properties",
            Content::KeyEntries => "the hex key",
            Content::Climate => "temperature and moisture",
            Content::ChildMaps => "child maps",
        }
    }

    /// Whether `map` holds any of this kind.
    pub fn is_held_by(self, map: &HexMap) -> bool {
        match self {
            Content::Palette => !map.palette().is_empty(),
            Content::Notes => !map.notes().is_empty(),
            Content::Edges => map.edges().next().is_some(),
            Content::Paths => !map.paths().is_empty(),
            Content::Icons => !map.icons().is_empty(),
            Content::Labels => !map.labels().is_empty(),
            Content::Regions => !map.regions().is_empty(),
            Content::Mines => map.mines().next().is_some(),
            Content::Fog => map.has_fog(),
            Content::GmOnlyItems => {
                map.gm_edges().next().is_some()
                    || map.paths().iter().any(|p| p.gm_only)
                    || map.labels().iter().any(|(_, l)| l.gm_only)
                    || map.regions().iter().any(|r| r.look.gm_only)
                    || map
                        .icons()
                        .iter()
                        .any(|(_, icons)| icons.iter().any(|i| i.gm_only))
            }
            Content::GmOnlyNotes => map.gm_notes().next().is_some(),
            Content::Party => map.party().is_some(),
            Content::Heights => map.elevation_layer().is_some(),
            Content::Scale => map.scale().is_some(),
            Content::CustomProperties => !map.custom().is_empty(),
            Content::Underlay => map.underlay().is_some(),
            Content::KeyEntries => !map.key_entries().is_empty(),
            Content::Climate => hexmap_map::ClimateKind::ALL
                .into_iter()
                .any(|k| map.climate_layer(k).is_some()),
            Content::ChildMaps => !map.children().is_empty(),
        }
    }
}

/// The kinds of content `map` holds.
pub fn held(map: &HexMap) -> Vec<Content> {
    Content::ALL
        .into_iter()
        .filter(|c| c.is_held_by(map))
        .collect()
}

/// What writing `map` as `format` with `opts` leaves out: the kinds the map holds (the
/// player map, for a player view) that the format drops.
pub fn left_out(map: &HexMap, format: &dyn Format, opts: &WriteOptions) -> Vec<Content> {
    let map: Cow<'_, HexMap> = if opts.player_view {
        Cow::Owned(super::player::players_for(map, format))
    } else {
        Cow::Borrowed(map)
    };
    held(&map)
        .into_iter()
        .filter(|c| format.info().drops.contains(c))
        .collect()
}

/// `left` named in one phrase: "heights, the party and GM-only flags of notes".
pub fn describe(left: &[Content]) -> String {
    let names: Vec<&str> = left.iter().map(|c| c.name()).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_reads_as_a_phrase() {
        assert_eq!(describe(&[]), "");
        assert_eq!(describe(&[Content::Heights]), "heights");
        assert_eq!(
            describe(&[Content::Heights, Content::Party, Content::GmOnlyNotes]),
            "heights, the party and GM-only flags of notes"
        );
    }
}
