//! Hex geometry: coordinates in every classic system (one [`CoordSystem`] reads and writes
//! them all), layout (pixel↔hex), shapes and algorithms. Knows nothing of maps, files or
//! the GUI.
//!
#![doc = include_str!("../README.md")]
#![warn(clippy::must_use_candidate, clippy::return_self_not_must_use)]
#![forbid(unsafe_code)]

mod coord;
pub mod coord_system;
pub mod direction;
pub mod doubled;
pub mod edge;
pub mod flood;
pub mod fov;
mod grid_search;
pub mod hash;
pub mod layout;
mod level_queue;
pub mod line;
pub mod movement;
pub mod offset;
pub mod pathfind;
mod pick;
mod radix_queue;
pub mod range;
pub mod resolution;
mod route_search;
pub mod shapes;
pub mod three_axis;
pub mod transform;
pub mod xxyy;

pub use coord::{FracHex, Hex};
pub use coord_system::{CoordChoice, CoordContext, CoordError, CoordSystem};
pub use direction::Direction;
pub use doubled::DoubledKind;
pub use edge::Edge;
pub use flood::{FloodLimitError, connected_components, flood_fill};
pub use fov::{
    SightBlock, field_of_view, field_of_view_across, is_visible, is_visible_across, sight_blocker,
};
pub use grid_search::{GridSearch, GridStep};
pub use hash::{HexBuildHasher, HexHashMap, HexHashSet, stable_hash};
pub use layout::{Layout, LayoutError, Orientation, Point, Vertex};
pub use line::{LINE_NUDGE, LineIter, line, line_supercover};
pub use movement::{
    MAX_MOVEMENT_DISTANCE, MovementRange, MovementRangeError, movement_range, movement_range_grid,
};
pub use offset::{OffsetCoord, OffsetKind};
pub use pathfind::{PathError, PathLimits, Route, a_star};
pub use range::{
    CubeBoxIter, in_wedge, range, range_count, range_intersection, ring, spiral, wedge,
};
pub use route_search::RouteSearch;
pub use transform::{Axis, reflect, rotate};

/// The documented coordinate range: every hex with |q|, |r| and |s| at most this.
///
/// Within it, all arithmetic between two hexes is exact in 32 bits with no overflow: sums and
/// differences, distance, rotation and reflection, neighbours, offset and doubled coordinates,
/// XXYY and three-axis forms (the crate's tests check each at the corners, with overflow
/// checks on, in `tests/geometry/coordinate_limits.rs`). [`CoordSystem::parse`] refuses hexes beyond it, so
/// whatever it reads prints exactly in every other system; hexmap's maps are far smaller.
///
/// ```
/// use hexmap_hex::{COORD_LIMIT, CoordContext, CoordSystem, Orientation};
/// let cx = CoordContext::new(Orientation::Pointy);
/// assert_eq!(COORD_LIMIT, 536_870_912);
/// assert!(CoordSystem::Axial.parse("536870912,0", &cx).is_ok());
/// assert!(CoordSystem::Axial.parse("536870913,0", &cx).is_err());
/// ```
pub const COORD_LIMIT: i32 = 1 << 29;
