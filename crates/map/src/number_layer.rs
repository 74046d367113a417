//! One whole number per cell, dense by the shape's cell index (two bytes a cell): the form
//! of every numeric layer a map may carry — elevation ([`crate::ElevationLayer`]) and the
//! two climate layers ([`crate::ClimateLayer`]). What a number means, its range and its
//! unit belong to the layer's own module.

/// One `i16` per cell in cell-index order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NumberLayer {
    cells: Vec<i16>,
}

impl NumberLayer {
    /// `len` cells holding 0.
    pub fn new(len: usize) -> Self {
        NumberLayer {
            cells: vec![0; len],
        }
    }

    /// A layer from its values in cell-index order.
    pub fn from_values(cells: Vec<i16>) -> Self {
        NumberLayer { cells }
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True when there are no cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The value at dense index `i` (`None` out of range).
    pub fn get(&self, i: usize) -> Option<i16> {
        self.cells.get(i).copied()
    }

    /// Set the value at `i`; returns the old value. Panics out of range (callers index
    /// through the shape).
    pub fn set(&mut self, i: usize, value: i16) -> i16 {
        std::mem::replace(&mut self.cells[i], value)
    }

    /// The values in cell-index order: for writers and renderers.
    pub fn values(&self) -> &[i16] {
        &self.cells
    }

    /// Heap bytes used.
    pub fn heap_bytes(&self) -> usize {
        self.cells.capacity() * std::mem::size_of::<i16>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layer_reads_back_what_was_set_and_returns_the_old_value() {
        let mut layer = NumberLayer::new(3);
        assert_eq!(layer.values(), &[0, 0, 0]);
        assert_eq!(layer.set(1, -40), 0);
        assert_eq!(layer.set(1, 12), -40);
        assert_eq!(layer.get(1), Some(12));
        assert_eq!(layer.get(3), None);
        assert_eq!(NumberLayer::from_values(vec![5, 6]).len(), 2);
    }
}
