//! `hexmap export` and `hexmap import`: every format of the registry on the command line.

use super::CliError;
use super::answer::{path_text, print_json, warn};
use super::geometry::CoordChoiceParser;
use clap::Args;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use hexmap_draw::legend::LegendPlace;
use hexmap_draw::print::{Length, PageSetup, Paper};
use hexmap_hex::CoordChoice;
use hexmap_io::format::{
    CsvValues, Format, FormatOption, WriteOptions, by_name, read_path, write_path, writers,
};
use hexmap_io::render::PngCompression;
use hexmap_io::{Form, save_from};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

/// `--to`: the name of any format that writes, listed from the registry in `--help`.
fn writer_parser() -> impl TypedValueParser<Value = &'static dyn Format> {
    PossibleValuesParser::new(writers().map(|f| PossibleValue::new(f.name()).help(f.description())))
        .map(|name| by_name(&name).expect("clap accepts only the registry's names"))
}

/// Arguments of `hexmap export`.
#[derive(Args, Debug)]
pub struct ExportArgs {
    /// Which map of a file of several (`--map PATH`).
    #[command(flatten)]
    pub member: super::MemberArg,
    /// The map to export (.ron).
    pub map: PathBuf,
    /// The format to write.
    #[arg(long = "to", ignore_case = true, value_parser = writer_parser())]
    pub format: &'static dyn Format,
    /// The file to write, or - for standard output (a Tiled export also writes
    /// NAME-tiles.png beside it, a Foundry scene NAME-background.png and its journals, a
    /// Godot scene NAME-tileset.tres and NAME-atlas.png, so they need a file name); for
    /// key-md the folder to write the vault into (index.md and a file per keyed hex).
    pub out: PathBuf,
    /// RON: write the map in offset or cube form.
    #[arg(long, default_value = "offset")]
    pub form: Form,
    /// Pictures: label every hex in this system (`offset` and `doubled`: the map's own
    /// kinds; XXYY in the map's label settings).
    #[arg(long, value_parser = CoordChoiceParser)]
    pub labels: Option<CoordChoice>,
    /// Pictures: leave mines out.
    #[arg(long)]
    pub no_mines: bool,
    /// Pictures: leave the grid out.
    #[arg(long)]
    pub no_grid: bool,
    /// Pictures: where to draw the legend (the terrains, edge and path types and icons the
    /// map uses): right or below (beside the map; the picture grows), page (PDF: a page of
    /// its own), a corner to draw it over the map there (top-left, top-right, bottom-left,
    /// bottom-right; PDF: on the first board page), or none. Without it, the legend the
    /// map's view settings ask for, if any: on the right of a picture, on its own PDF page.
    #[arg(long, value_name = "PLACE", value_parser = parse_legend)]
    pub legend: Option<LegendArg>,
    /// Pictures: draw the scale bar (a labelled bar of a round distance, e.g. "20 mi",
    /// under the map at its left, the picture grown to hold it; PDF: in the bottom-left
    /// corner of the first board page, clear of the legend, at true length). On by default when the map has a scale (editor: Map → Properties… → Map
    /// scale); asked for a map without one, a warning and no bar.
    #[arg(long, overrides_with = "no_scale_bar")]
    pub scale_bar: bool,
    /// Pictures: leave the scale bar out.
    #[arg(long, overrides_with = "scale_bar")]
    pub no_scale_bar: bool,
    /// Pictures (png, svg, pdf): draw the map's tracing underlay image under the map, at
    /// its place, scale, rotation and opacity (never drawn without this flag).
    #[arg(long)]
    pub underlay: bool,
    /// Pictures: hex size in pixels (PNG shrinks it to stay within 16384 pixels).
    #[arg(long, default_value_t = 24.0)]
    pub hex_pixels: f64,
    /// Tiled (tmx, tmj): tile size in pixels corner to corner (the tile height of pointy
    /// hexes, the width of flat ones), 8 to 1024; whatever the map's hex size [default: 48].
    #[arg(long, value_name = "PIXELS")]
    pub tile_size: Option<u32>,
    /// Hex size flat to flat. PDF, and PNG with --dpi: on paper (19mm, 0.75in, 1.5in,
    /// 2cm). VASSAL and Foundry: the board's pixels (Foundry's grid size), an even number
    /// from 16 to 512, for Foundry at least 20 (64 or 64px) [default: 64]. Godot: the tile
    /// size is the nearest that keeps a regular hexagon's proportions.
    #[arg(long, value_name = "SIZE")]
    pub hex_size: Option<HexSizeArg>,
    /// PNG: how hard the pixels are compressed: fastest (fdeflate, about twice the size),
    /// fast (zlib level 2), small (level 6, twice the time of fast for a few per cent less)
    /// [default: fast].
    #[arg(long, value_name = "LEVEL")]
    pub png_compression: Option<PngCompression>,
    /// PNG: print resolution in dots per inch (needs --hex-size; the hex size in pixels
    /// follows from the two).
    #[arg(long)]
    pub dpi: Option<f64>,
    /// PDF: paper (a3, a4, a5, letter, legal, tabloid, or WIDTHxHEIGHT with a unit:
    /// 22x34in, 600x900mm).
    #[arg(long, default_value = "a4")]
    pub paper: Paper,
    /// PDF: turn the paper a quarter (the longer side across).
    #[arg(long)]
    pub landscape: bool,
    /// PDF: blank border on each side of every page.
    #[arg(long, default_value = "10mm")]
    pub margin: Length,
    /// PDF: how much of the map two neighbouring pages both show.
    #[arg(long, default_value = "10mm")]
    pub overlap: Length,
    /// PDF: crop and registration marks in the margins (the default, as in the editor's
    /// Print window).
    #[arg(long, overrides_with = "no_marks")]
    pub marks: bool,
    /// PDF: no crop and registration marks.
    #[arg(long, overrides_with = "marks")]
    pub no_marks: bool,
    /// PDF: one page sized to the map plus margins (for print shops), instead of pages of
    /// --paper.
    #[arg(long)]
    pub poster: bool,
    /// SVG: link tile art and image icons by their paths (from the SVG's folder) instead
    /// of embedding them.
    #[arg(long)]
    pub link_images: bool,
    /// JSON, PNG, SVG, PDF, VASSAL, Foundry, the key exports: only what the players may see
    /// (a game in progress; the key: revealed hexes' player text, links into the fog
    /// unnamed): cells
    /// they have not seen under fog (`"terrain": null, "revealed": false` in JSON), no
    /// GM-only item, no note text, nothing on an unseen cell; a picture keeps the full
    /// map's frame, so the two line up.
    #[arg(long)]
    pub player_view: bool,
    /// JSON: the compact form on one line, the cells as arrays in the map's offset order
    /// (terrain ids, mines, fog, elevation, cell properties) instead of an object per cell;
    /// `import` reads it back (docs/JSON.md, "The compact form").
    #[arg(long)]
    pub compact: bool,
    /// CSV: the grid of a numeric layer instead of terrain ids (elevation), an empty field
    /// at a hole.
    #[arg(long, value_name = "NAME", conflicts_with = "property")]
    pub layer: Option<String>,
    /// CSV: the grid of a custom property's values instead of terrain ids (each cell's
    /// own value, else the property's default; an empty field at a hole).
    #[arg(long, value_name = "NAME")]
    pub property: Option<String>,
    /// PNG, SVG: tint each hex toward the colour of its value of this custom property
    /// (its own value, else the property's default), with the tint's legend, headed by the
    /// property's name, in the map's top-right corner (bottom right when `--legend
    /// top-right` takes that). With --player-view only a property players may see.
    #[arg(long, value_name = "PROPERTY")]
    pub tint: Option<String>,
    /// Refuse to write when anything would be left out or drawn otherwise than the map
    /// says (an image that cannot be used): warnings become errors.
    #[arg(long)]
    pub strict: bool,
    /// `--force` and `--json`, as every command that writes a file has them.
    #[command(flatten)]
    pub writing: super::answer::Writing,
}

/// `--legend`: a place for the legend, or none.
#[derive(Clone, Copy, Debug)]
pub struct LegendArg(Option<LegendPlace>);

/// `--legend`'s value: `none` or a [`LegendPlace`] name.
fn parse_legend(s: &str) -> Result<LegendArg, String> {
    if s.trim().eq_ignore_ascii_case("none") {
        return Ok(LegendArg(None));
    }
    s.parse()
        .map(|p| LegendArg(Some(p)))
        .map_err(|e| format!("{e}, or none"))
}

/// Arguments of `hexmap import`.
#[derive(Args, Debug)]
pub struct ImportArgs {
    /// A map in any format hexmap reads: a hexagonal Tiled map (.tmx or .tmj), hexmap's JSON
    /// export (.json, docs/JSON.md), or .ron.
    pub tiled_map: PathBuf,
    /// The hexmap file to write (.ron).
    pub out: PathBuf,
    /// Write the map in offset or cube form.
    #[arg(long, default_value = "offset")]
    pub form: Form,
    /// `--force` and `--json`, as every command that writes a file has them.
    #[command(flatten)]
    pub writing: super::answer::Writing,
}

/// `--hex-size`: a length on paper (prints) or whole pixels (a table's board).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HexSizeArg {
    /// A length with its unit: `19mm`, `0.75in`.
    Paper(Length),
    /// Pixels: `64` or `64px`.
    Pixels(u32),
}

impl std::str::FromStr for HexSizeArg {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let t = s.trim();
        let digits = t.strip_suffix("px").unwrap_or(t).trim();
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            return digits
                .parse()
                .map(HexSizeArg::Pixels)
                .map_err(|_| format!("'{s}' is too many pixels"));
        }
        t.parse().map(HexSizeArg::Paper).map_err(|e| {
            format!("{e} (a length on paper like 19mm, or pixels like 64 for a board)")
        })
    }
}

/// `Err` saying why `map` cannot be tinted by the property `name`: it declares no such
/// property, or (for the players) the property is the GM's only.
fn check_tint(map: &hexmap_map::HexMap, name: &str, players: bool) -> Result<(), String> {
    let types = map.custom().types();
    let Some(t) = types.iter().find(|t| t.name == name) else {
        let names: Vec<&str> = types.iter().map(|t| t.name.as_str()).collect();
        return Err(if names.is_empty() {
            "the map declares no custom property".into()
        } else {
            format!(
                "the map declares no property {name:?}; it has: {}",
                names.join(", ")
            )
        });
    };
    if players && t.gm_only {
        return Err("the property is the GM's only, so a player view is not tinted by it".into());
    }
    Ok(())
}

/// Maps with more cells than this show progress on a terminal.
const PROGRESS_CELLS: usize = 100_000;

/// `hexmap export`.
pub fn export(args: &ExportArgs) -> Result<(), CliError> {
    if !(args.hex_pixels.is_finite() && args.hex_pixels >= 1.0 && args.hex_pixels <= 1000.0) {
        return Err(CliError(format!(
            "--hex-pixels must be between 1 and 1000, got {}",
            args.hex_pixels
        )));
    }
    let out = out_file(args)?;
    args.writing.check(&out, Some(&args.map))?;
    if let Some(w) = extension_mismatch(&out, args.format) {
        if args.strict {
            return Err(CliError(format!("--strict: {w}; nothing written")));
        }
        warn(format!(
            "{w}; written as {} all the same",
            args.format.name()
        ));
    }
    let print_size = args.format.options().contains(&FormatOption::PrintHexSize);
    let board_size = args.format.options().contains(&FormatOption::BoardHex);
    let (paper_hex, board_hex) = match args.hex_size {
        Some(HexSizeArg::Pixels(px)) if board_size => (None, Some(px)),
        Some(HexSizeArg::Pixels(px)) => {
            return Err(CliError(format!(
                "--hex-size {px}: {} takes a hex size on paper with its unit (19mm, 0.75in)",
                args.format
            )));
        }
        Some(HexSizeArg::Paper(l)) if board_size => {
            return Err(CliError(format!(
                "--hex-size {l}: {} takes the board's hex size in pixels flat to flat (64)",
                args.format
            )));
        }
        Some(HexSizeArg::Paper(l)) => (Some(l), None),
        None => (None, None),
    };
    match (args.dpi, paper_hex) {
        (Some(_), None) => {
            return Err(CliError(
                "--dpi needs --hex-size (e.g. --hex-size 19mm)".into(),
            ));
        }
        (None, Some(_)) if args.format.options().contains(&FormatOption::Dpi) => {
            return Err(CliError(
                "--hex-size needs --dpi for a picture (e.g. --dpi 300)".into(),
            ));
        }
        (_, Some(_)) if !print_size => {
            return Err(CliError(format!(
                "{} has no hex size on paper; --hex-size is for pdf, key-pdf, png and vassal",
                args.format
            )));
        }
        (Some(_), _) if !args.format.options().contains(&FormatOption::Dpi) => {
            return Err(CliError(format!("--dpi is for png, not {}", args.format)));
        }
        _ => {}
    }
    if args.png_compression.is_some()
        && !args
            .format
            .options()
            .contains(&FormatOption::PngCompression)
    {
        return Err(CliError(format!(
            "--png-compression is for png, not {}",
            args.format
        )));
    }
    if args.tile_size.is_some() && !args.format.options().contains(&FormatOption::TileSize) {
        return Err(CliError(format!(
            "--tile-size is for Tiled maps (tmx, tmj), not {}; pictures take --hex-pixels",
            args.format
        )));
    }
    let takes_legend = args.format.options().contains(&FormatOption::Legend);
    if args.legend.is_some() && !takes_legend {
        return Err(CliError(format!(
            "--legend is for pictures (png, svg, pdf), not {}",
            args.format
        )));
    }
    if (args.scale_bar || args.no_scale_bar)
        && !args.format.options().contains(&FormatOption::ScaleBar)
    {
        let flag = if args.scale_bar {
            "--scale-bar"
        } else {
            "--no-scale-bar"
        };
        return Err(CliError(format!(
            "{flag} is for pictures (png, svg, pdf), not {}",
            args.format
        )));
    }
    if args.underlay && !takes_legend {
        return Err(CliError(format!(
            "--underlay is for pictures (png, svg, pdf), not {}",
            args.format
        )));
    }
    if args.underlay && args.player_view {
        return Err(CliError(
            "--underlay is not drawn in a player view (the underlay is the GM's tracing aid)"
                .into(),
        ));
    }
    if args.player_view && !args.format.options().contains(&FormatOption::PlayerView) {
        return Err(CliError(format!(
            "--player-view is for {}, not {}",
            hexmap_io::format::player_view_formats(),
            args.format
        )));
    }
    if args.compact && !args.format.options().contains(&FormatOption::Compact) {
        return Err(CliError(format!(
            "--compact is for json, not {}",
            args.format
        )));
    }
    if args.tint.is_some() && !args.format.options().contains(&FormatOption::HexPixels) {
        return Err(CliError(format!(
            "--tint is for png and svg, not {}",
            args.format
        )));
    }
    let csv = match (&args.layer, &args.property) {
        (Some(name), _) => CsvValues::Layer(name.clone()),
        (None, Some(name)) => CsvValues::Property(name.clone()),
        (None, None) => CsvValues::Terrain,
    };
    if csv != CsvValues::Terrain && !args.format.options().contains(&FormatOption::CsvValues) {
        let flag = if args.layer.is_some() {
            "--layer"
        } else {
            "--property"
        };
        return Err(CliError(format!("{flag} is for csv, not {}", args.format)));
    }
    let (map, _) = super::load_map(&args.map)?;
    if args.underlay && map.underlay().is_none() {
        return Err(CliError(format!(
            "{}: --underlay: the map has no underlay (set one in the editor: Map → Underlay…)",
            args.map.display()
        )));
    }
    if let Some(name) = &args.tint {
        check_tint(&map, name, args.player_view)
            .map_err(|e| CliError(format!("{}: --tint {name}: {e}", args.map.display())))?;
    }
    if args.scale_bar && map.scale().is_none() {
        let w = format!(
            "{}: the map has no scale, so no scale bar is drawn; set one with Map → \
             Properties… → Map scale in the editor, or `scale: (per_hex: 6.0, unit: \"mi\")` \
             in the map file",
            args.map.display()
        );
        if args.strict {
            return Err(CliError(format!("--strict: {w} (nothing written)")));
        }
        warn(w);
    }
    let defaults = WriteOptions::default();
    let opts = WriteOptions {
        form: args.form,
        labels: args
            .labels
            .map(|c| c.resolve(&map.properties().coord_context())),
        mines: !args.no_mines,
        grid: !args.no_grid,
        hex_pixels: args.hex_pixels,
        print: PageSetup {
            hex_size: paper_hex.unwrap_or(defaults.print.hex_size),
            paper: args.paper.clone(),
            landscape: args.landscape,
            margin: args.margin,
            overlap: args.overlap,
            poster: args.poster,
        },
        marks: if args.marks || args.no_marks {
            args.marks
        } else {
            defaults.marks
        },
        dpi: args.dpi,
        legend: match args.legend {
            Some(LegendArg(place)) => place,
            // A table's board carries no legend unless asked: it would widen the board
            // beyond the map under the table's own grid.
            None if board_size => None,
            None => {
                (map.view().legend).map(|_| LegendPlace::default_for(args.format.name() == "pdf"))
            }
        }
        .filter(|_| takes_legend),
        scale_bar: !args.no_scale_bar,
        underlay: args.underlay,
        images: picture_images(
            &map,
            &args.map,
            args.format.name(),
            args.strict,
            args.underlay,
        )?,
        link_images: args.link_images,
        tile_size: args.tile_size.unwrap_or(defaults.tile_size),
        player_view: args.player_view,
        frame_of: None,
        png_compression: args.png_compression.unwrap_or(defaults.png_compression),
        board_hex: board_hex.unwrap_or(defaults.board_hex),
        compact: args.compact,
        csv,
        tint: args.tint.clone(),
    };
    let left = hexmap_io::format::left_out(&map, args.format, &opts);
    if !left.is_empty() {
        let what = format!(
            "{}: {} leaves out what the map holds: {}",
            args.out.display(),
            args.format.name(),
            hexmap_io::format::describe(&left)
        );
        if args.strict {
            return Err(CliError(format!("--strict: {what}; nothing written")));
        }
        warn(what);
    }
    let show =
        map.cell_count() > PROGRESS_CELLS && std::io::stderr().is_terminal() && !args.writing.json;
    let mut last = -1i32;
    let mut progress = |done: f32| {
        let percent = (done * 100.0) as i32;
        if show && percent != last {
            last = percent;
            eprint!("\rexporting {}: {percent:3}%", args.format);
            let _ = std::io::stderr().flush();
        }
    };
    if let Some(folder) = out.parent().filter(|_| args.format.folder_main().is_some()) {
        std::fs::create_dir_all(folder)
            .map_err(|e| CliError(format!("cannot make the folder {}: {e}", folder.display())))?;
    }
    let written = write_path(
        &map,
        Some(&args.map),
        args.format,
        &opts,
        &out,
        &mut progress,
    )?;
    if show {
        eprintln!();
    }
    if args.writing.json {
        print_json(&serde_json::json!({
            "file": path_text(&out),
            "format": args.format.name(),
            "written": written.iter().map(|p| path_text(p)).collect::<Vec<_>>(),
            "player_view": args.player_view,
        }))?;
    }
    Ok(())
}

/// The main file `export` writes: OUT, or for a format that writes a folder (the Markdown
/// vault) its main file inside the folder OUT (standard output cannot hold a folder).
fn out_file(args: &ExportArgs) -> Result<PathBuf, CliError> {
    match args.format.folder_main() {
        None => Ok(args.out.clone()),
        Some(_) if args.out.as_os_str() == "-" => Err(CliError(format!(
            "{} writes a folder of files, so it cannot go to standard output (-): give a \
             folder",
            args.format
        ))),
        Some(main) => Ok(args.out.join(main)),
    }
}

/// A warning when OUT's extension is not one of the format's own (`map.png` for
/// `--to svg`): a file a viewer would open as the wrong kind. `-` (standard output) and a
/// name without extension are never warned about.
fn extension_mismatch(out: &std::path::Path, format: &dyn Format) -> Option<String> {
    if out.as_os_str() == "-" {
        return None;
    }
    let ext = out.extension()?.to_string_lossy().to_ascii_lowercase();
    let own = format.extensions();
    (!own.iter().any(|e| e.eq_ignore_ascii_case(&ext))).then(|| {
        format!(
            "{}: .{ext} is not a {} file's extension (.{})",
            out.display(),
            format.name(),
            own.join(", ."),
        )
    })
}

/// `hexmap import`: read the map (any readable format, within the size limit), report what
/// could not be kept, save it as RON.
pub fn import(args: &ImportArgs) -> Result<(), CliError> {
    // IN first: a missing or unreadable map is the error to hear about, whatever OUT is.
    let imported = read_path(&args.tiled_map)?;
    args.writing.check(&args.out, Some(&args.tiled_map))?;
    let name = args.tiled_map.file_name().map_or_else(
        || args.tiled_map.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    for w in &imported.warnings {
        warn(format!("{name}: {w}"));
    }
    save_from(Some(&args.tiled_map), &args.out, &imported.map, args.form)?;
    if args.writing.json {
        let map = &imported.map;
        print_json(&serde_json::json!({
            "file": path_text(&args.out),
            "from": path_text(&args.tiled_map),
            "form": args.form.name(),
            "name": map.properties().name,
            "cells": map.cell_count(),
            "warnings": imported.warnings.iter().map(ToString::to_string).collect::<Vec<_>>(),
        }))?;
    }
    Ok(())
}

/// For a format that draws images (pictures, Tiled's generated terrain tileset, the table
/// exports' boards and Godot's atlas): the images `map` (read from `path`) refers to, each
/// one that cannot be used named once on stderr. `None` for other formats or a map without images. With `underlay`, the
/// underlay's image too.
fn picture_images(
    map: &hexmap_map::HexMap,
    path: &std::path::Path,
    format: &str,
    strict: bool,
    underlay: bool,
) -> Result<Option<std::sync::Arc<hexmap_draw::ImageSet>>, CliError> {
    let draws_images = [
        "png", "svg", "pdf", "tmx", "tmj", "vassal", "foundry", "godot",
    ];
    if !draws_images.contains(&format)
        || (hexmap_io::images::image_paths(map).is_empty() && !underlay)
    {
        return Ok(None);
    }
    let (mut images, mut warnings) = hexmap_io::images::load_images_beside(map, path);
    if underlay {
        warnings.extend(hexmap_io::images::load_underlay_beside(
            map,
            path,
            &mut images,
        ));
    }
    if strict && !warnings.is_empty() {
        return Err(CliError(format!(
            "{}: --strict: {} (nothing written)",
            path.display(),
            warnings
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        )));
    }
    for w in &warnings {
        warn(w);
    }
    Ok(Some(std::sync::Arc::new(images)))
}
