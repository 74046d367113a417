//! Map subcommands: `new`, `info`, `validate`, `convert`. Exit codes: 0 ok, 1 bad input
//! (unreadable or invalid file, failed save), 2 usage (clap's own errors).

use super::answer::{path_text, print_json};
use super::info_content::ContentInfo;
use super::info_counts::Holdings;
use super::{CliError, load_map, load_matched};
use clap::Args;
use hexmap_hex::{OffsetKind, Orientation};
use hexmap_io::{self as io, Form};
use hexmap_map::{HexMap, MapProperties, MapShape, MoveCost, OffsetMismatch, Palette, ShapeSpec};
use serde::Serialize;
use std::path::PathBuf;

/// Arguments of `hexmap new`.
#[derive(Args, Debug)]
pub struct NewArgs {
    /// Shape: rect:WxH, hexagon:R, parallelogram:WxH or triangle:N.
    #[arg(long)]
    pub shape: ShapeSpec,
    /// pointy or flat.
    #[arg(long, default_value = "pointy")]
    pub orientation: Orientation,
    /// odd-r, even-r, odd-q or even-q (default: odd-r for pointy, odd-q for flat).
    #[arg(long)]
    pub offset: Option<OffsetKind>,
    /// Give every cell this terrain of the standard palette, by name (grass, "deep sea")
    /// or id (default: every cell empty).
    #[arg(long, value_name = "TERRAIN")]
    pub fill: Option<String>,
    /// `--name` and `--form`, as every command that makes a new map has them.
    #[command(flatten)]
    pub new_map: NewMapFlags,
    /// The file to write.
    pub out: PathBuf,
    /// `--force` and `--json`, as every command that writes a file has them.
    #[command(flatten)]
    pub writing: super::answer::Writing,
}

/// The flags of every command that makes a new map file (`new`, `generate`): its name and
/// the form it is written in.
#[derive(Args, Debug)]
pub struct NewMapFlags {
    /// Map name (default: the file name without extension).
    #[arg(long)]
    pub name: Option<String>,
    /// offset or cube.
    #[arg(long, default_value = "offset")]
    pub form: Form,
}

impl NewMapFlags {
    /// The map's name: `--name`, else the file name of `out` without extension.
    pub(super) fn name_for(&self, out: &std::path::Path) -> String {
        self.name.clone().unwrap_or_else(|| {
            out.file_stem()
                .map_or_else(|| "map".into(), |s| s.to_string_lossy().into_owned())
        })
    }
}

/// Arguments of `hexmap info`.
#[derive(Args, Debug)]
pub struct InfoArgs {
    /// Which map of a file of several (`--map PATH`).
    #[command(flatten)]
    pub member: super::MemberArg,
    /// The map file.
    pub map: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `hexmap validate`.
#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Map files to check.
    #[arg(required = true)]
    pub maps: Vec<PathBuf>,
    /// Print one JSON object with a verdict per file (the failure, if any: a JSON line on
    /// stderr).
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `hexmap convert`.
#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// Which map of a file of several (`--map PATH`).
    #[command(flatten)]
    pub member: super::MemberArg,
    /// The map to read.
    pub input: PathBuf,
    /// The file to write (may equal INPUT).
    pub output: PathBuf,
    /// offset or cube.
    #[arg(long)]
    pub form: Form,
    /// Write rows in this offset kind (changes the map's offset kind).
    #[arg(long)]
    pub offset: Option<OffsetKind>,
    /// `--force` and `--json`, as every command that writes a file has them.
    #[command(flatten)]
    pub writing: super::answer::Writing,
}

impl NewArgs {
    /// A usage error when `--offset` does not go with `--orientation` (odd-q on pointy …).
    pub fn check(&self) -> Result<(), String> {
        match self.offset {
            Some(k) => {
                OffsetMismatch::check(self.orientation, k).map_err(|e| format!("--offset: {e}"))
            }
            None => Ok(()),
        }
    }
}

/// `hexmap new`: write an empty map with the standard palette.
pub fn new(a: &NewArgs) -> Result<(), CliError> {
    a.writing.check(&a.out, None)?;
    let mut props = MapProperties::new(a.new_map.name_for(&a.out), a.orientation);
    if let Some(k) = a.offset {
        props.offset_kind = k;
    }
    let shape = a
        .shape
        .to_shape(props.offset_kind)
        .map_err(|e| CliError(format!("bad shape: {e}")))?;
    let mut map = HexMap::new(props, shape, Palette::standard())?;
    if let Some(name) = &a.fill {
        let terrain = map.palette().by_id_or_name(name).ok_or_else(|| {
            let names: Vec<String> = map
                .palette()
                .terrains()
                .iter()
                .map(|t| format!("{} {}", t.id.get(), t.name))
                .collect();
            CliError(format!(
                "--fill: no terrain '{name}' in the standard palette ({})",
                names.join(", ")
            ))
        })?;
        map.fill_terrain(terrain.id)?;
    }
    io::save(&a.out, &map, a.new_map.form)?;
    if a.writing.json {
        print_json(&MapWritten::of(&a.out, &map, a.new_map.form))?;
    }
    Ok(())
}

/// What `new` and `convert` answer with `--json`: the file written and the map in it.
#[derive(Serialize)]
struct MapWritten {
    file: String,
    form: &'static str,
    name: String,
    orientation: &'static str,
    offset: &'static str,
    shape: String,
    cells: usize,
}

impl MapWritten {
    fn of(out: &std::path::Path, map: &HexMap, form: Form) -> MapWritten {
        let p = map.properties();
        MapWritten {
            file: path_text(out),
            form: form.name(),
            name: p.name.clone(),
            orientation: p.orientation.name(),
            offset: p.offset_kind.name(),
            shape: shape_text(map.shape()),
            cells: map.cell_count(),
        }
    }
}

/// What `info` reports (also its JSON form).
#[derive(Serialize)]
struct Info {
    file: String,
    name: String,
    form: &'static str,
    orientation: &'static str,
    offset: &'static str,
    hex_size: [f64; 2],
    shape: String,
    cells: usize,
    empty_cells: usize,
    mines: usize,
    notes: usize,
    /// The palette, named as in the JSON export.
    #[serde(rename = "palette")]
    terrains: Vec<TerrainInfo>,
    /// Edge and path types, icons and place names.
    #[serde(flatten)]
    content: ContentInfo,
    /// Regions, fog, secrets, party, layers, scale, properties, key, child maps.
    #[serde(flatten)]
    holdings: Holdings,
    /// What was repaired on reading (an offset kind of the wrong family).
    warnings: Vec<String>,
}

#[derive(Serialize)]
struct TerrainInfo {
    id: u16,
    name: String,
    symbol: String,
    color: String,
    cost: Option<io::format::Points>,
    blocks_sight: bool,
    cells: usize,
}

/// A shape as `info` prints it (text and JSON): its spec, as `--shape` reads it.
fn shape_text(s: &MapShape) -> String {
    // The one text form of a shape: the spec `--shape` reads and Tiled's `hexmap:shape`
    // carries (`rect:odd-q:24x18`, `hexagon:8`); a free-form map has none.
    ShapeSpec::of(s).map_or_else(|| "cells".to_owned(), |spec| spec.to_string())
}

/// `hexmap info`: shape, size, counts per terrain and mines, palette, form.
pub fn info(a: &InfoArgs) -> Result<(), CliError> {
    let (map, form, warning) = load_matched(&a.map)?;
    let counts = map.terrain_counts();
    let p = map.properties();
    let info = Info {
        file: a.map.display().to_string(),
        name: p.name.clone(),
        form: form.name(),
        orientation: p.orientation.name(),
        offset: p.offset_kind.name(),
        hex_size: [p.hex_size.x, p.hex_size.y],
        shape: shape_text(map.shape()),
        cells: map.cell_count(),
        empty_cells: counts[0],
        mines: map.mine_layer().count(),
        notes: map.notes().len(),
        terrains: map
            .palette()
            .terrains()
            .iter()
            .zip(&counts[1..])
            .map(|(t, &n)| TerrainInfo {
                id: t.id.get(),
                name: t.name.clone(),
                symbol: t.symbol.to_string(),
                color: t.color.to_string(),
                cost: match t.cost {
                    MoveCost::Cost(c) => Some(io::format::Points(c)),
                    MoveCost::Impassable => None,
                },
                blocks_sight: t.blocks_sight,
                cells: n,
            })
            .collect(),
        content: ContentInfo::of(&map),
        holdings: Holdings::of(&map),
        warnings: warning.into_iter().collect(),
    };
    if a.json {
        return super::answer::print_json(&info);
    }
    for w in &info.warnings {
        println!("hexmap: warning: {w}");
    }
    println!("file:        {}", info.file);
    println!("name:        {}", info.name);
    println!("form:        {}", info.form);
    println!(
        "layout:      {}, {}, hex size {} x {}",
        info.orientation, info.offset, info.hex_size[0], info.hex_size[1]
    );
    println!("shape:       {}", info.shape);
    println!("cells:       {}", info.cells);
    println!("mines:       {}", info.mines);
    println!("notes:       {}", info.notes);
    println!("terrain:");
    println!(
        "  {:>5}  {:<3} {:<20} {:<8} {:>10} {:<5} {:>9}",
        "id", "sym", "name", "colour", "cost", "sight", "cells"
    );
    println!(
        "  {:>5}  {:<3} {:<20} {:<8} {:>10} {:<5} {:>9}",
        "-", "_", "(empty)", "", "", "", info.empty_cells
    );
    for t in &info.terrains {
        println!(
            "  {:>5}  {:<3} {:<20} {:<8} {:>10} {:<5} {:>9}",
            t.id,
            t.symbol,
            t.name,
            t.color,
            t.cost.map_or("impassable".into(), |c| c.0.to_string()),
            if t.blocks_sight { "block" } else { "clear" },
            t.cells
        );
    }
    info.content.print(&map);
    info.holdings.print(&map);
    Ok(())
}

/// `hexmap validate`: 0 when every file is valid, 1 (naming the first problem per file)
/// otherwise.
pub fn validate(a: &ValidateArgs) -> Result<(), CliError> {
    let mut bad = 0;
    let mut verdicts = Vec::with_capacity(a.maps.len());
    for path in &a.maps {
        let verdict = match load_matched(path) {
            Ok((map, form, warning)) => Verdict {
                file: path_text(path),
                ok: true,
                form: Some(form.name()),
                cells: Some(map.cell_count()),
                warnings: warning.into_iter().collect(),
                problem: None,
            },
            Err(CliError(e)) => {
                bad += 1;
                Verdict {
                    file: path_text(path),
                    ok: false,
                    form: None,
                    cells: None,
                    warnings: Vec::new(),
                    problem: Some(e),
                }
            }
        };
        if !a.json {
            verdict.print();
        }
        verdicts.push(verdict);
    }
    if a.json {
        print_json(&serde_json::json!({ "files": verdicts }))?;
    }
    if bad == 0 {
        Ok(())
    } else {
        Err(CliError(format!(
            "{bad} of {} files are invalid",
            a.maps.len()
        )))
    }
}

/// One file's verdict in `validate` (also its JSON form).
#[derive(Serialize)]
struct Verdict {
    file: String,
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    form: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cells: Option<usize>,
    warnings: Vec<String>,
    /// Why the file is not valid (its path and place named).
    #[serde(skip_serializing_if = "Option::is_none")]
    problem: Option<String>,
}

impl Verdict {
    /// Text output: warnings and "ok" on stdout, a problem on stderr.
    fn print(&self) {
        for w in &self.warnings {
            println!("hexmap: warning: {w}");
        }
        match (&self.problem, self.form, self.cells) {
            (Some(problem), _, _) => eprintln!("{problem}"),
            (None, Some(form), Some(cells)) => {
                println!("{}: ok ({form} form, {cells} cells)", self.file)
            }
            _ => {}
        }
    }
}

/// `hexmap convert`: rewrite a map in another form (and optionally offset kind); the
/// output is saved atomically, so IN = OUT is safe.
pub fn convert(a: &ConvertArgs) -> Result<(), CliError> {
    a.writing.check(&a.output, Some(&a.input))?;
    let (mut map, _) = load_map(&a.input)?;
    if let Some(k) = a.offset {
        let mut props = map.properties().clone();
        OffsetMismatch::check(props.orientation, k).map_err(|e| format!("--offset: {e}"))?;
        props.offset_kind = k;
        map.set_properties(props)?;
    }
    super::save_read_map(&a.input, &a.output, &map, a.form)?;
    if a.writing.json {
        print_json(&MapWritten::of(&a.output, &map, a.form))?;
    }
    Ok(())
}
