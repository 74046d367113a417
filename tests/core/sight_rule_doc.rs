//! docs/JSON.md's sight rule, implemented here from the doc's text alone (its five steps of
//! sampling, the two nudged lines, the ends that never block, walls on sides), against
//! `hexmap fov --json`: the same cells from every centre tried, including every target
//! along the six diagonals, where a floating-point `hex_lerp` goes wrong.

use assert_cmd::Command;
use hexmap::hex::Hex;
use hexmap::map::HexMap;
use std::collections::BTreeSet;
use std::path::Path;

const EPS: f64 = 1e-6;

/// Step 4: cube rounding of a fraction, as the doc words it.
fn cube_round(fq: f64, fr: f64) -> (i64, i64) {
    let fs = -fq - fr;
    let (mut rq, mut rr, rs) = (fq.round(), fr.round(), fs.round());
    let (eq, er, es) = ((rq - fq).abs(), (rr - fr).abs(), (rs - fs).abs());
    if eq > er && eq > es {
        rq = -rr - rs;
    } else if er > es {
        rr = -rq - rs;
    }
    (rq as i64, rr as i64)
}

/// Steps 1–5: the samples of the line from `l` to `h` with the nudge `delta`.
fn samples(l: (i64, i64), h: (i64, i64), delta: f64) -> Vec<(i64, i64)> {
    let n = ((l.0 - h.0).abs() + (l.1 - h.1).abs() + (l.0 + l.1 - h.0 - h.1).abs()) / 2;
    if n == 0 {
        return vec![l];
    }
    (0..=n)
        .map(|i| {
            let split = |a: i64, b: i64| {
                let num = a * n + (b - a) * i;
                let w = num.div_euclid(n);
                (w, num - w * n)
            };
            let (wq, mq) = split(l.0, h.0);
            let (wr, mr) = split(l.1, h.1);
            let (rq, rr) = cube_round(mq as f64 / n as f64 + delta, mr as f64 / n as f64 + delta);
            (wq + rq, wr + rr)
        })
        .collect()
}

/// The rule: B seen from A when one of the two nudged lines (from the smaller hex by r,
/// then q) passes no blocking hex strictly between and crosses no blocking side.
fn sees(map: &HexMap, a: Hex, b: Hex) -> bool {
    let key = |h: Hex| (h.r, h.q);
    let (l, h) = if key(a) <= key(b) { (a, b) } else { (b, a) };
    [EPS, -EPS].into_iter().any(|delta| {
        let line: Vec<Hex> = samples((l.q.into(), l.r.into()), (h.q.into(), h.r.into()), delta)
            .into_iter()
            .map(|(q, r)| Hex::new(q as i32, r as i32))
            .collect();
        // Strictly between: every sample but the first and the last.
        let inner = &line[1.min(line.len())..line.len().saturating_sub(1).max(1)];
        let inner_clear = inner.iter().all(|x| !map.blocks_sight(*x));
        let sides_clear = line
            .windows(2)
            .all(|w| !map.sight_blocked_between(w[0], w[1]));
        inner_clear && sides_clear
    })
}

#[test]
fn the_doc_s_sight_rule_agrees_with_fov_along_every_diagonal() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let mut compared = 0;
    let mut diagonal_targets = 0;
    for name in ["island.ron", "hexcrawl.ron", "wargame-river-crossing.ron"] {
        let path = root.join(name);
        let map = hexmap::io::format::read_path(&path).unwrap().map;
        let cells: Vec<Hex> = map.shape().iter().collect();
        let radius = 7;
        for from in cells.iter().step_by(23).copied() {
            let out = Command::cargo_bin("hexmap")
                .unwrap()
                .args(["fov", "--coords", "axial"])
                .arg(&path)
                .arg(format!("{},{}", from.q, from.r))
                .arg(radius.to_string())
                .arg("--json")
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            let program: BTreeSet<Hex> = v["hexes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|h| Hex::new(h[0].as_i64().unwrap() as i32, h[1].as_i64().unwrap() as i32))
                .collect();
            let doc: BTreeSet<Hex> = hexmap::hex::range(from, radius)
                .filter(|h| map.contains(*h) && sees(&map, from, *h))
                .collect();
            assert_eq!(doc, program, "{name} from {from:?}");
            compared += 1;
            diagonal_targets += doc.iter().filter(|h| is_diagonal(**h - from)).count();
        }
    }
    assert!(compared > 60, "{compared} centres");
    assert!(
        diagonal_targets > 200,
        "{diagonal_targets} targets along diagonals"
    );
}

/// Random maps dense with sight-blocking terrain, every cell a centre and every hex within
/// 6 a target: where the nudged lines run along a diagonal through hex corners, only the
/// exact sampling of the doc gives the program's answer.
#[test]
fn the_doc_s_sight_rule_agrees_with_the_field_of_view_on_dense_random_maps() {
    use hexmap::map::Palette;
    let palette = Palette::standard();
    let blocking = palette
        .terrains()
        .iter()
        .find(|t| t.blocks_sight)
        .unwrap()
        .id;
    let open = palette
        .terrains()
        .iter()
        .find(|t| !t.blocks_sight)
        .unwrap()
        .id;
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut diagonal = 0;
    for orientation in [
        hexmap::hex::Orientation::Pointy,
        hexmap::hex::Orientation::Flat,
    ] {
        for _ in 0..3 {
            let mut map = hexmap::map::testing::TestMap::hexagon(8, orientation)
                .named("sight")
                .palette(palette.clone())
                .build();
            for h in map.shape().iter().collect::<Vec<_>>() {
                let t = if next() % 100 < 35 { blocking } else { open };
                map.set_terrain(h, Some(t)).unwrap();
            }
            for from in map.shape().iter().collect::<Vec<_>>() {
                let program: BTreeSet<Hex> =
                    map.field_of_view(from, 6).unwrap().into_iter().collect();
                let doc: BTreeSet<Hex> = hexmap::hex::range(from, 6)
                    .filter(|h| map.contains(*h) && sees(&map, from, *h))
                    .collect();
                assert_eq!(doc, program, "from {from:?}");
                diagonal += doc.iter().filter(|h| is_diagonal(**h - from)).count();
            }
        }
    }
    assert!(diagonal > 1000, "{diagonal}");
}

/// On one of the six diagonals: two equal cube components, the third −2× them.
fn is_diagonal(d: Hex) -> bool {
    let (q, r, s) = (d.q, d.r, -d.q - d.r);
    q != 0 && ((q == r && s == -2 * q) || (q == s && r == -2 * q) || (r == s && q == -2 * r))
}
