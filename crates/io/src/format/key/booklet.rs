//! The key booklet format (`--to key-pdf FILE.pdf`): a print of the map (paper, hex size,
//! pages as `--to pdf` takes them) followed by the entries in label order, drawn by
//! [`crate::render::key_booklet`].

use super::super::pdf::print_options;
use crate::format::{Format, FormatInfo, FormatOption, WriteError, WriteJob, Written};
use crate::render::key_booklet::key_booklet_in_steps;
use hexmap_map::steps::{Steps, block_on};

/// The key booklet format.
pub struct KeyBooklet;

/// The key as a PDF booklet.
pub static KEY_PDF: KeyBooklet = KeyBooklet;

static INFO: FormatInfo = FormatInfo {
    name: "key-pdf",
    description: "hex key as a printed booklet (PDF: the map, then the entries)",
    extensions: &["pdf"],
    options: &[
        FormatOption::Labels,
        FormatOption::Grid,
        FormatOption::PrintHexSize,
        FormatOption::Pages,
        FormatOption::PlayerView,
    ],
    reads: false,
    writes: true,
    drops: crate::format::picture::PICTURE_DROPS,
};

impl Format for KeyBooklet {
    fn info(&self) -> &FormatInfo {
        &INFO
    }

    fn write(&self, job: WriteJob<'_>) -> Result<Written, WriteError> {
        block_on(self.write_in_steps(job))
    }

    fn write_in_steps<'a, 'j: 'a>(
        &'a self,
        job: WriteJob<'j>,
    ) -> Steps<'a, Result<Written, WriteError>> {
        Box::pin(async move {
            let WriteJob {
                map,
                opts,
                progress,
                ..
            } = job;
            let pdf = key_booklet_in_steps(map, &print_options(opts), progress).await?;
            Ok(Written::main(pdf))
        })
    }
}
