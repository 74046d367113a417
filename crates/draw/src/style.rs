//! How a map looks: colours, line widths and which layers are shown. Two themes ship: the
//! editor's dark canvas and pictures (transparent background, for PNG, SVG and print).

use super::colour::Colour;
use super::primitives::FontFamily;
use hexmap_hex::CoordSystem;

/// Which layers of a map are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layers {
    /// Terrain colours (off: every cell looks empty).
    pub terrain: bool,
    /// Mine markers.
    pub mines: bool,
    /// Note markers.
    pub notes: bool,
    /// Hex outlines.
    pub grid: bool,
    /// Terrain symbols (when legible).
    pub symbols: bool,
    /// Coordinate labels in this system (when legible); `None` for none.
    pub labels: Option<CoordSystem>,
    /// Edge features: rivers, walls … along hexsides.
    pub edges: bool,
    /// Paths: roads, trails … through hex centres.
    pub paths: bool,
    /// Cells tinted by their elevation band (`elevation_bands`), on maps with heights.
    pub elevation: bool,
    /// Cells tinted by their band of this climate layer (`climate_bands`), on maps with
    /// it; `None` for neither.
    pub climate: Option<hexmap_map::ClimateKind>,
}

impl Layers {
    /// Terrain, mines, notes, grid, edge features and paths; no symbols or labels.
    pub const fn editor() -> Layers {
        Layers {
            terrain: true,
            mines: true,
            notes: true,
            grid: true,
            symbols: false,
            labels: None,
            edges: true,
            paths: true,
            elevation: false,
            climate: None,
        }
    }

    /// What an exported picture or print draws: terrain, edge features and paths always,
    /// mines, the grid and coordinate labels as asked; never notes, symbols or elevation.
    pub const fn picture(mines: bool, grid: bool, labels: Option<CoordSystem>) -> Layers {
        Layers {
            terrain: true,
            mines,
            notes: false,
            grid,
            symbols: false,
            labels,
            edges: true,
            paths: true,
            elevation: false,
            climate: None,
        }
    }
}

/// A line width in pixels that follows the hex size within bounds (see [`super::lod::line_px`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineWidth {
    /// Pixels per pixel of hex radius.
    pub per_radius: f64,
    /// Thinnest, in pixels.
    pub min_px: f64,
    /// Thickest, in pixels.
    pub max_px: f64,
}

/// Colours and sizes of a map drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct Style {
    /// Behind the map; `None` for transparent.
    pub background: Option<Colour>,
    /// Fill of cells without terrain; `None` leaves them transparent.
    pub empty_cell: Option<Colour>,
    /// What is expected to show through transparent parts (paper, a page), for choosing
    /// text ink on them.
    pub backdrop: Colour,
    /// Grid lines.
    pub grid: Colour,
    /// Grid line width.
    pub grid_width: LineWidth,
    /// Mine marker (a disc), also the tint of mined cells at coarse detail.
    pub mine: Colour,
    /// A smaller disc in the middle of the mine marker, if any.
    pub mine_core: Option<Colour>,
    /// Note marker (a small triangle).
    pub note: Colour,
    /// Typeface of coordinate labels.
    pub label_font: FontFamily,
    /// Largest label font size as a share of the hex radius.
    pub label_cap: f64,
    /// Which layers are drawn.
    pub layers: Layers,
    /// The GM's view of fog of war: hidden cells are drawn blended halfway toward this
    /// colour (still editable, still readable); `None` draws them as any cell (pictures:
    /// a player picture paints fog itself, `player::player_map`).
    pub fog: Option<Colour>,
    /// The party marker (a disc with a white ring).
    pub party: Colour,
    /// Drawn for the players (a player map, `player::player_map`): a named region's
    /// outline is left out along hidden cells, where the region may go on under the fog.
    pub players: bool,
    /// Cells tinted by their value of one custom property (`property_tint`), when set.
    pub property_tint: Option<std::sync::Arc<super::property_tint::PropertyTint>>,
}

/// Behind the map on the editor's canvas (and behind every view of it the editor shows).
pub const EDITOR_BACKGROUND: Colour = Colour::rgb(32, 34, 38);

impl Style {
    /// The editor canvas: dark background, grey empty cells, hairline grid.
    pub fn editor(layers: Layers) -> Style {
        Style {
            background: Some(EDITOR_BACKGROUND),
            empty_cell: Some(Colour::rgb(70, 72, 78)),
            backdrop: EDITOR_BACKGROUND,
            grid: Colour::rgb(58, 60, 68),
            grid_width: LineWidth {
                per_radius: 0.0,
                min_px: 1.0,
                max_px: 1.0,
            },
            mine: Colour::rgb(25, 25, 25),
            mine_core: Some(Colour::rgb(220, 40, 40)),
            note: Colour::rgb(250, 210, 40),
            label_font: FontFamily::Mono,
            label_cap: 0.32,
            layers,
            fog: Some(Colour::rgb(20, 22, 30)),
            party: PARTY,
            players: false,
            property_tint: None,
        }
    }

    /// Pictures (PNG, SVG, print): transparent background and empty cells, a grid that
    /// grows with the hexes, dark mine discs.
    pub fn picture(layers: Layers) -> Style {
        Style {
            background: None,
            empty_cell: None,
            backdrop: Colour::WHITE,
            grid: Colour::rgba(60, 60, 60, 200),
            grid_width: LineWidth {
                per_radius: 1.0 / 16.0,
                min_px: 0.5,
                max_px: 2.0,
            },
            mine: Colour::rgb(15, 15, 15),
            mine_core: None,
            note: Colour::rgb(250, 210, 40),
            label_font: FontFamily::Sans,
            label_cap: 0.6,
            layers,
            fog: None,
            party: PARTY,
            players: false,
            property_tint: None,
        }
    }

    /// The same style for a player map: no GM fog shading (the player map paints its own
    /// fog), and no region outline along the fog.
    pub fn for_players(self) -> Style {
        Style {
            fog: None,
            players: true,
            ..self
        }
    }
}

/// The party marker's colour.
pub const PARTY: Colour = Colour::rgb(230, 60, 60);
