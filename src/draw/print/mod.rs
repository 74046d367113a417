//! Printing at true scale (DESIGN.md §9), backend-neutral: lengths and papers
//! ([`units`]) and the page layout of a map ([`layout`]) that the PDF writer and the
//! editor's page preview share.

pub mod layout;
pub mod units;

pub use layout::{
    MAX_PAGES, Page, PageLayout, PageSetup, PaperRect, PrintLayoutError, WorldRect, flat_to_flat,
};
pub use units::{Length, MM_PER_INCH, POINTS_PER_MM, Paper, UnitError};
