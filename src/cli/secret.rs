//! `hexmap secret`: what only the GM may see, on a map file in place. `set` marks notes,
//! edge features, paths, icons, labels and named regions GM-only, `clear` makes them
//! public again (both one edit, `FogEdit::SetGmOnly`, the editor's own), and `list` names
//! every GM-only item. The map is saved atomically in the form it was read in.

use super::CliError;
use super::answer::{path_text, print_json};
use super::cells::show_named;
use clap::{Args, Subcommand};
use hexmap_hex::{CoordChoice, Edge, Hex};
use hexmap_map::{
    Document, Edit, FogEdit, GmItem, HexError, HexMap, IconId, LabelId, PathId, RegionId,
};
use std::path::{Path, PathBuf};

/// Arguments of `hexmap secret`.
#[derive(Args, Debug)]
pub struct SecretArgs {
    /// Which map of a file of several (`--map PATH`).
    #[command(flatten)]
    pub member: super::MemberArg,
    /// The map (changed in place by `set` and `clear`).
    pub map: PathBuf,
    /// What to do.
    #[command(subcommand)]
    pub action: SecretAction,
    /// Print one JSON object: the items changed, or every GM-only item (errors: a JSON
    /// line on stderr).
    #[arg(long, global = true)]
    pub json: bool,
}

/// `hexmap secret MAP set|clear|list`.
#[derive(Subcommand, Debug)]
pub enum SecretAction {
    /// Mark items GM-only: the player view and every player export leave them out.
    Set(SecretItems),
    /// Make items public again.
    Clear(SecretItems),
    /// List every GM-only item.
    List,
}

/// The items `set` and `clear` change (at least one; each option may be repeated).
#[derive(Args, Debug)]
pub struct SecretItems {
    /// The note on this cell (col,row in the map's offset kind by default).
    #[arg(long, value_name = "CELL", allow_hyphen_values = true)]
    pub note: Vec<String>,
    /// The edge feature between two neighbouring cells, `CELL:CELL` (e.g. `8,10:9,10`).
    #[arg(long, value_name = "CELL:CELL", allow_hyphen_values = true)]
    pub edge: Vec<String>,
    /// The path with this id.
    #[arg(long, value_name = "ID")]
    pub path: Vec<u32>,
    /// The icon with this id.
    #[arg(long, value_name = "ID")]
    pub icon: Vec<u32>,
    /// The label with this id.
    #[arg(long, value_name = "ID")]
    pub label: Vec<u32>,
    /// The named region with this name (or id).
    #[arg(long, value_name = "NAME")]
    pub region: Vec<String>,
    /// System of the cells (as for `route`).
    #[arg(long, value_parser = super::geometry::CoordChoiceParser)]
    pub coords: Option<CoordChoice>,
}

/// Run `hexmap secret`.
pub fn secret(a: &SecretArgs) -> Result<(), CliError> {
    let (map, form) = super::load_map(&a.map)?;
    let (items, gm_only, coords) = match &a.action {
        SecretAction::List => return list(a, &map),
        SecretAction::Set(i) => (i, true, i.coords),
        SecretAction::Clear(i) => (i, false, i.coords),
    };
    let wanted = items_named(&map, &a.map, items)?;
    if wanted.is_empty() {
        return Err(CliError(format!(
            "{}: name at least one item: --note, --edge, --path, --icon, --label or --region \
             (`hexmap secret {} list` shows the GM-only ones)",
            a.map.display(),
            a.map.display()
        )));
    }
    let changed: Vec<&GmItem> = wanted
        .iter()
        .filter(|i| i.is_gm_only(&map) != gm_only)
        .collect();
    let mut doc = Document::new(map);
    if !changed.is_empty() {
        let edit = Edit::Fog(FogEdit::SetGmOnly {
            items: changed.iter().map(|i| (*i).clone()).collect(),
            gm_only,
        });
        doc.apply(&edit).map_err(|e| {
            let what = e.describe(&doc.map().properties().coord_context());
            CliError(format!("{}: {what}", a.map.display()))
        })?;
        super::save_read_map(&a.map, &a.map, doc.map(), form)?;
    }
    let map = doc.map();
    if a.json {
        return print_json(&serde_json::json!({
            "file": path_text(&a.map),
            "action": if gm_only { "set" } else { "clear" },
            "items": wanted.iter().map(|i| item_json(map, i)).collect::<Vec<_>>(),
            "changed": changed.len(),
            "gm_only_items": gm_items(map).len(),
        }));
    }
    let state = if gm_only { "GM-only" } else { "public" };
    let names: Vec<String> = wanted.iter().map(|i| item_name(map, coords, i)).collect();
    println!(
        "{}: {} now {state} ({} changed): {}",
        a.map.display(),
        if wanted.len() == 1 { "1 item" } else { "items" },
        changed.len(),
        names.join(", ")
    );
    Ok(())
}

/// `list`: every GM-only item, one a line (or one JSON object).
fn list(a: &SecretArgs, map: &HexMap) -> Result<(), CliError> {
    let items = gm_items(map);
    if a.json {
        return print_json(&serde_json::json!({
            "file": path_text(&a.map),
            "gm_only_items": items.iter().map(|i| item_json(map, i)).collect::<Vec<_>>(),
        }));
    }
    if items.is_empty() {
        println!("{}: nothing is GM-only", a.map.display());
    }
    for i in &items {
        println!("{}", item_name(map, None, i));
    }
    Ok(())
}

/// Every GM-only item of `map`: notes, edge features, paths, icons, labels, regions.
pub(super) fn gm_items(map: &HexMap) -> Vec<GmItem> {
    let mut out: Vec<GmItem> = map.gm_notes().map(GmItem::Note).collect();
    out.extend(map.gm_edges().map(GmItem::Edge));
    out.extend(
        map.paths()
            .iter()
            .filter(|p| p.gm_only)
            .map(|p| GmItem::Path(p.id)),
    );
    for (_, list) in map.icons().iter() {
        out.extend(
            list.iter()
                .filter(|i| i.icon.gm_only)
                .map(|i| GmItem::Icon(i.id)),
        );
    }
    out.extend(
        map.labels()
            .iter()
            .filter(|(_, l)| l.gm_only)
            .map(|(id, _)| GmItem::Label(id)),
    );
    out.extend(
        map.regions()
            .iter()
            .filter(|r| r.look.gm_only)
            .map(|r| GmItem::Region(r.id)),
    );
    out
}

/// The items the options name, each checked to exist on the map.
fn items_named(map: &HexMap, path: &Path, i: &SecretItems) -> Result<Vec<GmItem>, CliError> {
    let bad = |what: String| CliError(format!("{}: {what}", path.display()));
    let mut out = Vec::new();
    for text in &i.note {
        let h = super::cells::cell(map, path, i.coords, "--note", text)?;
        if map.note(h).is_none() {
            let name = show_named(map, i.coords, h);
            return Err(bad(format!("--note {text}: {name} has no note")));
        }
        out.push(GmItem::Note(h));
    }
    for text in &i.edge {
        let Some((a, b)) = text.split_once(':') else {
            return Err(bad(format!(
                "--edge {text}: give the two cells on either side, CELL:CELL (e.g. 8,10:9,10)"
            )));
        };
        let a = super::cells::cell(map, path, i.coords, "--edge", a)?;
        let b = super::cells::cell(map, path, i.coords, "--edge", b)?;
        let Some(e) = Edge::between(a, b) else {
            return Err(bad(format!(
                "--edge {text}: the two cells are not neighbours"
            )));
        };
        if map.edge(e).is_none() {
            return Err(bad(format!(
                "--edge {text}: there is no edge feature there"
            )));
        }
        out.push(GmItem::Edge(e));
    }
    let by_id = (i
        .path
        .iter()
        .map(|&id| ("--path", id, GmItem::Path(PathId(id)))))
    .chain(
        i.icon
            .iter()
            .map(|&id| ("--icon", id, GmItem::Icon(IconId(id)))),
    )
    .chain(
        i.label
            .iter()
            .map(|&id| ("--label", id, GmItem::Label(LabelId(id)))),
    );
    for (option, id, item) in by_id {
        if !item.exists(map) {
            return Err(bad(format!("{option} {id}: the map has no {item}")));
        }
        out.push(item);
    }
    for name in &i.region {
        out.push(GmItem::Region(region_named(map, name).map_err(bad)?));
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// The region called `name` (or with that id, if no region has the name).
fn region_named(map: &HexMap, name: &str) -> Result<RegionId, String> {
    let regions = map.regions();
    let named: Vec<RegionId> = regions
        .iter()
        .filter(|r| r.look.name == name)
        .map(|r| r.id)
        .collect();
    match named.as_slice() {
        [one] => return Ok(*one),
        [] => {}
        many => {
            let ids: Vec<String> = many.iter().map(|id| id.to_string()).collect();
            return Err(format!(
                "--region {name:?}: {} regions have that name; give one of their ids ({})",
                many.len(),
                ids.join(", ")
            ));
        }
    }
    name.trim()
        .parse::<u32>()
        .ok()
        .map(RegionId)
        .filter(|id| regions.get(*id).is_some())
        .ok_or_else(|| format!("--region {name:?}: the map has no region of that name or id"))
}

/// An item as a person reads it: what and where, with its text.
fn item_name(map: &HexMap, coords: Option<CoordChoice>, i: &GmItem) -> String {
    let at = |h: Hex| show_named(map, coords, h);
    match i {
        GmItem::Note(h) => format!("note on {}: {:?}", at(*h), map.note(*h).unwrap_or("")),
        GmItem::Edge(e) => {
            let (a, b) = e.hexes();
            let kind = map
                .edge(*e)
                .and_then(|k| map.edge_palette().get(k))
                .map_or("", |t| t.name.as_str());
            format!("edge feature {kind} between {} and {}", at(a), at(b))
        }
        GmItem::Path(id) => {
            let kind = map
                .path(*id)
                .and_then(|p| map.path_palette().get(p.kind))
                .map_or("", |t| t.name.as_str());
            format!("path {id} ({kind})")
        }
        GmItem::Icon(id) => match map.icon(*id) {
            Some((h, p)) => {
                let caption = p.icon.caption.as_deref().map(|c| format!(" {c:?}"));
                let source = p.icon.source.to_file_text();
                format!(
                    "icon {id} ({source}){} on {}",
                    caption.unwrap_or_default(),
                    at(h)
                )
            }
            None => format!("icon {id}"),
        },
        GmItem::Label(id) => format!(
            "label {id}: {:?}",
            map.label(*id).map_or("", |l| l.text.as_str())
        ),
        GmItem::Region(id) => format!(
            "region {id}: {:?}",
            map.regions().get(*id).map_or("", |r| r.look.name.as_str())
        ),
    }
}

/// An item in JSON: its kind, its place (axial `[q, r]`, as every JSON answer) or id, and
/// its flag now.
fn item_json(map: &HexMap, i: &GmItem) -> serde_json::Value {
    let axial = |h: Hex| [h.q, h.r];
    let gm_only = i.is_gm_only(map);
    match i {
        GmItem::Note(h) => {
            serde_json::json!({"kind": "note", "hex": axial(*h), "gm_only": gm_only})
        }
        GmItem::Edge(e) => {
            let (a, b) = e.hexes();
            serde_json::json!({"kind": "edge", "a": axial(a), "b": axial(b), "gm_only": gm_only})
        }
        GmItem::Path(id) => serde_json::json!({"kind": "path", "id": id.0, "gm_only": gm_only}),
        GmItem::Icon(id) => serde_json::json!({"kind": "icon", "id": id.0, "gm_only": gm_only}),
        GmItem::Label(id) => serde_json::json!({"kind": "label", "id": id.0, "gm_only": gm_only}),
        GmItem::Region(id) => {
            serde_json::json!({"kind": "region", "id": id.0, "gm_only": gm_only})
        }
    }
}
