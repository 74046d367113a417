//! `hexmap batch`: many questions to one map in one process. Each line of standard input is
//! a JSON object naming a query (`route`, `reach`, `fov`, `los`, `path-cost`, `distance`,
//! `line`, `neighbours`, `ring`, `range`, `pick`, `coord`) and its arguments, or
//! `{"query": "reload"}`, which reads the map file again (after a `fog` change, say); each
//! is answered by one line of standard output holding exactly what the single command's
//! `--json` prints (plus the query's `id` when it gave one), or an
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
use serde_json::{Map, Value, json};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// Arguments of `hexmap batch`.
#[derive(Args, Debug)]
pub struct BatchArgs {
    /// Which map of a file of several (`--map PATH`).
    #[command(flatten)]
    pub member: super::MemberArg,
    /// The map every query asks about.
    pub map: PathBuf,
}

/// The names of the queries, for messages.
const QUERIES: &str = "route, reach, fov, los, path-cost, distance, line, neighbours, \
                       ring, range, pick, coord, reload";

/// Run `hexmap batch`: answer each line of standard input until its end.
pub fn batch(a: &BatchArgs) -> Result<(), CliError> {
    let (mut map, _) = super::load_map(&a.map)?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for (index, line) in stdin.lock().lines().enumerate() {
        let line = line.map_err(|e| CliError(format!("reading standard input: {e}")))?;
        if line.trim().is_empty() {
            continue;
        }
        let answer = answer_line(&mut map, &a.map, index + 1, &line);
        writeln!(out, "{answer}").map_err(|e| CliError(format!("writing answers: {e}")))?;
        // A game waits for each answer before it asks the next question.
        out.flush()
            .map_err(|e| CliError(format!("writing answers: {e}")))?;
    }
    Ok(())
}

/// The answer to one input line (numbered from 1) about `map`, read from `path`: the
/// query's answer, or an error object saying where and what. A `reload` replaces `map`
/// with the file as it is now (kept as it was when the file cannot be read).
fn answer_line(map: &mut HexMap, path: &Path, number: usize, line: &str) -> Value {
    let parsed: Result<Map<String, Value>, String> =
        serde_json::from_str(line).map_err(|e| format!("not a JSON object: {e}"));
    let (id, result) = match parsed {
        Ok(query) if query.get("query").and_then(Value::as_str) == Some("reload") => {
            (query.get("id").cloned(), reload(map, path))
        }
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

/// Read the map file again into `map`: `{"reloaded": file, "cells": n}`, or what is wrong
/// with the file (and `map` stays as it was).
fn reload(map: &mut HexMap, path: &Path) -> Result<Value, String> {
    let (fresh, _, warning) = super::load_matched(path)
        .map_err(|e| format!("reload: {} (the map read before is kept)", e.0))?;
    *map = fresh;
    let mut answer = json!({ "reloaded": path.display().to_string(), "cells": map.cell_count() });
    if let Some(w) = warning {
        answer["warning"] = Value::from(w);
    }
    Ok(answer)
}

/// One query answered, or what is wrong with it.
fn answer(map: &HexMap, q: &Map<String, Value>) -> Result<Value, String> {
    let name = q
        .get("query")
        .and_then(Value::as_str)
        .ok_or(format!("no \"query\" (one of {QUERIES})"))?;
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
        "los" => Ok(queries::los(
            map,
            cell(map, q, "from")?,
            cell(map, q, "to")?,
        )),
        "distance" => Ok(queries::distance(
            cell(map, q, "from")?,
            cell(map, q, "to")?,
        )),
        "line" => Ok(queries::line(cell(map, q, "from")?, cell(map, q, "to")?)),
        "neighbours" | "neighbors" => Ok(queries::neighbours(map, cell(map, q, "hex")?)),
        "ring" => Ok(queries::ring(map, cell(map, q, "from")?, steps(q)?)),
        "range" => Ok(queries::range(map, cell(map, q, "from")?, steps(q)?)),
        "path-cost" => {
            let hexes = path(map, q)?;
            let walked = queries::path_cost(map, &hexes).map_err(|i| {
                format!(
                    "\"hexes\"[{i}] [{}, {}] and \"hexes\"[{}] [{}, {}] are not neighbours",
                    hexes[i].q,
                    hexes[i].r,
                    i + 1,
                    hexes[i + 1].q,
                    hexes[i + 1].r
                )
            })?;
            Ok(queries::path_cost_json(&walked))
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
        other => Err(format!("unknown query \"{other}\" (one of {QUERIES})")),
    }
}

/// `"radius"`: a whole number of steps.
fn steps(q: &Map<String, Value>) -> Result<u32, String> {
    q.get("radius")
        .and_then(Value::as_u64)
        .and_then(|r| u32::try_from(r).ok())
        .ok_or_else(|| "\"radius\" must be a whole number of steps".to_owned())
}

/// `"hexes"`: a non-empty list of cells of the map, a bad one named by its place.
fn path(map: &HexMap, q: &Map<String, Value>) -> Result<Vec<Hex>, String> {
    let list = q
        .get("hexes")
        .and_then(Value::as_array)
        .filter(|l| !l.is_empty())
        .ok_or("\"hexes\" must be a list of axial hexes [[q, r], …], at least one")?;
    list.iter()
        .enumerate()
        .map(|(i, v)| {
            on_map(
                map,
                read_hex(v, &format!("\"hexes\"[{i}]"))?,
                &format!("\"hexes\"[{i}]"),
            )
        })
        .collect()
}

/// The hex at `key`: `[q, r]`, both within the coordinate limit.
fn hex(q: &Map<String, Value>, key: &str) -> Result<Hex, String> {
    read_hex(q.get(key).unwrap_or(&Value::Null), &format!("\"{key}\""))
}

/// `value` as an axial hex `[q, r]` within the coordinate limit; `what` names it in the
/// error.
fn read_hex(value: &Value, what: &str) -> Result<Hex, String> {
    let bad = || format!("{what} must be an axial hex [q, r] with |q|, |r| ≤ {COORD_LIMIT}");
    let pair = value.as_array().ok_or_else(bad)?;
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
    on_map(map, hex(q, key)?, &format!("\"{key}\""))
}

/// `h`, named `what` in the error, when it is a cell of the map.
fn on_map(map: &HexMap, h: Hex, what: &str) -> Result<Hex, String> {
    if !map.contains(h) {
        return Err(format!(
            "{what} [{}, {}] ({}) is not a cell of the map",
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
        let mut m = map();
        let a = answer_line(
            &mut m,
            Path::new("unused.ron"),
            1,
            r#"{"query":"route","from":[0,0],"to":[2,0],"id":7}"#,
        );
        assert_eq!(a["id"], 7);
        assert_eq!(a["cost"], 2);
        assert_eq!(a["hexes"], serde_json::json!([[0, 0], [1, 0], [2, 0]]));
        let direct = queries::route(&m, Hex::ORIGIN, Hex::new(2, 0)).unwrap();
        assert_eq!(a["hexes"], direct["hexes"]);
    }

    #[test]
    fn bad_lines_say_which_line_and_what() {
        let mut m = map();
        let a = answer_line(
            &mut m,
            Path::new("unused.ron"),
            3,
            "{\"query\":\"route\",\"from\":[0,0],\"to\":[9,0]}",
        );
        let text = a["error"].as_str().unwrap();
        assert!(text.starts_with("line 3: \"to\" [9, 0]"), "{text}");
        assert!(text.contains("not a cell of the map"), "{text}");
        let a = answer_line(&mut m, Path::new("unused.ron"), 4, "route 0,0 1,0");
        assert!(
            a["error"]
                .as_str()
                .unwrap()
                .starts_with("line 4: not a JSON object")
        );
        let a = answer_line(
            &mut m,
            Path::new("unused.ron"),
            5,
            r#"{"query":"reach","from":[0,0],"budget":-1}"#,
        );
        assert!(a["error"].as_str().unwrap().contains("\"budget\""), "{a}");
        let a = answer_line(
            &mut m,
            Path::new("unused.ron"),
            6,
            r#"{"query":"teleport"}"#,
        );
        assert!(
            a["error"].as_str().unwrap().contains("unknown query"),
            "{a}"
        );
    }
}
