//! A map shape written as a short spec: `rect:WxH`, `hexagon:R`, `parallelogram:WxH`,
//! `triangle:N` (and `rect:KIND:WxH` for a rectangle straight in a named offset kind).
//! The CLI's `--shape`, the editor's New and Properties windows and the Tiled property
//! `hexmap:shape` all read and write shapes through this one type.

use super::shape::{MapShape, ShapeError};
use hexmap_hex::OffsetKind;
use std::fmt;
use std::str::FromStr;

/// The four kinds of shape a spec can name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ShapeKind {
    /// Offset rectangle (width × height).
    #[default]
    Rectangle,
    /// Hexagon of a radius.
    Hexagon,
    /// Axial parallelogram (width × height).
    Parallelogram,
    /// Triangle of a side.
    Triangle,
}

impl ShapeKind {
    /// All kinds, for choices in the editor.
    pub const ALL: [ShapeKind; 4] = [
        ShapeKind::Rectangle,
        ShapeKind::Hexagon,
        ShapeKind::Parallelogram,
        ShapeKind::Triangle,
    ];

    /// The word shown in the editor ("rectangle", "hexagon" …).
    pub const fn name(self) -> &'static str {
        match self {
            ShapeKind::Rectangle => "rectangle",
            ShapeKind::Hexagon => "hexagon",
            ShapeKind::Parallelogram => "parallelogram",
            ShapeKind::Triangle => "triangle",
        }
    }

    /// The word a spec starts with (`rect`, `hexagon` …).
    pub const fn keyword(self) -> &'static str {
        match self {
            ShapeKind::Rectangle => "rect",
            other => other.name(),
        }
    }

    /// True for the kinds measured by two numbers (width and height).
    pub const fn has_height(self) -> bool {
        matches!(self, ShapeKind::Rectangle | ShapeKind::Parallelogram)
    }
}

/// A shape as a spec: kind and size, not yet checked against the limits (that happens in
/// [`ShapeSpec::to_shape`]).
///
/// The text form of a [`MapShape`] (see its doc for the three shape types): what the CLI,
/// the editor's windows and the Tiled property read and write. It exists apart from
/// `MapShape` because a spec may leave a rectangle's offset kind to the map, can be edited
/// field by field before it is valid, and never names a free-form cell set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShapeSpec {
    /// `width` × `height` offset cells, straight in `kind` (the map's own offset kind when
    /// `None`).
    Rect {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
        /// The offset kind the rectangle is straight in, if not the map's.
        kind: Option<OffsetKind>,
    },
    /// All hexes within `radius` of the origin.
    Hexagon {
        /// Steps from the centre to the edge.
        radius: u32,
    },
    /// Axial q in 0..width, r in 0..height.
    Parallelogram {
        /// Extent along q.
        width: u32,
        /// Extent along r.
        height: u32,
    },
    /// q ≥ 0, r ≥ 0, q + r < size.
    Triangle {
        /// Side length.
        size: u32,
    },
}

impl Default for ShapeSpec {
    /// A 24 × 16 rectangle, the editor's new map.
    fn default() -> Self {
        ShapeSpec::rect(24, 16)
    }
}

impl ShapeSpec {
    /// A `width` × `height` rectangle in the map's own offset kind.
    pub const fn rect(width: u32, height: u32) -> Self {
        ShapeSpec::Rect {
            width,
            height,
            kind: None,
        }
    }

    /// A spec of `kind` with these numbers: `first` is the width, radius or side, `second`
    /// the height (unused by hexagons and triangles).
    pub const fn new(kind: ShapeKind, first: u32, second: u32) -> Self {
        match kind {
            ShapeKind::Rectangle => ShapeSpec::rect(first, second),
            ShapeKind::Hexagon => ShapeSpec::Hexagon { radius: first },
            ShapeKind::Parallelogram => ShapeSpec::Parallelogram {
                width: first,
                height: second,
            },
            ShapeKind::Triangle => ShapeSpec::Triangle { size: first },
        }
    }

    /// The kind of shape.
    pub const fn kind(self) -> ShapeKind {
        match self {
            ShapeSpec::Rect { .. } => ShapeKind::Rectangle,
            ShapeSpec::Hexagon { .. } => ShapeKind::Hexagon,
            ShapeSpec::Parallelogram { .. } => ShapeKind::Parallelogram,
            ShapeSpec::Triangle { .. } => ShapeKind::Triangle,
        }
    }

    /// The numbers (first, second) of [`ShapeSpec::new`]; for one-number kinds both are
    /// that number.
    pub const fn numbers(self) -> (u32, u32) {
        match self {
            ShapeSpec::Rect { width, height, .. } | ShapeSpec::Parallelogram { width, height } => {
                (width, height)
            }
            ShapeSpec::Hexagon { radius: n } | ShapeSpec::Triangle { size: n } => (n, n),
        }
    }

    /// The same spec with another kind or other numbers; a rectangle keeps its offset kind.
    pub const fn with(self, kind: ShapeKind, first: u32, second: u32) -> Self {
        match (self, ShapeSpec::new(kind, first, second)) {
            (ShapeSpec::Rect { kind, .. }, ShapeSpec::Rect { width, height, .. }) => {
                ShapeSpec::Rect {
                    width,
                    height,
                    kind,
                }
            }
            (_, other) => other,
        }
    }

    /// The spec of a map shape; `None` for a free-form cell set, which has no spec.
    pub fn of(shape: &MapShape) -> Option<ShapeSpec> {
        Some(match *shape {
            MapShape::Rectangle {
                kind,
                width,
                height,
            } => ShapeSpec::Rect {
                width,
                height,
                kind: Some(kind),
            },
            MapShape::Hexagon { radius } => ShapeSpec::Hexagon { radius },
            MapShape::Parallelogram { width, height } => ShapeSpec::Parallelogram { width, height },
            MapShape::Triangle { size } => ShapeSpec::Triangle { size },
            MapShape::Cells(_) => return None,
        })
    }

    /// The checked map shape; a rectangle without its own kind is straight in `map_kind`
    /// (the map's offset kind).
    pub fn to_shape(self, map_kind: OffsetKind) -> Result<MapShape, ShapeError> {
        match self {
            ShapeSpec::Rect {
                width,
                height,
                kind,
            } => MapShape::rectangle(kind.unwrap_or(map_kind), width, height),
            ShapeSpec::Hexagon { radius } => MapShape::hexagon(radius),
            ShapeSpec::Parallelogram { width, height } => MapShape::parallelogram(width, height),
            ShapeSpec::Triangle { size } => MapShape::triangle(size),
        }
    }
}

impl fmt::Display for ShapeSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = self.kind().keyword();
        match *self {
            ShapeSpec::Rect {
                width,
                height,
                kind: None,
            }
            | ShapeSpec::Parallelogram { width, height } => write!(f, "{word}:{width}x{height}"),
            ShapeSpec::Rect {
                width,
                height,
                kind: Some(k),
            } => write!(f, "{word}:{k}:{width}x{height}"),
            ShapeSpec::Hexagon { radius: n } | ShapeSpec::Triangle { size: n } => {
                write!(f, "{word}:{n}")
            }
        }
    }
}

impl FromStr for ShapeSpec {
    type Err = String;
    /// Read a spec; the kind word is case-insensitive (`rectangle` and `hex` also read),
    /// sizes are separated by `x`, `X` or `×`.
    fn from_str(s: &str) -> Result<Self, String> {
        let usage = || {
            format!(
                "bad shape '{s}' (expected rect:WxH, hexagon:R, parallelogram:WxH or triangle:N)"
            )
        };
        let (word, size) = s.split_once(':').ok_or_else(usage)?;
        let num = |t: &str| t.trim().parse::<u32>().map_err(|_| usage());
        let pair = |t: &str| -> Result<(u32, u32), String> {
            let (w, h) = t.split_once(['x', 'X', '×']).ok_or_else(usage)?;
            Ok((num(w)?, num(h)?))
        };
        match word.trim().to_ascii_lowercase().as_str() {
            "rect" | "rectangle" => {
                let (kind, size) = match size.split_once(':') {
                    Some((k, rest)) => (
                        Some(
                            k.trim()
                                .parse::<OffsetKind>()
                                .map_err(|e| format!("bad shape '{s}': {e}"))?,
                        ),
                        rest,
                    ),
                    None => (None, size),
                };
                pair(size).map(|(width, height)| ShapeSpec::Rect {
                    width,
                    height,
                    kind,
                })
            }
            "hexagon" | "hex" => num(size).map(|radius| ShapeSpec::Hexagon { radius }),
            "parallelogram" => {
                pair(size).map(|(width, height)| ShapeSpec::Parallelogram { width, height })
            }
            "triangle" => num(size).map(|size| ShapeSpec::Triangle { size }),
            _ => Err(usage()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_and_write() {
        let cases = [
            ("rect:40x30", ShapeSpec::rect(40, 30)),
            ("hexagon:8", ShapeSpec::Hexagon { radius: 8 }),
            (
                "parallelogram:3x4",
                ShapeSpec::Parallelogram {
                    width: 3,
                    height: 4,
                },
            ),
            ("triangle:5", ShapeSpec::Triangle { size: 5 }),
            (
                "rect:even-q:7x2",
                ShapeSpec::Rect {
                    width: 7,
                    height: 2,
                    kind: Some(OffsetKind::EvenQ),
                },
            ),
        ];
        for (text, spec) in cases {
            assert_eq!(text.parse(), Ok(spec), "{text}");
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!("RECTANGLE:4X3".parse(), Ok(ShapeSpec::rect(4, 3)));
        assert_eq!("hex:2".parse(), Ok(ShapeSpec::Hexagon { radius: 2 }));
        assert_eq!("rect:5×6".parse(), Ok(ShapeSpec::rect(5, 6)));
        for bad in [
            "rect:40",
            "circle:3",
            "hexagon:-1",
            "rect:axb",
            "triangle",
            "rect:odd-z:3x4",
        ] {
            assert!(bad.parse::<ShapeSpec>().is_err(), "{bad}");
        }
        let e = "circle:3".parse::<ShapeSpec>().unwrap_err();
        assert!(
            e.starts_with("bad shape 'circle:3' (expected rect:WxH"),
            "{e}"
        );
    }

    #[test]
    fn specs_and_map_shapes_convert_both_ways() {
        for spec in [
            ShapeSpec::Hexagon { radius: 3 },
            ShapeSpec::Parallelogram {
                width: 2,
                height: 5,
            },
            ShapeSpec::Triangle { size: 4 },
        ] {
            let shape = spec.to_shape(OffsetKind::OddR).unwrap();
            assert_eq!(ShapeSpec::of(&shape), Some(spec));
        }
        // A rectangle without a kind takes the map's; its spec then names that kind.
        let shape = ShapeSpec::rect(6, 4).to_shape(OffsetKind::EvenQ).unwrap();
        assert_eq!(shape, MapShape::rectangle(OffsetKind::EvenQ, 6, 4).unwrap());
        let spec = ShapeSpec::of(&shape).unwrap();
        assert_eq!(spec.to_string(), "rect:even-q:6x4");
        assert_eq!(spec.to_shape(OffsetKind::OddR), Ok(shape));
        assert!(ShapeSpec::rect(0, 4).to_shape(OffsetKind::OddR).is_err());
        let cells = MapShape::Cells(crate::CellSet::new([hexmap_hex::Hex::ORIGIN]).unwrap());
        assert_eq!(ShapeSpec::of(&cells), None);
    }

    #[test]
    fn kinds_and_numbers_edit_a_spec() {
        let rect = ShapeSpec::Rect {
            width: 5,
            height: 3,
            kind: Some(OffsetKind::EvenR),
        };
        assert_eq!(
            (rect.kind(), rect.numbers()),
            (ShapeKind::Rectangle, (5, 3))
        );
        let wider = rect.with(ShapeKind::Rectangle, 9, 3);
        assert_eq!(
            wider,
            ShapeSpec::Rect {
                width: 9,
                height: 3,
                kind: Some(OffsetKind::EvenR)
            }
        );
        let hexagon = rect.with(ShapeKind::Hexagon, 5, 3);
        assert_eq!(hexagon, ShapeSpec::Hexagon { radius: 5 });
        assert_eq!(hexagon.numbers(), (5, 5));
        assert_eq!(
            hexagon.with(ShapeKind::Rectangle, 5, 5),
            ShapeSpec::rect(5, 5)
        );
        assert!(ShapeKind::Parallelogram.has_height() && !ShapeKind::Triangle.has_height());
    }
}
