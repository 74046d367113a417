//! Files and pictures of the 1M map: open, save, TMX, PNG and SVG.

use super::*;

/// Open and save in each form, and export TMX, for the three maps.
pub(super) fn files(c: &mut Criterion) {
    let mut g = c.benchmark_group("files");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, map) in maps() {
        for form in [Form::Offset, Form::Cube] {
            let path = dir.path().join(format!("{name}-{form}.ron"));
            io::save(&path, &map, form).expect("save");
            g.bench_function(format!("{name}/open_{form}"), |b| {
                b.iter(|| black_box(io::load(&path).expect("load")))
            });
            g.bench_function(format!("{name}/save_{form}"), |b| {
                b.iter(|| io::save(&path, black_box(&map), form).expect("save"))
            });
        }
        let tmx = dir.path().join(format!("{name}.tmx"));
        g.bench_function(format!("{name}/export_tmx"), |b| {
            b.iter(|| {
                write_path(
                    black_box(&map),
                    None,
                    by_name("tmx").expect("registered"),
                    &WriteOptions::default(),
                    &tmx,
                    &mut |_| {},
                )
                .expect("export")
            })
        });
    }
    g.finish();
}

/// PNG and SVG export of the 1000 × 1000 map with the default options (24 px hexes,
/// grid and mines; the PNG shrunk to fit the 16,384-pixel side limit).
pub(super) fn pictures(c: &mut Criterion) {
    let mut g = c.benchmark_group("pictures");
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    let dir = tempfile::tempdir().expect("temp dir");
    let map = terrain::varied_map(1000, 1000, 7);
    for name in ["png", "svg"] {
        let format = by_name(name).expect("a picture format");
        let path = dir.path().join(format!("pointy_1000x1000.{name}"));
        g.bench_function(format!("pointy_1000x1000/export_{name}"), |b| {
            b.iter(|| {
                write_path(
                    black_box(&map),
                    None,
                    format,
                    &WriteOptions::default(),
                    &path,
                    &mut |_| {},
                )
                .expect("export")
            })
        });
    }
    g.finish();
}
