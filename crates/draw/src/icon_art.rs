//! The built-in vector icons: each a few paths in a unit box (x and y in
//! −1..1, y down), written in a tiny path language (`M x y`, `L x y`, `Q cx cy x y`,
//! `C c1x c1y c2x c2y x y`, `Z`) and parsed once. Every part is filled with ink, stroked
//! with ink, or filled with paper and outlined with ink, so an icon reads at ~16 pixels.

use super::primitives::Segment;
use hexmap_hex::Point;
use hexmap_map::BuiltinIcon;
use std::sync::OnceLock;

/// How a part of an icon is painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    /// Filled with the icon's ink.
    Ink,
    /// Stroked with the icon's ink.
    Line,
    /// Filled with paper, outlined with ink.
    Paper,
}

/// One sub-path of an icon in unit-box coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct Outline {
    /// Where it starts.
    pub start: Point,
    /// Its pieces.
    pub segments: Vec<Segment>,
    /// Closed back to the start.
    pub closed: bool,
}

/// One painted part of an icon: its paint and its sub-paths.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    /// How it is painted.
    pub paint: Paint,
    /// Its sub-paths.
    pub outlines: Vec<Outline>,
}

/// The art of each built-in icon, as (paint, path) pairs.
fn source(icon: BuiltinIcon) -> &'static [(Paint, &'static str)] {
    use BuiltinIcon as B;
    use Paint::{Ink, Line, Paper};
    match icon {
        B::Village => &[
            (
                Paper,
                "M -0.9 0.8 L -0.9 0.1 L -0.5 -0.3 L -0.1 0.1 L -0.1 0.8 Z",
            ),
            (
                Paper,
                "M 0.1 0.8 L 0.1 -0.1 L 0.5 -0.5 L 0.9 -0.1 L 0.9 0.8 Z",
            ),
            (Ink, "M -0.6 0.8 L -0.6 0.45 L -0.4 0.45 L -0.4 0.8 Z"),
            (Ink, "M 0.4 0.8 L 0.4 0.4 L 0.6 0.4 L 0.6 0.8 Z"),
        ],
        B::Town => &[
            (
                Paper,
                "M -0.9 0.8 L -0.9 -0.4 L -0.6 -0.7 L -0.3 -0.4 L -0.3 0 L 0.3 0 L 0.3 -0.4 \
                 L 0.6 -0.7 L 0.9 -0.4 L 0.9 0.8 Z",
            ),
            (Ink, "M -0.2 0.8 L -0.2 0.45 Q 0 0.2 0.2 0.45 L 0.2 0.8 Z"),
        ],
        B::City => &[
            (
                Paper,
                "M -0.9 0.8 L -0.9 -0.2 L -0.5 -0.2 L -0.5 -0.85 L 0.1 -0.85 L 0.1 -0.4 \
                 L 0.5 -0.4 L 0.5 0 L 0.9 0 L 0.9 0.8 Z",
            ),
            (
                Line,
                "M -0.3 -0.55 L -0.1 -0.55 M -0.3 -0.15 L -0.1 -0.15 M -0.3 0.25 L -0.1 0.25 \
                 M 0.65 0.3 L 0.75 0.3",
            ),
        ],
        B::Castle => &[
            (
                Paper,
                "M -0.8 0.8 L -0.8 -0.6 L -0.5 -0.6 L -0.5 -0.4 L -0.2 -0.4 L -0.2 -0.6 \
                 L 0.2 -0.6 L 0.2 -0.4 L 0.5 -0.4 L 0.5 -0.6 L 0.8 -0.6 L 0.8 0.8 Z",
            ),
            (Ink, "M -0.25 0.8 L -0.25 0.35 Q 0 0 0.25 0.35 L 0.25 0.8 Z"),
            (Line, "M 0 -0.6 L 0 -0.95"),
            (Ink, "M 0 -0.95 L 0.4 -0.83 L 0 -0.7 Z"),
        ],
        B::Tower => &[
            (
                Paper,
                "M -0.35 0.8 L -0.3 -0.4 L -0.45 -0.4 L -0.45 -0.8 L 0.45 -0.8 L 0.45 -0.4 \
                 L 0.3 -0.4 L 0.35 0.8 Z",
            ),
            (Ink, "M -0.1 -0.2 L 0.1 -0.2 L 0.1 0.15 L -0.1 0.15 Z"),
        ],
        B::Ruin => &[
            (
                Paper,
                "M -0.85 0.8 L -0.85 -0.5 L -0.6 -0.3 L -0.55 0.1 L -0.2 0 L -0.05 0.35 \
                 L 0.2 0.2 L 0.3 -0.6 L 0.5 -0.4 L 0.55 -0.75 L 0.85 -0.5 L 0.85 0.8 Z",
            ),
            (Line, "M -1 0.8 L 1 0.8"),
            (Ink, "M -0.55 0.8 L -0.45 0.55 L -0.3 0.8 Z"),
        ],
        B::Temple => &[
            (Paper, "M -0.9 -0.35 L 0 -0.85 L 0.9 -0.35 Z"),
            (
                Line,
                "M -0.6 -0.25 L -0.6 0.55 M -0.2 -0.25 L -0.2 0.55 M 0.2 -0.25 L 0.2 0.55 \
                 M 0.6 -0.25 L 0.6 0.55",
            ),
            (Ink, "M -0.9 0.6 L 0.9 0.6 L 0.9 0.8 L -0.9 0.8 Z"),
        ],
        B::Cave => &[
            (
                Paper,
                "M -0.95 0.8 C -0.8 -0.2 -0.4 -0.7 0 -0.7 C 0.4 -0.7 0.8 -0.2 0.95 0.8 Z",
            ),
            (Ink, "M -0.4 0.8 C -0.4 0.1 0.4 0.1 0.4 0.8 Z"),
        ],
        B::Mine => &[
            (Line, "M -0.7 0.75 L 0.45 -0.45 M 0.7 0.75 L -0.45 -0.45"),
            (Line, "M 0.05 -0.85 Q 0.6 -0.75 0.85 -0.1"),
            (Line, "M -0.05 -0.85 Q -0.6 -0.75 -0.85 -0.1"),
        ],
        B::Port => &[
            (
                Line,
                "M 0 -0.9 C 0.17 -0.9 0.17 -0.58 0 -0.58 C -0.17 -0.58 -0.17 -0.9 0 -0.9 Z",
            ),
            (Line, "M 0 -0.58 L 0 0.8 M -0.4 -0.35 L 0.4 -0.35"),
            (
                Line,
                "M -0.75 0.25 C -0.6 0.7 -0.25 0.8 0 0.8 C 0.25 0.8 0.6 0.7 0.75 0.25",
            ),
            (
                Ink,
                "M -0.75 0.2 L -0.92 0.45 L -0.6 0.42 Z M 0.75 0.2 L 0.92 0.45 L 0.6 0.42 Z",
            ),
        ],
        B::Lighthouse => &[
            (Paper, "M -0.3 0.8 L -0.2 -0.35 L 0.2 -0.35 L 0.3 0.8 Z"),
            (
                Paper,
                "M -0.25 -0.35 L -0.25 -0.6 L 0.25 -0.6 L 0.25 -0.35 Z",
            ),
            (Ink, "M -0.32 -0.6 L 0 -0.88 L 0.32 -0.6 Z"),
            (
                Line,
                "M -0.45 -0.52 L -0.9 -0.68 M -0.45 -0.42 L -0.9 -0.28 \
                 M 0.45 -0.52 L 0.9 -0.68 M 0.45 -0.42 L 0.9 -0.28 M -0.25 0.2 L 0.25 0.2",
            ),
        ],
        B::Bridge => &[
            (
                Paper,
                "M -0.95 -0.1 L 0.95 -0.1 L 0.95 0.55 L 0.7 0.55 C 0.7 0 -0.7 0 -0.7 0.55 \
                 L -0.95 0.55 Z",
            ),
            (
                Line,
                "M -0.9 0.8 Q -0.6 0.65 -0.3 0.8 Q 0 0.95 0.3 0.8 Q 0.6 0.65 0.9 0.8",
            ),
            (
                Line,
                "M -0.95 -0.4 L 0.95 -0.4 M -0.7 -0.4 L -0.7 -0.1 M 0 -0.4 L 0 -0.1 \
                 M 0.7 -0.4 L 0.7 -0.1",
            ),
        ],
        B::Camp => &[
            (Paper, "M -0.9 0.8 L 0 -0.7 L 0.9 0.8 Z"),
            (Ink, "M -0.25 0.8 L 0 0.25 L 0.25 0.8 Z"),
            (Line, "M 0 -0.7 L -0.25 -0.95 M 0 -0.7 L 0.25 -0.95"),
        ],
        B::Battle => &[
            (Line, "M -0.75 -0.8 L 0.6 0.55 M 0.75 -0.8 L -0.6 0.55"),
            (Line, "M 0.3 0.8 L 0.8 0.3 M -0.3 0.8 L -0.8 0.3"),
            (Line, "M 0.6 0.55 L 0.88 0.85 M -0.6 0.55 L -0.88 0.85"),
        ],
        B::Treasure => &[
            (Paper, "M -0.8 -0.05 L 0.8 -0.05 L 0.8 0.75 L -0.8 0.75 Z"),
            (
                Paper,
                "M -0.8 -0.05 L -0.8 -0.35 C -0.8 -0.8 0.8 -0.8 0.8 -0.35 L 0.8 -0.05 Z",
            ),
            (Ink, "M -0.13 -0.18 L 0.13 -0.18 L 0.13 0.2 L -0.13 0.2 Z"),
        ],
        B::Danger => &[
            (Paper, "M 0 -0.88 L 0.94 0.78 L -0.94 0.78 Z"),
            (Ink, "M -0.09 -0.35 L 0.09 -0.35 L 0.05 0.25 L -0.05 0.25 Z"),
            (Ink, "M -0.09 0.4 L 0.09 0.4 L 0.09 0.58 L -0.09 0.58 Z"),
        ],
        B::Dungeon => &[
            (
                Paper,
                "M -0.7 0.8 L -0.7 -0.2 C -0.7 -0.95 0.7 -0.95 0.7 -0.2 L 0.7 0.8 Z",
            ),
            (
                Ink,
                "M -0.5 0.8 L -0.5 0.5 L -0.2 0.5 L -0.2 0.2 L 0.1 0.2 L 0.1 -0.1 L 0.5 -0.1 \
                 L 0.5 0.8 Z",
            ),
        ],
        B::MonsterLair => &[
            (
                Paper,
                "M -0.7 0 C -0.8 -0.9 0.8 -0.9 0.7 0 C 0.65 0.2 0.45 0.3 0.4 0.45 \
                 L 0.4 0.78 L -0.4 0.78 L -0.4 0.45 C -0.45 0.3 -0.65 0.2 -0.7 0 Z",
            ),
            (
                Ink,
                "M -0.48 -0.18 L -0.1 -0.18 L -0.15 0.15 L -0.42 0.15 Z \
                 M 0.48 -0.18 L 0.1 -0.18 L 0.15 0.15 L 0.42 0.15 Z",
            ),
            (Line, "M -0.15 0.5 L -0.15 0.78 M 0.15 0.5 L 0.15 0.78"),
        ],
        B::Oasis => &[
            (Line, "M 0 0.5 C 0.05 0.1 -0.05 -0.3 0.1 -0.55"),
            (
                Ink,
                "M 0.1 -0.55 C -0.2 -0.9 -0.6 -0.75 -0.8 -0.35 C -0.5 -0.6 -0.2 -0.6 0.1 -0.55 Z \
                 M 0.1 -0.55 C 0.4 -0.9 0.8 -0.75 0.9 -0.35 C 0.6 -0.6 0.4 -0.6 0.1 -0.55 Z",
            ),
            (
                Paper,
                "M -0.8 0.6 C -0.8 0.35 0.8 0.35 0.8 0.6 C 0.8 0.85 -0.8 0.85 -0.8 0.6 Z",
            ),
        ],
        B::Volcano => &[
            (Paper, "M -0.95 0.8 L -0.3 -0.35 L 0.3 -0.35 L 0.95 0.8 Z"),
            (
                Ink,
                "M -0.3 -0.35 L 0.3 -0.35 L 0.15 0.1 L 0 -0.1 L -0.15 0.15 Z",
            ),
            (
                Line,
                "M 0 -0.45 C -0.2 -0.6 0.2 -0.7 0 -0.95 M -0.3 -0.5 L -0.5 -0.8 \
                 M 0.3 -0.5 L 0.5 -0.8",
            ),
        ],
        B::Portal => &[
            (
                Paper,
                "M 0 -0.9 C 0.65 -0.9 0.65 0.9 0 0.9 C -0.65 0.9 -0.65 -0.9 0 -0.9 Z",
            ),
            (
                Line,
                "M 0 -0.6 C 0.4 -0.6 0.4 0.6 0 0.6 C -0.4 0.6 -0.4 -0.6 0 -0.6 Z",
            ),
            (
                Line,
                "M 0 0 C 0.2 0 0.2 -0.3 0 -0.3 C -0.25 -0.3 -0.25 0.35 0.05 0.35",
            ),
        ],
        B::Shipwreck => &[
            (
                Paper,
                "M -0.85 0.05 L 0.85 0.45 C 0.6 0.8 -0.4 0.8 -0.75 0.45 Z",
            ),
            (Line, "M -0.1 0.25 L 0.1 -0.8"),
            (Ink, "M 0.06 -0.6 L 0.6 -0.3 L 0.1 -0.1 Z"),
            (Line, "M -0.95 0.88 Q -0.5 0.72 0 0.88 Q 0.5 1 0.95 0.85"),
        ],
        B::Signpost => &[
            (Line, "M 0 -0.85 L 0 0.85"),
            (
                Paper,
                "M -0.7 -0.7 L 0.55 -0.7 L 0.8 -0.5 L 0.55 -0.3 L -0.7 -0.3 Z",
            ),
            (
                Paper,
                "M 0.7 -0.1 L -0.55 -0.1 L -0.8 0.1 L -0.55 0.3 L 0.7 0.3 Z",
            ),
        ],
        B::Star => &[(
            Ink,
            "M 0 -0.95 L 0.235 -0.324 L 0.904 -0.294 L 0.38 0.124 L 0.558 0.769 L 0 0.4 \
             L -0.558 0.769 L -0.38 0.124 L -0.904 -0.294 L -0.235 -0.324 Z",
        )],
    }
}

/// Why a path text did not parse (a bug in the art above; the tests parse all of it).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("icon path: {0}")]
pub struct ArtError(String);

/// Parse a path text into sub-paths (quadratic curves become cubics).
pub fn parse_path(text: &str) -> Result<Vec<Outline>, ArtError> {
    let mut tokens = text.split_whitespace().peekable();
    let mut out: Vec<Outline> = Vec::new();
    let mut current = Point::new(0.0, 0.0);
    let num = |tokens: &mut std::iter::Peekable<std::str::SplitWhitespace<'_>>| {
        let t = tokens
            .next()
            .ok_or_else(|| ArtError("missing number".into()))?;
        t.parse::<f64>()
            .map_err(|_| ArtError(format!("'{t}' is not a number")))
    };
    while let Some(cmd) = tokens.next() {
        let point = |tokens: &mut _| -> Result<Point, ArtError> {
            Ok(Point::new(num(tokens)?, num(tokens)?))
        };
        if cmd == "M" {
            current = point(&mut tokens)?;
            out.push(Outline {
                start: current,
                segments: Vec::new(),
                closed: false,
            });
            continue;
        }
        let outline = out
            .last_mut()
            .ok_or_else(|| ArtError(format!("'{cmd}' before M")))?;
        match cmd {
            "L" => {
                current = point(&mut tokens)?;
                outline.segments.push(Segment::Line(current));
            }
            "Q" => {
                let c = point(&mut tokens)?;
                let end = point(&mut tokens)?;
                let towards = |from: Point| {
                    Point::new(
                        from.x + (c.x - from.x) * 2.0 / 3.0,
                        from.y + (c.y - from.y) * 2.0 / 3.0,
                    )
                };
                outline
                    .segments
                    .push(Segment::Cubic(towards(current), towards(end), end));
                current = end;
            }
            "C" => {
                let c1 = point(&mut tokens)?;
                let c2 = point(&mut tokens)?;
                current = point(&mut tokens)?;
                outline.segments.push(Segment::Cubic(c1, c2, current));
            }
            "Z" => outline.closed = true,
            other => return Err(ArtError(format!("unknown command '{other}'"))),
        }
    }
    Ok(out)
}

/// The parsed parts of a built-in icon (parsed once, on first use).
pub fn parts(icon: BuiltinIcon) -> &'static [Part] {
    static ART: OnceLock<Vec<Vec<Part>>> = OnceLock::new();
    let all = ART.get_or_init(|| {
        BuiltinIcon::ALL
            .iter()
            .map(|&i| {
                source(i)
                    .iter()
                    .filter_map(|&(paint, text)| {
                        let outlines = parse_path(text).ok()?;
                        Some(Part { paint, outlines })
                    })
                    .collect()
            })
            .collect()
    });
    let index = BuiltinIcon::ALL.iter().position(|&i| i == icon);
    index.and_then(|i| all.get(i)).map_or(&[], Vec::as_slice)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(o: &Outline) -> Vec<Point> {
        let mut v = vec![o.start];
        for s in &o.segments {
            match *s {
                Segment::Line(p) => v.push(p),
                Segment::Cubic(a, b, c) => v.extend([a, b, c]),
            }
        }
        v
    }

    #[test]
    fn every_icon_parses_completely_and_stays_in_the_unit_box() {
        for &icon in BuiltinIcon::ALL {
            let art = source(icon);
            assert!(!art.is_empty(), "{icon} has no art");
            for &(_, text) in art {
                let outlines = parse_path(text).unwrap_or_else(|e| panic!("{icon}: {e}"));
                assert!(!outlines.is_empty());
                for o in &outlines {
                    assert!(!o.segments.is_empty(), "{icon}: a sub-path with no pieces");
                    for p in points(o) {
                        assert!(p.x.abs() <= 1.0 && p.y.abs() <= 1.0, "{icon}: {p:?}");
                    }
                }
            }
            assert_eq!(parts(icon).len(), art.len(), "{icon}: a part was dropped");
        }
    }

    #[test]
    fn icons_differ_from_each_other() {
        for (i, &a) in BuiltinIcon::ALL.iter().enumerate() {
            for &b in &BuiltinIcon::ALL[i + 1..] {
                assert_ne!(parts(a), parts(b), "{a} and {b} look the same");
            }
        }
    }

    #[test]
    fn the_parser_turns_quadratics_into_cubics_and_reports_bad_text() {
        let o = parse_path("M 0 0 Q 3 3 6 0 Z").unwrap();
        assert_eq!(
            o[0].segments,
            [Segment::Cubic(
                Point::new(2.0, 2.0),
                Point::new(4.0, 2.0),
                Point::new(6.0, 0.0)
            )]
        );
        assert!(o[0].closed);
        assert!(parse_path("L 1 1").is_err());
        assert!(parse_path("M 1 x").is_err());
        assert!(parse_path("M 1 1 K 2 2").is_err());
    }
}
