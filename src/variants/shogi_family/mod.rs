//! Games of this family; each game in its own file. `pieces` holds the shared building blocks.

pub mod pieces;
pub mod shogi;
pub mod tsuishogi;

use super::Entry;

pub static ENTRIES: &[Entry] = &[shogi::ENTRY, tsuishogi::ENTRY];
