//! Games of this family; each game in its own file.

pub mod janggi;
pub mod korean;
pub mod palace;
pub mod xiangqi;

use super::Entry;

pub static ENTRIES: &[Entry] = &[xiangqi::ENTRY, korean::ENTRY, janggi::ENTRY];
