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

/// The documented coordinate range: every hex with |q|, |r| and |s| at most this.
///
/// Within it, all arithmetic between two hexes is exact in 32 bits with no overflow: sums and
/// differences, distance, rotation and reflection, neighbours, offset and doubled coordinates,
/// XXYY and three-axis forms (tested at the corners in `tests/coordinate_limits.rs`). Maps are
/// far smaller (see `map::shape::MAX_SIDE`); the CLI refuses coordinates beyond this.
pub const COORD_LIMIT: i32 = 1 << 29;
