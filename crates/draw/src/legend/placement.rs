//! Where a picture or a print puts the legend: beside the map by default, so
//! nothing of the map is covered, or over a corner when the user asks for it.

use hexmap_map::Corner;
use std::fmt;
use std::str::FromStr;

/// Where the legend goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LegendPlace {
    /// Beside the map, on its right: a picture grows wider to hold it (the default of
    /// pictures). A print has no room beside its pages and puts it on a page of its own.
    #[default]
    Right,
    /// Under the map: a picture grows taller. A print puts it on a page of its own.
    Below,
    /// A print: on a page of its own, after the assembly index (the default of prints).
    /// A picture has no pages and puts it on the right.
    Page,
    /// Over the map in this corner, covering what lies there: in a picture, its corner;
    /// in a print, the corner of the first board page.
    Over(Corner),
}

impl LegendPlace {
    /// Every place, in the order menus list them.
    pub const ALL: [LegendPlace; 7] = [
        LegendPlace::Right,
        LegendPlace::Below,
        LegendPlace::Page,
        LegendPlace::Over(Corner::TopLeft),
        LegendPlace::Over(Corner::TopRight),
        LegendPlace::Over(Corner::BottomLeft),
        LegendPlace::Over(Corner::BottomRight),
    ];

    /// The name on the command line and in menus: "right", "below", "page" or a corner's
    /// name ("top-left" …) for over that corner.
    pub fn name(self) -> &'static str {
        match self {
            LegendPlace::Right => "right",
            LegendPlace::Below => "below",
            LegendPlace::Page => "page",
            LegendPlace::Over(c) => c.name(),
        }
    }

    /// The place a legend gets when the map's view settings turn it on and the user chose
    /// none: beside the map in a picture, on its own page in a print (`print`).
    pub fn default_for(print: bool) -> LegendPlace {
        if print {
            LegendPlace::Page
        } else {
            LegendPlace::Right
        }
    }
}

impl fmt::Display for LegendPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A legend place name that is not one of [`LegendPlace::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown legend place {0:?}: expected right, below, page (a print's own page), or a \
     corner to draw it over the map: top-left, top-right, bottom-left or bottom-right"
)]
pub struct UnknownLegendPlace(pub String);

impl FromStr for LegendPlace {
    type Err = UnknownLegendPlace;

    fn from_str(s: &str) -> Result<LegendPlace, UnknownLegendPlace> {
        let s = s.trim();
        LegendPlace::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownLegendPlace(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_a_bad_one_is_named_with_the_choices() {
        for p in LegendPlace::ALL {
            assert_eq!(p.name().parse::<LegendPlace>(), Ok(p));
        }
        let err = "middle".parse::<LegendPlace>().unwrap_err().to_string();
        assert!(
            err.contains("\"middle\"") && err.contains("top-left"),
            "{err}"
        );
        assert!(err.contains("right") && err.contains("page"), "{err}");
    }
}
