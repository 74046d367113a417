//! `hexmap coord` and `hexmap pick`: the hex core on the command line. Systems are read,
//! named and printed by `hex::CoordSystem`; this file only chooses the context (an
//! orientation, a map, label settings) and prints.

use super::CliError;
use super::queries;
use clap::Args;
use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};
use hexmap_hex::xxyy::LabelSettings;
use hexmap_hex::{CoordChoice, CoordContext, CoordSystem, Hex, Layout, Orientation, Point};
use hexmap_map::HexMap;
use serde::Serialize;
use serde::ser::SerializeMap;
use std::path::PathBuf;

/// The value parser of every option naming a coordinate system: `hex::CoordChoice`'s names
/// (listed in `--help`), read case-insensitively, older spellings included.
#[derive(Clone, Copy, Debug)]
pub struct CoordChoiceParser;

impl TypedValueParser for CoordChoiceParser {
    type Value = CoordChoice;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<CoordChoice, clap::Error> {
        StringValueParser::new()
            .try_map(|text| text.parse::<CoordChoice>())
            .parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            CoordChoice::all().map(|c| PossibleValue::new(c.key())),
        ))
    }
}

/// Arguments of `hexmap coord`.
#[derive(Args, Debug)]
pub struct CoordArgs {
    /// The system VALUE is written in; `offset` and `doubled` are the kinds that go with
    /// the orientation (or --map's own).
    #[arg(value_parser = CoordChoiceParser)]
    pub system: CoordChoice,
    /// The coordinate, e.g. `3,-1`, `3,-1,-2`, `0305`, `[0,1,2]`.
    #[arg(allow_hyphen_values = true)]
    pub value: String,
    /// Orientation used for naming neighbour directions and for `offset`/`doubled`
    /// [default: pointy; for xxyy the orientation its labels' stagger counts in, flat for
    /// the default odd-q].
    #[arg(long, conflicts_with = "map")]
    pub orientation: Option<Orientation>,
    /// Read and print in this map's settings: its XXYY labels, orientation and offset kind
    /// (as the editor shows them).
    #[arg(long, value_name = "MAP")]
    pub map: Option<PathBuf>,
    /// XXYY label settings, overriding the map's [default: 1,2,odd-q,column-first].
    #[arg(long, value_name = "BASE,DIGITS,STAGGER,ORDER")]
    pub labels: Option<LabelSettings>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `hexmap pick`.
#[derive(Args, Debug)]
pub struct PickArgs {
    /// World x (grows right).
    #[arg(allow_negative_numbers = true)]
    pub x: f64,
    /// World y (grows down).
    #[arg(allow_negative_numbers = true)]
    pub y: f64,
    /// Pointy or flat hexes.
    #[arg(long, required_unless_present = "map", conflicts_with = "map")]
    pub orientation: Option<Orientation>,
    /// Hex size along x and y (centre to corner).
    #[arg(long, num_args = 2, value_names = ["SX", "SY"], allow_negative_numbers = true,
          required_unless_present = "map", conflicts_with = "map")]
    pub size: Option<Vec<f64>>,
    /// World position of hex (0, 0).
    #[arg(long, num_args = 2, value_names = ["OX", "OY"], allow_negative_numbers = true,
          default_values_t = [0.0, 0.0], conflicts_with = "map")]
    pub origin: Vec<f64>,
    /// Pick in this map's layout (its orientation and hex size, hex (0, 0) at the world
    /// origin), as the editor does.
    #[arg(long, value_name = "MAP")]
    pub map: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// One hex in every system, keyed by each system's name in `CoordSystem::ALL` order.
struct AllSystems<'a> {
    hex: Hex,
    cx: &'a CoordContext,
}

impl Serialize for AllSystems<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(CoordSystem::ALL.len()))?;
        for system in CoordSystem::ALL {
            match system.numbers(self.hex) {
                Some(numbers) => map.serialize_entry(system.key(), &numbers)?,
                None => {
                    map.serialize_entry(system.key(), &system.try_format(self.hex, self.cx).ok())?
                }
            }
        }
        map.end()
    }
}

/// `h` in every system, as `coord --json` prints it (shared with `hexmap batch`).
pub(super) fn all_systems_json(h: Hex, cx: &CoordContext) -> serde_json::Value {
    serde_json::to_value(AllSystems { hex: h, cx }).unwrap_or_default()
}

/// The context `coord` reads and prints in: --map's settings, or the orientation's, with
/// --labels on top.
fn coord_context(args: &CoordArgs, map: Option<&HexMap>) -> CoordContext {
    let mut cx = match map {
        Some(map) => map.properties().coord_context(),
        // XXYY counts in its stagger's offset kind (odd-q by default: flat hexes), so the
        // neighbours are named in that orientation unless one is given.
        None => CoordContext::new(args.orientation.unwrap_or_else(|| match args.system {
            CoordChoice::System(CoordSystem::Xxyy) => {
                args.labels.unwrap_or_default().stagger.orientation()
            }
            _ => Orientation::default(),
        })),
    };
    if let Some(labels) = args.labels {
        cx.labels = labels;
    }
    cx
}

/// What `coord` prints for a hex without a label in these settings.
fn no_label(labels: &LabelSettings) -> String {
    let w = usize::from(labels.digits);
    let first = format!("{:0w$}", labels.base);
    format!(
        "(none: left of or above {first}{first}, or past {})",
        "9".repeat(2 * w)
    )
}

/// `hexmap coord`.
pub fn coord(args: &CoordArgs) -> Result<(), CliError> {
    let map = match &args.map {
        Some(path) => Some(super::load_map(path)?.0),
        None => None,
    };
    let cx = coord_context(args, map.as_ref());
    let h = args.system.resolve(&cx).parse(&args.value, &cx)?;
    if args.json {
        let mut out = match all_systems_json(h, &cx) {
            serde_json::Value::Object(o) => o,
            _ => serde_json::Map::new(),
        };
        if let Some(map) = &map {
            out.extend(queries::cell_facts(map, h));
        }
        return super::answer::print_json(&serde_json::Value::Object(out));
    }
    for system in CoordSystem::ALL {
        let text = system
            .try_format(h, &cx)
            .unwrap_or_else(|_| no_label(&cx.labels));
        println!("{:<16}{text}", system.key());
    }
    let names: Vec<String> = hexmap_hex::Direction::ALL
        .iter()
        .map(|&d| {
            let n = h.neighbor(d);
            let name = match cx.orientation {
                Orientation::Pointy => d.pointy_name(),
                Orientation::Flat => d.flat_name(),
            };
            format!("{name} {},{}", n.q, n.r)
        })
        .collect();
    println!(
        "neighbours ({}, axial): {}",
        cx.orientation,
        names.join("  ")
    );
    if let Some(map) = &map {
        println!("{:<16}{}", "map", cell_text(map, h));
    }
    Ok(())
}

/// The layout `pick` picks in when no map is given: the one the options give.
fn pick_layout(args: &PickArgs) -> Result<Layout, CliError> {
    let (Some(orientation), Some(size)) = (args.orientation, &args.size) else {
        return Err(CliError("give --map, or --orientation and --size".into()));
    };
    Ok(Layout::new(
        orientation,
        Point::new(size[0], size[1]),
        Point::new(args.origin[0], args.origin[1]),
    )?)
}

/// `hexmap pick`. With `--map` the answer also names the hex in the map's own offset kind
/// and says whether it is on the map and its terrain.
pub fn pick(args: &PickArgs) -> Result<(), CliError> {
    let point = Point::new(args.x, args.y);
    if let Some(path) = &args.map {
        let (map, _) = super::load_map(path)?;
        let h = queries::pick_hex(&map, point)?;
        if args.json {
            return super::answer::print_json(&queries::pick_json(&map, h));
        }
        let [q, r, s] = h.cube();
        println!(
            "axial {q},{r}  cube {q},{r},{s}  {}  ({})",
            map.properties().coord_context().hex_name(h),
            cell_text(&map, h)
        );
        return Ok(());
    }
    let layout = pick_layout(args)?;
    let h = layout
        .pixel_to_hex(point)
        .ok_or_else(|| queries::unpickable(point))?;
    if args.json {
        #[derive(Serialize)]
        struct Picked {
            axial: [i32; 2],
            cube: [i32; 3],
        }
        let out = Picked {
            axial: [h.q, h.r],
            cube: h.cube(),
        };
        super::answer::print_json(&out)?;
    } else {
        let [q, r, s] = h.cube();
        println!("axial {q},{r}  cube {q},{r},{s}");
    }
    Ok(())
}

/// Whether `h` is on `map` and what it holds, in words: "on the map, terrain Grass",
/// "on the map, no terrain", "off the map".
fn cell_text(map: &HexMap, h: Hex) -> String {
    if !map.contains(h) {
        return "off the map".to_owned();
    }
    match map.terrain(h).and_then(|t| map.palette().get(t)) {
        Some(t) => format!("on the map, terrain {}", t.name),
        None => "on the map, no terrain".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_lists_every_system_in_order_with_a_null_label() {
        let cx = CoordContext::new(Orientation::Pointy);
        let text = serde_json::to_string(&AllSystems {
            hex: Hex::new(2, 3),
            cx: &cx,
        })
        .unwrap();
        assert_eq!(
            text,
            r#"{"axial":[2,3],"cube":[2,3,-5],"odd-r":[3,3],"even-r":[4,3],"odd-q":[2,4],"even-q":[2,4],"doubled-width":[7,3],"doubled-height":[2,8],"xxyy":"0305","three-axis":[-3,0,2],"two-axis":[-5,2]}"#
        );
        let text = serde_json::to_string(&AllSystems {
            hex: Hex::new(-4, -4),
            cx: &cx,
        })
        .unwrap();
        assert!(text.contains(r#""xxyy":null"#), "{text}");
    }

    #[test]
    fn the_no_label_text_follows_the_settings() {
        assert_eq!(
            no_label(&LabelSettings::default()),
            "(none: left of or above 0101, or past 9999)"
        );
        let three = LabelSettings {
            base: 0,
            digits: 3,
            ..LabelSettings::default()
        };
        assert_eq!(
            no_label(&three),
            "(none: left of or above 000000, or past 999999)"
        );
    }
}
