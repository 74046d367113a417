//! `hexmap batch`: many questions to one map in one process. Each line of standard input is
//! a JSON object naming a query (`route`, `reach`, `fov`, `pick`, `coord`) and its
//! arguments; each is answered by one line of standard output holding exactly what the
//! single command's `--json` prints (plus the query's `id` when it gave one), or an
//! `{"error": …}` object naming the input line. Blank lines are skipped; every other line
//! gets exactly one answer, in order, so a game can pair answers with questions.
//!
//! Hexes are axial `[q, r]` both ways (the machine notation of docs/EXPORT.md).

use super::CliError;
use super::geometry::all_systems_json;
use super::queries;
use clap::Args;
use hexmap_hex::{COORD_LIMIT, Hex, Point};
use hexmap_map::{Cost, HexMap};
use serde_json::{Map, Value};
use std::io::{BufRead, Write};
use std::path::PathBuf;

/// Arguments of `hexmap batch`.
#[derive(Args, Debug)]
pub struct BatchArgs {
    /// Which map of a file of several (`--map PATH`).
    #[command(flatten)]
    pub member: super::MemberArg,
    /// The map every query asks about.
    pub map: PathBuf,
}

/// Run `hexmap batch`: answer each line of standard input until its end.
pub fn batch(a: &BatchArgs) -> Result<(), CliError> {
    let (map, _) = super::load_map(&a.map)?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for (index, line) in stdin.lock().lines().enumerate() {
        let line = line.map_err(|e| CliError(format!("reading standard input: {e}")))?;
        if line.trim().is_empty() {
            continue;
        }
        let answer = answer_line(&map, index + 1, &line);
        writeln!(out, "{answer}").map_err(|e| CliError(format!("writing answers: {e}")))?;
        // A game waits for each answer before it asks the next question.
        out.flush()
            .map_err(|e| CliError(format!("writing answers: {e}")))?;
    }
    Ok(())
}

/// The answer to one input line (numbered from 1): the query's answer, or an error
/// object saying where and what.
fn answer_line(map: &HexMap, number: usize, line: &str) -> Value {
    let parsed: Result<Map<String, Value>, String> =
        serde_json::from_str(line).map_err(|e| format!("not a JSON object: {e}"));
    let (id, result) = match parsed {
        Ok(query) => (query.get("id").cloned(), answer(map, &query)),
        Err(e) => (None, Err(e)),
    };
    let mut object = match result {
        Ok(Value::Object(o)) => o,
        Ok(other) => Map::from_iter([("answer".to_owned(), other)]),
        Err(message) => Map::from_iter([(
            "error".to_owned(),
            Value::from(format!("line {number}: {message}")),
        )]),
    };
    if let Some(id) = id {
        object.insert("id".to_owned(), id);
    }
    Value::Object(object)
}

/// One query answered, or what is wrong with it.
fn answer(map: &HexMap, q: &Map<String, Value>) -> Result<Value, String> {
    let name = q
        .get("query")
        .and_then(Value::as_str)
        .ok_or("no \"query\" (one of route, reach, fov, pick, coord)")?;
    let cli = |e: CliError| e.0;
    match name {
        "route" => {
            let from = cell(map, q, "from")?;
            let to = cell(map, q, "to")?;
            queries::route(map, from, to).map_err(cli)
        }
        "reach" => {
            let from = cell(map, q, "from")?;
            let budget = q
                .get("budget")
                .filter(|v| v.is_number())
                .ok_or("\"budget\" must be a number of points")?;
            let budget: Cost = budget
                .to_string()
                .parse()
                .map_err(|e| format!("\"budget\": {e}"))?;
            queries::reach(map, from, budget.hundredths()).map_err(cli)
        }
        "fov" => {
            let from = cell(map, q, "from")?;
            let radius = q
                .get("radius")
                .and_then(Value::as_u64)
                .and_then(|r| u32::try_from(r).ok())
                .ok_or("\"radius\" must be a whole number of hexes")?;
            queries::fov(map, from, radius).map_err(cli)
        }
        "pick" => {
            let coordinate = |key: &str| {
                q.get(key)
                    .and_then(Value::as_f64)
                    .ok_or(format!("\"{key}\" must be a number (world units)"))
            };
            let p = Point::new(coordinate("x")?, coordinate("y")?);
            let h = queries::pick_hex(map, p).map_err(cli)?;
            Ok(queries::pick_json(map, h))
        }
        "coord" => {
            let h = hex(q, "hex")?;
            let cx = map.properties().coord_context();
            let mut out = match all_systems_json(h, &cx) {
                Value::Object(o) => o,
                _ => Map::new(),
            };
            out.extend(queries::cell_facts(map, h));
            Ok(Value::Object(out))
        }
        other => Err(format!(
            "unknown query \"{other}\" (one of route, reach, fov, pick, coord)"
        )),
    }
}

/// The hex at `key`: `[q, r]`, both within the coordinate limit.
fn hex(q: &Map<String, Value>, key: &str) -> Result<Hex, String> {
    let bad = || format!("\"{key}\" must be an axial hex [q, r] with |q|, |r| ≤ {COORD_LIMIT}");
    let pair = q.get(key).and_then(Value::as_array).ok_or_else(bad)?;
    let [q, r] = pair.as_slice() else {
        return Err(bad());
    };
    let number = |v: &Value| {
        v.as_i64()
            .filter(|n| n.abs() <= i64::from(COORD_LIMIT))
            .and_then(|n| i32::try_from(n).ok())
            .ok_or_else(bad)
    };
    Ok(Hex::new(number(q)?, number(r)?))
}

/// The hex at `key`, which must be a cell of the map.
fn cell(map: &HexMap, q: &Map<String, Value>, key: &str) -> Result<Hex, String> {
    let h = hex(q, key)?;
    if !map.contains(h) {
        return Err(format!(
            "\"{key}\" [{}, {}] ({}) is not a cell of the map",
            h.q,
            h.r,
            map.properties().coord_context().hex_name(h)
        ));
    }
    Ok(h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::Orientation;
    use hexmap_map::{MapProperties, MapShape, Palette};

    fn map() -> HexMap {
        HexMap::new(
            MapProperties::new("batch", Orientation::Pointy),
            MapShape::hexagon(3).unwrap(),
            Palette::standard(),
        )
        .unwrap()
    }

    #[test]
    fn each_query_is_answered_as_its_command_would_with_its_id() {
        let m = map();
        let a = answer_line(&m, 1, r#"{"query":"route","from":[0,0],"to":[2,0],"id":7}"#);
        assert_eq!(a["id"], 7);
        assert_eq!(a["cost"], 2);
        assert_eq!(a["hexes"], serde_json::json!([[0, 0], [1, 0], [2, 0]]));
        let direct = queries::route(&m, Hex::ORIGIN, Hex::new(2, 0)).unwrap();
        assert_eq!(a["hexes"], direct["hexes"]);
    }

    #[test]
    fn bad_lines_say_which_line_and_what() {
        let m = map();
        let a = answer_line(&m, 3, "{\"query\":\"route\",\"from\":[0,0],\"to\":[9,0]}");
        let text = a["error"].as_str().unwrap();
        assert!(text.starts_with("line 3: \"to\" [9, 0]"), "{text}");
        assert!(text.contains("not a cell of the map"), "{text}");
        let a = answer_line(&m, 4, "route 0,0 1,0");
        assert!(
            a["error"]
                .as_str()
                .unwrap()
                .starts_with("line 4: not a JSON object")
        );
        let a = answer_line(&m, 5, r#"{"query":"reach","from":[0,0],"budget":-1}"#);
        assert!(a["error"].as_str().unwrap().contains("\"budget\""), "{a}");
        let a = answer_line(&m, 6, r#"{"query":"teleport"}"#);
        assert!(
            a["error"].as_str().unwrap().contains("unknown query"),
            "{a}"
        );
    }
}
