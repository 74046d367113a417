//! Every coordinate system a hex can be written in, once: its name, how to read a hex from
//! text and how to write one. The status bar, the label overlay, the export window, picture
//! labels and the command line (`coord`, `mines --coords`, `export --labels`) all use this,
//! so they spell, read and print each system the same way.

use super::three_axis::{self, ThreeAxis, ThreeAxisError};
use super::xxyy::{LabelError, LabelSettings};
use super::{COORD_LIMIT, DoubledKind, Hex, OffsetCoord, OffsetKind, Orientation};
use std::fmt;
use std::str::FromStr;

/// A coordinate system, with everything it needs except the label settings of XXYY (those
/// come from a [`CoordContext`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CoordSystem {
    /// Axial "q,r".
    Axial,
    /// Cube "q,r,s" with q + r + s = 0.
    Cube,
    /// Offset "col,row" in one offset kind (odd-r, even-r, odd-q, even-q).
    Offset(OffsetKind),
    /// Doubled "col,row" (col + row even): doubled-width or doubled-height.
    Doubled(DoubledKind),
    /// Wargame label "XXYY", counted in the context's label settings.
    Xxyy,
    /// Three-axis `[a,b,c]` (any triple reads; printed in normal form).
    ThreeAxis,
    /// Two-axis `[x,y]`.
    TwoAxis,
}

/// Why a coordinate could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CoordError {
    /// Not the right number of comma-separated parts.
    #[error("{system} value '{text}' needs {expected} comma-separated integers, like {example}")]
    Count {
        /// The system's name.
        system: &'static str,
        /// The text as given.
        text: String,
        /// How many integers the system needs.
        expected: usize,
        /// An example value.
        example: &'static str,
    },
    /// A part is not a 32-bit integer.
    #[error("{system} value '{text}': '{part}' is not a 32-bit integer")]
    NotInteger {
        /// The system's name.
        system: &'static str,
        /// The text as given.
        text: String,
        /// The offending part.
        part: String,
    },
    /// Cube components that do not sum to zero.
    #[error("cube value '{text}': q + r + s must be 0, got {sum}")]
    CubeSum {
        /// The text as given.
        text: String,
        /// q + r + s.
        sum: i64,
    },
    /// Doubled coordinates whose sum is odd.
    #[error("{system} value '{text}': col + row must be even (odd sums name no hex)")]
    OddDoubled {
        /// The system's name.
        system: &'static str,
        /// The text as given.
        text: String,
    },
    /// An XXYY label that does not read.
    #[error(transparent)]
    Label(#[from] LabelError),
    /// A three- or two-axis value that does not read.
    #[error(transparent)]
    Axes(#[from] ThreeAxisError),
    /// A three- or two-axis value whose hex lies outside 32-bit coordinates.
    #[error("{system} value '{text}' names a hex out of range")]
    OutOfRange {
        /// The system's name.
        system: &'static str,
        /// The text as given.
        text: String,
    },
    /// A hex beyond [`COORD_LIMIT`], where not every system stays exact.
    #[error("{text}: coordinates beyond ±{limit} are not supported", limit = COORD_LIMIT)]
    BeyondLimit {
        /// The text as given.
        text: String,
    },
    /// A name that is no coordinate system.
    #[error("unknown coordinate system '{name}' (expected {expected})")]
    UnknownSystem {
        /// The name as given.
        name: String,
        /// The names that are known.
        expected: String,
    },
}

impl CoordSystem {
    /// Every system, in the order `hexmap coord` prints them (and its JSON keys).
    pub const ALL: [CoordSystem; 11] = [
        CoordSystem::Axial,
        CoordSystem::Cube,
        CoordSystem::Offset(OffsetKind::OddR),
        CoordSystem::Offset(OffsetKind::EvenR),
        CoordSystem::Offset(OffsetKind::OddQ),
        CoordSystem::Offset(OffsetKind::EvenQ),
        CoordSystem::Doubled(DoubledKind::DoubleWidth),
        CoordSystem::Doubled(DoubledKind::DoubleHeight),
        CoordSystem::Xxyy,
        CoordSystem::ThreeAxis,
        CoordSystem::TwoAxis,
    ];

    /// The name shown to people: status bar, overlay and export choices, messages.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            CoordSystem::Axial => "axial",
            CoordSystem::Cube => "cube",
            CoordSystem::Offset(kind) => kind.name(),
            CoordSystem::Doubled(DoubledKind::DoubleWidth) => "doubled-width",
            CoordSystem::Doubled(DoubledKind::DoubleHeight) => "doubled-height",
            CoordSystem::Xxyy => "XXYY",
            CoordSystem::ThreeAxis => "three-axis",
            CoordSystem::TwoAxis => "two-axis",
        }
    }

    /// The name in lower case: the command line's value and the JSON key (`xxyy`).
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            CoordSystem::Xxyy => "xxyy",
            other => other.name(),
        }
    }

    /// The system a name stands for: any [`CoordSystem::name`] in any case, and the older
    /// spellings `double-width` / `double-height`. `offset` and `doubled` (the map's own
    /// kinds) are [`CoordChoice`]s, not systems.
    #[must_use]
    pub fn from_name(name: &str) -> Option<CoordSystem> {
        let name = name.trim();
        let alias = |a: &str, kind| a.eq_ignore_ascii_case(name).then_some(kind);
        CoordSystem::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(name))
            .or_else(|| {
                alias(
                    "double-width",
                    CoordSystem::Doubled(DoubledKind::DoubleWidth),
                )
            })
            .or_else(|| {
                alias(
                    "double-height",
                    CoordSystem::Doubled(DoubledKind::DoubleHeight),
                )
            })
    }

    /// The integers that write `h` in this system (two or three of them); `None` for XXYY,
    /// whose value is a label (see [`CoordSystem::try_format`]).
    #[must_use]
    pub fn numbers(self, h: Hex) -> Option<Vec<i64>> {
        let wide = |v: &[i32]| v.iter().map(|&x| i64::from(x)).collect();
        Some(match self {
            CoordSystem::Axial => wide(&[h.q, h.r]),
            CoordSystem::Cube => wide(&h.cube()),
            CoordSystem::Offset(kind) => {
                let c = kind.from_hex(h);
                wide(&[c.col, c.row])
            }
            CoordSystem::Doubled(kind) => wide(&kind.from_hex(h)),
            CoordSystem::Xxyy => return None,
            CoordSystem::ThreeAxis => {
                let t = ThreeAxis::from_hex(h);
                wide(&[t.a, t.b, t.c])
            }
            CoordSystem::TwoAxis => ThreeAxis::from_hex(h).two_axis().to_vec(),
        })
    }

    /// `h` written in this system ("2,3", "2,3,-5", "0305", `[0,1,0]` …); an error only for
    /// an XXYY label the settings cannot write (left of or above the first label, or too
    /// many digits).
    pub fn try_format(self, h: Hex, cx: &CoordContext) -> Result<String, LabelError> {
        let Some(numbers) = self.numbers(h) else {
            return cx.labels.format(h);
        };
        let list = numbers
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(",");
        Ok(match self {
            CoordSystem::ThreeAxis | CoordSystem::TwoAxis => format!("[{list}]"),
            _ => list,
        })
    }

    /// `h` written in this system; "–" where the system cannot write it (an XXYY label of
    /// a negative column, say).
    ///
    /// ```
    /// use hexmap_hex::{CoordContext, CoordSystem, DoubledKind, Hex, OffsetKind, Orientation};
    /// let cx = CoordContext::new(Orientation::Flat);
    /// let h = Hex::new(1, 2); // cube (1,2,−3), a reference vector
    /// assert_eq!(CoordSystem::Cube.format(h, &cx), "1,2,-3");
    /// assert_eq!(CoordSystem::Offset(OffsetKind::EvenQ).format(h, &cx), "1,3");
    /// assert_eq!(CoordSystem::Offset(OffsetKind::OddQ).format(h, &cx), "1,2");
    /// assert_eq!(CoordSystem::Doubled(DoubledKind::DoubleHeight).format(h, &cx), "1,5");
    /// assert_eq!(CoordSystem::Doubled(DoubledKind::DoubleWidth).format(h, &cx), "4,2");
    /// assert_eq!(CoordSystem::Xxyy.format(Hex::new(2, 3), &cx), "0305");
    /// assert_eq!(CoordSystem::Xxyy.format(Hex::new(-1, 0), &cx), "–");
    /// ```
    #[must_use]
    pub fn format(self, h: Hex, cx: &CoordContext) -> String {
        self.try_format(h, cx).unwrap_or_else(|_| "–".to_string())
    }

    /// The hex that `text` names in this system. Every hex read must lie within
    /// [`COORD_LIMIT`], so that it prints exactly in every other system.
    ///
    /// ```
    /// use hexmap_hex::{CoordContext, CoordSystem, Hex, Orientation};
    /// let cx = CoordContext::new(Orientation::Flat);
    /// assert_eq!(CoordSystem::Xxyy.parse("0305", &cx), Ok(Hex::new(2, 3)));
    /// assert_eq!(CoordSystem::Cube.parse("2, 3, -5", &cx), Ok(Hex::new(2, 3)));
    /// // Reference vector: the three-axis [3,0,1] is the cube hex (1,−3,2).
    /// assert_eq!(CoordSystem::ThreeAxis.parse("[3,0,1]", &cx), Ok(Hex::new(1, -3)));
    /// let system: CoordSystem = "odd-q".parse().unwrap();
    /// assert_eq!(system.parse("1,-3", &cx), Ok(Hex::new(1, -3)));
    /// // Bad input is an error that says what is wrong, never a panic.
    /// let err = CoordSystem::Cube.parse("1,1,1", &cx).unwrap_err();
    /// assert_eq!(err.to_string(), "cube value '1,1,1': q + r + s must be 0, got 3");
    /// ```
    pub fn parse(self, text: &str, cx: &CoordContext) -> Result<Hex, CoordError> {
        let system = self.name();
        let h = match self {
            CoordSystem::Axial => {
                let [q, r] = integers::<2>(text, system)?;
                Hex::new(q, r)
            }
            CoordSystem::Cube => {
                let [q, r, s] = integers::<3>(text, system)?;
                Hex::from_cube(q, r, s).ok_or_else(|| CoordError::CubeSum {
                    text: text.to_string(),
                    sum: i64::from(q) + i64::from(r) + i64::from(s),
                })?
            }
            CoordSystem::Offset(kind) => {
                let [col, row] = integers::<2>(text, system)?;
                kind.to_hex(OffsetCoord::new(col, row))
            }
            CoordSystem::Doubled(kind) => {
                kind.to_hex(integers::<2>(text, system)?)
                    .ok_or_else(|| CoordError::OddDoubled {
                        system,
                        text: text.to_string(),
                    })?
            }
            CoordSystem::Xxyy => cx.labels.parse(text)?,
            CoordSystem::ThreeAxis => {
                ThreeAxis::parse(text)?
                    .to_hex()
                    .ok_or_else(|| CoordError::OutOfRange {
                        system,
                        text: text.to_string(),
                    })?
            }
            CoordSystem::TwoAxis => three_axis::hex_from_two_axis(three_axis::parse_two_axis(
                text,
            )?)
            .ok_or_else(|| CoordError::OutOfRange {
                system,
                text: text.to_string(),
            })?,
        };
        let limit = i64::from(COORD_LIMIT);
        if h.cube().iter().any(|&c| i64::from(c).abs() > limit) {
            return Err(CoordError::BeyondLimit {
                text: text.to_string(),
            });
        }
        Ok(h)
    }
}

impl fmt::Display for CoordSystem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for CoordSystem {
    type Err = CoordError;
    /// See [`CoordSystem::from_name`].
    fn from_str(s: &str) -> Result<Self, CoordError> {
        CoordSystem::from_name(s).ok_or_else(|| unknown_system(s))
    }
}

/// Read "n,m" or "n,m,k" (spaces allowed) as exactly `N` 32-bit integers.
fn integers<const N: usize>(text: &str, system: &'static str) -> Result<[i32; N], CoordError> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.len() != N {
        return Err(CoordError::Count {
            system,
            text: text.to_string(),
            expected: N,
            example: if N == 2 { "3,-1" } else { "3,-1,-2" },
        });
    }
    let mut out = [0i32; N];
    for (slot, part) in out.iter_mut().zip(parts) {
        *slot = part.parse().map_err(|_| CoordError::NotInteger {
            system,
            text: text.to_string(),
            part: part.to_string(),
        })?;
    }
    Ok(out)
}

fn unknown_system(name: &str) -> CoordError {
    CoordError::UnknownSystem {
        name: name.to_string(),
        expected: CoordChoice::all()
            .map(CoordChoice::key)
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// A coordinate system as a person chooses it: one fixed system, or the map's own offset
/// or doubled kind (`offset`, `doubled`), which a [`CoordContext`] resolves. The export's
/// `--labels`, `coord` and `mines --coords` read these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CoordChoice {
    /// This system.
    System(CoordSystem),
    /// The map's offset kind.
    MapOffset,
    /// The doubled kind that goes with the map's orientation.
    MapDoubled,
}

impl CoordChoice {
    /// Every choice: the fixed systems in [`CoordSystem::ALL`] order, then `offset` and
    /// `doubled`.
    pub fn all() -> impl Iterator<Item = CoordChoice> {
        CoordSystem::ALL
            .into_iter()
            .map(CoordChoice::System)
            .chain([CoordChoice::MapOffset, CoordChoice::MapDoubled])
    }

    /// The lower-case name typed on the command line.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            CoordChoice::System(s) => s.key(),
            CoordChoice::MapOffset => "offset",
            CoordChoice::MapDoubled => "doubled",
        }
    }

    /// The fixed system this choice means in `cx`.
    #[must_use]
    pub fn resolve(self, cx: &CoordContext) -> CoordSystem {
        match self {
            CoordChoice::System(s) => s,
            CoordChoice::MapOffset => CoordSystem::Offset(cx.offset),
            CoordChoice::MapDoubled => CoordSystem::Doubled(cx.doubled()),
        }
    }
}

impl FromStr for CoordChoice {
    type Err = CoordError;
    /// Any [`CoordSystem`] name, or `offset` / `doubled` (any case).
    fn from_str(s: &str) -> Result<Self, CoordError> {
        if let Some(system) = CoordSystem::from_name(s) {
            return Ok(CoordChoice::System(system));
        }
        [CoordChoice::MapOffset, CoordChoice::MapDoubled]
            .into_iter()
            .find(|c| c.key().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| unknown_system(s))
    }
}

/// What writing a hex depends on besides the hex: a map's orientation, offset kind and
/// label settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CoordContext {
    /// Orientation (chooses the doubled kind).
    pub orientation: Orientation,
    /// The offset kind `offset` means.
    pub offset: OffsetKind,
    /// How XXYY labels count.
    pub labels: LabelSettings,
}

impl CoordContext {
    /// The context of no particular map: `orientation`, its default offset kind and the
    /// classic wargame labels (base 1, two digits, odd-q, column first).
    #[must_use]
    pub fn new(orientation: Orientation) -> Self {
        CoordContext {
            orientation,
            offset: OffsetKind::default_for(orientation),
            labels: LabelSettings::default(),
        }
    }

    /// The doubled kind that goes with the orientation.
    #[must_use]
    pub fn doubled(&self) -> DoubledKind {
        DoubledKind::for_orientation(self.orientation)
    }

    /// The systems a map shows a hex in, in status-bar order: axial, cube, the map's offset
    /// kind, its doubled kind, XXYY, three-axis.
    #[must_use]
    pub fn own_systems(&self) -> [CoordSystem; 6] {
        [
            CoordSystem::Axial,
            CoordSystem::Cube,
            CoordSystem::Offset(self.offset),
            CoordSystem::Doubled(self.doubled()),
            CoordSystem::Xxyy,
            CoordSystem::ThreeAxis,
        ]
    }

    /// The system a name means here (`offset` and `doubled` are the map's own kinds).
    pub fn resolve(&self, name: &str) -> Result<CoordSystem, CoordError> {
        name.parse::<CoordChoice>().map(|c| c.resolve(self))
    }

    /// How `h` is named to a person — in messages, window titles and panels of the editor
    /// and in the command line's text output alike: the map's offset kind, named, e.g.
    /// "odd-r 4,2". One rule, so that what the editor says matches what `hexmap` prints
    /// and what the README shows.
    ///
    /// ```
    /// use hexmap_hex::{CoordContext, Hex, Orientation};
    /// // Reference vector: axial (3,2) is odd-r (4,2) on a pointy map.
    /// let cx = CoordContext::new(Orientation::Pointy);
    /// assert_eq!(cx.hex_name(Hex::new(3, 2)), "odd-r 4,2");
    /// ```
    #[must_use]
    pub fn hex_name(&self, h: Hex) -> String {
        self.hex_name_in(h, CoordSystem::Offset(self.offset))
    }

    /// `h` named in `system` ("XXYY 2109", "axial 3,2"), for a person who chose to see
    /// that system (the editor's label overlay, `--coords` on the command line). Where the
    /// system cannot write `h` (an XXYY label left of the first column) the map's offset
    /// kind names it instead, so a message never shows a bare dash.
    ///
    /// ```
    /// use hexmap_hex::{CoordContext, CoordSystem, Hex, Orientation};
    /// let cx = CoordContext::new(Orientation::Flat);
    /// assert_eq!(cx.hex_name_in(Hex::new(2, 3), CoordSystem::Xxyy), "XXYY 0305");
    /// // axial (−1,0) is odd-q (−1,−1): no XXYY label reaches it.
    /// assert_eq!(cx.hex_name_in(Hex::new(-1, 0), CoordSystem::Xxyy), "odd-q -1,-1");
    /// ```
    #[must_use]
    pub fn hex_name_in(&self, h: Hex, system: CoordSystem) -> String {
        match system.try_format(h, self) {
            Ok(text) => format!("{} {text}", system.name()),
            Err(_) => self.hex_name(h),
        }
    }

    /// One line with `h` in each of [`CoordContext::own_systems`], e.g.
    /// "axial 1,2  ·  cube 1,2,-3  ·  odd-r 2,2  ·  …" (the status bar).
    #[must_use]
    pub fn own_systems_line(&self, h: Hex) -> String {
        self.own_systems()
            .iter()
            .map(|s| format!("{} {}", s.name(), s.format(h, self)))
            .collect::<Vec<_>>()
            .join("  ·  ")
    }
}

#[cfg(test)]
mod tests;
