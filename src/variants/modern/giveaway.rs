//! Giveaway Chess I: lose all your men to win. No check (the king is an ordinary, capturable man),
//! compulsory capture, promotion to a queen only, stalemate draws. Option `castling=on`: castling
//! on the usual squares without any condition about attacked cells.

use super::super::{Entry, OptionDef, Opts, chess, common};
use super::keep_only_captures;
use crate::geometry::Cell;
use crate::movegen::MoveList;
use crate::moves::{Move, MoveKind};
use crate::piece::PieceType;
use crate::position::Position;
use crate::variant::{GameResult, HookFlags, Outcome, RightDef, Rules, Variant};

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
/// With `castling=on` the start position holds the four castling rights.
pub const START_CASTLING: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

pub const ENTRY: Entry = Entry {
    id: "giveaway",
    name: "Giveaway Chess I",
    options: &[OptionDef {
        key: "castling",
        values: &["off", "on"],
    }],
    build,
};

/// One castling of `castling=on`, made as a `Special` move of the king (`aux` = index).
struct Castling {
    right: usize,
    king_from: Cell,
    king_to: Cell,
    rook_from: Cell,
    rook_to: Cell,
    /// Cells that must be empty: between king and rook, and both destinations.
    empty: Vec<Cell>,
}

struct Giveaway {
    king: PieceType,
    rook: PieceType,
    /// Per player.
    castlings: [Vec<Castling>; 2],
}

impl Rules for Giveaway {
    fn extra_moves(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.side;
        for (i, c) in self.castlings[us as usize].iter().enumerate() {
            if pos.st.rights >> c.right & 1 == 0 {
                continue;
            }
            let (k, r) = (pos.at(c.king_from), pos.at(c.rook_from));
            let ours =
                |p: crate::piece::Piece, t| !p.is_empty() && p.owner() == us && p.kind() == t;
            if !ours(k, self.king)
                || !ours(r, self.rook)
                || c.empty.iter().any(|&x| !pos.at(x).is_empty())
            {
                continue;
            }
            let mut m = Move::with(c.king_from, c.king_to, MoveKind::Special, 0);
            m.aux = i as Cell;
            let _ = out.try_push(m);
        }
    }

    fn filter_legal(&self, pos: &Position, out: &mut MoveList) {
        keep_only_captures(pos, out);
    }

    fn make_special(&self, pos: &mut Position, m: Move) {
        let c = &self.castlings[pos.side as usize][m.aux as usize];
        let king = pos.remove(c.king_from);
        let rook = pos.remove(c.rook_from);
        pos.put(c.king_to, king);
        pos.put(c.rook_to, rook);
        pos.st.mover = king;
    }

    fn unmake_special(&self, pos: &mut Position, m: Move) {
        // Called with the side still set to the mover (unmake restores the side first).
        let c = &self.castlings[pos.side as usize][m.aux as usize];
        let king = pos.remove(c.king_to);
        let rook = pos.remove(c.rook_to);
        pos.put(c.king_from, king);
        pos.put(c.rook_from, rook);
    }

    fn outcome(&self, pos: &Position, _nlegal: usize) -> Option<Outcome> {
        let us = pos.side;
        let them = 1 - us;
        if pos.material_count(us) > 0 {
            return None;
        }
        Some(if pos.material_count(them) == 0 {
            Outcome {
                result: GameResult::Draw,
                reason: "no men left",
            }
        } else {
            Outcome {
                result: GameResult::Win(us),
                reason: "all men lost",
            }
        })
    }
}

fn build(o: &Opts) -> Result<Variant, String> {
    let (mut b, army) = chess::fide_builder(ENTRY.id, ENTRY.name);
    let g = b.geo().clone();
    let k = b.piece_mut(army.king);
    k.royal = false;
    k.value = 300;
    if let Some(p) = b.piece_mut(army.pawn).promotion.as_mut() {
        p.to = vec![army.queen];
    }
    let mut castlings: [Vec<Castling>; 2] = [Vec::new(), Vec::new()];
    let castling = o.is("castling", "on");
    if castling {
        for (player, rank) in [(0u8, 1), (1u8, 8)] {
            for (token, rook, king_to, rook_to) in [("K", 'h', 'g', 'f'), ("Q", 'a', 'c', 'd')] {
                let sq = |f: char| common::cell(&g, &format!("{f}{rank}"));
                let (kf, kt, rf, rt) = (sq('e'), sq(king_to), sq(rook), sq(rook_to));
                let right = b.right(RightDef {
                    token: if player == 0 {
                        token.into()
                    } else {
                        token.to_lowercase()
                    },
                    player,
                    cell: Some(rf),
                    lost_on_touch: vec![kf, rf],
                    lost_on_check: false,
                    field: 2,
                });
                let (lo, hi) = if rook == 'h' { ('f', 'g') } else { ('b', 'd') };
                let empty = (lo..=hi).map(sq).collect();
                castlings[player as usize].push(Castling {
                    right,
                    king_from: kf,
                    king_to: kt,
                    rook_from: rf,
                    rook_to: rt,
                    empty,
                });
            }
        }
    }
    b.start(if castling { START_CASTLING } else { START });
    b.rules(
        Box::new(Giveaway {
            king: army.king,
            rook: army.rook,
            castlings,
        }),
        HookFlags {
            extra_moves: castling,
            filter_legal: true,
            outcome: true,
            ..Default::default()
        },
    );
    b.build()
}
