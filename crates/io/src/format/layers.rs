//! The map's numeric per-cell layers (elevation today; a climate layer joins by one more
//! entry in [`NUMERIC_LAYERS`]), one list for every export that writes a layer as a grid:
//! the compact JSON's `grid.layers`, CSV's `--layer NAME`.

use hexmap_hex::Hex;
use hexmap_map::HexMap;

/// One numeric layer a map may have: its name in files and on the command line, and how
/// to read it.
#[derive(Clone, Copy, Debug)]
pub struct NumericLayer {
    /// The layer's name (`elevation`), as `--layer` takes it and the compact JSON keys it.
    pub name: &'static str,
    /// What one unit of a value is, for help texts (`metres above sea level`).
    pub unit: &'static str,
    /// Whether `map` has this layer.
    pub present: fn(&HexMap) -> bool,
    /// The value at `h` (`None` for a hex that is not a cell, or a map without the layer).
    pub value: fn(&HexMap, Hex) -> Option<i64>,
}

/// Every numeric layer hexmap knows, in the order files list them.
pub const NUMERIC_LAYERS: &[NumericLayer] = &[NumericLayer {
    name: "elevation",
    unit: "elevation steps, 0 at sea level",
    present: |m| m.elevation_layer().is_some(),
    value: |m, h| m.elevation(h).map(i64::from),
}];

/// The numeric layers `map` has.
pub fn numeric_layers(map: &HexMap) -> impl Iterator<Item = &'static NumericLayer> + '_ {
    NUMERIC_LAYERS.iter().filter(move |l| (l.present)(map))
}

/// The layer called `name`, if hexmap knows one.
pub fn numeric_layer(name: &str) -> Option<&'static NumericLayer> {
    NUMERIC_LAYERS.iter().find(|l| l.name == name)
}

/// The names of every layer hexmap knows, for messages: `elevation`.
pub fn layer_names() -> String {
    NUMERIC_LAYERS
        .iter()
        .map(|l| l.name)
        .collect::<Vec<_>>()
        .join(", ")
}
