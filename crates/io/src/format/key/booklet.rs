//! The key booklet format (`--to key-pdf FILE.pdf`): a print of the map (paper, hex size,
//! pages as `--to pdf` takes them) followed by the entries in label order, drawn by
//! [`crate::render::key_booklet`].

use crate::format::drawn::{Drawn, Kind};
use crate::format::{FormatInfo, FormatOption};

/// The key as a PDF booklet.
pub static KEY_PDF: Drawn = Drawn {
    info: INFO,
    kind: Kind::KeyBooklet,
};

const INFO: FormatInfo = FormatInfo {
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
