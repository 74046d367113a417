//! PDF, the print format: the map at an exact hex size on pages of a paper size (or one
//! poster page), drawn as vectors through the PDF back-end of [`crate::picture`].

use super::{Format, FormatInfo, FormatOption, WriteError, WriteOptions, Written};
use crate::picture::{PrintOptions, render_pdf};
use hexmap_map::HexMap;

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
        images: opts.images.clone(),
    }
}

impl Format for Pdf {
    fn info(&self) -> &FormatInfo {
        &self.info
    }

    fn recognizes(&self, head: &[u8]) -> bool {
        head.starts_with(b"%PDF-")
    }

    fn write(
        &self,
        map: &HexMap,
        opts: &WriteOptions,
        _file_name: &str,
        progress: &mut dyn FnMut(f32),
    ) -> Result<Written, WriteError> {
        Ok(Written::main(render_pdf(
            map,
            &print_options(opts),
            progress,
        )?))
    }
}
