//! The document: a hex map (shape, palette, terrain/mine/note layers), the one edit path,
//! and undo history. Knows nothing of files or the GUI.

pub mod clipboard;
pub mod coords;
pub mod document;
pub mod edit;
mod hexmap;
pub mod history;
pub mod layers;
pub mod minesweeper;
pub mod palette;
pub mod shape;

pub use clipboard::{ClipCell, Clipboard};
pub use document::Document;
pub use edit::{Changed, Edit, EditError, HexBounds};
pub use hexmap::{HexMap, MAX_MAP_NAME_LEN, MapError, MapProperties};
pub use history::History;
pub use layers::{MineLayer, Notes, TerrainLayer};
pub use palette::{MoveCost, Palette, PaletteError, Rgb, Terrain, TerrainId};
pub use shape::{CellSet, MapShape, OffsetBounds, ShapeError};
