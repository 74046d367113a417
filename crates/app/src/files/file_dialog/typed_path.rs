//! A path typed into the built-in file dialog, turned into the absolute path it means:
//! `~` is the home folder, a relative path starts at the dialog's current folder, and
//! `.`/`..` are resolved by name (as a shell's `cd` does).

use std::path::{Component, Path, PathBuf};

/// The user's home folder (`$HOME`, or `%USERPROFILE%` on Windows), if set.
pub fn home_dir() -> Option<PathBuf> {
    let var = if cfg!(windows) { "USERPROFILE" } else { "HOME" };
    std::env::var_os(var)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// The absolute path `typed` names, seen from `folder` (absolute) with `home` for `~`.
/// Surrounding spaces are ignored; `~` without a known home stays a plain name.
pub fn resolve(typed: &str, folder: &Path, home: Option<&Path>) -> PathBuf {
    let typed = typed.trim();
    let expanded = match (typed, home) {
        ("~", Some(home)) => home.to_path_buf(),
        (t, Some(home)) if t.starts_with("~/") => home.join(&t[2..]),
        (t, _) => PathBuf::from(t),
    };
    let joined = if expanded.is_absolute() {
        expanded
    } else {
        folder.join(expanded)
    };
    normalise(&joined)
}

/// `path` without `.` components, each `..` taking away the name before it (never past
/// the root).
pub fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                // At the root, `..` stays at the root, as in a shell.
                if out.file_name().is_some() {
                    out.pop();
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_start_at_the_dialog_folder() {
        let folder = Path::new("/maps/work");
        assert_eq!(
            resolve("board.ron", folder, None),
            PathBuf::from("/maps/work/board.ron")
        );
        assert_eq!(
            resolve("sub/board.ron", folder, None),
            PathBuf::from("/maps/work/sub/board.ron")
        );
        assert_eq!(
            resolve("../other/./b.ron", folder, None),
            PathBuf::from("/maps/other/b.ron")
        );
        assert_eq!(resolve("..", folder, None), PathBuf::from("/maps"));
        assert_eq!(resolve("../../../..", folder, None), PathBuf::from("/"));
    }

    #[test]
    fn absolute_paths_and_spaces() {
        let folder = Path::new("/maps");
        assert_eq!(
            resolve("  /tmp/x/board.ron ", folder, None),
            PathBuf::from("/tmp/x/board.ron")
        );
    }

    #[test]
    fn a_tilde_is_the_home_folder() {
        let home = Path::new("/home/ann");
        let folder = Path::new("/maps");
        assert_eq!(
            resolve("~/b.ron", folder, Some(home)),
            PathBuf::from("/home/ann/b.ron")
        );
        assert_eq!(resolve("~", folder, Some(home)), PathBuf::from("/home/ann"));
        // Only a leading `~/` or a lone `~` is the home folder.
        assert_eq!(
            resolve("a~/b.ron", folder, Some(home)),
            PathBuf::from("/maps/a~/b.ron")
        );
        assert_eq!(
            resolve("~/b.ron", folder, None),
            PathBuf::from("/maps/~/b.ron")
        );
    }
}
