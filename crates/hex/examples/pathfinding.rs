//! A* across a small walled board, drawn as text, and the part of the board a viewer at the
//! start can see past the walls.
//!
//! `cargo run -p hexmap-hex --example pathfinding`

use hexmap_hex::{Hex, OffsetCoord, OffsetKind, PathLimits, a_star, field_of_view};

const WIDTH: i32 = 14;
const HEIGHT: i32 = 8;

/// The board in odd-r rows: `#` is a wall, `~` a marsh costing 3, `.` plain costing 1.
const BOARD: [&str; HEIGHT as usize] = [
    "..............",
    "....#.........",
    "....#...~~~...",
    "....#...~~~...",
    "....#...~~~#..",
    "....#......#..",
    "...........#..",
    "..............",
];

fn cell(h: Hex) -> Option<u8> {
    let OffsetCoord { col, row } = OffsetKind::OddR.from_hex(h);
    let in_board = (0..WIDTH).contains(&col) && (0..HEIGHT).contains(&row);
    in_board.then(|| BOARD[row as usize].as_bytes()[col as usize])
}

fn main() {
    let start = OffsetKind::OddR.to_hex(OffsetCoord::new(1, 2));
    let goal = OffsetKind::OddR.to_hex(OffsetCoord::new(13, 4));
    let cost = |h: Hex| match cell(h)? {
        b'#' => None,
        b'~' => Some(3),
        _ => Some(1),
    };
    let route = a_star(start, goal, 1, &PathLimits::default(), cost).expect("a route exists");
    let seen = field_of_view(start, 20, |h| cell(h) == Some(b'#'));
    println!(
        "route of {} steps, cost {}:",
        route.hexes.len() - 1,
        route.cost
    );
    draw(|h| {
        if h == start {
            'S'
        } else if h == goal {
            'G'
        } else if route.hexes.contains(&h) {
            '*'
        } else {
            char::from(cell(h).unwrap_or(b'?'))
        }
    });
    println!("what S sees (blank: hidden behind a wall):");
    draw(|h| match h == start {
        true => 'S',
        false if seen.contains(&h) => char::from(cell(h).unwrap_or(b'?')),
        false => ' ',
    });
}

/// Prints the board row by row, each hex as `mark` shows it; odd rows are shoved half a hex
/// to the right, as odd-r rows are.
fn draw(mark: impl Fn(Hex) -> char) {
    for row in 0..HEIGHT {
        let mut line = String::from(if row % 2 == 1 { " " } else { "" });
        for col in 0..WIDTH {
            line.push(mark(OffsetKind::OddR.to_hex(OffsetCoord::new(col, row))));
            line.push(' ');
        }
        println!("{}", line.trim_end());
    }
}
