//! Named latitude spans: the north–south extent of a map in words a GM uses ("a temperate
//! map", "the tropics"), so neither the command line nor the editor asks for two numbers
//! when a name says it. A span only sets [`Climate::north`] and [`Climate::south`]; the
//! lapse rate and the wind stay as they are.

use crate::temperature::Climate;

/// A named north–south extent: the latitudes of a map's top and bottom edges.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LatitudeSpan {
    /// The name on the command line and in the editor's menu.
    pub name: &'static str,
    /// The top edge's latitude, degrees (north positive).
    pub north: f32,
    /// The bottom edge's latitude, degrees (north positive).
    pub south: f32,
}

/// Every named span, from the pole to the equator and beyond, in menu order.
pub const SPANS: [LatitudeSpan; 8] = [
    LatitudeSpan {
        name: "arctic",
        north: 85.0,
        south: 60.0,
    },
    LatitudeSpan {
        name: "boreal",
        north: 70.0,
        south: 50.0,
    },
    LatitudeSpan {
        name: "mid-latitudes",
        north: 60.0,
        south: 20.0,
    },
    LatitudeSpan {
        name: "temperate",
        north: 55.0,
        south: 35.0,
    },
    LatitudeSpan {
        name: "subtropics",
        north: 40.0,
        south: 15.0,
    },
    LatitudeSpan {
        name: "tropics",
        north: 20.0,
        south: -20.0,
    },
    LatitudeSpan {
        name: "southern temperate",
        north: -35.0,
        south: -55.0,
    },
    LatitudeSpan {
        name: "pole to pole",
        north: 90.0,
        south: -90.0,
    },
];

impl LatitudeSpan {
    /// The span called `name` (any case, spaces or hyphens alike).
    pub fn named(name: &str) -> Option<LatitudeSpan> {
        let key = |s: &str| s.trim().to_ascii_lowercase().replace(['-', '_'], " ");
        let wanted = key(name);
        SPANS.into_iter().find(|s| key(s.name) == wanted)
    }

    /// The named span `climate` has, if its edges are one.
    pub fn of(climate: &Climate) -> Option<LatitudeSpan> {
        SPANS
            .into_iter()
            .find(|s| s.north == climate.north && s.south == climate.south)
    }

    /// `climate` with this span's edges.
    pub fn apply(self, climate: &mut Climate) {
        climate.north = self.north;
        climate.south = self.south;
    }

    /// The span as a reader says it: "55° N to 35° N".
    pub fn describe(self) -> String {
        format!(
            "{} to {}",
            format_latitude(self.north),
            format_latitude(self.south)
        )
    }
}

/// A latitude as "55° N", "10° S" or "0°".
pub fn format_latitude(degrees: f32) -> String {
    let a = degrees.abs();
    let digits = if a.fract() == 0.0 {
        format!("{a:.0}")
    } else {
        format!("{a:.1}")
    };
    match degrees {
        d if d > 0.0 => format!("{digits}° N"),
        d if d < 0.0 => format!("{digits}° S"),
        _ => "0°".into(),
    }
}

/// One latitude as a person writes it: degrees with an optional N (north, the default),
/// S (south) and degree sign: "55N", "10 S", "-10", "42.5°N". `Err` says what is wrong.
pub fn parse_latitude(s: &str) -> Result<f32, String> {
    let t = s.trim().trim_end_matches(['N', 'n', 'S', 's']).trim_end();
    let sign = match s.trim().chars().last() {
        Some('S' | 's') => -1.0,
        _ => 1.0,
    };
    t.trim_end_matches('°')
        .trim()
        .parse::<f32>()
        .ok()
        .filter(|v| v.is_finite())
        .map(|v| v * sign)
        .filter(|v| (-90.0..=90.0).contains(v))
        .ok_or_else(|| format!("{s:?} is not a latitude from 90S to 90N (e.g. 55N, 10S or -10)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_span_is_a_valid_climate_and_names_are_found_loosely() {
        for span in SPANS {
            let mut c = Climate::default();
            span.apply(&mut c);
            assert_eq!(c.validate(), Ok(()), "{}", span.name);
            assert!(span.north > span.south, "{} runs north to south", span.name);
            assert_eq!(LatitudeSpan::of(&c), Some(span));
        }
        assert_eq!(
            LatitudeSpan::named("Pole-to-Pole").map(|s| s.south),
            Some(-90.0)
        );
        assert_eq!(LatitudeSpan::named("Mid_Latitudes"), Some(SPANS[2]));
        assert_eq!(LatitudeSpan::named("polar"), None);
        // The default climate is a named span, so the editor's menu shows its name.
        assert_eq!(
            LatitudeSpan::of(&Climate::default()).map(|s| s.name),
            Some("mid-latitudes")
        );
    }

    #[test]
    fn latitudes_parse_as_written_and_what_is_off_the_globe_is_refused() {
        assert_eq!(parse_latitude("55N"), Ok(55.0));
        assert_eq!(parse_latitude(" 10 s "), Ok(-10.0));
        assert_eq!(parse_latitude("-10"), Ok(-10.0));
        assert_eq!(parse_latitude("42.5° N"), Ok(42.5));
        // What the editor's field shows reads back as the same number.
        assert_eq!(parse_latitude(&format_latitude(-33.5)), Ok(-33.5));
        for bad in ["95N", "north", "", "NaN", "inf"] {
            let e = parse_latitude(bad).unwrap_err();
            assert!(
                e.contains("is not a latitude from 90S to 90N"),
                "{bad}: {e}"
            );
        }
    }

    #[test]
    fn latitudes_read_with_their_hemisphere() {
        assert_eq!(format_latitude(55.0), "55° N");
        assert_eq!(format_latitude(-10.5), "10.5° S");
        assert_eq!(format_latitude(0.0), "0°");
        assert_eq!(
            LatitudeSpan::named("tropics").map(|s| s.describe()),
            Some("20° N to 20° S".to_string())
        );
    }
}
