//! The Tiled type each `hexmap:*` property is written with: ids are `int`,
//! costs `float`, switches `bool`, colours `color`, so a game reading the file gets
//! numbers, booleans and colours and not text to parse; everything else (names, pairs such
//! as `hexmap:origin`, lists) stays `string`. The readers take either (old files wrote
//! every property as a string), so nothing here changes what a file means.

/// Properties written as Tiled `int`.
const INTS: [&str; 7] = [
    "hexmap:id",
    "hexmap:path_id",
    "hexmap:icon_id",
    "hexmap:art_of",
    "hexmap:region_id",
    "hexmap:key_icon",
    "hexmap:key_region",
];
/// Properties written as Tiled `float`: costs (points with up to two decimals), an icon's
/// scale, a label's size and turn, a region's tint, the map scale's distance per hex.
const FLOATS: [&str; 6] = [
    "hexmap:cost",
    "hexmap:scale",
    "hexmap:size",
    "hexmap:rotation",
    "hexmap:tint",
    "hexmap:scale_per_hex",
];
/// Properties written as Tiled `bool`.
const BOOLS: [&str; 7] = [
    "hexmap:blocks_sight",
    "hexmap:impassable",
    "hexmap:note_captions",
    "hexmap:art_tint",
    "hexmap:halo",
    "hexmap:gm_only",
    "hexmap:label",
];

/// Properties written as Tiled `color` (`#rrggbb`; Tiled saves them as `#aarrggbb`, which
/// [`plain_colour`] reads back).
const COLOURS: [&str; 1] = ["hexmap:color"];

/// A colour property's value as hexmap writes it: Tiled's `#aarrggbb` loses its alpha
/// (hexmap's colours are opaque); anything else is kept as it is.
pub(crate) fn plain_colour(value: &str) -> String {
    match value.strip_prefix('#') {
        Some(hex) if hex.len() == 8 && hex.bytes().all(|b| b.is_ascii_hexdigit()) => {
            format!("#{}", &hex[2..])
        }
        _ => value.to_string(),
    }
}

/// A property's value in its Tiled type: (`int`, `float`, `bool`, `color` or `string`, the
/// value as JSON). A value that does not read as its name's type is written as a string.
pub(crate) fn typed(name: &str, value: &str) -> (&'static str, serde_json::Value) {
    let text = || serde_json::Value::String(value.to_string());
    if INTS.contains(&name)
        && let Ok(n) = value.parse::<i64>()
    {
        return ("int", n.into());
    }
    if FLOATS.contains(&name)
        && let Ok(x) = value.parse::<f64>()
        && x.is_finite()
    {
        // Whole numbers as integers (`2`, not `2.0`), as Tiled writes them.
        return if x.fract() == 0.0 && x.abs() < 1e15 {
            ("float", (x as i64).into())
        } else {
            ("float", x.into())
        };
    }
    if BOOLS.contains(&name)
        && let Ok(b) = value.parse::<bool>()
    {
        return ("bool", b.into());
    }
    if COLOURS.contains(&name)
        && value.len() == 7
        && value.starts_with('#')
        && value[1..].bytes().all(|b| b.is_ascii_hexdigit())
    {
        return ("color", text());
    }
    ("string", text())
}

/// Whether Tiled keeps `n` as an `int`: Tiled's integers are 32-bit (1.8 wraps a larger one
/// around), so a custom int outside that range is written as a `string`.
pub fn fits_tiled_int(n: i64) -> bool {
    i32::try_from(n).is_ok()
}

/// Whether Tiled keeps `x` as a `float`: Tiled saves 15 significant digits, so a custom
/// number that needs more to read back exactly is written as a `string`.
pub fn fits_tiled_float(x: f64) -> bool {
    x.is_finite() && format!("{x:.14e}").parse::<f64>() == Ok(x)
}

/// The Tiled type of each custom property by name, and the enum's name for Tiled's
/// `propertytype` (`objects::custom::tiled_kinds`).
pub type CustomKinds = std::collections::BTreeMap<String, (&'static str, Option<String>)>;

/// [`typed`], with the map's custom properties typed by their declarations (`kinds`): a
/// property of that name gets its declared Tiled type when its text reads as one, and an
/// enum's value names the enum as its `propertytype`. hexmap's own (`hexmap:…`) keep
/// [`typed`]'s.
pub(crate) fn typed_with<'k>(
    name: &str,
    value: &str,
    kinds: &'k CustomKinds,
) -> (&'static str, serde_json::Value, Option<&'k str>) {
    let declared = (!name.starts_with("hexmap:"))
        .then(|| kinds.get(name))
        .flatten();
    let Some((kind, enum_name)) = declared else {
        let (kind, v) = typed(name, value);
        return (kind, v, None);
    };
    let text = || serde_json::Value::String(value.to_string());
    let v = match *kind {
        "int" => value
            .parse::<i64>()
            .ok()
            .filter(|n| fits_tiled_int(*n))
            .map(serde_json::Value::from),
        "float" => value
            .parse::<f64>()
            .ok()
            .filter(|x| fits_tiled_float(*x))
            .map(|x| {
                if x.fract() == 0.0 && x.abs() < 1e15 {
                    (x as i64).into()
                } else {
                    x.into()
                }
            }),
        "bool" => value.parse::<bool>().ok().map(serde_json::Value::from),
        _ => Some(text()),
    };
    match v {
        Some(v) => (kind, v, enum_name.as_deref()),
        None => ("string", text(), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_costs_and_switches_get_tileds_types() {
        assert_eq!(typed("hexmap:id", "7"), ("int", 7.into()));
        assert_eq!(typed("hexmap:cost", "1.5"), ("float", 1.5.into()));
        assert_eq!(typed("hexmap:cost", "2"), ("float", 2.into()));
        assert_eq!(typed("hexmap:blocks_sight", "true"), ("bool", true.into()));
        assert_eq!(typed("hexmap:region_id", "2"), ("int", 2.into()));
        assert_eq!(typed("hexmap:scale", "1.2"), ("float", 1.2.into()));
        assert_eq!(typed("hexmap:rotation", "-80"), ("float", (-80).into()));
        assert_eq!(typed("hexmap:gm_only", "true"), ("bool", true.into()));
        assert_eq!(typed("hexmap:name", "7"), ("string", "7".into()));
        assert_eq!(
            typed("hexmap:color", "#2a6fb0"),
            ("color", "#2a6fb0".into())
        );
        assert_eq!(plain_colour("#ff2a6fb0"), "#2a6fb0");
        assert_eq!(plain_colour("#2a6fb0"), "#2a6fb0");
        // A value that is not of its type stays text.
        assert_eq!(typed("hexmap:id", "x"), ("string", "x".into()));
    }
}
