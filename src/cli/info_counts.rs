//! What `hexmap info` counts of a map beyond its terrain and features: named regions, fog,
//! the GM's secrets, the party, the numeric layers (elevation, temperature, moisture — every
//! layer of `hexmap_io::format::layers`), the scale, custom properties, the hex key and the
//! maps inside it — so a pipeline learns from one `info --json` what a file holds.

use hexmap_io::format::layers::numeric_layers;
use hexmap_map::HexMap;
use hexmap_map::family::ChildMap;
use serde::Serialize;

/// The counts `info --json` adds at its top level.
#[derive(Serialize)]
pub(super) struct Holdings {
    /// Named regions, and how many kinds they may be of.
    regions: usize,
    region_kinds: usize,
    /// Cells the players have not seen, and those they have (every cell on a map without
    /// fog).
    fog: FogCounts,
    /// Items only the GM may see: notes, edge features, paths, icons, labels, regions.
    gm_only: usize,
    /// The party of a game in progress, if any.
    party: Option<PartyInfo>,
    /// Each numeric layer the map has (`elevation`, `temperature`, `moisture`), by name.
    layers: serde_json::Map<String, serde_json::Value>,
    /// Distance per hex, if the map has a scale.
    scale: Option<ScaleInfo>,
    /// Custom properties: types declared, values set (not defaults) and the objects that
    /// set them.
    properties: PropertyCounts,
    /// Entries of the hex key.
    key_entries: usize,
    /// Maps inside this one: its own children, and all maps below it.
    child_maps: usize,
    maps_below: usize,
}

#[derive(Serialize)]
struct FogCounts {
    hidden: usize,
    revealed: usize,
}

#[derive(Serialize)]
struct PartyInfo {
    hex: [i32; 2],
    sight: u32,
    trail: Option<u32>,
}

#[derive(Serialize)]
struct ScaleInfo {
    per_hex: f64,
    unit: String,
}

#[derive(Serialize)]
struct PropertyCounts {
    types: usize,
    values: usize,
    objects: usize,
}

impl Holdings {
    /// What `map` holds.
    pub(super) fn of(map: &HexMap) -> Holdings {
        let hidden = map.hidden_count();
        let custom = map.custom();
        let owners: Vec<_> = custom.iter_on(map).collect();
        let layers = numeric_layers(map)
            .map(|layer| {
                let values: Vec<i64> = map
                    .shape()
                    .iter()
                    .filter_map(|h| (layer.value)(map, h))
                    .collect();
                let summary = serde_json::json!({
                    "cells": values.len(),
                    "min": values.iter().min(),
                    "max": values.iter().max(),
                });
                (layer.name.to_owned(), summary)
            })
            .collect();
        Holdings {
            regions: map.regions().len(),
            region_kinds: map.regions().kinds().len(),
            fog: FogCounts {
                hidden,
                revealed: map.cell_count() - hidden,
            },
            gm_only: super::secret::gm_items(map).len(),
            party: map.party().map(|p| PartyInfo {
                hex: [p.hex.q, p.hex.r],
                sight: p.sight,
                trail: p.trail.map(|t| t.0),
            }),
            layers,
            scale: map.scale().map(|s| ScaleInfo {
                per_hex: s.per_hex,
                unit: s.unit.clone(),
            }),
            properties: PropertyCounts {
                types: custom.types().len(),
                values: owners.iter().map(|(_, v)| v.len()).sum(),
                objects: owners.len(),
            },
            key_entries: map.key_entries().len(),
            child_maps: map.children().len(),
            maps_below: maps_below(map.children()),
        }
    }

    /// The lines `info` prints after the content tables; hexes named as the editor names
    /// them.
    pub(super) fn print(&self, map: &HexMap) {
        let cx = map.properties().coord_context();
        println!(
            "regions:     {} ({} kinds)",
            self.regions, self.region_kinds
        );
        println!(
            "fog:         {} of {} cells hidden",
            self.fog.hidden,
            self.fog.hidden + self.fog.revealed
        );
        println!("GM-only:     {} items", self.gm_only);
        match &self.party {
            Some(p) => println!(
                "party:       {}, sight {}",
                cx.hex_name(hexmap_hex::Hex::new(p.hex[0], p.hex[1])),
                p.sight
            ),
            None => println!("party:       none"),
        }
        for (name, v) in &self.layers {
            println!(
                "{:<12} {} cells, {} to {}",
                format!("{name}:"),
                v["cells"],
                v["min"],
                v["max"]
            );
        }
        if let Some(s) = &self.scale {
            println!("scale:       {} {} per hex", s.per_hex, s.unit);
        }
        let p = &self.properties;
        println!(
            "properties:  {} types, {} values on {} objects",
            p.types, p.values, p.objects
        );
        println!("key:         {} entries", self.key_entries);
        println!(
            "child maps:  {} ({} in all below this map)",
            self.child_maps, self.maps_below
        );
    }
}

/// Every map inside `children`, at any depth.
fn maps_below(children: &[ChildMap]) -> usize {
    children
        .iter()
        .map(|c| 1 + maps_below(c.map.children()))
        .sum()
}
