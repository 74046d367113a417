//! Pixels to hexes: the hex under a point, exactly, even a hair from an edge and far from
//! the origin, next to the plain rounding most hex code uses.
//!
//! `cargo run -p hexmap-hex --example picking`

use hexmap_hex::{Direction, Hex, Layout, Orientation, Point};

fn main() {
    let layout = Layout::new(
        Orientation::Pointy,
        Point::new(1.0, 1.0),
        Point::new(0.0, 0.0),
    )
    .expect("a valid size");
    // Points a millionth of a hex short of the edge between a hex and its east neighbour,
    // ever farther from the origin: the exact pick is the hex whose true region holds
    // the point as stored in f64.
    for far in [0, 1_000, 1_000_000, 100_000_000] {
        let hex = Hex::new(far, 0);
        let next = hex.neighbor(Direction::from_index(0));
        let (a, b) = (layout.hex_to_pixel(hex), layout.hex_to_pixel(next));
        let t = 0.5 - 1e-6;
        let point = Point::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
        let exact = layout.pixel_to_hex(point);
        let rounded = layout.pixel_to_hex_rounded(point);
        println!(
            "x = {:>18.6}: exact {}, rounded {} (aimed at {hex})",
            point.x,
            exact.map_or("none".to_string(), |h| h.to_string()),
            rounded,
        );
    }
    let corner = layout.corners(Hex::ORIGIN)[0];
    let picked = layout
        .pixel_to_hex(corner)
        .map_or("none".to_string(), |h| h.to_string());
    println!(
        "the corner ({:.3}, {:.3}) touches three hexes and always goes to one: {picked}",
        corner.x, corner.y
    );
}
