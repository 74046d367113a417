//! The formats that draw the map — PNG, SVG, PDF and the key booklet — as one [`Format`]: each
//! draws the map through `draw` into the raster, SVG or PDF back-end of [`crate::render`],
//! pausing between bands (so a browser spreads a long export over frames). Their options are in
//! `picture.rs` (PNG, SVG), `pdf.rs` (PDF) and `key/booklet.rs` (the booklet).

use super::pdf::print_options;
use super::picture::{picture_options, with_resolution};
use super::{Format, FormatInfo, WriteError, WriteJob, Written};
use crate::render::key_booklet::key_booklet_in_steps;
use crate::render::{fit_png, pdf_in_steps, png_in_steps, svg_in_steps};
use hexmap_map::steps::{Steps, block_on};

/// What a drawn format draws into.
pub(super) enum Kind {
    /// Raster, [`png_in_steps`].
    Png,
    /// Vector, [`svg_in_steps`].
    Svg,
    /// Print on pages, [`pdf_in_steps`].
    Pdf,
    /// The print followed by the hex key's entries, [`key_booklet_in_steps`].
    KeyBooklet,
}

/// A format that draws the map: [`super::picture::PNG`], [`super::picture::SVG`],
/// [`super::pdf::PDF`] or [`super::key::KEY_PDF`].
pub struct Drawn {
    /// Name, extensions and options.
    pub(super) info: FormatInfo,
    /// What it draws into.
    pub(super) kind: Kind,
}

impl Format for Drawn {
    fn info(&self) -> &FormatInfo {
        &self.info
    }

    fn recognizes(&self, head: &[u8]) -> bool {
        matches!(self.kind, Kind::Pdf) && head.starts_with(b"%PDF-")
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
            Ok(Written::main(match self.kind {
                Kind::Pdf => pdf_in_steps(map, &print_options(opts), progress).await?,
                Kind::KeyBooklet => {
                    key_booklet_in_steps(map, &print_options(opts), progress).await?
                }
                Kind::Svg => svg_in_steps(map, &picture_options(map, opts)?, progress)
                    .await?
                    .into_bytes(),
                Kind::Png => {
                    let options = picture_options(map, opts)?;
                    match opts.dpi {
                        // At a print size the picture must not shrink: too large is an error.
                        Some(dpi) => {
                            with_resolution(png_in_steps(map, &options, progress).await?, dpi)
                        }
                        None => png_in_steps(map, &fit_png(map, &options)?, progress).await?,
                    }
                }
            }))
        })
    }
}
