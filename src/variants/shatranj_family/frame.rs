//! What the Shatranj family shares: the old pieces, the Baidaq, and the end-rule options.

use crate::geometry::{Cell, Geometry};
use crate::piece::{PieceDef, PieceType, Player};
use crate::position::Position;
use crate::variant::{BareKing, Verdict};
use crate::variants::common;

/// The Baidaq: one step forward onto an empty cell, captures one step diagonally forward; no
/// double step, no en passant. Promotes on the far rank to `to` (compulsory).
pub fn baidaq(geo: &Geometry, to: Vec<PieceType>) -> PieceDef {
    common::pawn(geo, "fmWfcF", to)
}

pub fn shah() -> PieceDef {
    PieceDef::new("shah", "K", "K").royal()
}

pub fn firzan(letter: &str) -> PieceDef {
    PieceDef::new("firzan", letter, "F").value(150)
}

pub fn fil(letter: &str) -> PieceDef {
    PieceDef::new("fil", letter, "A").value(130)
}

pub fn faras() -> PieceDef {
    PieceDef::new("faras", "N", "N").value(300)
}

pub fn rukh() -> PieceDef {
    PieceDef::new("rukh", "R", "R").value(500)
}

/// `bareking=` option value as the core's rule.
pub fn bare_king(value: &str) -> BareKing {
    match value {
        "shatranj" => BareKing::Shatranj,
        "immediate" => BareKing::Immediate,
        "draw" => BareKing::Draw,
        _ => BareKing::Off,
    }
}

/// `stalemate=` option value: the stalemated player's result.
pub fn stalemate(value: &str) -> Verdict {
    match value {
        "win" => Verdict::Win,
        "draw" => Verdict::Draw,
        _ => Verdict::Loss,
    }
}

/// Is `c` on the far (promotion) rank of `army`?
#[inline]
pub fn on_last_rank(pos: &Position, army: Player, c: Cell) -> bool {
    let g = &pos.v.geo;
    let y = g.coords(c).1;
    if army == 0 { y + 1 == g.height } else { y == 0 }
}

/// The file (0 = a) of a cell.
#[inline]
pub fn file_of(pos: &Position, c: Cell) -> u8 {
    pos.v.geo.coords(c).0
}
