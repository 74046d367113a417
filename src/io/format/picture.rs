//! Pictures of a map, PNG and SVG, as [`Format`]s: they call the picture renderer with the
//! map's cells and the options they take.

use super::{Format, FormatInfo, FormatOption, WriteError, WriteOptions, Written};
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

/// Which picture.
enum Kind {
    Png,
    Svg,
}

/// A picture of the map: [`PNG`] or [`SVG`].
pub struct Picture {
    info: FormatInfo,
    kind: Kind,
}

/// A raster picture.
pub static PNG: Picture = Picture {
    info: FormatInfo {
        name: "png",
        description: "picture (PNG)",
        extensions: &["png"],
        options: PICTURE_OPTIONS,
        reads: false,
        writes: true,
    },
    kind: Kind::Png,
};

/// A vector picture.
pub static SVG: Picture = Picture {
    info: FormatInfo {
        name: "svg",
        description: "vector picture (SVG)",
        extensions: &["svg"],
        options: PICTURE_OPTIONS,
        reads: false,
        writes: true,
    },
    kind: Kind::Svg,
};

impl Format for Picture {
    fn info(&self) -> &FormatInfo {
        &self.info
    }

    fn write(
        &self,
        map: &HexMap,
        opts: &WriteOptions,
        _file_name: &str,
        progress: &mut dyn FnMut(f32),
    ) -> Result<Written, WriteError> {
        let cells = image_cells(map, opts.labels);
        let options = picture_options(map, opts);
        Ok(Written::main(match self.kind {
            Kind::Png => render_png(&cells, &fit_png(&cells, &options)?, progress)?,
            Kind::Svg => render_svg(&cells, &options, progress)?.into_bytes(),
        }))
    }
}
