//! Running Tiled's own command-line tools (Debian package `tiled`) in tests.
//!
//! They are the real consumer of our exports. CI installs them; on a developer machine
//! without them the tests that need them say so and pass only when not under CI.

#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

/// True when Tiled's tools are installed. Under CI (CI set) their absence is a failure.
pub fn available() -> bool {
    let found = Command::new("tmxrasterizer")
        .arg("--version")
        .env("QT_QPA_PLATFORM", "offscreen")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "Tiled's tools (apt package `tiled`) are required under CI"
        );
        eprintln!("SKIPPED: Tiled's tools are not installed (apt-get install tiled)");
    }
    found
}

fn run(cmd: &mut Command) -> std::process::Output {
    let out = cmd
        .env("QT_QPA_PLATFORM", "offscreen")
        .output()
        .expect("start a Tiled tool");
    assert!(
        out.status.success(),
        "{cmd:?} failed: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// `tiled --export-map FORMAT IN OUT` (absolute paths; format named explicitly).
pub fn export_map(format: &str, input: &Path, output: &Path) {
    run(Command::new("tiled")
        .arg("--export-map")
        .arg(format)
        .arg(input.canonicalize().unwrap())
        .arg(std::path::absolute(output).unwrap()));
    assert!(output.exists(), "tiled wrote no {}", output.display());
}

/// `tmxrasterizer [extra] IN OUT.png`, returning the decoded image.
pub fn rasterize(input: &Path, output: &Path, extra: &[&str]) -> tiny_skia::Pixmap {
    run(Command::new("tmxrasterizer")
        .args(extra)
        .arg(input.canonicalize().unwrap())
        .arg(std::path::absolute(output).unwrap()));
    tiny_skia::Pixmap::load_png(output).expect("tmxrasterizer wrote a PNG")
}

/// The RGBA of one pixel (unpremultiplied).
pub fn pixel(img: &tiny_skia::Pixmap, x: f64, y: f64) -> Option<[u8; 4]> {
    let p = img.pixel(x.floor() as u32, y.floor() as u32)?.demultiply();
    Some([p.red(), p.green(), p.blue(), p.alpha()])
}

/// Colours equal within `tol` per channel.
pub fn close(a: [u8; 4], b: [u8; 4], tol: u8) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= tol)
}
