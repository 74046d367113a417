//! How hard a PNG's pixels are compressed: the time an export takes against its file's size.

use std::fmt;
use std::str::FromStr;

/// A PNG compression setting. Measured on a 300 × 300 map drawn at 24-pixel hexes
/// (docs/BENCHMARKS.md, "PNG: hexes painted straight into the pixmap"; zlib-rs, in pieces on
/// every core): the whole export took 3.1 CPU-s for a 13.3 MB file at `Fast` (the default)
/// and 4.2 CPU-s for 11.2 MB at `Small`. zlib's level 9 was no smaller than level 6 in an
/// earlier measurement, so it is not offered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PngCompression {
    /// fdeflate's ultra-fast mode, on one core: files about twice as large.
    Fastest,
    /// zlib level 2: about three quarters of the time of `Small`, files a sixth larger.
    #[default]
    Fast,
    /// zlib level 6 (what most PNG writers use): the smallest files.
    Small,
}

impl PngCompression {
    /// Every setting, fastest first.
    pub const ALL: [PngCompression; 3] = [
        PngCompression::Fastest,
        PngCompression::Fast,
        PngCompression::Small,
    ];

    /// The name used on the command line and in the export window.
    pub fn name(self) -> &'static str {
        match self {
            PngCompression::Fastest => "fastest",
            PngCompression::Fast => "fast",
            PngCompression::Small => "small",
        }
    }

    /// The zlib level, for the settings that are one (compressed in pieces on every core);
    /// `None` for fdeflate's mode.
    pub(super) fn deflate_level(self) -> Option<u32> {
        match self {
            PngCompression::Fastest => None,
            PngCompression::Fast => Some(2),
            PngCompression::Small => Some(6),
        }
    }

    /// The png crate's setting for it.
    pub(super) fn deflate(self) -> png::DeflateCompression {
        match self {
            PngCompression::Fastest => png::DeflateCompression::FdeflateUltraFast,
            PngCompression::Fast => png::DeflateCompression::Level(2),
            PngCompression::Small => png::DeflateCompression::Level(6),
        }
    }
}

impl fmt::Display for PngCompression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PngCompression {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim();
        PngCompression::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                let names: Vec<&str> = PngCompression::ALL.iter().map(|c| c.name()).collect();
                format!(
                    "unknown PNG compression {s:?}: use one of {}",
                    names.join(", ")
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_unknown_ones_are_refused_with_the_choices() {
        for c in PngCompression::ALL {
            assert_eq!(c.name().parse::<PngCompression>(), Ok(c));
            assert_eq!(
                c.to_string().to_uppercase().parse::<PngCompression>(),
                Ok(c)
            );
        }
        let err = "medium".parse::<PngCompression>().unwrap_err();
        assert!(
            err.contains("\"medium\"") && err.contains("fastest, fast, small"),
            "{err}"
        );
    }
}
