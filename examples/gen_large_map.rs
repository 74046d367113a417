//! Write a large map with varied terrain for tests and benchmarks (not committed):
//!
//! `cargo run --release --example gen_large_map -- OUT.ron [--form offset|cube] [--size 1000]
//! [--seed 7] [--flat] [--hexagon RADIUS]`
//!
//! Default: a `--size` × `--size` odd-r pointy rectangle. `--flat` makes it odd-q flat;
//! `--hexagon R` makes a hexagon of radius R instead of a rectangle.

#[path = "support/terrain.rs"]
mod terrain;

use hexmap::hex::{OffsetKind, Orientation};
use hexmap::io::{self, Form};
use hexmap::map::MapShape;
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (mut out, mut form, mut size, mut seed) = (None, Form::Offset, 1000u32, 7u64);
    let (mut flat, mut hexagon) = (false, None::<u32>);
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        let r: Result<(), String> = match a.as_str() {
            "--form" => value("--form").and_then(|v| v.parse().map(|f| form = f)),
            "--size" => value("--size").and_then(|v| {
                v.parse()
                    .map_err(|e| format!("--size: {e}"))
                    .map(|n| size = n)
            }),
            "--flat" => {
                flat = true;
                Ok(())
            }
            "--hexagon" => value("--hexagon").and_then(|v| {
                v.parse()
                    .map_err(|e| format!("--hexagon: {e}"))
                    .map(|n| hexagon = Some(n))
            }),
            "--seed" => value("--seed").and_then(|v| {
                v.parse()
                    .map_err(|e| format!("--seed: {e}"))
                    .map(|n| seed = n)
            }),
            _ if out.is_none() => {
                out = Some(PathBuf::from(a));
                Ok(())
            }
            _ => Err(format!("unexpected argument '{a}'")),
        };
        if let Err(e) = r {
            eprintln!("gen_large_map: {e}");
            return ExitCode::from(2);
        }
    }
    let Some(out) = out else {
        eprintln!(
            "usage: gen_large_map OUT.ron [--form offset|cube] [--size N] [--seed S] [--flat] \
             [--hexagon R]"
        );
        return ExitCode::from(2);
    };
    let orientation = if flat {
        Orientation::Flat
    } else {
        Orientation::Pointy
    };
    let shape = match hexagon {
        Some(r) => MapShape::hexagon(r),
        None => MapShape::rectangle(
            match orientation {
                Orientation::Pointy => OffsetKind::OddR,
                Orientation::Flat => OffsetKind::OddQ,
            },
            size,
            size,
        ),
    };
    let shape = match shape {
        Ok(s) => s,
        Err(e) => {
            eprintln!("gen_large_map: {e}");
            return ExitCode::from(2);
        }
    };
    let name = match hexagon {
        Some(r) => format!("Varied hexagon r{r}"),
        None => format!("Varied {size}x{size}"),
    };
    let map = if hexagon.is_none() && !flat {
        terrain::varied_map(size, size, seed)
    } else {
        terrain::varied_shape(&name, orientation, shape, seed)
    };
    match io::save(&out, &map, form) {
        Ok(()) => {
            println!(
                "wrote {} ({} cells, {form} form)",
                out.display(),
                map.cell_count()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gen_large_map: {e}");
            ExitCode::from(1)
        }
    }
}
