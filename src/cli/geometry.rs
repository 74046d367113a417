//! `hexmap coord` and `hexmap pick`: the hex core on the command line.

use super::CliError;
use crate::hex::three_axis::{self, ThreeAxis};
use crate::hex::xxyy::LabelSettings;
use crate::hex::{DoubledKind, Hex, Layout, OffsetCoord, OffsetKind, Orientation, Point};
use clap::{Args, ValueEnum};
use serde::Serialize;

/// The coordinate systems `coord` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum System {
    /// Axial "q,r".
    Axial,
    /// Cube "q,r,s" with q + r + s = 0.
    Cube,
    /// Offset "col,row", odd rows shoved (pointy).
    OddR,
    /// Offset "col,row", even rows shoved (pointy).
    EvenR,
    /// Offset "col,row", odd columns shoved (flat).
    OddQ,
    /// Offset "col,row", even columns shoved (flat).
    EvenQ,
    /// Doubled "col,row" for pointy hexes (col + row even).
    DoubledWidth,
    /// Doubled "col,row" for flat hexes (col + row even).
    DoubledHeight,
    /// Wargame label "XXYY" (base 1, two digits, odd-q, column first).
    Xxyy,
    /// Three-axis "[a,b,c]" (any triple; printed normalised).
    ThreeAxis,
    /// Two-axis "[x,y]".
    TwoAxis,
}

/// Arguments of `hexmap coord`.
#[derive(Args, Debug)]
pub struct CoordArgs {
    /// The system VALUE is written in.
    #[arg(value_enum)]
    pub system: System,
    /// The coordinate, e.g. `3,-1`, `3,-1,-2`, `0305`, `[0,1,2]`.
    #[arg(allow_hyphen_values = true)]
    pub value: String,
    /// Orientation used for naming neighbour directions in the text output.
    #[arg(long, default_value = "pointy")]
    pub orientation: Orientation,
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
    #[arg(long)]
    pub orientation: Orientation,
    /// Hex size along x and y (centre to corner).
    #[arg(long, num_args = 2, value_names = ["SX", "SY"], allow_negative_numbers = true)]
    pub size: Vec<f64>,
    /// World position of hex (0, 0).
    #[arg(long, num_args = 2, value_names = ["OX", "OY"], allow_negative_numbers = true, default_values_t = [0.0, 0.0])]
    pub origin: Vec<f64>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// One hex in every system, in the key order and names of the `--json` output.
#[derive(Serialize, Debug, PartialEq)]
pub struct AllSystems {
    axial: [i32; 2],
    cube: [i32; 3],
    #[serde(rename = "odd-r")]
    odd_r: [i32; 2],
    #[serde(rename = "even-r")]
    even_r: [i32; 2],
    #[serde(rename = "odd-q")]
    odd_q: [i32; 2],
    #[serde(rename = "even-q")]
    even_q: [i32; 2],
    #[serde(rename = "doubled-width")]
    doubled_width: [i32; 2],
    #[serde(rename = "doubled-height")]
    doubled_height: [i32; 2],
    xxyy: Option<String>,
    #[serde(rename = "three-axis")]
    three_axis: [i32; 3],
    #[serde(rename = "two-axis")]
    two_axis: [i64; 2],
}

impl AllSystems {
    fn of(h: Hex) -> Self {
        let off = |k: OffsetKind| {
            let c = k.from_hex(h);
            [c.col, c.row]
        };
        let t = ThreeAxis::from_hex(h);
        AllSystems {
            axial: [h.q, h.r],
            cube: h.cube(),
            odd_r: off(OffsetKind::OddR),
            even_r: off(OffsetKind::EvenR),
            odd_q: off(OffsetKind::OddQ),
            even_q: off(OffsetKind::EvenQ),
            doubled_width: DoubledKind::DoubleWidth.from_hex(h),
            doubled_height: DoubledKind::DoubleHeight.from_hex(h),
            xxyy: LabelSettings::default().format(h).ok(),
            three_axis: [t.a, t.b, t.c],
            two_axis: t.two_axis(),
        }
    }
}

/// Read "n,m" or "n,m,k" (spaces allowed) as exactly `N` 32-bit integers.
fn parse_ints<const N: usize>(text: &str, what: &str) -> Result<[i32; N], CliError> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let example = if N == 2 { "3,-1" } else { "3,-1,-2" };
    if parts.len() != N {
        return Err(CliError(format!(
            "{what} value '{text}' needs {N} comma-separated integers, like {example}"
        )));
    }
    let mut out = [0i32; N];
    for (slot, part) in out.iter_mut().zip(parts) {
        *slot = part.parse().map_err(|_| {
            CliError(format!(
                "{what} value '{text}': '{part}' is not a 32-bit integer"
            ))
        })?;
    }
    Ok(out)
}

/// The hex that `value` names in `system`.
pub fn parse_in_system(system: System, value: &str) -> Result<Hex, CliError> {
    let offset = |kind: OffsetKind| -> Result<Hex, CliError> {
        let [col, row] = parse_ints::<2>(value, kind.name())?;
        Ok(kind.to_hex(OffsetCoord::new(col, row)))
    };
    let doubled = |kind: DoubledKind, name: &str| -> Result<Hex, CliError> {
        let cr = parse_ints::<2>(value, name)?;
        kind.to_hex(cr).ok_or_else(|| {
            CliError(format!(
                "{name} value '{value}': col + row must be even (odd sums name no hex)"
            ))
        })
    };
    let h = match system {
        System::Axial => {
            let [q, r] = parse_ints::<2>(value, "axial")?;
            Hex::new(q, r)
        }
        System::Cube => {
            let [q, r, s] = parse_ints::<3>(value, "cube")?;
            Hex::from_cube(q, r, s).ok_or_else(|| {
                CliError(format!(
                    "cube value '{value}': q + r + s must be 0, got {}",
                    i64::from(q) + i64::from(r) + i64::from(s)
                ))
            })?
        }
        System::OddR => offset(OffsetKind::OddR)?,
        System::EvenR => offset(OffsetKind::EvenR)?,
        System::OddQ => offset(OffsetKind::OddQ)?,
        System::EvenQ => offset(OffsetKind::EvenQ)?,
        System::DoubledWidth => doubled(DoubledKind::DoubleWidth, "doubled-width")?,
        System::DoubledHeight => doubled(DoubledKind::DoubleHeight, "doubled-height")?,
        System::Xxyy => LabelSettings::default().parse(value)?,
        System::ThreeAxis => ThreeAxis::parse(value)?.to_hex().ok_or_else(|| {
            CliError(format!(
                "three-axis value '{value}' names a hex out of range"
            ))
        })?,
        System::TwoAxis => three_axis::hex_from_two_axis(three_axis::parse_two_axis(value)?)
            .ok_or_else(|| {
                CliError(format!("two-axis value '{value}' names a hex out of range"))
            })?,
    };
    // Keep every printed system exact: the documented coordinate range.
    const LIMIT: i64 = crate::hex::COORD_LIMIT as i64;
    if h.cube().iter().any(|&c| i64::from(c).abs() > LIMIT) {
        return Err(CliError(format!(
            "{value}: coordinates beyond ±{LIMIT} are not supported"
        )));
    }
    Ok(h)
}

/// `hexmap coord`.
pub fn coord(args: &CoordArgs) -> Result<(), CliError> {
    let h = parse_in_system(args.system, &args.value)?;
    let all = AllSystems::of(h);
    if args.json {
        println!("{}", serde_json::to_string(&all)?);
        return Ok(());
    }
    let pair = |v: [i32; 2]| format!("{},{}", v[0], v[1]);
    println!("axial           {}", pair(all.axial));
    println!(
        "cube            {},{},{}",
        all.cube[0], all.cube[1], all.cube[2]
    );
    println!("odd-r           {}", pair(all.odd_r));
    println!("even-r          {}", pair(all.even_r));
    println!("odd-q           {}", pair(all.odd_q));
    println!("even-q          {}", pair(all.even_q));
    println!("doubled-width   {}", pair(all.doubled_width));
    println!("doubled-height  {}", pair(all.doubled_height));
    match &all.xxyy {
        Some(label) => println!("xxyy            {label}"),
        None => println!("xxyy            (none: left of or above 0101, or past 9999)"),
    }
    let t = all.three_axis;
    println!("three-axis      [{},{},{}]", t[0], t[1], t[2]);
    println!("two-axis        [{},{}]", all.two_axis[0], all.two_axis[1]);
    let names: Vec<String> = crate::hex::Direction::ALL
        .iter()
        .map(|&d| {
            let n = h.neighbor(d);
            let name = match args.orientation {
                Orientation::Pointy => d.pointy_name(),
                Orientation::Flat => d.flat_name(),
            };
            format!("{name} {},{}", n.q, n.r)
        })
        .collect();
    println!(
        "neighbours ({}, axial): {}",
        args.orientation,
        names.join("  ")
    );
    Ok(())
}

/// `hexmap pick`.
pub fn pick(args: &PickArgs) -> Result<(), CliError> {
    let (size, origin) = (
        Point::new(args.size[0], args.size[1]),
        Point::new(args.origin[0], args.origin[1]),
    );
    let layout = Layout::new(args.orientation, size, origin)?;
    let h = layout
        .pixel_to_hex(Point::new(args.x, args.y))
        .ok_or_else(|| {
            CliError(format!(
                "point ({}, {}) is not finite or lies beyond the 32-bit hex coordinate range",
                args.x, args.y
            ))
        })?;
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
        println!("{}", serde_json::to_string(&out)?);
    } else {
        let [q, r, s] = h.cube();
        println!("axial {q},{r}  cube {q},{r},{s}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_system_reads_the_same_hex() {
        let h = Hex::new(2, 3);
        let cases = [
            (System::Axial, "2,3"),
            (System::Cube, "2,3,-5"),
            (System::OddQ, "2,4"),
            (System::Xxyy, "0305"),
            (System::DoubledWidth, "7,3"),
            (System::DoubledHeight, "2,8"),
            (System::ThreeAxis, "[-3,0,2]"),
            (System::TwoAxis, "[-5,2]"),
        ];
        for (system, value) in cases {
            assert_eq!(
                parse_in_system(system, value).unwrap(),
                h,
                "{system:?} {value}"
            );
        }
    }

    #[test]
    fn bad_values_are_named() {
        let e = parse_in_system(System::Cube, "1,1,1").unwrap_err();
        assert_eq!(e.0, "cube value '1,1,1': q + r + s must be 0, got 3");
        let e = parse_in_system(System::Axial, "1").unwrap_err();
        assert!(e.0.contains("needs 2 comma-separated integers"), "{}", e.0);
        let e = parse_in_system(System::DoubledWidth, "1,2").unwrap_err();
        assert!(e.0.contains("must be even"), "{}", e.0);
        let e = parse_in_system(System::Axial, "2147483647,0").unwrap_err();
        assert!(e.0.contains("not supported"), "{}", e.0);
    }
}
