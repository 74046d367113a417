//! Stage 4: rivers as drainage trees, along hexsides. First the height field's closed
//! basins are found by a priority flood ([`depressions`](super::depressions)): the larger
//! become lakes (their surface at the height of their pass), the smaller are filled so
//! water always finds a way down. Then every corner drains to its lowest strictly lower
//! neighbouring corner (a corner's elevation is the mean of the map cells that meet
//! there), a lake passes what flows into it on to its outlet ([`Drainage`]), and the rain
//! of every land cell — more where it is wet — is accumulated downstream. A river runs
//! wherever the flow passes [`STREAM_FLOW`]: tributaries join at confluences, and each
//! side takes the edge type of its flow (Stream, River, Great river). A river stops at
//! the first corner that touches water (sea or lake) or lies on the map's border, so no
//! side it runs along lies between two water cells, and it never rises.

use super::biome::{LAKE, terrain_named};
use super::corners::Corner;
use super::flow::CellFlow;
use super::grid::{Grid, NONE};
use super::hexsides::SideTree;
use super::{GenError, depressions};
use hexmap_hex::Edge;
use hexmap_map::steps::{Pacer, block_on};
use hexmap_map::{Cost, EdgeMove, EdgeType, EdgeTypeId, ElevationLayer, HexMap, LineStyle, Rgb};

/// The flow (rain of land cells, a wet cell's more than a dry one's: see [`rain`]) above
/// which a corner's side down is a river: a Stream.
pub const STREAM_FLOW: f32 = 6.0;
/// The least flow at a river's mouth: a coastal catchment whose gathered rain stays
/// below it forms no channel of its own (except the map's largest river, on a land too
/// small for any other).
pub const MIN_MOUTH_FLOW: f32 = 18.0;
/// The flow above which a side is a River.
pub const RIVER_FLOW: f32 = 60.0;
/// The flow above which a side is a Great river.
pub const GREAT_RIVER_FLOW: f32 = 600.0;

/// The rain a land cell of this moisture (0 to 1) sheds: a quarter even where it is dry.
pub fn rain(moisture: f32) -> f32 {
    0.25 + moisture.clamp(0.0, 1.0)
}

/// How a river's course ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// At a corner touching water.
    Water,
    /// At a corner on the map's border.
    Border,
    /// At a corner of a river laid before it.
    Merge,
    /// At a pit (never on a finished map: basins are lakes or filled).
    Pit,
}

/// One river: its corners from source to mouth, and how it ends.
#[derive(Clone, Debug, PartialEq)]
pub struct Course {
    /// The corners, upstream first.
    pub corners: Vec<Corner>,
    /// How it ends.
    pub end: End,
    /// The flow along each side (rain gathered above it, see [`rain`]), upstream first.
    pub flow: Vec<f32>,
}

impl Course {
    /// The sides it runs along, in order.
    pub fn sides(&self) -> Vec<Edge> {
        self.corners
            .windows(2)
            .map(|w| {
                w[0].neighbours()
                    .into_iter()
                    .find(|(c, _)| *c == w[1])
                    .map(|(_, e)| e)
                    .expect("consecutive corners are neighbours")
            })
            .collect()
    }
}

/// A corner's elevation as six times the mean of its map cells (exact in integers), and
/// how many of its hexes are cells; `None` elevation when the map has no layer.
pub fn corner_height(map: &HexMap, c: Corner) -> (i64, usize) {
    let mut sum = 0i64;
    let mut n = 0usize;
    for h in c.hexes() {
        if let Some(e) = map.elevation(h) {
            sum += i64::from(e);
            n += 1;
        }
    }
    (if n == 0 { 0 } else { sum * 6 / n as i64 }, n)
}

/// What the river stage reads besides the map: its grid, each cell's moisture (where
/// rivers rise) and the world's seed.
#[derive(Clone, Copy)]
pub(crate) struct RiverInputs<'a> {
    /// The map's cells and neighbours.
    pub grid: &'a Grid,
    /// Moisture per cell, 0 to 1.
    pub moisture: &'a [f32],
    /// The world's seed.
    pub seed: u64,
}

/// The courses of the map's rivers, making lakes in its larger closed basins first.
pub fn courses(map: &mut HexMap, moisture: &[f32], seed: u64) -> Result<Vec<Course>, GenError> {
    let grid = Grid::of(map);
    let inputs = RiverInputs {
        grid: &grid,
        moisture,
        seed,
    };
    block_on(courses_in_steps(map, inputs, &mut super::pacer()))
}

/// [`courses`] with its inputs, pausing on `pacer` as it goes.
async fn courses_in_steps(
    map: &mut HexMap,
    RiverInputs {
        grid,
        moisture,
        seed,
    }: RiverInputs<'_>,
    pacer: &mut Pacer,
) -> Result<Vec<Course>, GenError> {
    let Some(layer) = map.elevation_layer() else {
        return Ok(Vec::new());
    };
    let mut height = layer.values().to_vec();
    let mut water = super::water_cells(map);
    roughen(grid, &mut height, &water, seed, pacer).await;
    let level = depressions::levels(grid, &height, &water, pacer).await;
    if let Some(t) = terrain_named(map.palette(), LAKE) {
        for basin in depressions::lakes(grid, &height, &level, pacer).await {
            for i in basin {
                water[i] = true;
                // A lake's surface lies at the height of its pass.
                height[i] = level[i].clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
                map.set_terrain_index(i, Some(t));
            }
        }
    }
    depressions::fill(grid, &mut height, &water, pacer).await;
    let lakes = super::drainage::lake_cells_in_steps(map, &water, pacer).await;
    let sea: Vec<bool> = water.iter().zip(&lakes).map(|(w, l)| *w && !l).collect();
    let mut cells = CellFlow::of(grid, &height, &sea, pacer).await;
    let rain: Vec<f32> = (0..grid.len())
        .map(|i| rain(moisture.get(i).copied().unwrap_or(0.5)))
        .collect();
    let land: Vec<bool> = water.iter().map(|w| !w).collect();
    let flow =
        super::merge::join_side_by_side(&mut cells, grid, (&land, &rain), STREAM_FLOW, pacer).await;
    map.set_elevation_layer(Some(ElevationLayer::from_values(height.clone())))?;
    let mut tree = SideTree::of(map, grid, (&cells, &flow), (&water, STREAM_FLOW), pacer).await;
    super::run_join::join_runs(map, &mut tree, &water, pacer).await;
    let failing = super::descent::make_rivers_descend(map, &tree, (&mut height, &sea), pacer).await;
    map.set_elevation_layer(Some(ElevationLayer::from_values(height)))?;
    // A river above a side that would rise is not laid.
    let mut cut = failing;
    for &c in &tree.downstream_first {
        pacer.tick(1).await;
        let r = tree.receiver[c as usize];
        if r != NONE && cut[r as usize] {
            cut[c as usize] = true;
        }
    }
    Ok(trace_rivers(map, &tree, &cut, &water, pacer).await)
}

/// The courses of the rivers of `tree` (leaving out the `cut` corners): from each source
/// (a corner with no river above it), largest flow at the mouth first, down to water,
/// the border or a river laid before. Pauses on `pacer` (a corner a unit).
async fn trace_rivers(
    map: &HexMap,
    tree: &SideTree,
    cut: &[bool],
    water: &[bool],
    pacer: &mut Pacer,
) -> Vec<Course> {
    let n = tree.corners.len();
    let river = |c: usize| !cut[c] && tree.receiver[c] != NONE;
    let below = |c: usize| tree.receiver[c] as usize;
    let mut fed = vec![false; n];
    for c in (0..n).filter(|&c| river(c)) {
        fed[below(c)] = true;
    }
    // The flow at the mouth of the river through each corner, downstream corners first.
    let mut mouth_flow = vec![0.0f32; n];
    for &c in &tree.downstream_first {
        pacer.tick(1).await;
        let c = c as usize;
        if river(c) {
            let r = below(c);
            mouth_flow[c] = if river(r) {
                mouth_flow[r]
            } else {
                tree.flow[c]
            };
        }
    }
    let mut sources: Vec<(f32, usize)> = (0..n)
        .filter(|&c| river(c) && !fed[c])
        .map(|c| (mouth_flow[c], c))
        .collect();
    // The largest river is laid even on a land too small for any other.
    let largest = sources.iter().map(|s| s.0).fold(0.0f32, f32::max);
    sources.retain(|&(f, _)| f >= MIN_MOUTH_FLOW.min(largest));
    sources.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut laid = vec![false; n];
    let mut out = Vec::with_capacity(sources.len());
    for (_, source) in sources {
        let mut at = source;
        let mut corners = vec![tree.corners[at]];
        let mut flows = Vec::new();
        let end = loop {
            pacer.tick(1).await;
            let merged = corners.len() > 1 && laid[at];
            laid[at] = true;
            if merged {
                break End::Merge;
            }
            if !river(at) {
                let c = tree.corners[at];
                let wet = |h| map.shape().index_of(h).is_some_and(|i| water[i]);
                break if c.hexes().into_iter().any(wet) {
                    End::Water
                } else if corner_height(map, c).1 < 3 {
                    End::Border
                } else {
                    End::Pit
                };
            }
            flows.push(tree.flow[at]);
            at = below(at);
            corners.push(tree.corners[at]);
        };
        out.push(Course {
            corners,
            end,
            flow: flows,
        });
    }
    out
}

/// The most a cell's land is raised or lowered by [`roughen`], in metres.
pub const ROUGHNESS: f64 = 300.0;

/// Seeded noise at the scale of a few hexes added to the land's height (never below 1 m):
/// the small hollows and spurs that make water running down a smooth slope gather into
/// valleys that meander and join, instead of running side by side to the sea.
async fn roughen(grid: &Grid, height: &mut [i16], water: &[bool], seed: u64, pacer: &mut Pacer) {
    let noise = super::noise::ValueNoise::new(super::stage_seed(seed, 8));
    for i in 0..grid.len() {
        pacer.tick(1).await;
        if water[i] || height[i] <= 0 {
            continue;
        }
        let (x, y) = grid.pos[i];
        let n = noise.fbm(x * 0.08, y * 0.08, 5);
        let h = f64::from(height[i]) + n * ROUGHNESS;
        height[i] = h.round().clamp(1.0, f64::from(i16::MAX)) as i16;
    }
}

/// The river edge type: the edge palette's type named "River".
pub fn river_type(map: &HexMap) -> Result<EdgeTypeId, GenError> {
    super::required_type(
        map.edge_palette().named("river").map(|t| t.id),
        "edge",
        "River",
    )
}

/// The edge types rivers are laid with, smallest first: Stream, River and Great river
/// (a map without a Stream type lays its small rivers as River; a Great river type is
/// added to its edge palette when it has none and room for one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RiverTypes {
    /// Sides of flow from [`STREAM_FLOW`].
    pub stream: EdgeTypeId,
    /// Sides of flow from [`RIVER_FLOW`].
    pub river: EdgeTypeId,
    /// Sides of flow from [`GREAT_RIVER_FLOW`].
    pub great: EdgeTypeId,
}

/// The name of the edge type of the largest rivers.
pub const GREAT_RIVER: &str = "Great river";

impl RiverTypes {
    /// The map's river types, adding a Great river to its edge palette if it has none.
    pub fn of(map: &mut HexMap) -> Result<RiverTypes, GenError> {
        let river = river_type(map)?;
        let palette = map.edge_palette();
        let stream = palette.named("stream").map_or(river, |t| t.id);
        let great = match palette.named(GREAT_RIVER) {
            Some(t) => t.id,
            None => match palette.next_free_id() {
                Some(id) => {
                    let mut types = palette.types().to_vec();
                    types.push(EdgeType {
                        id,
                        name: GREAT_RIVER.to_owned(),
                        color: Rgb([0x1c, 0x55, 0xb0]),
                        width: 0.26,
                        style: LineStyle::Solid,
                        movement: EdgeMove::Extra(Cost::whole(3).expect("small")),
                        blocks_sight: false,
                    });
                    let grown = hexmap_map::EdgePalette::new(types)
                        .expect("a free id and a new name keep the palette valid");
                    map.set_edge_palette(grown);
                    id
                }
                None => river,
            },
        };
        Ok(RiverTypes {
            stream,
            river,
            great,
        })
    }

    /// The type of a side with this flow.
    pub fn for_flow(&self, flow: f32) -> EdgeTypeId {
        if flow >= GREAT_RIVER_FLOW {
            self.great
        } else if flow >= RIVER_FLOW {
            self.river
        } else {
            self.stream
        }
    }

    /// True for any of the three.
    pub fn contains(&self, kind: EdgeTypeId) -> bool {
        [self.stream, self.river, self.great].contains(&kind)
    }
}

/// Lay the rivers: remove the map's Stream, River and Great river edges, then add the
/// sides of every course, each of the type its flow calls for.
pub fn rivers(map: &mut HexMap, moisture: &[f32], seed: u64) -> Result<Vec<Course>, GenError> {
    let grid = Grid::of(map);
    let inputs = RiverInputs {
        grid: &grid,
        moisture,
        seed,
    };
    block_on(rivers_in_steps(map, inputs, &mut super::pacer()))
}

/// [`rivers`] with its inputs, pausing on `pacer` as it goes.
pub(crate) async fn rivers_in_steps(
    map: &mut HexMap,
    inputs: RiverInputs<'_>,
    pacer: &mut Pacer,
) -> Result<Vec<Course>, GenError> {
    let types = RiverTypes::of(map)?;
    let old: Vec<Edge> = map
        .edges()
        .filter(|&(_, k)| types.contains(k))
        .map(|(e, _)| e)
        .collect();
    for e in old {
        map.set_edge(e, None)?;
    }
    let mut courses = courses_in_steps(map, inputs, pacer).await?;
    super::estuary::make_estuaries(map, &mut courses, pacer).await;
    super::run_end::end_runs_left(map, &mut courses, pacer).await;
    for c in &courses {
        for (side, &flow) in c.sides().into_iter().zip(&c.flow) {
            map.set_edge(side, Some(types.for_flow(flow)))?;
        }
        pacer.tick(c.corners.len() as u64).await;
    }
    Ok(courses)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::{OffsetCoord, OffsetKind, Orientation};
    use hexmap_map::{MapProperties, MapShape};

    /// A 40 × 24 land falling west to a sea in the first two columns, with a bowl 1,400 m
    /// deep (still above sea level) round (26, 12): rivers run west, and those that reach
    /// the bowl fill it.
    fn valley_with_a_bowl() -> HexMap {
        let kind = OffsetKind::OddR;
        let shape = MapShape::rectangle(kind, 40, 24).unwrap();
        let props = MapProperties::new("bowl".to_owned(), Orientation::Pointy);
        let mut map = HexMap::new(props, shape, crate::biome::generated_palette()).unwrap();
        let centre = kind.to_hex(OffsetCoord::new(26, 12));
        let values = map
            .shape()
            .iter()
            .map(|h| {
                let col = kind.from_hex(h).col;
                if col < 2 {
                    return -500;
                }
                let slope = 100 + 80 * col as i16;
                if h.distance(centre) <= 4 {
                    slope - 1400
                } else {
                    slope
                }
            })
            .collect();
        map.set_elevation_layer(Some(ElevationLayer::from_values(values)))
            .unwrap();
        map
    }

    #[test]
    fn rivers_fill_a_closed_basin_with_a_lake_and_leave_it_by_an_outlet() {
        let mut map = valley_with_a_bowl();
        let moisture = vec![1.0; map.cell_count()];
        let courses = rivers(&mut map, &moisture, 4).unwrap();
        let lake = terrain_named(map.palette(), LAKE).unwrap();
        let is_lake = |h| map.terrain(h) == Some(lake);
        let lake_cells = map.shape().iter().filter(|&h| is_lake(h)).count();
        assert!(lake_cells >= depressions::LAKE_MIN_CELLS, "{lake_cells}");
        let touches_lake = |c: &Corner| c.hexes().into_iter().any(is_lake);
        // Rivers run into the lake, and one leaves it: it starts on the lake's shore and
        // runs on to the sea.
        assert!(
            courses
                .iter()
                .any(|c| c.end == End::Water && touches_lake(c.corners.last().unwrap()))
        );
        let outlet = courses
            .iter()
            .find(|c| touches_lake(&c.corners[0]))
            .expect("an outlet river");
        assert!(!outlet.corners[1..].iter().all(touches_lake));
        for c in &courses {
            for w in c.corners.windows(2) {
                assert!(corner_height(&map, w[1]).0 < corner_height(&map, w[0]).0);
            }
            assert_ne!(c.end, End::Pit);
        }
        // Everything above the outlet drains through it: the largest rivers reach the sea
        // wide, and the outlet's flow holds the lake's basin.
        let great = map.edge_palette().named(GREAT_RIVER).unwrap().id;
        let widest = courses
            .iter()
            .flat_map(|c| &c.flow)
            .fold(0.0f32, |a, &b| a.max(b));
        assert!(outlet.flow[0] > 40.0, "{:?}", outlet.flow);
        assert_eq!(
            map.edges().any(|(_, k)| k == great),
            widest >= GREAT_RIVER_FLOW
        );
    }
}
