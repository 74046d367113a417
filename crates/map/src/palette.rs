//! The terrain palette: the kinds of terrain a map may use, each with an id, name, colour,
//! one-character symbol (for the offset file form), movement cost, sight blocking and tile
//! art.

use std::fmt;
use std::num::NonZeroU16;
use std::str::FromStr;

use super::tile_art::{TileArt, TileArtError};

/// Most terrains one palette may hold.
pub const MAX_TERRAINS: usize = 1024;
/// Longest terrain name, in bytes.
pub const MAX_NAME_LEN: usize = 200;
/// Symbols reserved by the offset file form: `.` is a hole (no cell), `_` an empty cell.
pub const RESERVED_SYMBOLS: [char; 2] = ['.', '_'];

/// The id of a terrain in the palette; never zero (zero means "no terrain" in the layer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TerrainId(pub NonZeroU16);

impl TerrainId {
    /// The id `n`, or `None` for 0.
    pub fn new(n: u16) -> Option<Self> {
        NonZeroU16::new(n).map(TerrainId)
    }

    /// The raw number (≥ 1).
    pub fn get(self) -> u16 {
        self.0.get()
    }
}

impl fmt::Display for TerrainId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// An sRGB colour, written `#rrggbb` in files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub [u8; 3]);

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [r, g, b] = self.0;
        write!(f, "#{r:02x}{g:02x}{b:02x}")
    }
}

impl FromStr for Rgb {
    type Err = String;
    /// Parse `#rrggbb` (case-insensitive).
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("invalid colour '{s}' (expected #rrggbb)");
        let hex = s.strip_prefix('#').ok_or_else(bad)?;
        if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(bad());
        }
        let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).map_err(|_| bad());
        Ok(Rgb([byte(0)?, byte(2)?, byte(4)?]))
    }
}

/// What entering a hex of this terrain costs: points with up to two decimals (hundredths,
/// as every cost of the movement rule), at most [`crate::Cost::MAX`] (one million points,
/// the same limit as edge and path costs), or impassable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveCost {
    /// A finite cost (0 allowed: free movement).
    Cost(crate::Cost),
    /// Cannot be entered.
    Impassable,
}

impl MoveCost {
    /// `n` whole points. Panics over [`crate::Cost::MAX`] (one million): for constants
    /// and tests; files and forms go through [`crate::Cost`]'s checked constructors.
    pub const fn whole(n: u32) -> MoveCost {
        match crate::Cost::whole(n) {
            Some(c) => MoveCost::Cost(c),
            None => panic!("a terrain cost is at most one million points"),
        }
    }

    /// The cost in hundredths of a point, the unit of [`crate::Cost`] and of every
    /// movement search; `None` when impassable.
    pub const fn hundredths(self) -> Option<u32> {
        match self {
            MoveCost::Cost(c) => Some(c.hundredths()),
            MoveCost::Impassable => None,
        }
    }
}

/// One kind of terrain.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Terrain {
    /// Unique id within the palette; what the terrain layer stores.
    pub id: TerrainId,
    /// Human name ("Forest").
    pub name: String,
    /// Fill colour.
    pub color: Rgb,
    /// One character standing for this terrain in offset-form rows; unique in the palette.
    pub symbol: char,
    /// Movement cost.
    pub cost: MoveCost,
    /// True when it blocks line of sight.
    pub blocks_sight: bool,
    /// Images drawn on its hexes (empty: drawn as the colour).
    pub art: TileArt,
}

/// Why a palette is invalid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PaletteError {
    /// Two terrains share an id.
    #[error("terrain id {0} is used twice")]
    DuplicateId(TerrainId),
    /// Two terrains share a symbol.
    #[error("terrain symbol '{0}' is used twice")]
    DuplicateSymbol(char),
    /// A symbol is reserved or not printable.
    #[error(
        "terrain {id}: symbol '{symbol}' is not allowed (reserved '.', '_', whitespace, quotes and control characters)"
    )]
    BadSymbol {
        /// The terrain's id.
        id: TerrainId,
        /// The symbol.
        symbol: char,
    },
    /// Too many terrains.
    #[error("palette has {0} terrains, over the limit of {MAX_TERRAINS}")]
    TooMany(usize),
    /// A name is too long.
    #[error("terrain {0}: name is over {MAX_NAME_LEN} bytes")]
    NameTooLong(TerrainId),
    /// Tile art breaks a limit.
    #[error("terrain {id}: {error}")]
    TileArt {
        /// The terrain's id.
        id: TerrainId,
        /// What is wrong.
        error: TileArtError,
    },
}

/// True for symbols usable in offset rows: printable, not whitespace, not reserved, not a
/// quote or backslash (which would need escaping in a RON string).
pub fn symbol_allowed(c: char) -> bool {
    !c.is_control() && !c.is_whitespace() && !RESERVED_SYMBOLS.contains(&c) && c != '"' && c != '\\'
}

/// The terrains of a map, in display order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Palette {
    terrains: Vec<Terrain>,
    /// Position + 1 in `terrains` by raw id (0: no such terrain), so that [`Palette::get`],
    /// asked per cell and per step, is one load instead of a search. Derived from
    /// `terrains`, so equality and hashing are unchanged by it.
    slot_by_id: Vec<u16>,
}

impl Palette {
    /// A checked palette: ids and symbols unique, symbols allowed, limits kept.
    pub fn new(terrains: Vec<Terrain>) -> Result<Self, PaletteError> {
        if terrains.len() > MAX_TERRAINS {
            return Err(PaletteError::TooMany(terrains.len()));
        }
        for (i, t) in terrains.iter().enumerate() {
            if !symbol_allowed(t.symbol) {
                return Err(PaletteError::BadSymbol {
                    id: t.id,
                    symbol: t.symbol,
                });
            }
            if t.name.len() > MAX_NAME_LEN {
                return Err(PaletteError::NameTooLong(t.id));
            }
            t.art
                .validate()
                .map_err(|error| PaletteError::TileArt { id: t.id, error })?;
            for u in &terrains[..i] {
                if u.id == t.id {
                    return Err(PaletteError::DuplicateId(t.id));
                }
                if u.symbol == t.symbol {
                    return Err(PaletteError::DuplicateSymbol(t.symbol));
                }
            }
        }
        let len = terrains.iter().map(|t| usize::from(t.id.get()) + 1).max();
        let mut slot_by_id = vec![0u16; len.unwrap_or(0)];
        for (i, t) in terrains.iter().enumerate() {
            // At most MAX_TERRAINS (1024) terrains, so i + 1 fits.
            slot_by_id[usize::from(t.id.get())] = (i + 1) as u16;
        }
        Ok(Palette {
            terrains,
            slot_by_id,
        })
    }

    /// A small default palette (sea, grass, forest, hills, mountains) for new maps.
    pub fn standard() -> Self {
        let t = |id: u16, name: &str, color: [u8; 3], symbol, cost, blocks_sight| Terrain {
            id: TerrainId::new(id).expect("non-zero"),
            name: name.to_owned(),
            color: Rgb(color),
            symbol,
            cost,
            blocks_sight,
            art: TileArt::default(),
        };
        Palette::new(vec![
            t(
                1,
                "Sea",
                [0x2a, 0x6f, 0xb0],
                '~',
                MoveCost::Impassable,
                false,
            ),
            t(
                2,
                "Grass",
                [0x8c, 0xc0, 0x5a],
                'g',
                MoveCost::whole(1),
                false,
            ),
            t(
                3,
                "Forest",
                [0x2f, 0x7a, 0x3a],
                'f',
                MoveCost::whole(2),
                true,
            ),
            t(
                4,
                "Hills",
                [0xb8, 0xa0, 0x62],
                'h',
                MoveCost::whole(2),
                false,
            ),
            t(
                5,
                "Mountains",
                [0x8a, 0x84, 0x80],
                'm',
                MoveCost::whole(3),
                true,
            ),
        ])
        .expect("standard palette is valid")
    }

    /// The terrains in order.
    pub fn terrains(&self) -> &[Terrain] {
        &self.terrains
    }

    /// Number of terrains.
    pub fn len(&self) -> usize {
        self.terrains.len()
    }

    /// True when the palette has no terrain.
    pub fn is_empty(&self) -> bool {
        self.terrains.is_empty()
    }

    /// The terrain with this id.
    pub fn get(&self, id: TerrainId) -> Option<&Terrain> {
        let slot = *self.slot_by_id.get(usize::from(id.get()))?;
        self.terrains.get(usize::from(slot).checked_sub(1)?)
    }

    /// The terrain with this symbol.
    pub fn by_symbol(&self, symbol: char) -> Option<&Terrain> {
        self.terrains.iter().find(|t| t.symbol == symbol)
    }

    /// The terrain a person names: its id (`3`) or its name, ignoring case (`forest`).
    /// `hexmap new --fill` reads it this way.
    pub fn by_id_or_name(&self, text: &str) -> Option<&Terrain> {
        let text = text.trim();
        match text.parse::<u16>() {
            Ok(n) => TerrainId::new(n).and_then(|id| self.get(id)),
            Err(_) => self
                .terrains
                .iter()
                .find(|t| t.name.eq_ignore_ascii_case(text)),
        }
    }

    /// The smallest id not yet used (for adding a terrain), or `None` when full.
    pub fn next_free_id(&self) -> Option<TerrainId> {
        (1..=u16::MAX)
            .filter_map(TerrainId::new)
            .find(|id| self.get(*id).is_none())
    }

    /// A table indexed by raw terrain id (0 = empty → `None`): O(1) lookups for renderers
    /// walking [`super::TerrainLayer::raw`].
    pub fn by_raw_id(&self) -> Vec<Option<&Terrain>> {
        let max = self.terrains.iter().map(|t| t.id.get()).max().unwrap_or(0);
        let mut v = vec![None; usize::from(max) + 1];
        for t in &self.terrains {
            v[usize::from(t.id.get())] = Some(t);
        }
        v
    }

    /// A lookup table id → symbol (index = raw id), for fast row writing.
    pub fn symbol_table(&self) -> Vec<Option<char>> {
        let max = self.terrains.iter().map(|t| t.id.get()).max().unwrap_or(0);
        let mut v = vec![None; usize::from(max) + 1];
        for t in &self.terrains {
            v[usize::from(t.id.get())] = Some(t.symbol);
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_parse_and_print() {
        assert_eq!("#1a2B3c".parse::<Rgb>(), Ok(Rgb([0x1a, 0x2b, 0x3c])));
        assert_eq!(Rgb([0x1a, 0x2b, 0x3c]).to_string(), "#1a2b3c");
        for bad in ["1a2b3c", "#1a2b3", "#1a2b3cd", "#gg0000", "#ééé"] {
            assert!(bad.parse::<Rgb>().is_err(), "{bad}");
        }
    }

    /// The id index against a plain search, on sparse ids in shuffled order, ids absent,
    /// id 0's neighbour 1 and the largest id.
    #[test]
    fn get_finds_every_terrain_by_id_and_nothing_else() {
        let ids = [65535u16, 3, 700, 1, 42, 9];
        let terrains: Vec<Terrain> = ids
            .iter()
            .zip("abcdef".chars())
            .map(|(&id, symbol)| {
                let mut t = Palette::standard().terrains()[0].clone();
                t.id = TerrainId::new(id).unwrap();
                t.symbol = symbol;
                t.name = format!("T{id}");
                t
            })
            .collect();
        let p = Palette::new(terrains).unwrap();
        for raw in (1..=u16::MAX).filter(|r| r % 97 == 0 || ids.contains(r) || *r < 50) {
            let id = TerrainId::new(raw).unwrap();
            let want = p.terrains().iter().find(|t| t.id == id);
            assert_eq!(p.get(id), want, "{raw}");
        }
        assert_eq!(p.get(TerrainId::new(700).unwrap()).unwrap().name, "T700");
        assert_eq!(Palette::default().get(TerrainId::new(1).unwrap()), None);
    }

    #[test]
    fn palette_checks() {
        let p = Palette::standard();
        assert_eq!(p.by_symbol('f').unwrap().name, "Forest");
        assert_eq!(p.next_free_id(), TerrainId::new(6));
        let mut ts = p.terrains().to_vec();
        ts[1].symbol = '~';
        assert_eq!(
            Palette::new(ts.clone()),
            Err(PaletteError::DuplicateSymbol('~'))
        );
        ts[1].symbol = '.';
        assert!(matches!(
            Palette::new(ts.clone()),
            Err(PaletteError::BadSymbol { .. })
        ));
        ts[1].symbol = 'g';
        ts[1].id = ts[0].id;
        assert!(matches!(
            Palette::new(ts.clone()),
            Err(PaletteError::DuplicateId(_))
        ));
        ts[1].id = TerrainId::new(2).unwrap();
        ts[2].art.images = vec![String::new()];
        assert_eq!(
            Palette::new(ts).unwrap_err().to_string(),
            "terrain 3: tile image 0 has an empty path"
        );
        assert_eq!(p.by_raw_id()[5].unwrap().name, "Mountains");
        assert!(p.by_raw_id()[0].is_none());
        let table = p.symbol_table();
        assert_eq!(table[3], Some('f'));
        assert_eq!(table[0], None);
    }
}
