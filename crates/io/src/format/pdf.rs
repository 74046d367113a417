//! PDF, the print format: the map at an exact hex size on pages of a paper size (or one
//! poster page), drawn as vectors through the PDF back-end of [`crate::render`].

use super::{Format, FormatInfo, FormatOption, WriteError, WriteJob, WriteOptions, Written};
use crate::render::{PrintOptions, pdf_in_steps};
use hexmap_map::steps::{Steps, block_on};

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
        block_on(self.write_in_steps(job))
    }

    fn write_in_steps<'a, 'j: 'a>(
        &'a self,
        job: WriteJob<'j>,
    ) -> Steps<'a, Result<Written, WriteError>> {
        Box::pin(async move {
            let opts = print_options(job.opts);
            let pdf = pdf_in_steps(job.map, &opts, job.progress).await?;
            Ok(Written::main(pdf))
        })
    }
}
