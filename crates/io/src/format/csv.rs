//! CSV: one grid of values over the shape's offset bounding box, one line per row — the
//! terrain ids by default, or a numeric layer (`--layer elevation`), or one custom
//! property's values (`--property NAME`). A first comment line says which offset kind the
//! grid is in, where its top-left value sits and what the values are (docs/EXPORT.md).

use super::{Content, ExportOnly, FormatInfo, FormatOption, WriteError, WriteJob, Written};
use hexmap_hex::{Hex, OffsetCoord};
use hexmap_map::{HexMap, PropOwner, PropValue};

/// What a CSV grid holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum CsvValues {
    /// Terrain ids: `-1` a hole, `0` no terrain (the default).
    #[default]
    Terrain,
    /// A numeric layer by name (`elevation`, [`super::layers::NUMERIC_LAYERS`]).
    Layer(String),
    /// A custom property's value on every cell (its default where a cell sets none).
    Property(String),
}

/// The map as a CSV grid of terrain ids in its offset kind: one line per row of the
/// shape's bounding box, `-1` for a hole (not part of the map), `0` for a cell without
/// terrain, else the terrain id. A first line starting with `#` says which offset kind the
/// grid is in and the (col, row) of its top-left value: without it a grid whose first row
/// (or column) is odd would be read with the stagger flipped (docs/EXPORT.md).
pub fn to_csv(map: &HexMap) -> String {
    grid(map, "", |map, h| match map.contains(h) {
        false => "-1".to_owned(),
        true => map.terrain(h).map_or(0, |t| t.get()).to_string(),
    })
}

/// The map as a CSV grid of `values`: [`to_csv`] for terrain; for a layer or a property
/// the same grid with an empty field at a hole and the header naming what the values
/// are. An error names a layer the map lacks or a property it does not declare.
pub fn to_csv_of(map: &HexMap, values: &CsvValues) -> Result<String, String> {
    match values {
        CsvValues::Terrain => Ok(to_csv(map)),
        CsvValues::Layer(name) => {
            let layer = super::layers::numeric_layers(map)
                .find(|l| l.name == name)
                .ok_or_else(|| {
                    let has: Vec<&str> =
                        super::layers::numeric_layers(map).map(|l| l.name).collect();
                    format!(
                        "--layer {name}: the map has no such layer (it has {})",
                        if has.is_empty() {
                            "none".to_owned()
                        } else {
                            has.join(", ")
                        }
                    )
                })?;
            Ok(grid(map, &format!(", values: layer {name}"), |map, h| {
                (layer.value)(map, h).map_or_else(String::new, |v| v.to_string())
            }))
        }
        CsvValues::Property(name) => {
            let custom = map.custom();
            let t = custom.get_type(name).ok_or_else(|| {
                let declared: Vec<&str> = custom.types().iter().map(|t| t.name.as_str()).collect();
                format!(
                    "--property {name:?}: the map declares no such property (it declares {})",
                    if declared.is_empty() {
                        "none".to_owned()
                    } else {
                        declared.join(", ")
                    }
                )
            })?;
            let head = format!(
                ", values: property {} ({}, default {})",
                field(name),
                t.kind.name(),
                value_field(&t.default)
            );
            Ok(grid(map, &head, |map, h| {
                if !map.contains(h) {
                    return String::new();
                }
                match map.custom().value(PropOwner::Cell(h), name) {
                    Some(v) => value_field(v),
                    None => String::new(),
                }
            }))
        }
    }
}

/// A value as one CSV field: text and enum values as they are (an empty text as `""`,
/// told apart from a hole's empty field), numbers, `true`/`false`, `#rrggbb`, a hex as
/// `q r`.
fn value_field(v: &PropValue) -> String {
    match v {
        PropValue::String(s) if s.is_empty() => "\"\"".to_owned(),
        PropValue::Hex(h) => format!("{} {}", h.q, h.r),
        v => field(&v.to_string()),
    }
}

/// `text` as one CSV field (RFC 4180): quoted, with quotes doubled, when it holds a comma,
/// a quote, a line break or `#` (a reader skipping comment lines must not cut it), or
/// starts or ends with a space.
fn field(text: &str) -> String {
    let needs =
        text.contains([',', '"', '\n', '\r', '#']) || text.starts_with(' ') || text.ends_with(' ');
    if needs {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// The grid of `value` over the offset box, the header line ending in `what`.
fn grid(map: &HexMap, what: &str, value: impl Fn(&HexMap, Hex) -> String) -> String {
    let kind = map.properties().offset_kind;
    let b = map.shape().offset_bounds(kind);
    let mut out = String::with_capacity(b.cols as usize * b.rows as usize * 3 + 80);
    out.push_str(&format!(
        "# hexmap-csv 1: {kind}, first column {}, first row {}{what}\n",
        b.min_col, b.min_row
    ));
    for row in 0..b.rows as i32 {
        for col in 0..b.cols as i32 {
            if col > 0 {
                out.push(',');
            }
            let hex = kind.to_hex(OffsetCoord::new(b.min_col + col, b.min_row + row));
            out.push_str(&value(map, hex));
        }
        out.push('\n');
    }
    out
}

/// The CSV format.
pub static CSV: ExportOnly = ExportOnly {
    info: FormatInfo {
        name: "csv",
        description: "offset grid of terrain ids, a layer or a property (CSV)",
        extensions: &["csv"],
        options: &[FormatOption::CsvValues],
        reads: false,
        writes: true,
        // Only one grid of values.
        drops: &Content::ALL,
    },
    write: write_csv,
    folder_main: None,
};

/// Writes the CSV grid: [`to_csv_of`] with the job's [`super::WriteOptions::csv`].
fn write_csv(job: WriteJob<'_>) -> Result<Written, WriteError> {
    to_csv_of(job.map, &job.opts.csv)
        .map(Written::main)
        .map_err(WriteError::Option)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::{Hex, OffsetKind, Orientation};
    use hexmap_map::{CustomProps, PropKind, PropType, Rgb};

    fn with_props() -> HexMap {
        let mut m = hexmap_map::testing::hexagon_map(1, Orientation::Pointy);
        let types = vec![
            PropType {
                name: "side".into(),
                kind: PropKind::Enum(vec!["Blue".into(), "Red".into()]),
                default: PropValue::Enum("Blue".into()),
                gm_only: false,
            },
            PropType {
                name: "banner".into(),
                kind: PropKind::Colour,
                default: PropValue::Colour(Rgb([0, 0, 0])),
                gm_only: false,
            },
            PropType {
                name: "motto".into(),
                kind: PropKind::String,
                default: PropValue::String(String::new()),
                gm_only: false,
            },
        ];
        let values = [(
            PropOwner::Cell(Hex::new(1, 0)),
            [
                ("side".to_owned(), PropValue::Enum("Red".into())),
                ("banner".to_owned(), PropValue::Colour(Rgb([255, 0, 0]))),
                (
                    "motto".to_owned(),
                    PropValue::String("Hold, \"then\" go".into()),
                ),
            ]
            .into(),
        )]
        .into();
        m.set_custom(CustomProps::build(types, values).unwrap())
            .unwrap();
        m
    }

    /// The field of `h` in `csv` (Python's csv module would read the same: the fields
    /// here hold no line break).
    fn cell(map: &HexMap, csv: &str, h: Hex) -> String {
        let kind = map.properties().offset_kind;
        let b = map.shape().offset_bounds(kind);
        let c = kind.from_hex(h);
        let line = csv.lines().nth(1 + (c.row - b.min_row) as usize).unwrap();
        let mut fields = Vec::new();
        let (mut cur, mut quoted, mut chars) = (String::new(), false, line.chars().peekable());
        while let Some(ch) = chars.next() {
            match ch {
                '"' if quoted && chars.peek() == Some(&'"') => {
                    cur.push('"');
                    chars.next();
                }
                '"' => quoted = !quoted,
                ',' if !quoted => fields.push(std::mem::take(&mut cur)),
                ch => cur.push(ch),
            }
        }
        fields.push(cur);
        fields[(c.col - b.min_col) as usize].clone()
    }

    #[test]
    fn a_property_grid_holds_each_cell_s_value_or_the_default_and_nothing_at_holes() {
        let m = with_props();
        let side = to_csv_of(&m, &CsvValues::Property("side".into())).unwrap();
        assert!(
            side.lines()
                .next()
                .unwrap()
                .ends_with(", values: property side (enum, default Blue)"),
            "{side}"
        );
        assert_eq!(cell(&m, &side, Hex::new(1, 0)), "Red");
        assert_eq!(cell(&m, &side, Hex::new(0, 0)), "Blue", "the default");
        let kind = OffsetKind::OddR;
        let b = m.shape().offset_bounds(kind);
        let holes = (0..b.rows as i32)
            .flat_map(|r| (0..b.cols as i32).map(move |c| (c, r)))
            .filter(|&(c, r)| {
                !m.contains(kind.to_hex(OffsetCoord::new(b.min_col + c, b.min_row + r)))
            })
            .count();
        let empty = side
            .lines()
            .skip(1)
            .flat_map(|l| l.split(','))
            .filter(|f| f.is_empty())
            .count();
        assert!(holes > 0);
        assert_eq!(empty, holes, "an empty field at each hole:\n{side}");
        let banner = to_csv_of(&m, &CsvValues::Property("banner".into())).unwrap();
        assert_eq!(cell(&m, &banner, Hex::new(1, 0)), "#ff0000");
        let motto = to_csv_of(&m, &CsvValues::Property("motto".into())).unwrap();
        assert_eq!(cell(&m, &motto, Hex::new(1, 0)), "Hold, \"then\" go");
        let empty_texts = motto
            .lines()
            .skip(1)
            .flat_map(|l| l.split(','))
            .filter(|f| *f == "\"\"")
            .count();
        assert_eq!(
            empty_texts,
            m.cell_count() - 1,
            "the default, an empty text, written \"\" (a hole's field is empty)"
        );
    }

    #[test]
    fn an_unknown_property_or_a_missing_layer_is_named() {
        let m = with_props();
        let err = to_csv_of(&m, &CsvValues::Property("owner".into())).unwrap_err();
        assert!(
            err.contains(
                "\"owner\": the map declares no such property (it declares side, banner, motto)"
            ),
            "{err}"
        );
        let err = to_csv_of(&m, &CsvValues::Layer("elevation".into())).unwrap_err();
        assert!(
            err.contains("--layer elevation: the map has no such layer (it has none)"),
            "{err}"
        );
    }

    #[test]
    fn the_elevation_layer_is_a_grid_of_its_numbers() {
        let mut m = with_props();
        let mut layer = hexmap_map::ElevationLayer::new(m.cell_count());
        for i in 0..m.cell_count() {
            layer.set(i, i as i16 * 10 - 20);
        }
        m.set_elevation_layer(Some(layer)).unwrap();
        let csv = to_csv_of(&m, &CsvValues::Layer("elevation".into())).unwrap();
        assert!(
            csv.lines()
                .next()
                .unwrap()
                .ends_with(", values: layer elevation")
        );
        for h in m.shape().iter() {
            assert_eq!(cell(&m, &csv, h), m.elevation(h).unwrap().to_string());
        }
    }
}
