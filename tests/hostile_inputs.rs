//! Hostile files are refused with a clear message and without a large allocation: a header
//! claiming 10⁹ cells, a million-character row, a million cube cells' worth of duplicates,
//! deeply nested RON, a Tiled map claiming a billion tiles. A counting allocator measures the
//! peak memory each refusal took.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Tracks live and peak heap bytes of this test binary.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// Tests share the counters, so each runs whole (input building included) on its own.
static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Peak heap growth (bytes above what was live before) while running `f`.
fn peak_growth<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let out = f();
    (out, PEAK.load(Ordering::Relaxed).saturating_sub(base))
}

const HEADER: &str = r##"(
    format: "hexmap",
    version: 1,
    name: "hostile",
    orientation: "pointy",
    offset: "odd-r",
    hex_size: (1.0, 1.0),
    SHAPE
    palette: [
        (id: 1, name: "Sea", color: "#2a6fb0", symbol: "~", cost: Impassable, blocks_sight: false),
    ],
    cells: CELLS,
)"##;

fn file(shape: &str, cells: &str) -> String {
    HEADER.replace("SHAPE", shape).replace("CELLS", cells)
}

/// Load `text`, expecting a refusal whose message contains `needle`, using at most
/// `max_extra` bytes beyond the input's own size.
fn refused(text: &str, needle: &str, max_extra: usize) {
    let (result, peak) = peak_growth(|| hexmap::io::from_str(text).map(|_| ()));
    let err = result.expect_err("hostile input refused").to_string();
    assert!(
        err.contains(needle),
        "message '{err}' should contain '{needle}'"
    );
    assert!(
        peak <= text.len() * 4 + max_extra,
        "refusing a {} byte file took {peak} bytes at peak",
        text.len()
    );
    eprintln!(
        "refused a {} byte input with {peak} bytes peak: {err}",
        text.len()
    );
}

#[test]
fn a_header_claiming_a_billion_cells() {
    let _serial = serial();
    let text = file(
        "shape: Rect(kind: \"odd-r\", width: 31623, height: 31623),",
        "Offset(origin: (0, 0), rows: [\"~\"])",
    );
    refused(&text, "31623", 1 << 20);
    let text = file(
        "shape: Parallelogram(width: 100000, height: 10000),",
        "Offset(origin: (0, 0), rows: [\"~\"])",
    );
    refused(&text, "100000", 1 << 20);
}

#[test]
fn a_million_character_row() {
    let _serial = serial();
    let row = "~".repeat(1_000_000);
    let text = file(
        "shape: Cells,",
        &format!("Offset(origin: (0, 0), rows: [\"{row}\"])"),
    );
    refused(&text, "1000000", 1 << 20);
}

#[test]
fn deeply_nested_ron() {
    let _serial = serial();
    let depth = 100_000;
    let text = format!("{}{}", "(".repeat(depth), ")".repeat(depth));
    refused(&text, "line 1:", 1 << 20);
    let nested = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
    refused(&file("shape: Cells,", &nested), "line 12:", 1 << 20);
}

#[test]
fn millions_of_cube_cells_beyond_the_limit() {
    let _serial = serial();
    // 4,000,001 cells of the same hex: refused (a duplicate; the cell limit is now 12,000,000)
    // without building a map.
    let cell = "(0,0,0,1),";
    let text = file(
        "shape: Cells,",
        &format!("Cube(cells: [{}])", cell.repeat(4_000_001)),
    );
    let (result, peak) = peak_growth(|| hexmap::io::from_str(&text).map(|_| ()));
    let err = result.expect_err("refused").to_string();
    eprintln!(
        "4,000,001 cube cells ({} MB): {peak} bytes peak: {err}",
        text.len() >> 20
    );
    assert!(!err.is_empty());
    // The cell list itself may be parsed, but no dense map of it is kept.
    assert!(
        peak < text.len() * 8,
        "peak {peak} for {} bytes",
        text.len()
    );
}

#[test]
fn a_tiled_map_claiming_a_billion_tiles() {
    let _serial = serial();
    let tmx = r#"<?xml version="1.0"?><map orientation="hexagonal" width="40000" height="40000" tilewidth="14" tileheight="12" hexsidelength="6" staggeraxis="y" staggerindex="odd"><layer name="t" width="40000" height="40000"><data encoding="csv">1</data></layer></map>"#;
    struct NoFiles;
    impl hexmap::io::Resources for NoFiles {
        fn read(&self, path: &str) -> Result<Vec<u8>, String> {
            Err(format!("{path}: not available"))
        }
    }
    let (result, peak) =
        peak_growth(|| hexmap::io::tiled::read_tiled(tmx, "big.tmx", &NoFiles).map(|_| ()));
    let err = result.expect_err("refused").to_string();
    assert!(err.contains("larger than the import limit"), "{err}");
    assert!(peak < 1 << 20, "peak {peak}");
    // A zlib bomb: a small layer that inflates far past the limit is cut off, not inflated.
    use std::io::Write;
    let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    for _ in 0..64 {
        e.write_all(&[0u8; 1 << 20]).unwrap();
    }
    let packed = base64::Engine::encode(
        &base64::engine::general_purpose::STANDARD,
        e.finish().unwrap(),
    );
    let bomb = format!(
        r#"<?xml version="1.0"?><map orientation="hexagonal" width="2" height="2" tilewidth="14" tileheight="12" hexsidelength="6"><layer name="t" width="2" height="2"><data encoding="base64" compression="zlib">{packed}</data></layer></map>"#
    );
    let (result, peak) =
        peak_growth(|| hexmap::io::tiled::read_tiled(&bomb, "bomb.tmx", &NoFiles).map(|_| ()));
    let err = result.expect_err("refused").to_string();
    eprintln!(
        "zlib bomb of {} bytes: {peak} bytes peak: {err}",
        bomb.len()
    );
    assert!(err.contains("longer than the layer's 4 tiles"), "{err}");
    assert!(
        peak < 1 << 20,
        "inflation stops at the layer's size: peak {peak}"
    );
}

#[path = "../examples/support/hostile_maps.rs"]
mod hostile_maps;

/// Loading any file costs at most about twice the file plus the map it gives: no list of
/// the file (cells, rows, mines, notes, palette) is ever held whole next to the text.
/// Each of the costliest inputs per byte (`examples/support/hostile_maps.rs`) is written
/// to disk and loaded with `io::load`, reading the file included.
#[test]
fn loading_takes_at_most_twice_the_file_plus_the_map() {
    let _serial = serial();
    let dir = tempfile::tempdir().unwrap();
    let mut over = Vec::new();
    for (name, text, loads) in hostile_maps::worst_inputs(1_000_000) {
        let path = dir.path().join("map.ron");
        std::fs::write(&path, &text).unwrap();
        let size = text.len();
        drop(text);
        let base = LIVE.load(Ordering::Relaxed);
        let (result, peak) = peak_growth(|| hexmap::io::load(&path));
        // What the loaded map (or the error) itself occupies.
        let map = LIVE.load(Ordering::Relaxed).saturating_sub(base);
        assert_eq!(result.is_ok(), loads, "{name}: {:?}", result.err());
        // A megabyte for the fixed costs (parser state, palette, error text).
        let bound = 2 * size + map + (1 << 20);
        eprintln!(
            "{name}: file {size} bytes, map {map}, peak {peak} ({:.2} x file; bound {bound})",
            peak as f64 / size as f64
        );
        if peak > bound {
            over.push(format!("{name}: peak {peak} > {bound}"));
        }
    }
    assert!(over.is_empty(), "over the bound: {over:#?}");
}

/// Reading hexmap's JSON export back (`hexmap import`) costs at most about twice the file
/// plus the map: the long lists are read one element at a time, never as a tree of the
/// whole file. A 100,000-cell map with terrain, mines and notes on many cells.
#[test]
fn importing_a_json_export_takes_at_most_twice_the_file_plus_the_map() {
    use hexmap::hex::OffsetKind;
    use hexmap::map::testing::TestMap;
    let _serial = serial();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.json");
    {
        let mut map = TestMap::rectangle(OffsetKind::OddR, 400, 250)
            .named("big")
            .build();
        let ids: Vec<_> = map.palette().terrains().iter().map(|t| t.id).collect();
        let cells: Vec<_> = map.shape().iter().collect();
        for (i, h) in cells.into_iter().enumerate() {
            map.set_terrain(h, Some(ids[i % ids.len()])).unwrap();
            map.set_mine(h, i % 7 == 0).unwrap();
            if i % 11 == 0 {
                map.set_note(h, Some(format!("note {i}"))).unwrap();
            }
        }
        std::fs::write(&path, hexmap::io::format::to_json(&map)).unwrap();
    }
    let size = std::fs::metadata(&path).unwrap().len() as usize;
    let base = LIVE.load(Ordering::Relaxed);
    let (result, peak) = peak_growth(|| hexmap::io::format::read_path(&path));
    let map = LIVE.load(Ordering::Relaxed).saturating_sub(base);
    let imported = result.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(imported.map.shape().len(), 100_000);
    let bound = 2 * size + map + (1 << 20);
    eprintln!(
        "JSON export: file {size} bytes, map {map}, peak {peak} ({:.2} x file; bound {bound})",
        peak as f64 / size as f64
    );
    assert!(peak <= bound, "peak {peak} > {bound}");
}

/// A JSON export whose first cell carries five million extra values (ten megabytes of
/// `0,`) is refused naming the cell, without building the values: every element of a list,
/// and every small top-level key, is read within a budget of values.
#[test]
fn a_json_cell_of_five_million_values() {
    let _serial = serial();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hostile.json");
    let junk = "0,".repeat(5_000_000);
    let text = format!(
        "{{\"format\": \"hexmap-cells\", \"version\": 2, \"cells\": [{{\"q\": 0, \"junk\": [{junk}0]}}]}}"
    );
    std::fs::write(&path, &text).unwrap();
    let size = text.len();
    drop((text, junk));
    let (result, peak) = peak_growth(|| hexmap::io::format::read_path(&path).map(|_| ()));
    let err = result.expect_err("refused").to_string();
    assert!(err.contains("cells[0]: too large"), "{err}");
    eprintln!("refused a {size} byte JSON export with {peak} bytes peak: {err}");
    assert!(
        peak <= 2 * size + (1 << 20),
        "peak {peak} for a {size} byte file"
    );
}
