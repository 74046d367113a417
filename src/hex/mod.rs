//! Hex geometry: coordinates in every classic system, layout (pixel↔hex), shapes and
//! algorithms. Knows nothing of maps, files or the GUI.

mod coord;
pub mod direction;
pub mod doubled;
pub mod flood;
pub mod fov;
pub mod hash;
pub mod layout;
pub mod line;
pub mod movement;
pub mod offset;
pub mod pathfind;
mod pick;
pub mod range;
pub mod shapes;
pub mod three_axis;
pub mod transform;
pub mod xxyy;

pub use coord::{FracHex, Hex};
pub use direction::Direction;
pub use doubled::DoubledKind;
pub use flood::{FloodLimitError, connected_components, flood_fill};
pub use fov::{field_of_view, is_visible};
pub use hash::{HexBuildHasher, HexHashMap, HexHashSet};
pub use layout::{Edge, Layout, LayoutError, Orientation, Point, Vertex};
pub use line::{LINE_NUDGE, LineIter, line, line_supercover};
pub use movement::{MAX_MOVEMENT_DISTANCE, MovementRange, MovementRangeError, movement_range};
pub use offset::{OffsetCoord, OffsetKind};
pub use pathfind::{Path, PathError, PathLimits, a_star};
pub use range::{
    CubeBoxIter, in_wedge, range, range_count, range_intersection, ring, spiral, wedge,
};
pub use transform::{Axis, reflect, rotate};
