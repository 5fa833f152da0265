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
    /// Moves available only from given cells whose paths stay within those same cells (palace
    /// lines: a ride stops where it would leave the cells).
    pub inner_moves: Vec<ZoneMoves>,
    /// Per army: the only cells the man may ever enter (empty = anywhere). Destinations outside
    /// are never generated and rides stop at the region's edge (palace, own half of the board).
    pub region: Vec<CellSet>,
    /// Types (bit mask) its hopping moves may not jump over (janggi cannon: no cannon screen).
    pub hop_exclude: u64,
    /// Types (bit mask) its hopping moves may not capture.
    pub hop_spare: u64,
    /// Betza moves that count as attacks for check purposes only and are never played (e.g. a
    /// general attacking along its file: the flying-general rule).
    pub attack_only: String,
    /// Rough value in centipawns (0 = derive from the move tables).
    pub value: i32,
    /// Promotion also when the move starts in the zone (shogi style: entering, inside or leaving).
    pub promotes_from_zone: bool,
    /// With optional promotion: the non-promoting arrival is forbidden on cells from which the man
    /// would have no move at all (shogi pawn/lance on the last rank, knight on the last two).
    pub no_dead_arrival: bool,
    /// Captured, it goes to the capturer's hand as this type (a promoted man reverts); `None`: as
    /// itself. Used where the variant has `captures_to_hand`.
    pub demotes_to: Option<PieceType>,
    /// Drops: at most one man of this type per file for a player (shogi nifu; only this exact
    /// type counts, so promoted men of another type do not).
    pub one_per_file: bool,
    /// Dropping this type may not give immediate checkmate (shogi uchifuzume).
    pub no_drop_mate: bool,
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
            inner_moves: Vec::new(),
            region: Vec::new(),
            hop_exclude: 0,
            hop_spare: 0,
            attack_only: String::new(),
            value: 0,
            promotes_from_zone: false,
            no_dead_arrival: false,
            demotes_to: None,
            one_per_file: false,
            no_drop_mate: false,
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
