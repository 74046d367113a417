//! PDF, the print format: the map at an exact hex size on pages of a paper size (or one
//! poster page), drawn as vectors through the PDF back-end of [`crate::render`].

use super::{Format, FormatInfo, FormatOption, WriteError, WriteJob, WriteOptions, Written};
use crate::render::{PrintOptions, render_pdf};

/// The PDF format.
pub struct Pdf {
    info: FormatInfo,
}

/// A print of the map (PDF).
pub static PDF: Pdf = Pdf {
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
    },
};

/// The print options `opts` asks for.
pub fn print_options(opts: &WriteOptions) -> PrintOptions {
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

impl Format for Pdf {
    fn info(&self) -> &FormatInfo {
        &self.info
    }

    fn recognizes(&self, head: &[u8]) -> bool {
        head.starts_with(b"%PDF-")
    }

    fn write(&self, job: WriteJob<'_>) -> Result<Written, WriteError> {
        let pdf = render_pdf(job.map, &print_options(job.opts), job.progress)?;
        Ok(Written::main(pdf))
    }
}
