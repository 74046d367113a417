//! Exports to outputs that are not regular files: `-` is standard output; a
//! FIFO is written in place and stays a FIFO; `/dev/stdout` redirected to a file appends
//! to what the shell wrote there before, never renaming over it.

use assert_cmd::Command;
use std::io::Read;
use std::path::{Path, PathBuf};

fn hexmap() -> Command {
    Command::cargo_bin("hexmap").unwrap()
}

fn island() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/island.ron")
}

/// The island's CSV as written to a plain file.
fn csv_file(dir: &Path) -> Vec<u8> {
    let out = dir.join("plain.csv");
    hexmap()
        .arg("export")
        .arg(island())
        .args(["--to", "csv"])
        .arg(&out)
        .assert()
        .success();
    std::fs::read(&out).unwrap()
}

#[test]
fn a_dash_writes_to_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let want = csv_file(dir.path());
    let got = hexmap()
        .current_dir(dir.path())
        .arg("export")
        .arg(island())
        .args(["--to", "csv", "-"])
        .assert()
        .success();
    assert_eq!(got.get_output().stdout, want);
    assert!(!dir.path().join("-").exists(), "no file named -");
    // A format with a side file cannot go to standard output: a clear error, nothing written.
    hexmap()
        .current_dir(dir.path())
        .arg("export")
        .arg(island())
        .args(["--to", "tmx", "-"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicates::str::contains("cannot go to standard output"));
    assert!(!dir.path().join("--tiles.png").exists());
}

#[cfg(unix)]
#[test]
fn a_fifo_is_written_in_place_and_stays_a_fifo() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let want = csv_file(dir.path());
    let fifo = dir.path().join("pipe.csv");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut got = Vec::new();
            std::fs::File::open(&fifo)
                .unwrap()
                .read_to_end(&mut got)
                .unwrap();
            got
        })
    };
    hexmap()
        .arg("export")
        .arg(island())
        .args(["--to", "csv"])
        .arg(&fifo)
        .assert()
        .success();
    // Checked before joining: a FIFO renamed over leaves the reader waiting forever.
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(kind.is_fifo(), "the FIFO was replaced by {kind:?}");
    assert_eq!(reader.join().unwrap(), want);
}

#[cfg(unix)]
#[test]
fn dev_stdout_redirected_to_a_file_keeps_what_was_written_before() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    let want = csv_file(dir.path());
    let capture = dir.path().join("capture.txt");
    std::fs::write(&capture, "").unwrap();
    let inode = std::fs::metadata(&capture).unwrap().ino();
    let bin = assert_cmd::cargo::cargo_bin("hexmap");
    let script = format!(
        "echo before; '{}' export '{}' --to csv /dev/stdout; echo after",
        bin.display(),
        island().display()
    );
    let status = std::process::Command::new("sh")
        .args(["-c", &script])
        .stdout(std::fs::File::create(&capture).unwrap())
        .status()
        .unwrap();
    assert!(status.success());
    let mut expected = b"before\n".to_vec();
    expected.extend_from_slice(&want);
    expected.extend_from_slice(b"after\n");
    assert_eq!(
        String::from_utf8_lossy(&std::fs::read(&capture).unwrap()),
        String::from_utf8_lossy(&expected)
    );
    assert_eq!(
        std::fs::metadata(&capture).unwrap().ino(),
        inode,
        "the file was replaced"
    );
}
