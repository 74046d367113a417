//! Printing at true scale (docs/DESIGN.md §9), backend-neutral: lengths and papers
//! ([`units`]) and the page layout of a map ([`layout`]) that the PDF writer and the
//! editor's page preview share.

pub mod layout;
pub mod units;

pub use layout::{
    HEX_SIZE_RANGE_MM, MARKS_BY_DEFAULT, MAX_PAGES, Page, PageLayout, PageSetup, PaperRect,
    PrintLayoutError, WorldRect, flat_to_flat,
};
pub use units::{Length, MM_PER_INCH, POINTS_PER_MM, Paper, UnitError};

use crate::world_box::{CellReach, map_world_box};
use hexmap_map::HexMap;

/// The page layout of `map` as `setup` asks (the PDF writer and the editor's preview both
/// call this).
pub fn layout_map(map: &HexMap, setup: &PageSetup) -> Result<PageLayout, PrintLayoutError> {
    let layout = map.layout().map_err(|_| PrintLayoutError::EmptyMap)?;
    let bounds =
        map_world_box(map, &layout, CellReach::Outline).ok_or(PrintLayoutError::EmptyMap)?;
    PageLayout::new(setup, bounds, flat_to_flat(&layout))
}
