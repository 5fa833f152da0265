//! Games of this family; each game in its own file.

use super::Entry;

pub static ENTRIES: &[Entry] = &[];
