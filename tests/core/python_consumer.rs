//! The reference consumer of the JSON export: `examples/python/`'s loader, written from
//! docs/JSON.md alone, run by `check_against_cli.py` against this build's `hexmap` on every
//! map in `maps/`, on random maps it writes from docs/FORMAT.md (then fogs and gives
//! secrets with `hexmap fog` and `hexmap secret`), on a generated world with heights and on
//! the every-secret fixture — the exports validated by docs/hexmap-cells.schema.json, its
//! Dijkstra against `route`, its movement ranges against `reach`, its field of view against
//! `fov`, its own line of sight, path costs, distances, lines, neighbours, rings and ranges
//! against `batch`'s answers, its offset formulas against `coord`, its pixel centres, corners
//! and sides against `pick`, the secrets it reads against `secret list`, its counts against
//! `info --json`, its player view against `export --player-view`, and the compact export
//! read into the same map as the full one. So docs/JSON.md cannot drift from the program, and a game built on
//! the loader keeps the GM's secrets.
//! Skipped when python3 or its `jsonschema` package is missing, except under CI=true where
//! both must be there (.ci/run installs jsonschema).

use std::path::Path;
use std::process::Command;

/// Whether python3 runs and can import jsonschema; under CI it must.
fn python_with_jsonschema() -> bool {
    let ok = Command::new("python3")
        .args(["-c", "import jsonschema"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "python3 with the jsonschema package (python3 -m pip install jsonschema) is \
             required under CI"
        );
        eprintln!("SKIPPED: python3 or its jsonschema package is not installed");
    }
    ok
}

/// The numbers of the checker's last line, "N routes, M reach queries, K disagreements".
fn summary(stdout: &str) -> Option<(u64, u64, u64)> {
    let line = stdout
        .lines()
        .rev()
        .find(|l| l.ends_with(" disagreements"))?;
    let numbers: Vec<u64> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().ok())
        .collect::<Option<_>>()?;
    match numbers[..] {
        [routes, reach, disagreements] => Some((routes, reach, disagreements)),
        _ => None,
    }
}

#[test]
fn the_summary_line_is_read() {
    let out = "DISAGREEMENT: x\n6 sample maps …\n354 routes, 108 reach queries, 2 disagreements\n";
    assert_eq!(summary(out), Some((354, 108, 2)));
    assert_eq!(summary("no summary\n"), None);
}

#[test]
fn the_python_reference_consumer_agrees_with_the_cli() {
    if !python_with_jsonschema() {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3")
        .arg(root.join("examples/python/check_against_cli.py"))
        .arg("--hexmap")
        .arg(env!("CARGO_BIN_EXE_hexmap"))
        .current_dir(root)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let Some((routes, reach, disagreements)) = summary(&stdout) else {
        panic!(
            "check_against_cli.py printed no summary ({}):\n{stdout}\n{stderr}",
            out.status
        );
    };
    assert_eq!(
        disagreements, 0,
        "the Python consumer disagrees with the CLI:\n{stdout}\n{stderr}"
    );
    assert!(
        out.status.success(),
        "check_against_cli.py failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
    assert!(
        routes >= 100 && reach >= 20,
        "too few comparisons ({routes} routes, {reach} reach queries):\n{stdout}"
    );
    let counts = |suffix: &str| {
        (stdout.lines())
            .find_map(|l| {
                l.split_once(suffix)
                    .map(|(n, _)| n.rsplit(' ').next().map(str::to_owned))
            })
            .flatten()
            .and_then(|n| n.parse::<u64>().ok())
    };
    let (fovs, players) = (counts(" fields of view"), counts(" player views"));
    assert!(
        fovs.is_some_and(|n| n >= 100) && players.is_some_and(|n| n >= 20),
        "too few fields of view ({fovs:?}) or player views ({players:?}):\n{stdout}"
    );
    let (questions, compacts) = (counts(" questions ("), counts(" compact exports"));
    assert!(
        questions.is_some_and(|n| n >= 1000) && compacts.is_some_and(|n| n >= 20),
        "too few questions ({questions:?}) or compact exports ({compacts:?}):\n{stdout}"
    );
}
