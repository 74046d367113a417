//! Map content that says where things are: icons on hexes and free place-name
//! labels at world points, with the one validation the loaders and the edits call, how the
//! map reads and sets them (`access`) and their edits and undo (`edit`).

mod access;
pub(crate) mod edit;
pub mod icon_layer;
pub mod icons;
pub mod labels;

pub use icon_layer::{IconId, IconLayer, PlacedIcon, complete_ids};
pub use icons::{
    BuiltinIcon, Icon, IconError, IconSource, MAX_CAPTION_LEN, MAX_ICON_SCALE, MAX_ICONS_PER_HEX,
    MAX_IMAGE_PATH_LEN, MIN_ICON_SCALE, validate_icons,
};
pub use labels::{
    Label, LabelError, LabelId, Labels, MAX_LABEL_COORD, MAX_LABEL_LEN, MAX_LABEL_SIZE, MAX_LABELS,
    MIN_LABEL_SIZE,
};
