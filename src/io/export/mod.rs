//! A map as the cells of a picture (used by the PNG and SVG formats in
//! [`crate::io::format`]).

mod picture;

pub use picture::image_cells;
