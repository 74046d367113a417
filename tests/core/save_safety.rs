//! Saving never loses work: an in-place save killed at random moments leaves the complete
//! old file or the complete new one; a save that cannot be written (full disk, read-only
//! folder, a folder in the way) fails with a clear error and leaves the old file as it was.

use hexmap::hex::{OffsetKind, Orientation, Point};
use hexmap::io::{Form, load, save};
use hexmap::map::{HexMap, MapProperties, MapShape, Palette};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn big_map(side: u32) -> HexMap {
    let mut props = MapProperties::new("big", Orientation::Pointy);
    props.hex_size = Point::new(10.0, 10.0);
    let palette = Palette::standard();
    let ids: Vec<_> = palette.terrains().iter().map(|t| t.id).collect();
    let mut map = HexMap::new(
        props,
        MapShape::rectangle(OffsetKind::OddR, side, side).unwrap(),
        palette,
    )
    .unwrap();
    let cells: Vec<_> = map.shape().iter().collect();
    for (i, h) in cells.into_iter().enumerate() {
        map.set_terrain(h, Some(ids[(i * 7 + i / 13) % ids.len()]))
            .unwrap();
    }
    map
}

fn temp_files(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().contains(".tmp-"))
        .collect()
}

#[test]
fn killing_an_in_place_save_never_leaves_a_broken_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.ron");
    let map = big_map(700);
    save(&path, &map, Form::Offset).unwrap();
    let convert = |form: &str| {
        Command::new(env!("CARGO_BIN_EXE_hexmap"))
            .args([
                "convert",
                path.to_str().unwrap(),
                path.to_str().unwrap(),
                "--form",
                form,
            ])
            .spawn()
            .unwrap()
    };
    // How long one in-place conversion takes here, to spread the kills over it.
    let mut full = Duration::ZERO;
    for form in ["cube", "offset", "cube"] {
        let start = Instant::now();
        assert!(convert(form).wait().unwrap().success());
        full = full.max(start.elapsed());
    }
    assert_eq!(load(&path).unwrap().1, Form::Cube);
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let (mut old_kept, mut new_written, mut killed_mid_write) = (0, 0, 0);
    for round in 0..20 {
        let (before, after) = if round % 2 == 0 {
            (Form::Cube, "offset")
        } else {
            (Form::Offset, "cube")
        };
        let current = load(&path).unwrap().1;
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mut child = convert(after);
        let delay = if round % 4 < 2 {
            // Anywhere in the run (reading, converting, writing, renaming, or after).
            let d = full.mul_f64((seed % 1000) as f64 / 1000.0 * 2.0);
            std::thread::sleep(d);
            d
        } else {
            // Inside the write: wait for the temp file to appear, then a little more.
            let t0 = Instant::now();
            while temp_files(dir.path()).is_empty() && t0.elapsed() < full * 3 {
                std::thread::sleep(Duration::from_micros(200));
            }
            std::thread::sleep(Duration::from_micros(seed % 3000));
            t0.elapsed()
        };
        child.kill().ok(); // SIGKILL; may arrive after the process finished
        child.wait().unwrap();
        if !temp_files(dir.path()).is_empty() {
            killed_mid_write += 1;
        }
        for t in temp_files(dir.path()) {
            std::fs::remove_file(t).unwrap();
        }
        let (loaded, form) = load(&path)
            .unwrap_or_else(|e| panic!("round {round}: file broken after kill at {delay:?}: {e}"));
        assert_eq!(loaded.shape(), map.shape(), "round {round}");
        assert_eq!(
            loaded.terrain_layer(),
            map.terrain_layer(),
            "round {round}: complete map"
        );
        if form == current {
            old_kept += 1;
        } else {
            new_written += 1;
        }
        let _ = before;
        // Put the file back in a known form for the next round.
        if form != before {
            save(&path, &loaded, before).unwrap();
        }
    }
    eprintln!(
        "one in-place save takes {full:?}; 20 kills: old file kept {old_kept}, new file complete {new_written}, killed while writing the temp file {killed_mid_write}"
    );
    assert!(
        killed_mid_write > 0,
        "no kill landed inside the write; the test did not test it"
    );
    assert_eq!(old_kept + new_written, 20);
}

#[test]
fn a_folder_in_the_way_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("map.ron");
    std::fs::create_dir(&target).unwrap();
    let err = save(&target, &big_map(3), Form::Offset)
        .unwrap_err()
        .to_string();
    assert!(err.contains("map.ron"), "{err}");
    assert!(target.is_dir());
    assert!(temp_files(dir.path()).is_empty());
}

/// Run a mount command; false when this machine does not allow it (then the test says so).
fn mount(args: &[&str]) -> bool {
    Command::new("mount")
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success())
}

fn umount(dir: &Path) {
    let _ = Command::new("umount").arg(dir).output();
}

#[test]
fn a_full_disk_fails_and_keeps_the_old_file() {
    let dir = tempfile::tempdir().unwrap();
    let disk = dir.path().join("disk");
    std::fs::create_dir(&disk).unwrap();
    if !mount(&[
        "-t",
        "tmpfs",
        "-o",
        "size=256k",
        "tmpfs",
        disk.to_str().unwrap(),
    ]) {
        eprintln!("SKIPPED: cannot mount a small tmpfs here (needs root)");
        return;
    }
    let path = disk.join("map.ron");
    let small = big_map(10);
    save(&path, &small, Form::Offset).unwrap();
    let before = std::fs::read(&path).unwrap();
    let result = save(&path, &big_map(400), Form::Cube);
    let after = std::fs::read(&path).unwrap();
    let leftovers = temp_files(&disk);
    umount(&disk);
    let err = result
        .expect_err("a 400×400 map does not fit in 256 KiB")
        .to_string();
    assert!(
        err.contains("map.ron") && err.to_lowercase().contains("space"),
        "{err}"
    );
    assert_eq!(before, after, "old file untouched");
    assert!(leftovers.is_empty(), "temp file removed: {leftovers:?}");
}

#[test]
fn a_read_only_folder_fails_and_keeps_the_old_file() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("ro");
    std::fs::create_dir(&folder).unwrap();
    let path = folder.join("map.ron");
    save(&path, &big_map(5), Form::Offset).unwrap();
    let before = std::fs::read(&path).unwrap();
    let f = folder.to_str().unwrap();
    // Root ignores permission bits, so make the folder read-only with a read-only bind mount.
    if !(mount(&["--bind", f, f]) && mount(&["-o", "remount,bind,ro", f])) {
        umount(&folder);
        eprintln!("SKIPPED: cannot make a read-only bind mount here (needs root)");
        return;
    }
    let result = save(&path, &big_map(6), Form::Offset);
    umount(&folder);
    let err = result.expect_err("read-only folder").to_string();
    assert!(
        err.contains("map.ron") && err.to_lowercase().contains("read-only"),
        "{err}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
}
