//! One hex written in every notation the crate knows, each read back to the same hex, and a
//! wargame label turned into its neighbours' labels.
//!
//! `cargo run -p hexmap-hex --example coordinates`

use hexmap_hex::{CoordContext, CoordSystem, Hex, Orientation};

fn main() {
    let cx = CoordContext::new(Orientation::Flat);
    let hex = Hex::new(2, 3);
    println!("the hex (q, r, s) = {hex} on flat-topped hexes:");
    for system in CoordSystem::ALL {
        let written = system.format(hex, &cx);
        let read_back = system.parse(&written, &cx);
        let agrees = if read_back == Ok(hex) {
            "reads back"
        } else {
            "does not read back"
        };
        println!("  {:<20} {written:<12} {agrees}", system.name());
    }

    let label = "0305";
    let centre = CoordSystem::Xxyy.parse(label, &cx).expect("a valid label");
    let around: Vec<String> = centre
        .neighbors()
        .iter()
        .map(|&n| CoordSystem::Xxyy.format(n, &cx))
        .collect();
    println!("the neighbours of label {label}: {}", around.join(" "));

    match CoordSystem::Cube.parse("1,2,3", &cx) {
        Ok(h) => println!("unexpected: 1,2,3 read as {h}"),
        Err(e) => println!("bad input gets a clear error: {e}"),
    }
}
