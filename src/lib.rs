//! chatrang: a table-driven engine for many chess-like games.

pub mod betza;
pub mod cellset;
pub mod eval;
pub mod fen;
pub mod geometry;
pub mod masks;
pub mod matchrun;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod piece;
#[cfg(test)]
pub(crate) mod playout;
pub mod position;
pub mod render;
pub mod search;
pub mod sfen;
pub mod tables;
pub mod train;
pub mod tune;
pub mod uci;
pub mod usi;
pub mod variant;
pub mod variants;
pub mod zobrist;
