//! Games of this family; each game in its own file.

pub mod diwanashah;
pub mod helpers;
pub mod malay;
pub mod sittuyin;
pub mod thai;

use super::Entry;

pub static ENTRIES: &[Entry] = &[
    thai::ENTRY,
    malay::ENTRY,
    diwanashah::ENTRY,
    sittuyin::ENTRY,
];
