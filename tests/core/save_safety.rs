//! Saving never loses work: an in-place save killed at random moments leaves the complete
//! old file or the complete new one; a save that cannot be written (full disk, read-only
//! folder, a folder in the way) fails with a clear error and leaves the old file as it was.
//! Saving through a symbolic link replaces the file it points to and keeps the link; the
//! file keeps its mode (and owner where permitted); leftovers of killed saves are cleaned.

use hexmap::hex::OffsetKind;
use hexmap::io::{Form, load, save};
use hexmap::map::HexMap;
use hexmap::map::testing::TestMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn big_map(side: u32) -> HexMap {
    let mut map = TestMap::rectangle(OffsetKind::OddR, side, side)
        .named("big")
        .hex_size(10.0)
        .build();
    let ids: Vec<_> = map.palette().terrains().iter().map(|t| t.id).collect();
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

/// A test that cannot run on this machine says so and passes, except under CI (`CI` set),
/// where it fails: CI must run every test.
fn cannot_run(why: &str) {
    assert!(
        std::env::var_os("CI").is_none(),
        "this test must run under CI: {why}"
    );
    eprintln!("SKIPPED: {why}");
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
        cannot_run("cannot mount a small tmpfs here (needs root)");
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
        cannot_run("cannot make a read-only bind mount here (needs root)");
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

/// A map that differs from `big_map(3)`, to tell the new content from the old.
fn renamed(name: &str) -> HexMap {
    let mut map = big_map(3);
    let mut props = map.properties().clone();
    props.name = name.to_owned();
    map.set_properties(props).unwrap();
    map
}

#[cfg(unix)]
#[test]
fn saving_through_a_symbolic_link_replaces_the_file_it_points_to() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let real_dir = dir.path().join("real");
    let links_dir = dir.path().join("links");
    std::fs::create_dir(&real_dir).unwrap();
    std::fs::create_dir(&links_dir).unwrap();
    let real = real_dir.join("map.ron");
    // (link, what it points to): relative beside the file, absolute, relative from another
    // folder, and a chain of two links.
    let cases: Vec<(PathBuf, PathBuf)> = vec![
        (real_dir.join("rel.ron"), "map.ron".into()),
        (links_dir.join("abs.ron"), real.clone()),
        (links_dir.join("other.ron"), "../real/map.ron".into()),
        (links_dir.join("chain.ron"), "other.ron".into()),
    ];
    for (link, to) in &cases {
        symlink(to, link).unwrap();
    }
    for (i, (link, to)) in cases.iter().enumerate() {
        save(&real, &renamed("old"), Form::Offset).unwrap();
        save(link, &renamed(&format!("new {i}")), Form::Cube)
            .unwrap_or_else(|e| panic!("{}: {e}", link.display()));
        let meta = std::fs::symlink_metadata(link).unwrap();
        assert!(meta.is_symlink(), "{}: still a link", link.display());
        assert_eq!(&std::fs::read_link(link).unwrap(), to, "same target");
        let (map, form) = load(&real).unwrap();
        assert_eq!(
            (map.name(), form),
            (format!("new {i}").as_str(), Form::Cube),
            "{}: the real file has the new map",
            link.display()
        );
        assert!(temp_files(&real_dir).is_empty() && temp_files(&links_dir).is_empty());
        assert_eq!(std::fs::read_dir(&links_dir).unwrap().count(), 3);
        assert_eq!(std::fs::read_dir(&real_dir).unwrap().count(), 2);
    }
}

#[cfg(unix)]
#[test]
fn saving_through_a_dangling_link_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("map.ron");
    std::os::unix::fs::symlink("moved/away.ron", &link).unwrap();
    let err = save(&link, &renamed("x"), Form::Offset)
        .expect_err("nothing to replace")
        .to_string();
    assert!(
        err.contains("map.ron")
            && err.contains("symbolic link")
            && err.contains("moved/away.ron")
            && err.contains("does not exist"),
        "{err}"
    );
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

#[cfg(unix)]
#[test]
fn saving_keeps_the_file_mode() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("map.ron");
    save(&path, &renamed("old"), Form::Offset).unwrap();
    set_mode(&path, 0o640);
    if mode(&path) != 0o640 {
        cannot_run("this file system ignores chmod");
        return;
    }
    for (m, form) in [
        (0o640, Form::Cube),
        (0o600, Form::Offset),
        (0o604, Form::Cube),
    ] {
        set_mode(&path, m);
        save(&path, &renamed("new"), form).unwrap();
        assert_eq!(mode(&path), m, "mode {m:o} kept");
        assert_eq!(load(&path).unwrap().0.name(), "new");
    }
    // Through a link, the file it points to keeps its mode too.
    let link = dir.path().join("link.ron");
    std::os::unix::fs::symlink("map.ron", &link).unwrap();
    set_mode(&path, 0o640);
    save(&link, &renamed("via link"), Form::Offset).unwrap();
    assert_eq!(mode(&path), 0o640);
    // A new file gets the mode any new file gets here (the umask's).
    let plain = dir.path().join("plain");
    std::fs::write(&plain, "x").unwrap();
    let new = dir.path().join("new.ron");
    save(&new, &renamed("fresh"), Form::Offset).unwrap();
    assert_eq!(mode(&new), mode(&plain));
}

/// The user's numeric id and group ids (`id -u`, `id -G`).
#[cfg(unix)]
fn ids() -> (u32, Vec<u32>) {
    let run = |arg: &str| {
        let out = Command::new("id").arg(arg).output().unwrap();
        String::from_utf8(out.stdout)
            .unwrap()
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect::<Vec<u32>>()
    };
    (run("-u")[0], run("-G"))
}

#[cfg(unix)]
#[test]
fn saving_keeps_owner_and_group_where_permitted() {
    use std::os::unix::fs::{MetadataExt, chown};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("map.ron");
    save(&path, &renamed("old"), Form::Offset).unwrap();
    let (uid, groups) = ids();
    let owner = |p: &Path| {
        let m = std::fs::metadata(p).unwrap();
        (m.uid(), m.gid())
    };
    let wanted = if uid == 0 {
        // Root may give the file to anyone: it stays theirs.
        (4321, 4322)
    } else if let Some(&other) = groups.iter().find(|&&g| g != owner(&path).1) {
        // Another user may set a group they belong to: it stays that group.
        (uid, other)
    } else {
        cannot_run("not root and in one group only: no owner or group to keep");
        return;
    };
    chown(&path, Some(wanted.0), Some(wanted.1)).unwrap();
    set_mode(&path, 0o640);
    save(&path, &renamed("new"), Form::Cube).unwrap();
    assert_eq!(owner(&path), wanted);
    assert_eq!(mode(&path), 0o640);
    assert_eq!(load(&path).unwrap().0.name(), "new");
}

#[cfg(unix)]
#[test]
fn a_save_removes_leftovers_of_killed_saves_of_that_map_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("map.ron");
    save(&path, &renamed("old"), Form::Offset).unwrap();
    // A process that ran and is gone, as a killed save's.
    let mut gone = Command::new("true").spawn().unwrap();
    let dead = gone.id();
    gone.wait().unwrap();
    // A process that is still running: another save of the same map in progress.
    let mut live = Command::new("sleep").arg("60").spawn().unwrap();
    let alive = live.id();
    let an_hour_ago = std::time::SystemTime::now() - Duration::from_secs(3600);
    let make = |name: &str, old: bool| {
        let p = dir.path().join(name);
        std::fs::write(&p, "half a map").unwrap();
        if old {
            std::fs::File::options()
                .write(true)
                .open(&p)
                .unwrap()
                .set_modified(an_hour_ago)
                .unwrap();
        }
        p
    };
    let stale = [
        make(&format!(".map.ron.tmp-{dead}-0"), true),
        make(".map.ron.tmp-99999999-7", true),
    ];
    let kept = [
        // A live process's save.
        make(&format!(".map.ron.tmp-{alive}-0"), true),
        // Written a moment ago (maybe by a save on another machine sharing the folder).
        make(&format!(".map.ron.tmp-{dead}-1"), false),
        // Other maps' and other programs' files.
        make(&format!(".other.ron.tmp-{dead}-0"), true),
        make(&format!(".map.ron.recovery.tmp-{dead}-0"), true),
        make(&format!("map.ron.tmp-{dead}-0"), true),
        make(&format!(".map.ron.tmp-{dead}-0.keep"), true),
        make(".map.ron.tmp-x-0", true),
        make(".map.ron.swp", true),
    ];
    let folder = dir.path().join(format!(".map.ron.tmp-{dead}-9"));
    std::fs::create_dir(&folder).unwrap();
    save(&path, &renamed("new"), Form::Cube).unwrap();
    live.kill().unwrap();
    live.wait().unwrap();
    for p in &stale {
        assert!(!p.exists(), "{} removed", p.display());
    }
    for p in &kept {
        assert!(p.exists(), "{} kept", p.display());
    }
    assert!(folder.is_dir(), "a folder is never removed");
    assert_eq!(load(&path).unwrap().0.name(), "new");
}
