//! Pictures of a map, PNG and SVG, as [`Format`]s: they call the picture renderer with the
//! map's cells and the options they take.

use super::{Format, FormatOption, WriteError, WriteOptions, Written};
use crate::io::export::image_cells;
use crate::io::image::{ImageOptions, fit_png, render_png, render_svg};
use crate::map::HexMap;

/// The options every picture takes.
const PICTURE_OPTIONS: &[FormatOption] = &[
    FormatOption::Labels,
    FormatOption::Mines,
    FormatOption::Grid,
    FormatOption::HexPixels,
];

fn picture_options(map: &HexMap, opts: &WriteOptions) -> ImageOptions {
    let props = map.properties();
    let (sx, sy) = (props.hex_size.x, props.hex_size.y);
    let scale = opts.hex_pixels.max(1.0) / sx.max(sy);
    ImageOptions {
        orientation: props.orientation,
        hex_size: (sx * scale, sy * scale),
        grid: opts.grid,
        labels: opts.labels.is_some(),
        mines: opts.mines,
        ..ImageOptions::default()
    }
}

/// A raster picture.
pub struct Png;

impl Format for Png {
    fn name(&self) -> &'static str {
        "png"
    }

    fn description(&self) -> &'static str {
        "picture (PNG)"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["png"]
    }

    fn options(&self) -> &'static [FormatOption] {
        PICTURE_OPTIONS
    }

    fn can_write(&self) -> bool {
        true
    }

    fn write(
        &self,
        map: &HexMap,
        opts: &WriteOptions,
        _file_name: &str,
        progress: &mut dyn FnMut(f32),
    ) -> Result<Written, WriteError> {
        let cells = image_cells(map, opts.labels);
        let fitted = fit_png(&cells, &picture_options(map, opts))?;
        Ok(Written::main(render_png(&cells, &fitted, progress)?))
    }
}

/// A vector picture.
pub struct Svg;

impl Format for Svg {
    fn name(&self) -> &'static str {
        "svg"
    }

    fn description(&self) -> &'static str {
        "vector picture (SVG)"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["svg"]
    }

    fn options(&self) -> &'static [FormatOption] {
        PICTURE_OPTIONS
    }

    fn can_write(&self) -> bool {
        true
    }

    fn write(
        &self,
        map: &HexMap,
        opts: &WriteOptions,
        _file_name: &str,
        progress: &mut dyn FnMut(f32),
    ) -> Result<Written, WriteError> {
        let cells = image_cells(map, opts.labels);
        let svg = render_svg(&cells, &picture_options(map, opts), progress)?;
        Ok(Written::main(svg))
    }
}
