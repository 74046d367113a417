//! VASSAL modules (`.vmod`): a zip with `moduledata`, `buildFile.xml` and the board
//! picture under `images/`. The board's `HexGrid` and `HexGridNumbering` are set from the
//! map so that VASSAL's own centre of every hex lands on that hex of the picture and its
//! name for the hex is hexmap's XXYY label.
//!
//! VASSAL's geometry (read from `HexGrid.java` and `HexGridNumbering.java` of
//! vassalengine/vassal; docs/EXPORT.md, "VASSAL"): without `sideways` the columns run
//! down the board `dx` apart from `x0`, hexes `dy` apart in a column from `y0`, and odd
//! columns (counted from the origin) shoved down by `(int)(dy / 2)`; centres are truncated
//! to whole pixels. `sideways` swaps x and y of every point before and after that, so the
//! origin's `x0` then counts down the board. The numbering names a hex by its raw column
//! plus `hOff` and raw row plus `vOff`, `hLeading` zeros of padding, column first when
//! `first` is `H`.

use super::board::{Board, draw_board, whole_pixel};
use super::vassal_zones::{VassalZone, zones};
use crate::format::{ExportOnly, FormatInfo, WriteError, WriteJob, Written};
use crate::tiled::xml::escape;
use crate::zip_store::stored_zip;
use hexmap_hex::xxyy::LabelOrder;
use hexmap_hex::{Hex, OffsetCoord, OffsetKind, Orientation};
use hexmap_map::HexMap;

/// The board picture's name inside the module.
pub const BOARD_IMAGE: &str = "board.png";

/// The grid settings a VASSAL board needs for a map: the attribute values of its
/// `HexGrid` and `HexGridNumbering`.
#[derive(Clone, Debug, PartialEq)]
pub struct VassalGrid {
    /// Pointy hexes: VASSAL's grid turned a quarter (`sideways`).
    pub sideways: bool,
    /// Origin, in VASSAL's own (for `sideways`, swapped) axes: the centre of raw column 0,
    /// row 0.
    pub x0: i32,
    /// See `x0`.
    pub y0: i32,
    /// Distance between columns (rows when `sideways`), pixels.
    pub dx: f64,
    /// Hex size flat to flat, pixels.
    pub dy: f64,
    /// Added to the raw column to name it.
    pub h_off: i32,
    /// Added to the raw row to name it.
    pub v_off: i32,
    /// Zeros of padding: digits − 1.
    pub leading: u8,
    /// `H` (VASSAL's column first) or `V`.
    pub first: char,
    /// The offset kind the numbering follows (the labels' own, or the map's when the
    /// labels stagger on the other axis, which VASSAL cannot number).
    pub numbering: OffsetKind,
}

/// The offset kind VASSAL numbers `map`'s hexes in: the labels' stagger when it follows
/// the map's orientation, else the map's offset kind (VASSAL staggers its numbering only on
/// the grid's own axis). The second value says whether the labels were kept.
pub fn numbering_kind(map: &HexMap) -> (OffsetKind, bool) {
    let props = map.properties();
    let labels = props.labels.stagger;
    let fits = labels.orientation() == props.orientation;
    (if fits { labels } else { props.offset_kind }, fits)
}

/// The hex at VASSAL's raw column 0, row 0: offset (0, 0) of the numbering kind, or
/// (−1, 0) for an even kind, whose shoved lines are the even ones while VASSAL shoves the
/// odd ones.
fn anchor(kind: OffsetKind) -> Hex {
    let shift = i32::from(matches!(kind, OffsetKind::EvenQ | OffsetKind::EvenR));
    match kind {
        OffsetKind::OddQ | OffsetKind::EvenQ => kind.to_hex(OffsetCoord::new(-shift, 0)),
        OffsetKind::OddR | OffsetKind::EvenR => kind.to_hex(OffsetCoord::new(0, -shift)),
    }
}

/// The grid of `board`, drawn from `map` with [`anchor`]'s centre on a whole pixel.
pub fn vassal_grid(map: &HexMap, board: &Board) -> VassalGrid {
    let (kind, _) = numbering_kind(map);
    let labels = map.properties().labels;
    let even = i32::from(matches!(kind, OffsetKind::EvenQ | OffsetKind::EvenR));
    let (cx, cy) = board.centre(anchor(kind));
    let (cx, cy) = (cx.round() as i32, cy.round() as i32);
    let sideways = board.layout.orientation() == Orientation::Pointy;
    let base = i32::from(labels.base);
    // The raw column is the label's column (flat) or row (sideways), less one for even
    // kinds; the raw row is the other number.
    let column_first = labels.order == LabelOrder::ColumnFirst;
    VassalGrid {
        sideways,
        x0: if sideways { cy } else { cx },
        y0: if sideways { cx } else { cy },
        dx: board.stride_px(),
        dy: f64::from(board.flat_px),
        h_off: base - even,
        v_off: base,
        leading: labels.digits.saturating_sub(1),
        first: if column_first != sideways { 'H' } else { 'V' },
        numbering: kind,
    }
}

/// The `HexGrid` element (with its numbering) of `grid`, indented by `indent`.
fn hex_grid_xml(grid: &VassalGrid, indent: &str) -> String {
    let VassalGrid {
        sideways,
        x0,
        y0,
        dx,
        dy,
        h_off,
        v_off,
        leading,
        first,
        ..
    } = grid;
    format!(
        r#"{indent}<VASSAL.build.module.map.boardPicker.board.HexGrid color="0,0,0" cornersLegal="false" dotsVisible="false" dx="{dx}" dy="{dy}" edgesLegal="false" sideways="{sideways}" snapTo="true" visible="false" x0="{x0}" y0="{y0}">
{indent}  <VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering color="0,0,0" first="{first}" fontSize="9" hDescend="false" hDrawOff="0" hLeading="{leading}" hOff="{h_off}" hType="N" locationFormat="$gridLocation$" rotateText="0" sep="" stagger="false" vDescend="false" vDrawOff="0" vLeading="{leading}" vOff="{v_off}" vType="N" visible="false"/>
{indent}</VASSAL.build.module.map.boardPicker.board.HexGrid>
"#
    )
}

/// The board's grid: the `HexGrid` alone, or, with zones, a `ZonedGrid` holding the
/// `HexGrid` as its background grid and a `Zone` per region part that uses it (so a hex
/// in a zone keeps its name).
fn board_grid_xml(grid: &VassalGrid, zones: &[VassalZone]) -> String {
    const INDENT: &str = "        ";
    if zones.is_empty() {
        return hex_grid_xml(grid, INDENT);
    }
    let mut xml = format!(
        "{INDENT}<VASSAL.build.module.map.boardPicker.board.ZonedGrid>
"
    );
    xml.push_str(&hex_grid_xml(grid, &format!("{INDENT}  ")));
    for zone in zones {
        let path: Vec<String> = zone
            .points
            .iter()
            .map(|(x, y)| format!("{x},{y}"))
            .collect();
        let open = format!(
            "{INDENT}  <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone highlightProperty=\"\" \
             locationFormat=\"$gridLocation$\" name=\"{}\" path=\"{}\" useHighlight=\"false\" \
             useParentGrid=\"true\"",
            escape(&zone.name),
            path.join(";")
        );
        if zone.properties.is_empty() {
            xml.push_str(&format!("{open}/>\n"));
            continue;
        }
        xml.push_str(&format!("{open}>\n"));
        // `ZoneProperty` is a `GlobalProperty` (GlobalProperty.java, `getAttributeNames`).
        for (key, value) in &zone.properties {
            xml.push_str(&format!(
                "{INDENT}    <VASSAL.build.module.properties.ZoneProperty description=\"\" \
                 initialValue=\"{}\" isNumeric=\"false\" max=\"100\" min=\"0\" name=\"{}\" \
                 wrap=\"false\"/>\n",
                escape(value),
                escape(key)
            ));
        }
        xml.push_str(&format!(
            "{INDENT}  </VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>\n"
        ));
    }
    xml.push_str(&format!(
        "{INDENT}</VASSAL.build.module.map.boardPicker.board.ZonedGrid>
"
    ));
    xml
}

/// The `buildFile.xml` of a module showing `board_image` (`width` × `height`) under
/// `grid`, with `zones` on the board.
pub fn build_file(
    name: &str,
    grid: &VassalGrid,
    zones: &[VassalZone],
    width: u32,
    height: u32,
) -> String {
    let name = escape(name);
    let board_grid = board_grid_xml(grid, zones);
    format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.launch.BasicModule ModuleOther1="" ModuleOther2="" VassalVersion="3.7.0" description="Made by hexmap" name="{name}" nextPieceSlotId="0" version="1.0">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.Documentation/>
  <VASSAL.build.module.PlayerRoster buttonKeyStroke="" buttonText="Retire" buttonToolTip="Switch sides, become observer, or release faction"/>
  <VASSAL.build.module.GlobalOptions autoReport="Always" centerOnMove="Use Preferences Setting" chatterHTMLSupport="Always" hotKeysOnClosedWindows="Never" inventoryForAll="Always" nonOwnerUnmaskable="Always" playerIdFormat="$PlayerName$" promptString="Opponents can unmask pieces" sendToLocationMoveTrails="Never" storeLeadingZeroIntegersAsStrings="true"/>
  <VASSAL.build.module.Map allowMultiple="false" backgroundcolor="255,255,255" buttonName="" changeFormat="$message$" color="255,0,0" createFormat="$pieceName$ created in $location$ *" edgeHeight="0" edgeWidth="0" hideKey="" hotkey="" icon="" launch="false" mapName="{name}" markMoved="Never" markUnmovedHotkey="" markUnmovedIcon="" markUnmovedReport="" markUnmovedText="" moveToFormat="$pieceName$ moves $previousLocation$ &#8594; $location$ *" moveWithinFormat="$pieceName$ moves $previousLocation$ &#8594; $location$ *" showKey="" thickness="3">
    <VASSAL.build.module.map.BoardPicker addColumnText="Add column" addRowText="Add row" boardPrompt="Select board" slotHeight="125" slotScale="0.2" slotWidth="350" title="Choose Boards">
      <VASSAL.build.module.map.boardPicker.Board color="255,255,255" height="{height}" image="{image}" name="{name}" reversible="false" width="{width}">
{board_grid}      </VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
    <VASSAL.build.module.map.StackMetrics bottom="40" disabled="false" exSepX="6" exSepY="18" top="38" unexSepX="8" unexSepY="16"/>
    <VASSAL.build.module.map.ForwardToKeyBuffer/>
    <VASSAL.build.module.map.Scroller/>
    <VASSAL.build.module.map.ForwardToChatter/>
    <VASSAL.build.module.map.MenuDisplayer/>
    <VASSAL.build.module.map.MapCenterer/>
    <VASSAL.build.module.map.StackExpander/>
    <VASSAL.build.module.map.PieceMover/>
    <VASSAL.build.module.map.KeyBufferer/>
    <VASSAL.build.module.map.ImageSaver buttonText="" canDisable="false" hotkey="" icon="/images/camera.gif" tooltip="Save Map as PNG image"/>
    <VASSAL.build.module.map.CounterDetailViewer/>
    <VASSAL.build.module.map.Zoomer inButtonText="" outButtonText="" zoomInKey="61,0" zoomLevels="0.25,0.5,0.75,1.0,1.5,2.0" zoomOutKey="45,0" zoomStart="4"/>
  </VASSAL.build.module.Map>
</VASSAL.launch.BasicModule>
"#,
        image = BOARD_IMAGE,
    )
}

/// The `moduledata` file: VASSAL reads `buildFile.xml` only when it names VassalVersion
/// 3.5 or later (otherwise it looks for the older `buildFile`).
pub fn module_data(name: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<data version=\"1\">\n  \
         <version>1.0</version>\n  <extra1/>\n  <extra2/>\n  <VassalVersion>3.7.0</VassalVersion>\n  \
         <dateSaved>0</dateSaved>\n  <description>Made by hexmap</description>\n  \
         <name>{}</name>\n</data>\n",
        escape(name)
    )
}

/// The VASSAL format.
pub static VASSAL: ExportOnly = ExportOnly {
    info: FormatInfo {
        name: "vassal",
        description: "VASSAL module (.vmod)",
        extensions: &["vmod"],
        options: super::board::BOARD_OPTIONS,
        reads: false,
        writes: true,
        drops: super::super::picture::PICTURE_DROPS,
    },
    write: write_vassal,
    folder_main: None,
};

/// Writes a VASSAL module: the map as a board with its hex grid and numbering.
fn write_vassal(job: WriteJob<'_>) -> Result<Written, WriteError> {
    let WriteJob {
        map,
        opts,
        progress,
        ..
    } = job;
    let (kind, _) = numbering_kind(map);
    let board = draw_board(map, opts, anchor(kind), &whole_pixel, progress)?;
    let grid = vassal_grid(map, &board);
    let name = if map.name().is_empty() {
        "Map"
    } else {
        map.name()
    };
    let build = build_file(name, &grid, &zones(map, &board), board.width, board.height);
    let data = module_data(name);
    let image = format!("images/{BOARD_IMAGE}");
    Ok(Written::main(stored_zip(&[
        ("moduledata", data.as_bytes()),
        ("buildFile.xml", build.as_bytes()),
        (&image, &board.png),
    ])))
}
