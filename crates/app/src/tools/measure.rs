//! The Measure tool: a press sets an anchor, and while the tool is on the status bar says
//! how far the hovered hex is from it: hexes (hex distance), map distance (hexes × the
//! map's scale) and, under the map's movement rule ([`hexmap_map::HexMap::route`], the one
//! home of routing), the route's cost and the travel time at the user's speed per day.

use crate::canvas::overlays::RouteCache;
use crate::open_map::OpenMap;
use hexmap_hex::{Hex, PathError, Route};
use hexmap_map::HexMap;
use hexmap_map::scale::format_number;
use std::cell::RefCell;

/// The route the Measure tool shows, kept between frames: the anchor's search goes on
/// as the pointer moves (`RouteCache`, as the path overlay does), the last answer is kept
/// while the map (its revision), the anchor and the hovered hex stay, and the status bar
/// and the canvas share it. A fresh route across a large map takes tens of milliseconds.
#[derive(Default)]
pub struct MeasureRoute(RefCell<MeasureState>);

/// What a kept answer was found for: (document revision, anchor, hovered hex).
type MeasureKey = (u64, Hex, Hex);

#[derive(Default)]
struct MeasureState {
    search: RouteCache,
    last: Option<(MeasureKey, Result<Route, PathError>)>,
}

impl MeasureRoute {
    /// The route from `anchor` to `to` on `doc`'s map.
    pub fn get(&self, doc: &OpenMap, anchor: Hex, to: Hex) -> Result<Route, PathError> {
        let key = (doc.revision(), anchor, to);
        let mut state = self.0.borrow_mut();
        if let Some((k, route)) = &state.last
            && *k == key
        {
            return route.clone();
        }
        let route = state.search.route(doc, anchor, to);
        state.last = Some((key, route.clone()));
        route
    }
}

/// Default travel speed per day, in the map's scale unit (24 miles a day on foot).
pub const DEFAULT_SPEED: f64 = 24.0;

/// The measurement from `anchor` to `to` as one status-bar line, e.g.
/// "measure: 3 hexes · 18 mi · route cost 4 (24 mi) · 1 day at 24 mi/day".
/// Travel distance is the route cost in points × the distance per hex (a point is one hex
/// of open ground); `speed` is in the scale's unit per day.
#[cfg(test)]
pub fn readout(map: &HexMap, anchor: Hex, to: Hex, speed: f64) -> String {
    readout_of(map, anchor, to, speed, map.route(anchor, to))
}

/// [`readout`] with the route already found (the editor keeps it in [`MeasureRoute`]).
pub fn readout_of(
    map: &HexMap,
    anchor: Hex,
    to: Hex,
    speed: f64,
    route: Result<Route, PathError>,
) -> String {
    let hexes = anchor.distance(to);
    let hexes_text = crate::panels::words::count(hexes as usize, "hex", "hexes");
    let mut parts = vec![format!("measure: {hexes_text}")];
    let scale = map.scale();
    if let Some(s) = scale {
        parts.push(s.format(s.distance(f64::from(hexes))));
    }
    match route {
        Ok(route) => {
            let points = hexmap_map::cost::hundredths_to_points(route.cost);
            let mut text = format!("route cost {}", format_number(points));
            if let Some(s) = scale {
                let travel = s.distance(points);
                text.push_str(&format!(" ({})", s.format(travel)));
                parts.push(text);
                if speed.is_finite() && speed > 0.0 {
                    let days = travel / speed;
                    let unit = if (days - 1.0).abs() < 0.005 {
                        "day"
                    } else {
                        "days"
                    };
                    parts.push(format!(
                        "{} {unit} at {}/day",
                        format_number(days),
                        s.format(speed)
                    ));
                }
            } else {
                parts.push(text);
            }
        }
        Err(_) if map.contains(anchor) && map.contains(to) => {
            parts.push("no route".to_owned());
        }
        Err(_) => {}
    }
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::OffsetKind;
    use hexmap_map::MapScale;
    use hexmap_map::testing::TestMap;

    #[test]
    fn hexes_distance_cost_and_days() {
        let mut map = TestMap::rectangle(OffsetKind::OddR, 8, 3)
            .named("m")
            .build();
        let a = Hex::new(0, 0);
        let b = Hex::new(4, 0);
        assert_eq!(readout(&map, a, b, 24.0), "measure: 4 hexes · route cost 4");
        map.set_scale(Some(MapScale::new(6.0, "mi").unwrap()))
            .unwrap();
        assert_eq!(
            readout(&map, a, b, 24.0),
            "measure: 4 hexes · 24 mi · route cost 4 (24 mi) · 1 day at 24 mi/day"
        );
        assert_eq!(
            readout(&map, a, Hex::new(1, 0), 12.0),
            "measure: 1 hex · 6 mi · route cost 1 (6 mi) · 0.5 days at 12 mi/day"
        );
    }
}
