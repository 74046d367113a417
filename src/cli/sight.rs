//! `hexmap fov` and `hexmap los`: what a hex sees under the map's sight rule (terrain that
//! blocks sight, sight-blocking features on hexsides), the same field of view as the
//! editor's overlay (`HexMap::field_of_view`), and whether one cell sees another and what
//! blocks it (`HexMap::sight_blocker`).

use super::CliError;
use super::cells::{read_system, show, show_named};
use super::queries;

/// Run `hexmap fov`.
pub fn fov(a: &super::around::AroundArgs) -> Result<(), CliError> {
    let (map, from) = a.at.read(a.coords)?;
    if a.json {
        return super::answer::print_json(&queries::fov(&map, from, a.radius)?);
    }
    let seen = map.field_of_view(from, a.radius)?;
    println!(
        "{} cells seen from {} within {} ({}):",
        seen.len(),
        show_named(&map, a.coords, from),
        a.radius,
        read_system(&map, a.coords).name()
    );
    let cells: Vec<String> = seen.iter().map(|&h| show(&map, a.coords, h)).collect();
    println!("{}", cells.join(" "));
    Ok(())
}

/// Run `hexmap los`: whether TO is seen from FROM (at any distance) and, when it is not,
/// the hex or side that blocks the view as seen from FROM.
pub fn los(a: &super::around::PairArgs) -> Result<(), CliError> {
    let (map, from, to) = a.read()?;
    if a.json {
        return super::answer::print_json(&queries::los(&map, from, to));
    }
    let name = |h| show_named(&map, a.coords, h);
    match map.sight_blocker(from, to) {
        None => println!("{} sees {}", name(from), name(to)),
        Some(hexmap_hex::SightBlock::Hex(h)) => println!(
            "{} does not see {}: {} blocks the view",
            name(from),
            name(to),
            name(h)
        ),
        Some(hexmap_hex::SightBlock::Side(x, y)) => println!(
            "{} does not see {}: the side between {} and {} blocks the view",
            name(from),
            name(to),
            name(x),
            name(y)
        ),
    }
    Ok(())
}
