//! Pieces as stored on the board, and the per-variant definition of a piece type.

use crate::cellset::CellSet;

pub type PieceType = u8;
pub type Player = u8;
pub const MAX_PLAYERS: usize = 4;
pub const MAX_TYPES: usize = 64;

/// A man on a cell: type, owner (who moves it now) and army (whose directions it uses; the army
/// differs from the owner only in games where armies change hands). `Piece::EMPTY` is no man.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Piece(u16);

impl Piece {
    pub const EMPTY: Piece = Piece(0);

    #[inline]
    pub fn new(kind: PieceType, owner: Player, army: Player) -> Piece {
        Piece((kind as u16 + 1) | (owner as u16) << 8 | (army as u16) << 10)
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn kind(self) -> PieceType {
        (self.0 & 0xff) as u8 - 1
    }

    #[inline]
    pub fn owner(self) -> Player {
        (self.0 >> 8 & 3) as u8
    }

    #[inline]
    pub fn army(self) -> Player {
        (self.0 >> 10 & 3) as u8
    }

    /// Index for zobrist tables: type, owner and army.
    #[inline]
    pub fn code(self) -> usize {
        self.0 as usize
    }

    pub const CODES: usize = 1 << 12;
}

/// What the `i` (initial) modifier means for a piece type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Initial {
    /// The man stands on one of these cells of its army (pawns: their start ranks).
    Cells(Vec<CellSet>),
    /// No initial moves.
    Never,
}

#[derive(Clone, Debug)]
pub struct Promotion {
    /// Per army: cells where the man promotes on arrival.
    pub zone: Vec<CellSet>,
    /// Types it may become (hooks may narrow the list per move).
    pub to: Vec<PieceType>,
    /// May the man decline promotion? (shogi-style; a move that could never move again is still forced)
    pub optional: bool,
}

/// Moves a man has only while standing on some cells (per army), in Betza notation: e.g. a pawn's
/// backward leap from its last rank, whose length depends on the file.
#[derive(Clone, Debug)]
pub struct ZoneMoves {
    pub cells: Vec<CellSet>,
    pub betza: String,
}

#[derive(Clone, Debug)]
pub struct PieceDef {
    pub name: String,
    /// FEN token, upper case for the first player: "P", "+P" (promoted shogi man).
    pub letter: String,
    pub betza: String,
    pub royal: bool,
    /// Its moves reset the move-count (50-move) clock, as pawns do.
    pub resets_clock: bool,
    /// Multi-step initial moves can be taken en passant, and it captures en passant.
    pub en_passant: bool,
    pub initial: Initial,
    pub promotion: Option<Promotion>,
    /// Further moves available only from given cells.
    pub zone_moves: Vec<ZoneMoves>,
    /// Rough value in centipawns (0 = derive from the move tables).
    pub value: i32,
}

impl PieceDef {
    pub fn new(name: &str, letter: &str, betza: &str) -> PieceDef {
        PieceDef {
            name: name.to_string(),
            letter: letter.to_string(),
            betza: betza.to_string(),
            royal: false,
            resets_clock: false,
            en_passant: false,
            initial: Initial::Never,
            promotion: None,
            zone_moves: Vec::new(),
            value: 0,
        }
    }

    pub fn royal(mut self) -> Self {
        self.royal = true;
        self
    }

    pub fn value(mut self, v: i32) -> Self {
        self.value = v;
        self
    }

    /// The FEN character of this type for `player` (lower case for the second player).
    pub fn fen_token(&self, player: Player) -> String {
        if player == 0 {
            self.letter.clone()
        } else {
            self.letter.to_lowercase()
        }
    }
}
