//! Hex geometry: coordinates in every classic system, layout (pixel↔hex), shapes and
//! algorithms. Knows nothing of maps, files or the GUI.

mod coord;
pub mod direction;
pub mod doubled;
pub mod layout;
pub mod offset;
mod pick;
pub mod shapes;
pub mod three_axis;
pub mod xxyy;

pub use coord::{FracHex, Hex};
pub use direction::Direction;
pub use doubled::DoubledKind;
pub use layout::{Edge, Layout, LayoutError, Orientation, Point, Vertex};
pub use offset::{OffsetCoord, OffsetKind};
