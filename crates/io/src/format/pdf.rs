//! PDF, the print format: the map at an exact hex size on pages of a paper size (or one
//! poster page), drawn as vectors through the PDF back-end of [`crate::render`].

use super::drawn::{Drawn, Kind};
use super::{FormatInfo, FormatOption, WriteOptions};
use crate::render::PrintOptions;

/// A print of the map (PDF); written by [`Drawn`], as PNG and SVG are.
pub static PDF: Drawn = Drawn {
    info: FormatInfo {
        name: "pdf",
        description: "print at true scale (PDF)",
        extensions: &["pdf"],
        options: &[
            FormatOption::Labels,
            FormatOption::Mines,
            FormatOption::Grid,
            FormatOption::PrintHexSize,
            FormatOption::Pages,
            FormatOption::Legend,
            FormatOption::ScaleBar,
            FormatOption::PlayerView,
        ],
        reads: false,
        writes: true,
        drops: super::picture::PICTURE_DROPS,
    },
    kind: Kind::Pdf,
};

/// The print options `opts` asks for.
pub(super) fn print_options(opts: &WriteOptions) -> PrintOptions {
    PrintOptions {
        setup: opts.print.clone(),
        grid: opts.grid,
        labels: opts.labels,
        mines: opts.mines,
        marks: opts.marks,
        legend: opts.legend,
        scale_bar: opts.scale_bar,
        underlay: opts.underlay,
        images: opts.images.clone(),
        world_box: super::picture::frame_box(opts, hexmap_draw::CellReach::Outline),
    }
}
