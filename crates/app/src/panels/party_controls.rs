//! The party in the editor: with the Fog tool in its "Party" mode a click places
//! the party on a cell or moves it there — along the cheapest route under the movement
//! rule, revealing what it sees at every step, or straight — the digit keys step it to a
//! neighbour as on a numeric keypad, and the bar sets its sight, records its trail and
//! removes it. Every move is one undo step through the one edit path (`FogEdit::SetParty`,
//! `FogEdit::MoveParty`).

use crate::Action;
use crate::files::prefs::ToolPrefs;
use crate::open_map::OpenMap;
use eframe::egui;
use hexmap_hex::{Hex, Layout};
use hexmap_map::{Edit, FogEdit, HexMap, MAX_SIGHT, Party, PathTypeId};

/// The path type a recorded trail takes: the palette's "Trail" if it has one, else its
/// first type (`None` when the path palette is empty: then no trail is recorded).
pub(crate) fn trail_type(map: &HexMap) -> Option<PathTypeId> {
    let palette = map.path_palette();
    palette
        .named("trail")
        .or(palette.types().first())
        .map(|t| t.id)
}

/// What a click on `h` does in party mode: place the party there (revealing what it sees)
/// when the map has none, otherwise move it there (module doc).
pub(crate) fn click(doc: &OpenMap, prefs: &ToolPrefs, h: Hex) -> Vec<Action> {
    let map = doc.map();
    if !map.contains(h) {
        return Vec::new();
    }
    let trail = prefs.party_trail.then(|| trail_type(map)).flatten();
    let Some(party) = map.party() else {
        let placed = Party {
            hex: h,
            sight: prefs.fog_sight,
            trail: None,
        };
        // Placing it and what it sees from there: one undo step.
        return vec![
            Action::BeginStroke,
            Action::StrokeEdit(Edit::Fog(FogEdit::SetParty(Some(placed)))),
            Action::StrokeEdit(Edit::Fog(FogEdit::MoveParty { to: h, trail: None })),
            Action::EndStroke,
        ];
    };
    if party.hex == h {
        return Vec::new();
    }
    if !prefs.party_route {
        return vec![Action::Edit(Edit::Fog(FogEdit::MoveParty { to: h, trail }))];
    }
    match map.route(party.hex, h) {
        Ok(route) => {
            let mut out = vec![Action::BeginStroke];
            out.extend(
                route.hexes[1..]
                    .iter()
                    .map(|&to| Action::StrokeEdit(Edit::Fog(FogEdit::MoveParty { to, trail }))),
            );
            out.push(Action::EndStroke);
            out
        }
        Err(_) => vec![Action::Error(format!(
            "The party cannot reach {} from {}: no route under the movement rule. \
             Turn off \"Along routes\" to move it straight there.",
            doc.hex_name(h),
            doc.hex_name(party.hex)
        ))],
    }
}

/// The screen direction of each digit key as on a numeric keypad (x right, y down).
const KEYPAD: [(egui::Key, (f64, f64)); 8] = [
    (egui::Key::Num1, (-1.0, 1.0)),
    (egui::Key::Num2, (0.0, 1.0)),
    (egui::Key::Num3, (1.0, 1.0)),
    (egui::Key::Num4, (-1.0, 0.0)),
    (egui::Key::Num6, (1.0, 0.0)),
    (egui::Key::Num7, (-1.0, -1.0)),
    (egui::Key::Num8, (0.0, -1.0)),
    (egui::Key::Num9, (1.0, -1.0)),
];

/// The neighbour of `from` whose centre lies in the direction `(dx, dy)` (screen axes),
/// if exactly one is near it: within 35° and at least 10° nearer than the next. On pointy
/// hexes 8 and 2 have no neighbour (north and south are corners), on flat ones 4 and 6.
pub(crate) fn neighbour_towards(layout: &Layout, from: Hex, (dx, dy): (f64, f64)) -> Option<Hex> {
    let c = layout.hex_to_pixel(from);
    let want = dy.atan2(dx);
    let mut by_angle: Vec<(f64, Hex)> = from
        .neighbors()
        .into_iter()
        .map(|n| {
            let p = layout.hex_to_pixel(n);
            let a = (p.y - c.y).atan2(p.x - c.x);
            let off = (a - want).rem_euclid(std::f64::consts::TAU);
            (off.min(std::f64::consts::TAU - off).to_degrees(), n)
        })
        .collect();
    by_angle.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (best, n) = by_angle[0];
    (best < 35.0 && by_angle[1].0 - best >= 10.0).then_some(n)
}

/// The digit keys of this frame, as party steps (when the Fog tool is in party mode and
/// the map has a party). A step onto a cell the movement rule forbids is refused with a
/// message; one off the map does nothing.
pub(crate) fn keys(ctx: &egui::Context, doc: &OpenMap, prefs: &ToolPrefs) -> Vec<Action> {
    let map = doc.map();
    let Some(party) = map.party() else {
        return Vec::new();
    };
    let layout = doc.layout();
    let trail = prefs.party_trail.then(|| trail_type(map)).flatten();
    let keys = KEYPAD.map(|(key, _)| key);
    let pressed = ctx
        .input_mut(|i| crate::canvas::key_presses::take_in_order(i, egui::Modifiers::NONE, &keys));
    // Every press is a step, in order, each from where the one before left the party
    // (several quick presses may arrive in one slow frame).
    let mut at = party.hex;
    let mut out = Vec::new();
    for key in pressed {
        let Some(&(_, dir)) = KEYPAD.iter().find(|(k, _)| *k == key) else {
            continue;
        };
        let Some(to) = neighbour_towards(&layout, at, dir) else {
            continue;
        };
        if !map.contains(to) {
            continue;
        }
        if prefs.party_route && map.step_cost(at, to).is_none() {
            out.push(Action::Error(format!(
                "The party cannot enter {}: the movement rule forbids that step.",
                doc.hex_name(to)
            )));
            continue;
        }
        out.push(Action::Edit(Edit::Fog(FogEdit::MoveParty { to, trail })));
        at = to;
    }
    out
}

/// The party part of the fog bar: where it is, its sight, the move options, Remove.
pub(crate) fn bar(ui: &mut egui::Ui, doc: &OpenMap, prefs: &mut ToolPrefs) -> Vec<Action> {
    let mut out = Vec::new();
    let Some(party) = doc.map().party() else {
        ui.label("click a cell to place the party");
        let sight = egui::DragValue::new(&mut prefs.fog_sight)
            .range(0..=MAX_SIGHT)
            .prefix("Sight ");
        ui.add(sight).accessible_name("Party sight");
        return out;
    };
    ui.label(format!("Party at {}", doc.hex_name(party.hex)));
    let mut sight = party.sight;
    let r = ui
        .add(
            egui::DragValue::new(&mut sight)
                .range(0..=MAX_SIGHT)
                .prefix("Sight "),
        )
        .accessible_name("Party sight");
    if sight != party.sight {
        prefs.fog_sight = sight;
        out.push(Action::Edit(Edit::Fog(FogEdit::SetParty(Some(Party {
            sight,
            ..party
        })))));
    }
    r.on_hover_text("How far the party sees, in hexes");
    ui.checkbox(&mut prefs.party_route, "Along routes")
        .on_hover_text("A click moves the party along the cheapest route, revealing as it goes");
    ui.checkbox(&mut prefs.party_trail, "Record trail");
    if ui.button("Remove party").clicked() {
        out.push(Action::Edit(Edit::Fog(FogEdit::SetParty(None))));
    }
    ui.label("click: move, keys 1–9: step");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::{Orientation, Point};

    fn layout(o: Orientation) -> Layout {
        Layout::new(o, Point::new(10.0, 10.0), Point::new(0.0, 0.0)).unwrap()
    }

    #[test]
    fn keypad_digits_step_to_the_neighbour_they_point_at() {
        let pointy = layout(Orientation::Pointy);
        let o = Hex::ORIGIN;
        // Pointy: east and west are sides, north and south are corners (world y down).
        assert_eq!(
            neighbour_towards(&pointy, o, (1.0, 0.0)),
            Some(Hex::new(1, 0))
        );
        assert_eq!(
            neighbour_towards(&pointy, o, (-1.0, 0.0)),
            Some(Hex::new(-1, 0))
        );
        assert_eq!(
            neighbour_towards(&pointy, o, (1.0, -1.0)),
            Some(Hex::new(1, -1))
        );
        assert_eq!(
            neighbour_towards(&pointy, o, (-1.0, 1.0)),
            Some(Hex::new(-1, 1))
        );
        assert_eq!(neighbour_towards(&pointy, o, (0.0, -1.0)), None);
        let flat = layout(Orientation::Flat);
        assert_eq!(
            neighbour_towards(&flat, o, (0.0, -1.0)),
            Some(Hex::new(0, -1))
        );
        assert_eq!(
            neighbour_towards(&flat, o, (0.0, 1.0)),
            Some(Hex::new(0, 1))
        );
        assert_eq!(
            neighbour_towards(&flat, o, (1.0, -1.0)),
            Some(Hex::new(1, -1))
        );
        assert_eq!(neighbour_towards(&flat, o, (1.0, 0.0)), None);
    }
}
