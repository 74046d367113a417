//! Printing at true scale (docs/DESIGN.md §9), backend-neutral: lengths and papers
//! ([`units`]) and the page layout of a map ([`layout`]) that the PDF writer and the
//! editor's page preview share.

pub mod layout;
pub mod units;

pub use layout::{
    HEX_SIZE_RANGE_MM, MAX_PAGES, Page, PageLayout, PageSetup, PaperRect, PrintLayoutError,
    WorldRect, flat_to_flat,
};
pub use units::{Length, MM_PER_INCH, POINTS_PER_MM, Paper, UnitError};

use hexmap_hex::{Layout, Point};
use hexmap_map::HexMap;

/// The box of `map`'s hexagons in `layout` (outlines included), or `None` for a map
/// without cells.
pub fn map_box(map: &HexMap, layout: &Layout) -> Option<WorldRect> {
    let corners: Vec<Point> = (0..6).map(|i| layout.corner_offset(i)).collect();
    let (cx0, cx1) = corners
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), c| (a.min(c.x), b.max(c.x)));
    let (cy0, cy1) = corners
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), c| (a.min(c.y), b.max(c.y)));
    let mut lo = Point::new(f64::MAX, f64::MAX);
    let mut hi = Point::new(f64::MIN, f64::MIN);
    for h in map.shape().iter() {
        let p = layout.hex_to_pixel(h);
        lo = Point::new(lo.x.min(p.x + cx0), lo.y.min(p.y + cy0));
        hi = Point::new(hi.x.max(p.x + cx1), hi.y.max(p.y + cy1));
    }
    (lo.x <= hi.x).then_some((lo, hi))
}

/// The page layout of `map` as `setup` asks (the PDF writer and the editor's preview both
/// call this).
pub fn layout_map(map: &HexMap, setup: &PageSetup) -> Result<PageLayout, PrintLayoutError> {
    let layout = map.layout().map_err(|_| PrintLayoutError::EmptyMap)?;
    let bounds = map_box(map, &layout).ok_or(PrintLayoutError::EmptyMap)?;
    PageLayout::new(setup, bounds, flat_to_flat(&layout))
}
