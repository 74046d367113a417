//! The docs name only what exists. Every repository path named in README.md, docs/*.md and
//! the crates' READMEs (a link, or a word such as `crates/io/src/lib.rs`) is a file or a
//! folder of the checkout; every `hexmap COMMAND` (and `cargo run -- COMMAND`) they show is
//! a command of the real binary, as `hexmap --help` lists it; every Rust name written in
//! backticks in docs/ARCHITECTURE.md (`map::Cost`, `EditorApp`, `a_star_grid`) is defined
//! somewhere in the sources. A doc that names a moved file, a renamed type or a command
//! that is gone fails here, naming the doc, the line and the word.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md, every docs/*.md and every crate's README.md, as paths from the root.
fn doc_files() -> Vec<PathBuf> {
    let mut docs = vec![PathBuf::from("README.md")];
    let mut add_md = |dir: &Path| {
        let Ok(entries) = std::fs::read_dir(root().join(dir)) else {
            return;
        };
        let mut found: Vec<PathBuf> = entries
            .filter_map(|e| e.ok())
            .map(|e| dir.join(e.file_name()))
            .filter(|p| p.extension().is_some_and(|x| x == "md"))
            .collect();
        found.sort();
        docs.extend(found);
    };
    add_md(Path::new("docs"));
    for entry in std::fs::read_dir(root().join("crates")).unwrap() {
        let readme = Path::new("crates")
            .join(entry.unwrap().file_name())
            .join("README.md");
        if root().join(&readme).is_file() {
            docs.push(readme);
        }
    }
    docs
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

/// The text inside single backticks on each line, and every line of a fenced code block
/// whole, each with its line number.
fn code_spans(text: &str) -> Vec<(usize, String)> {
    let mut spans = Vec::new();
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            spans.push((i + 1, line.to_string()));
            continue;
        }
        let mut parts = line.split('`');
        parts.next();
        while let (Some(inside), Some(_)) = (parts.next(), parts.next()) {
            spans.push((i + 1, inside.to_string()));
        }
    }
    spans
}

/// The targets of Markdown links and images (`[text](target)`), with their line numbers.
fn link_targets(text: &str) -> Vec<(usize, String)> {
    let mut targets = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let end = rest.find(')').unwrap_or(rest.len());
            targets.push((i + 1, rest[..end].to_string()));
            rest = &rest[end..];
        }
    }
    targets
}

/// The folders at the repository's root that a path in a doc starts with.
const TOP_FOLDERS: [&str; 10] = [
    "crates/",
    "src/",
    "tests/",
    "docs/",
    "maps/",
    "web/",
    "examples/",
    "benches/",
    "fuzz/",
    ".ci/",
];

/// Paths that are made by a build or a run, not kept in the repository.
const MADE_BY_A_RUN: [&str; 3] = ["web/dist", "fuzz/artifacts", "fuzz/corpus"];

/// Words of `text` that name a repository path: they start with one of [`TOP_FOLDERS`] and
/// are not patterns (`maps/*.ron`) or placeholders (`docs/img/NAME.png`). A Rust path after
/// the file (`file.rs::item`) and a line number (`file.rs:40`) are cut off.
fn named_paths(text: &str) -> Vec<(usize, String)> {
    let mut paths = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let output = written_file(line);
        let words = line.split(|c: char| {
            c.is_whitespace() || "`()[]\"',;<>|=".contains(c) || c == '“' || c == '”'
        });
        for word in words {
            let Some(start) = TOP_FOLDERS
                .iter()
                .filter_map(|top| word.find(top))
                .filter(|&at| at == 0 || word[..at].ends_with("../") || word[..at].ends_with("./"))
                .min()
            else {
                continue;
            };
            let mut path = &word[start..];
            if let Some(at) = path.find("::") {
                path = &path[..at];
            }
            if let Some(at) = path.find(':') {
                path = &path[..at];
            }
            let path = path.trim_end_matches(['.', ':', '§']);
            let placeholder = path.contains(['*', '{', '}', '…', '$', '#', '?'])
                || path.split('/').any(|part| {
                    part.len() > 1 && part.chars().all(|c| c.is_ascii_uppercase() || c == '_')
                })
                || path.split('/').any(|part| {
                    part.starts_with("NAME") || part.contains("XXX") || part.contains("_x.")
                });
            if !placeholder && !path.is_empty() && output != Some(word) {
                paths.push((i + 1, path.to_string()));
            }
        }
    }
    paths
}

/// The file a command line writes (`export IN --to svg OUT`: OUT), which need not exist yet.
fn written_file(line: &str) -> Option<&str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "--to")?;
    words.get(at + 2).copied()
}

fn exists_in_repo(path: &Path) -> bool {
    let made = MADE_BY_A_RUN
        .iter()
        .any(|m| path.starts_with(m) || path.to_string_lossy().starts_with(m));
    made || root().join(path).exists()
}

/// `a/./b/../c` as `a/c`, so a link from docs/ (`../crates/hex`) names a path from the root.
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// Every path a doc names, and the ones that do not exist as "doc:line: path".
fn missing_paths(doc: &Path, text: &str) -> Vec<String> {
    let folder = doc.parent().unwrap_or(Path::new(""));
    let mut missing = Vec::new();
    for (line, target) in link_targets(text) {
        let target = target.split('#').next().unwrap_or_default().trim();
        if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        let path = normalise(&folder.join(target));
        if !exists_in_repo(&path) {
            missing.push(format!("{}:{line}: link to {target}", doc.display()));
        }
    }
    for (line, path) in named_paths(text) {
        let from_root = normalise(Path::new(&path));
        let from_doc = normalise(&folder.join(&path));
        if !exists_in_repo(&from_root) && !exists_in_repo(&from_doc) {
            missing.push(format!("{}:{line}: {path}", doc.display()));
        }
    }
    missing
}

/// The subcommands `hexmap --help` (or `hexmap COMMAND --help`) lists.
fn subcommands(args: &[&str]) -> BTreeSet<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_hexmap"))
        .args(args)
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

/// The command words after `hexmap ` or `cargo run [--release] -- ` in a code span: the
/// first word, and the second when it looks like a word (not a file, an option or a value).
fn shown_commands(span: &str) -> Vec<Vec<String>> {
    let is_word = |w: &str| {
        !w.is_empty()
            && w.chars().all(|c| c.is_ascii_lowercase() || c == '-')
            && !w.starts_with('-')
    };
    let words: Vec<&str> = span.split_whitespace().collect();
    let mut shown = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let after_cargo_run = *w == "--"
            && (words[..i].ends_with(&["cargo", "run"])
                || words[..i].ends_with(&["cargo", "run", "--release"]));
        let start = (*w == "hexmap" || after_cargo_run).then_some(i + 1);
        let Some(start) = start else { continue };
        let command: Vec<String> = words[start..]
            .iter()
            .take(2)
            .take_while(|w| is_word(w))
            .map(|w| w.to_string())
            .collect();
        if !command.is_empty() {
            shown.push(command);
        }
    }
    shown
}

/// Names that start with "hexmap " but are not commands: the object layers of a Tiled export.
const NOT_COMMANDS: [&str; 5] = ["icons", "labels", "edges", "paths", "properties"];

/// Every command a doc shows that the binary does not have, as "doc:line: hexmap WORDS".
fn unknown_commands(
    doc: &Path,
    text: &str,
    commands: &BTreeMap<String, BTreeSet<String>>,
) -> Vec<String> {
    let mut unknown = Vec::new();
    for (line, span) in code_spans(text) {
        if span.trim_start().starts_with("//") || span.trim_start().starts_with('#') {
            continue;
        }
        for words in shown_commands(&span) {
            if NOT_COMMANDS.contains(&words[0].as_str()) {
                continue;
            }
            let Some(subs) = commands.get(&words[0]) else {
                unknown.push(format!("{}:{line}: hexmap {}", doc.display(), words[0]));
                continue;
            };
            if let Some(second) = words.get(1)
                && !subs.is_empty()
                && !subs.contains(second)
            {
                unknown.push(format!(
                    "{}:{line}: hexmap {} {second}",
                    doc.display(),
                    words[0]
                ));
            }
        }
    }
    unknown
}

fn all_commands() -> BTreeMap<String, BTreeSet<String>> {
    subcommands(&[])
        .into_iter()
        .map(|c| {
            let subs = subcommands(&[c.as_str()]);
            (c, subs)
        })
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path
                .file_name()
                .is_some_and(|n| n != "target" && n != "node_modules")
            {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

fn is_ident(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Every name the sources define: items (`fn`, `struct`, `enum`, `trait`, `type`, `mod`,
/// `const`, `static`, `macro_rules!`), enum variants and fields (a line that starts with the
/// name), modules (file and folder names) and the crates (as `hexmap_map` and as `map`).
fn defined_names() -> BTreeSet<String> {
    let mut files = Vec::new();
    for dir in [
        "crates", "src", "web", "tests", "benches", "examples", "fuzz",
    ] {
        rust_files(&root().join(dir), &mut files);
    }
    let mut names: BTreeSet<String> = ["hexmap", "hexmap_web"].map(String::from).into();
    for entry in std::fs::read_dir(root().join("crates")).unwrap().flatten() {
        names.insert(format!("hexmap_{}", entry.file_name().to_string_lossy()));
    }
    for file in &files {
        for part in file.strip_prefix(root()).unwrap().components() {
            let part = part.as_os_str().to_string_lossy();
            names.insert(part.trim_end_matches(".rs").replace('-', "_"));
        }
        let text = std::fs::read_to_string(file).unwrap();
        for line in text.lines() {
            let words: Vec<&str> = line
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '!'))
                .filter(|w| !w.is_empty())
                .collect();
            for pair in words.windows(2) {
                if matches!(
                    pair[0],
                    "fn" | "struct"
                        | "enum"
                        | "trait"
                        | "type"
                        | "mod"
                        | "const"
                        | "static"
                        | "macro_rules!"
                ) {
                    names.insert(pair[1].to_string());
                }
            }
            let trimmed = line.trim_start();
            let trimmed = trimmed.strip_prefix("pub ").unwrap_or(trimmed);
            let first: String = trimmed
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            let after = trimmed[first.len()..].trim_start();
            if !first.is_empty()
                && (after.starts_with(['(', '{', ',', '='])
                    || after.starts_with(": ")
                    || after.is_empty())
            {
                names.insert(first);
            }
        }
    }
    names
}

/// Names from outside the project that the docs may write in backticks.
const OUTSIDE_NAMES: [&str; 28] = [
    "std",
    "core",
    "alloc",
    "egui",
    "eframe",
    "egui_kittest",
    "serde",
    "ron",
    "clap",
    "rfd",
    "wasm_bindgen",
    "web_sys",
    "tiny_skia",
    "criterion",
    "hexx",
    "Option",
    "Vec",
    "String",
    "Result",
    "Box",
    "Display",
    "FromStr",
    "From",
    "Into",
    "Default",
    "Debug",
    "Clone",
    "Iterator",
];

/// The Rust names a doc writes in backticks that no source defines, as "doc:line: name".
/// A span counts as a Rust name when it is a path (`a::b`), a type-like name (`EditorApp`,
/// `MAX_FILE_BYTES`) or a snake_case name with an underscore (`a_star_grid`), optionally
/// followed by `()`; plain words (`offset`) are prose.
fn undefined_names(doc: &Path, text: &str, defined: &BTreeSet<String>) -> Vec<String> {
    let mut undefined = Vec::new();
    for (line, span) in code_spans(text) {
        let name = span.trim().trim_end_matches("()");
        if !name.split("::").all(is_ident) {
            continue;
        }
        let segments: Vec<&str> = name.split("::").collect();
        let looks_like_code = segments.len() > 1
            || name.chars().next().is_some_and(|c| c.is_ascii_uppercase())
            || name.contains('_');
        // `XEdit`, `x_mut()`: a recipe's placeholder for any name.
        let placeholder = segments.iter().any(|s| {
            s.starts_with("x_")
                || (s.starts_with('X') && s[1..].starts_with(|c: char| c.is_ascii_uppercase()))
        });
        if !looks_like_code || placeholder || OUTSIDE_NAMES.contains(&segments[0]) {
            continue;
        }
        for segment in segments {
            if !defined.contains(segment) && !OUTSIDE_NAMES.contains(&segment) {
                undefined.push(format!("{}:{line}: `{span}` ({segment})", doc.display()));
                break;
            }
        }
    }
    undefined
}

#[test]
fn every_path_the_docs_name_exists() {
    let missing: Vec<String> = doc_files()
        .iter()
        .flat_map(|doc| missing_paths(doc, &read(doc)))
        .collect();
    assert!(
        missing.is_empty(),
        "paths named in the docs that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_command_the_docs_show_exists() {
    let commands = all_commands();
    assert!(commands.contains_key("export") && commands["mines"].contains("generate"));
    let unknown: Vec<String> = doc_files()
        .iter()
        .flat_map(|doc| unknown_commands(doc, &read(doc), &commands))
        .collect();
    assert!(
        unknown.is_empty(),
        "commands shown in the docs that hexmap does not have:\n{}",
        unknown.join("\n")
    );
}

#[test]
fn every_rust_name_in_the_architecture_page_is_defined() {
    let defined = defined_names();
    let doc = Path::new("docs/ARCHITECTURE.md");
    let undefined = undefined_names(doc, &read(doc), &defined);
    assert!(
        undefined.is_empty(),
        "Rust names in docs/ARCHITECTURE.md that no source defines:\n{}",
        undefined.join("\n")
    );
}

#[test]
fn the_checks_catch_a_bad_line() {
    let doc = Path::new("docs/ARCHITECTURE.md");
    let bad = "The map lives in `crates/map/src/no_such_file.rs`, see [the page](NO_PAGE.md),\n\
               run `hexmap teleport maps/island.ron` or `hexmap mines explode`;\n\
               the part is `map::NoSuchType` beside `NoSuchPart` and `no_such_fn`.\n";
    assert_eq!(
        missing_paths(doc, bad).len(),
        2,
        "{:?}",
        missing_paths(doc, bad)
    );
    let commands = all_commands();
    assert_eq!(
        unknown_commands(doc, bad, &commands),
        [
            "docs/ARCHITECTURE.md:2: hexmap teleport",
            "docs/ARCHITECTURE.md:2: hexmap mines explode"
        ]
    );
    let defined = defined_names();
    assert_eq!(
        undefined_names(doc, bad, &defined).len(),
        3,
        "{:?}",
        undefined_names(doc, bad, &defined)
    );
}
