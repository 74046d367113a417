//! The icons and note captions of the open map drawn past their hex ([`Spill`]), worked
//! out again only when the document changes, for the chunks that must draw them again.

use super::doc::Doc;
use crate::draw::spill::Spill;

/// The map's spill, kept for one document revision.
#[derive(Default)]
pub struct SpillView {
    /// The revision `spill` was made for.
    revision: Option<u64>,
    spill: Spill,
}

impl SpillView {
    /// The spill of `doc`'s map in its layout, made again if the document changed.
    pub fn get(&mut self, doc: &Doc) -> &Spill {
        if self.revision != Some(doc.revision()) {
            self.spill = Spill::of(doc.map(), &doc.layout());
            self.revision = Some(doc.revision());
        }
        &self.spill
    }
}
