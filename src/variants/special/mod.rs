//! Games of this family; each game in its own file.

use super::Entry;

pub mod chess3d;
pub mod husun;
pub mod jetan;
pub mod timur;
pub mod toto40;

pub mod cuarenta;
pub mod oblong;
pub mod round;
pub mod torus;

pub static ENTRIES: &[Entry] = &[
    husun::ENTRY,
    timur::ENTRY,
    jetan::ENTRY,
    chess3d::ENTRY,
    toto40::ENTRY,
    torus::ENTRY,
    round::ENTRY,
    round::ENTRY_CITADEL,
    oblong::ENTRY,
    cuarenta::ENTRY,
];
