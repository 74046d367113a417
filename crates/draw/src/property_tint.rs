//! The tint by a property's value: each cell's fill is tinted toward the colour of its
//! value of one custom property (the value it sets, else the type's default), with a
//! legend of the values and their colours. Enums take a colour per declared value, bools
//! two, colour properties their own colour, few distinct numbers or texts a colour each,
//! many numbers bands of equal width from the least to the greatest. Drawn when
//! [`super::Style::property_tint`] holds one, on the canvas and in pictures alike.

use super::colour::Colour;
use super::legend::{LegendEntry, Swatch};
use hexmap_map::{HexMap, PropKind, PropOwner, PropValue};

/// How far a cell's fill moves toward its value's colour.
pub const TINT: f32 = 0.75;

/// Most values given a colour each; past it numbers go in bands, texts share "other".
pub const MAX_CLASSES: usize = 10;

/// Colours of values shown apart (chosen to differ in hue and lightness).
const CLASSES: [(u8, u8, u8); MAX_CLASSES] = [
    (220, 60, 50),
    (50, 110, 210),
    (245, 190, 40),
    (60, 170, 80),
    (150, 80, 190),
    (240, 130, 40),
    (40, 180, 190),
    (200, 80, 150),
    (140, 110, 60),
    (120, 200, 40),
];

/// Numbers from low to high: pale yellow to deep red.
const RAMP: [(u8, u8, u8); 8] = [
    (255, 245, 190),
    (250, 220, 140),
    (245, 185, 95),
    (240, 145, 65),
    (225, 105, 50),
    (200, 65, 45),
    (165, 35, 45),
    (120, 20, 50),
];

/// Enum values that name a colour are shown in it (`side = Blue | Red`).
const NAMED: [(&str, (u8, u8, u8)); 12] = [
    ("red", (215, 50, 40)),
    ("blue", (45, 95, 215)),
    ("green", (50, 160, 60)),
    ("yellow", (240, 210, 40)),
    ("orange", (240, 140, 30)),
    ("purple", (140, 70, 180)),
    ("black", (30, 30, 30)),
    ("white", (245, 245, 245)),
    ("grey", (140, 140, 140)),
    ("gray", (140, 140, 140)),
    ("brown", (130, 85, 45)),
    ("pink", (235, 120, 170)),
];

/// The colour an enum value names, if it names one (case aside).
fn named(value: &str) -> Option<Colour> {
    let v = value.trim().to_lowercase();
    NAMED.iter().find(|(n, _)| *n == v).map(|(_, c)| colour(*c))
}

/// The colour of values no class names (texts past [`MAX_CLASSES`]).
const OTHER: Colour = Colour::rgb(150, 150, 150);

/// How values map to colours.
#[derive(Clone, Debug, PartialEq)]
enum Classes {
    /// Each listed value its colour; others [`OTHER`].
    Values(Vec<(PropValue, Colour)>),
    /// Numbers in equal bands from `low` to `high`.
    Bands { low: f64, high: f64 },
    /// A colour property: the value is the colour.
    Own,
}

/// The tint of one property, worked out for one map: which colour each value gets and the
/// legend saying so.
#[derive(Clone, Debug, PartialEq)]
pub struct PropertyTint {
    name: String,
    default: PropValue,
    classes: Classes,
    legend: Vec<LegendEntry>,
}

/// A number value as `f64` (ints and numbers), for bands.
fn number(v: &PropValue) -> Option<f64> {
    match v {
        PropValue::Int(n) => Some(*n as f64),
        PropValue::Number(x) => Some(*x),
        _ => None,
    }
}

fn colour(t: (u8, u8, u8)) -> Colour {
    Colour::rgb(t.0, t.1, t.2)
}

fn entry(name: String, colour: Colour) -> LegendEntry {
    LegendEntry {
        name,
        swatch: Swatch::Terrain {
            colour,
            art: None,
            tint: false,
        },
    }
}

impl PropertyTint {
    /// The tint of property `name` on `map`'s cells; `None` when the map declares no such
    /// property.
    pub fn of(map: &HexMap, name: &str) -> Option<PropertyTint> {
        let t = map.custom().get_type(name)?;
        let mut values: Vec<PropValue> = vec![t.default.clone()];
        for (owner, vals) in map.custom().iter_on(map) {
            if let (PropOwner::Cell(_), Some(v)) = (owner, vals.get(name))
                && !values.contains(v)
            {
                values.push(v.clone());
            }
        }
        let classes = match &t.kind {
            PropKind::Colour => Classes::Own,
            PropKind::Enum(names) => Classes::Values(
                names
                    .iter()
                    .enumerate()
                    .map(|(i, v)| {
                        let c = named(v).unwrap_or(colour(CLASSES[i % MAX_CLASSES]));
                        (PropValue::Enum(v.clone()), c)
                    })
                    .collect(),
            ),
            PropKind::Bool => Classes::Values(vec![
                (PropValue::Bool(false), colour((90, 110, 160))),
                (PropValue::Bool(true), colour((240, 150, 40))),
            ]),
            PropKind::Int | PropKind::Number if values.len() > MAX_CLASSES => {
                let nums = values.iter().filter_map(number);
                let low = nums.clone().fold(f64::INFINITY, f64::min);
                let high = nums.fold(f64::NEG_INFINITY, f64::max);
                Classes::Bands { low, high }
            }
            PropKind::Int | PropKind::Number => {
                values.sort_by(|a, b| {
                    number(a)
                        .partial_cmp(&number(b))
                        .unwrap_or(std::cmp::Ordering::Equal)
                });
                let n = values.len();
                Classes::Values(
                    values
                        .into_iter()
                        .enumerate()
                        .map(|(i, v)| {
                            let at = if n > 1 {
                                i * (RAMP.len() - 1) / (n - 1)
                            } else {
                                0
                            };
                            (v, colour(RAMP[at]))
                        })
                        .collect(),
                )
            }
            PropKind::String | PropKind::Hex => {
                let first = values.remove(0);
                values.sort_by_key(|v| v.to_string());
                values.insert(0, first);
                values.truncate(MAX_CLASSES);
                Classes::Values(
                    values
                        .into_iter()
                        .enumerate()
                        .map(|(i, v)| (v, colour(CLASSES[i])))
                        .collect(),
                )
            }
        };
        let mut tint = PropertyTint {
            name: name.to_owned(),
            default: t.default.clone(),
            classes,
            legend: Vec::new(),
        };
        tint.legend = tint.make_legend(map);
        Some(tint)
    }

    /// The property's name (the legend's title).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The legend: a line per value (or band) with its colour.
    pub fn legend(&self) -> &[LegendEntry] {
        &self.legend
    }

    fn make_legend(&self, map: &HexMap) -> Vec<LegendEntry> {
        let with_default = |v: &PropValue| {
            if *v == self.default {
                format!("{v} (default)")
            } else {
                v.to_string()
            }
        };
        match &self.classes {
            Classes::Values(list) => list
                .iter()
                .map(|(v, c)| entry(with_default(v), *c))
                .collect(),
            Classes::Bands { low, high } => (0..RAMP.len())
                .map(|i| {
                    let (a, b) = self.band_bounds(*low, *high, i);
                    entry(format!("{} – {}", round(a), round(b)), colour(RAMP[i]))
                })
                .collect(),
            Classes::Own => {
                let mut seen: Vec<PropValue> = vec![self.default.clone()];
                for (owner, vals) in map.custom().iter_on(map) {
                    if let (PropOwner::Cell(_), Some(v)) = (owner, vals.get(&self.name))
                        && !seen.contains(v)
                        && seen.len() < MAX_CLASSES
                    {
                        seen.push(v.clone());
                    }
                }
                seen.iter()
                    .filter_map(|v| match v {
                        PropValue::Colour(c) => Some(entry(with_default(v), Colour::from(*c))),
                        _ => None,
                    })
                    .collect()
            }
        }
    }

    fn band_bounds(&self, low: f64, high: f64, i: usize) -> (f64, f64) {
        let step = (high - low) / RAMP.len() as f64;
        (low + step * i as f64, low + step * (i + 1) as f64)
    }

    /// The colour of value `v` (`None`: the value's colour is no class's, so the cell
    /// is left as it is).
    pub fn colour_of(&self, v: &PropValue) -> Option<Colour> {
        match &self.classes {
            Classes::Values(list) => {
                Some(list.iter().find(|(w, _)| w == v).map_or(OTHER, |(_, c)| *c))
            }
            Classes::Bands { low, high } => {
                let x = number(v)?;
                let span = (high - low).max(f64::MIN_POSITIVE);
                let i = ((x - low) / span * RAMP.len() as f64).floor();
                Some(colour(RAMP[(i.max(0.0) as usize).min(RAMP.len() - 1)]))
            }
            Classes::Own => match v {
                PropValue::Colour(c) => Some(Colour::from(*c)),
                _ => None,
            },
        }
    }

    /// `fill` as the tint shows cell `hex` of `map`.
    pub fn tint(&self, map: &HexMap, hex: hexmap_hex::Hex, fill: Colour) -> Colour {
        let v = map
            .custom()
            .values_of(PropOwner::Cell(hex))
            .and_then(|vals| vals.get(&self.name))
            .unwrap_or(&self.default);
        self.colour_of(v).map_or(fill, |c| fill.blend(c, TINT))
    }
}

/// A band bound as a person reads it: whole numbers without decimals, others to two.
fn round(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round())
    } else {
        format!("{x:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::OffsetKind;
    use hexmap_map::testing::rectangle_map;
    use hexmap_map::{CustomEdit, Document, Edit, PropType};

    fn map_with(kind: PropKind) -> Document {
        let mut doc = Document::new(rectangle_map(OffsetKind::OddR, 4, 3));
        let t = PropType {
            name: "owner".into(),
            default: kind.zero(),
            kind,
            gm_only: false,
        };
        doc.apply(&Edit::Custom(CustomEdit::SetTypes(vec![t])))
            .unwrap();
        doc
    }

    #[test]
    fn an_enum_gives_each_value_its_colour_and_the_legend_names_them() {
        let mut doc = map_with(PropKind::Enum(vec!["Blue".into(), "Red".into()]));
        let h = doc.map().shape().iter().next().unwrap();
        doc.apply(&Edit::Custom(CustomEdit::Set {
            owners: vec![PropOwner::Cell(h)],
            name: "owner".into(),
            value: Some(PropValue::Enum("Red".into())),
        }))
        .unwrap();
        let map = doc.map();
        let tint = PropertyTint::of(map, "owner").unwrap();
        let names: Vec<&str> = tint.legend().iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["Blue (default)", "Red"]);
        let grey = Colour::rgb(128, 128, 128);
        let red = tint.tint(map, h, grey);
        let other = map.shape().iter().nth(1).unwrap();
        let blue = tint.tint(map, other, grey);
        let swatch = |i: usize| match tint.legend()[i].swatch {
            Swatch::Terrain { colour, .. } => colour,
            _ => unreachable!(),
        };
        assert_eq!(blue, grey.blend(swatch(0), TINT));
        assert_eq!(red, grey.blend(swatch(1), TINT));
        assert_ne!(red, blue);
        // Values that name a colour are shown in it.
        assert!(red.r > red.b && blue.b > blue.r, "{red:?} {blue:?}");
        assert!(PropertyTint::of(map, "nothing").is_none());
    }

    #[test]
    fn many_numbers_fall_in_bands_from_least_to_greatest() {
        let mut doc = map_with(PropKind::Int);
        let hexes: Vec<_> = doc.map().shape().iter().collect();
        for (i, h) in hexes.iter().enumerate() {
            doc.apply(&Edit::Custom(CustomEdit::Set {
                owners: vec![PropOwner::Cell(*h)],
                name: "owner".into(),
                value: Some(PropValue::Int(i as i64 * 10)),
            }))
            .unwrap();
        }
        let tint = PropertyTint::of(doc.map(), "owner").unwrap();
        assert_eq!(tint.legend().len(), RAMP.len());
        assert_eq!(tint.legend()[0].name, "0 – 13.75");
        assert_eq!(tint.colour_of(&PropValue::Int(0)), Some(colour(RAMP[0])));
        assert_eq!(
            tint.colour_of(&PropValue::Int(110)),
            Some(colour(RAMP[RAMP.len() - 1]))
        );
    }
}
