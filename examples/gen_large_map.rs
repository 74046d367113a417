//! Write a large map with varied terrain for tests and benchmarks (not committed):
//!
//! `cargo run --release --example gen_large_map -- OUT.ron [--form offset|cube] [--size 1000] [--seed 7]`

#[path = "support/terrain.rs"]
mod terrain;

use hexmap::io::{self, Form};
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (mut out, mut form, mut size, mut seed) = (None, Form::Offset, 1000u32, 7u64);
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        let r: Result<(), String> = match a.as_str() {
            "--form" => value("--form").and_then(|v| v.parse().map(|f| form = f)),
            "--size" => value("--size").and_then(|v| {
                v.parse()
                    .map_err(|e| format!("--size: {e}"))
                    .map(|n| size = n)
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
        eprintln!("usage: gen_large_map OUT.ron [--form offset|cube] [--size N] [--seed S]");
        return ExitCode::from(2);
    };
    let map = terrain::varied_map(size, size, seed);
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
