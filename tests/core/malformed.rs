//! The malformed-file corpus: every file in tests/malformed/ must be rejected (never a
//! panic) with the error its first line names: `// expect: TEXT`, where TEXT includes the
//! position (line:column, or the field and cell).

use hexmap::io::{self, LoadError};
use std::fs;
use std::path::Path;

#[test]
fn every_malformed_file_is_rejected_with_its_error_and_position() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/malformed");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    assert!(files.len() >= 25, "corpus has only {} files", files.len());
    let mut failures = Vec::new();
    for path in &files {
        let text = fs::read_to_string(path).unwrap();
        let expect = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// expect: "))
            .unwrap_or_else(|| panic!("{}: first line must be '// expect: ...'", path.display()))
            .to_owned();
        match io::load(path) {
            Ok(_) => failures.push(format!("{}: accepted", path.display())),
            Err(LoadError::Io { source, .. }) => {
                failures.push(format!("{}: io error {source}", path.display()))
            }
            Err(e @ (LoadError::Format { .. } | LoadError::NotAMap { .. })) => {
                let msg = e.to_string();
                if !msg.contains(&expect) {
                    failures.push(format!(
                        "{}:\n  expected: {expect}\n  got:      {msg}",
                        path.display()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn invalid_utf8_names_its_position() {
    let mut bytes = b"(\n    format: \"hex".to_vec();
    bytes.push(0xff);
    let err = io::from_bytes(&bytes).unwrap_err();
    assert_eq!(err.to_string(), "line 2:17: invalid UTF-8");
}

#[test]
fn oversized_input_is_refused_before_parsing() {
    let huge = vec![b' '; (io::MAX_FILE_BYTES + 1) as usize];
    assert!(matches!(
        io::from_bytes(&huge),
        Err(io::FormatError::FileTooLarge { .. })
    ));
}

mod mutations {
    use hexmap::io;
    use proptest::prelude::*;
    use std::path::Path;

    fn samples() -> Vec<String> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
        [
            "minesweeper-13.ron",
            "subsector-traveller.ron",
            "hexagon-r8-cube.ron",
        ]
        .iter()
        .map(|n| std::fs::read_to_string(dir.join(n)).unwrap())
        .collect()
    }

    /// Pieces that are likely to break structure or numbers in interesting ways.
    const SPLICES: [&str; 14] = [
        "",
        "(",
        ")",
        "[",
        "]",
        ",",
        "-",
        "2147483647",
        "-2147483648",
        "99999999999",
        "\"",
        "/*",
        "//",
        "Cells",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Randomly damaged files are rejected or accepted, never a panic; an accepted one
        /// writes back and reads again to the same map.
        #[test]
        fn damaged_files_never_panic(
            which in 0usize..3,
            edits in prop::collection::vec((any::<prop::sample::Index>(), 0usize..4, 0usize..14), 1..4),
        ) {
            let mut text = samples()[which].clone();
            for (at, cut, splice) in edits {
                let mut i = at.index(text.len() + 1);
                while !text.is_char_boundary(i) {
                    i -= 1;
                }
                let mut j = (i + cut).min(text.len());
                while !text.is_char_boundary(j) {
                    j += 1;
                }
                text.replace_range(i..j, SPLICES[splice]);
            }
            if let Ok((map, form)) = io::from_str(&text) {
                let again = io::from_str(&io::to_string(&map, form)).unwrap();
                prop_assert_eq!(again.0, map);
            }
        }
    }
}
