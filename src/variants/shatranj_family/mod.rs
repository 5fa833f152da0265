//! The Shatranj family: Shatranj and its medieval relatives (Medieval chess, Chaturanga,
//! Courier chess) and Gollon's great Shatranj forms (Kamil I and II, al-Kabir). Each game in its
//! own file; `frame` holds what they share.

use super::Entry;

pub mod chaturanga;
pub mod courier;
mod courier_squares;
pub mod frame;
pub mod kabir;
pub mod kamil;
pub mod kamil2;
pub mod medieval;
pub mod shatranj;
mod shatranj_squares;

pub static ENTRIES: &[Entry] = &[
    shatranj::ENTRY,
    medieval::ENTRY,
    chaturanga::ENTRY,
    courier::ENTRY,
    kamil::ENTRY,
    kamil2::ENTRY,
    kabir::ENTRY,
];
