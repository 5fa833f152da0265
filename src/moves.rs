//! Moves: compact, copyable, able to express drops, castling, en passant, promotions and
//! multi-part moves (a capture that re-places the captured man).

use crate::geometry::{Cell, NO_CELL};
use crate::piece::PieceType;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[repr(u8)]
pub enum MoveKind {
    Normal,
    /// A multi-step that leaves en-passant cells behind.
    Double,
    Promotion,
    EnPassant,
    /// King move of a castling; `aux` holds the castling rule's index.
    Castle,
    /// `piece` from the hand onto `to`.
    Drop,
    /// A capture whose captured man is put back on `aux` (by the captor, for its owner).
    Replace,
    /// Interpreted by the game's own rules.
    Special,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Move {
    pub from: Cell,
    pub to: Cell,
    pub aux: Cell,
    pub kind: MoveKind,
    /// Promotion target, or the dropped type.
    pub piece: PieceType,
}

impl Default for Move {
    fn default() -> Self {
        Move::NONE
    }
}

impl Move {
    pub const NONE: Move = Move {
        from: NO_CELL,
        to: NO_CELL,
        aux: NO_CELL,
        kind: MoveKind::Normal,
        piece: 0,
    };

    #[inline]
    pub fn new(from: Cell, to: Cell) -> Move {
        Move {
            from,
            to,
            aux: NO_CELL,
            kind: MoveKind::Normal,
            piece: 0,
        }
    }

    #[inline]
    pub fn with(from: Cell, to: Cell, kind: MoveKind, piece: PieceType) -> Move {
        Move {
            from,
            to,
            aux: NO_CELL,
            kind,
            piece,
        }
    }

    pub fn is_none(&self) -> bool {
        self.to == NO_CELL
    }
}
