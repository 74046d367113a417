//! Climate: two optional layers of one whole number per cell, written by the world
//! generator and read by exports, the editor's bands and its status bar. **Temperature**
//! is the mean yearly temperature in degrees Celsius ([`MIN_TEMPERATURE`] to
//! [`MAX_TEMPERATURE`]); **moisture** is how wet the cell is, in percent (0 dry to 100
//! wet; water is 100). A map without a layer has no such number at all: files and exports
//! leave it out only then.

use super::{HexMap, MapError};
use hexmap_hex::Hex;

/// Coldest temperature a cell may hold, in °C.
pub const MIN_TEMPERATURE: i16 = -99;
/// Warmest temperature a cell may hold, in °C.
pub const MAX_TEMPERATURE: i16 = 99;
/// Wettest moisture a cell may hold, in percent.
pub const MAX_MOISTURE: i16 = 100;

/// Which climate layer: for messages, files and the editor's bands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClimateKind {
    /// Mean yearly temperature, °C.
    Temperature,
    /// Moisture, percent.
    Moisture,
}

impl ClimateKind {
    /// Both, in the order files write them.
    pub const ALL: [ClimateKind; 2] = [ClimateKind::Temperature, ClimateKind::Moisture];

    /// The layer's name in files and JSON: `temperature` or `moisture`.
    pub fn name(self) -> &'static str {
        match self {
            ClimateKind::Temperature => "temperature",
            ClimateKind::Moisture => "moisture",
        }
    }

    /// The values a cell may hold, both ends included.
    pub fn range(self) -> std::ops::RangeInclusive<i16> {
        match self {
            ClimateKind::Temperature => MIN_TEMPERATURE..=MAX_TEMPERATURE,
            ClimateKind::Moisture => 0..=MAX_MOISTURE,
        }
    }

    /// The unit after a value: `°C` or `%`.
    pub fn unit(self) -> &'static str {
        match self {
            ClimateKind::Temperature => "°C",
            ClimateKind::Moisture => "%",
        }
    }
}

/// One whole number per cell of a climate layer (°C or percent, by its [`ClimateKind`]).
pub type ClimateLayer = crate::NumberLayer;

/// Both climate layers of a map (each optional).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Climate {
    /// Mean yearly temperature per cell, °C.
    pub temperature: Option<ClimateLayer>,
    /// Moisture per cell, percent.
    pub moisture: Option<ClimateLayer>,
}

impl Climate {
    /// The layer of `kind`.
    pub fn layer(&self, kind: ClimateKind) -> Option<&ClimateLayer> {
        match kind {
            ClimateKind::Temperature => self.temperature.as_ref(),
            ClimateKind::Moisture => self.moisture.as_ref(),
        }
    }

    /// True when the map has neither layer.
    pub fn is_empty(&self) -> bool {
        self.temperature.is_none() && self.moisture.is_none()
    }

    /// Heap bytes used.
    pub fn heap_bytes(&self) -> usize {
        ClimateKind::ALL
            .iter()
            .filter_map(|&k| self.layer(k))
            .map(ClimateLayer::heap_bytes)
            .sum()
    }
}

impl HexMap {
    /// The climate layers.
    pub fn climate(&self) -> &Climate {
        &self.climate
    }

    /// The climate layer of `kind`, if the map has one.
    pub fn climate_layer(&self, kind: ClimateKind) -> Option<&ClimateLayer> {
        self.climate.layer(kind)
    }

    /// The `kind` value at `h` (`None` when the map has no such layer or `h` is not a
    /// cell).
    pub fn climate_at(&self, kind: ClimateKind, h: Hex) -> Option<i16> {
        let layer = self.climate.layer(kind)?;
        self.shape().index_of(h).and_then(|i| layer.get(i))
    }

    /// Give the map its climate layers (a `None` removes that layer); returns the old
    /// ones. Refused when a layer's length is not the map's cell count or a value lies
    /// outside its kind's range ([`ClimateKind::range`]).
    pub fn set_climate(&mut self, climate: Climate) -> Result<Climate, MapError> {
        for kind in ClimateKind::ALL {
            let Some(layer) = climate.layer(kind) else {
                continue;
            };
            if layer.len() != self.cell_count() {
                return Err(MapError::ClimateLength {
                    kind: kind.name(),
                    found: layer.len(),
                    cells: self.cell_count(),
                });
            }
            let range = kind.range();
            if let Some((i, &v)) = layer
                .values()
                .iter()
                .enumerate()
                .find(|(_, v)| !range.contains(v))
            {
                let h = self.shape().iter().nth(i).unwrap_or(Hex::ORIGIN);
                return Err(MapError::ClimateValue {
                    kind: kind.name(),
                    hex: h,
                    value: v,
                    range: format!("{} to {} {}", range.start(), range.end(), kind.unit()),
                });
            }
        }
        Ok(std::mem::replace(&mut self.climate, climate))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::Orientation;

    #[test]
    fn layers_are_checked_for_length_and_range() {
        let mut m = crate::testing::hexagon_map(1, Orientation::Pointy);
        assert_eq!(m.climate_at(ClimateKind::Moisture, Hex::ORIGIN), None);
        let values: Vec<i16> = (0..7).map(|i| i * 10).collect();
        let climate = Climate {
            temperature: None,
            moisture: Some(ClimateLayer::from_values(values)),
        };
        assert_eq!(m.set_climate(climate.clone()), Ok(Climate::default()));
        let first = m.shape().iter().next().unwrap();
        assert_eq!(m.climate_at(ClimateKind::Moisture, first), Some(0));
        assert_eq!(m.climate_at(ClimateKind::Temperature, first), None);
        let short = Climate {
            temperature: Some(ClimateLayer::from_values(vec![3; 6])),
            moisture: None,
        };
        assert_eq!(
            m.set_climate(short).unwrap_err().to_string(),
            "a temperature layer of 6 values does not fit a map of 7 cells"
        );
        let wet = Climate {
            temperature: None,
            moisture: Some(ClimateLayer::from_values(vec![101; 7])),
        };
        let e = m.set_climate(wet).unwrap_err().to_string();
        assert!(
            e.contains("moisture 101") && e.contains("0 to 100 %"),
            "{e}"
        );
        assert_eq!(m.climate(), &climate, "a refused layer changes nothing");
    }
}
