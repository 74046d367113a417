//! Pictures of a map, PNG and SVG, as [`Format`]s: they draw the map through `draw` into
//! the raster or SVG back-end of [`crate::io::picture`] with the options they take.

use super::{Format, FormatInfo, FormatOption, WriteError, WriteOptions, Written};
use crate::io::picture::{PictureOptions, fit_png, render_png, render_svg};
use crate::map::HexMap;

/// The options every picture takes.
const PICTURE_OPTIONS: &[FormatOption] = &[
    FormatOption::Labels,
    FormatOption::Mines,
    FormatOption::Grid,
    FormatOption::HexPixels,
];

fn picture_options(map: &HexMap, opts: &WriteOptions) -> PictureOptions {
    PictureOptions {
        grid: opts.grid,
        labels: opts.labels,
        mines: opts.mines,
        ..PictureOptions::for_hex_pixels(map, opts.hex_pixels)
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
        let options = picture_options(map, opts);
        Ok(Written::main(match self.kind {
            Kind::Png => render_png(map, &fit_png(map, &options)?, progress)?,
            Kind::Svg => render_svg(map, &options, progress)?.into_bytes(),
        }))
    }
}
