//! Madhouse Chess: orthodox chess in which the captor puts the captured man back at once, for its
//! owner, on an empty cell of his choice (a pawn not on its owner's first rank, a bishop on the
//! colour of the cell where it was taken), as part of the capture; the whole move must not leave
//! the captor's king in check. With no such cell the man is removed for good.
//!
//! Every capture with a placement is a `Special` move (`aux` = placement cell, `piece` = the
//! promotion type, or `EP` for en passant), written `e4d5,p@h3` (`e7d8q,r@a1` when promoting). The
//! plain capture (`e4d5`) is legal only when no placement is. Options: `pawnlastrank=forbidden`
//! (no pawn on its owner's last rank either), `promoted=pawn` (promoted men come back as pawns;
//! they are then twin types, and the FEN gets a seventh field listing their cells, `-` if none).

use std::sync::Arc;

use super::super::{Entry, OptionDef, Opts, chess};
use crate::geometry::{Cell, NO_CELL};
use crate::movegen::MoveList;
use crate::moves::{Move, MoveKind};
use crate::piece::{Piece, PieceType};
use crate::position::Position;
use crate::variant::{GameResult, HookFlags, Outcome, Rules, Variant};

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// With `promoted=pawn`: no promoted man yet.
pub const START_PROMOTED_PAWN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";

pub const ENTRY: Entry = Entry {
    id: "madhouse",
    name: "Madhouse Chess",
    options: &[
        OptionDef {
            key: "pawnlastrank",
            values: &["allowed", "forbidden"],
        },
        OptionDef {
            key: "promoted",
            values: &["keep", "pawn"],
        },
    ],
    build,
};

/// `Move::piece` of an en-passant capture with placement.
const EP: PieceType = PieceType::MAX;

struct Madhouse {
    pawn: PieceType,
    bishop: PieceType,
    last_rank_forbidden: bool,
    /// `promoted=pawn`: for each type, its ordinary type if it is a promoted twin (else itself).
    plain_of: Vec<PieceType>,
    promoted_pawn: bool,
    dead: chess::InsufficientMaterial,
}

impl Madhouse {
    /// The man put back for the captured `cap`.
    #[inline]
    fn placed(&self, cap: Piece) -> Piece {
        if self.promoted_pawn && self.plain_of[cap.kind() as usize] != cap.kind() {
            Piece::new(self.pawn, cap.owner(), cap.army())
        } else {
            cap
        }
    }

    /// May `man` be placed on the empty cell `c`, having been captured on `taken`?
    #[inline]
    fn may_place(&self, pos: &Position, man: Piece, c: Cell, taken: Cell) -> bool {
        let g = &pos.v.geo;
        let (x, y, _) = g.coords(c);
        if man.kind() == self.pawn {
            let own_first = if man.owner() == 0 { 0 } else { g.height - 1 };
            let own_last = g.height - 1 - own_first;
            y != own_first && !(self.last_rank_forbidden && y == own_last)
        } else if self.plain_of[man.kind() as usize] == self.bishop {
            let (tx, ty, _) = g.coords(taken);
            (x + y) % 2 == (tx + ty) % 2
        } else {
            true
        }
    }

    /// Does the man on `from` promote on arriving at `to`?
    #[inline]
    fn promotes(pos: &Position, man: Piece, to: Cell) -> bool {
        pos.v.pieces[man.kind() as usize]
            .promotion
            .as_ref()
            .is_some_and(|p| p.zone[man.army() as usize].contains(to))
    }
}

impl Rules for Madhouse {
    /// Adds, for every capture, one move per cell where the captured man may be placed.
    fn extra_moves(&self, pos: &Position, out: &mut MoveList) {
        let n = out.len();
        let g = &pos.v.geo;
        for i in 0..n {
            let m = out[i];
            let (victim, piece) = match m.kind {
                MoveKind::EnPassant => (pos.st.ep_victim, EP),
                MoveKind::Normal | MoveKind::Promotion
                    if m.from != NO_CELL && !pos.at(m.to).is_empty() =>
                {
                    (
                        m.to,
                        if m.kind == MoveKind::Promotion {
                            m.piece
                        } else {
                            0
                        },
                    )
                }
                _ => continue,
            };
            let man = self.placed(pos.at(victim));
            for c in g.cells() {
                let free = c != m.to && (c == m.from || c == victim || pos.at(c).is_empty());
                if free && self.may_place(pos, man, c, victim) {
                    let mut s = Move::with(m.from, m.to, MoveKind::Special, piece);
                    s.aux = c;
                    if out.try_push(s).is_err() {
                        return;
                    }
                }
            }
        }
    }

    /// A capture without placement stays only when no placement of that capture is legal.
    fn filter_legal(&self, pos: &Position, out: &mut MoveList) {
        let mut placed = [0u64; 64];
        let mut any = false;
        for m in out.iter().filter(|m| m.kind == MoveKind::Special) {
            placed[m.from as usize & 63] |= 1 << (m.to & 63);
            any = true;
        }
        if !any {
            return;
        }
        out.retain(|m| {
            let plain_capture = m.kind == MoveKind::EnPassant
                || (matches!(m.kind, MoveKind::Normal | MoveKind::Promotion)
                    && !pos.at(m.to).is_empty());
            !(plain_capture && placed[m.from as usize & 63] >> (m.to & 63) & 1 != 0)
        });
    }

    fn make_special(&self, pos: &mut Position, m: Move) {
        let mover = pos.at(m.from);
        pos.st.mover = mover;
        let victim = if m.piece == EP {
            pos.history().last().map_or(NO_CELL, |s| s.ep_victim)
        } else {
            m.to
        };
        let cap = pos.remove(victim);
        pos.st.captured = cap;
        pos.st.halfmove = 0;
        pos.remove(m.from);
        let arrived = if m.piece != EP && Self::promotes(pos, mover, m.to) {
            Piece::new(m.piece, mover.owner(), mover.army())
        } else {
            mover
        };
        pos.put(m.to, arrived);
        pos.put(m.aux, self.placed(cap));
    }

    fn unmake_special(&self, pos: &mut Position, m: Move) {
        pos.remove(m.aux);
        pos.remove(m.to);
        let (mover, cap) = (pos.st.mover, pos.st.captured);
        pos.put(m.from, mover);
        let victim = if m.piece == EP {
            // The double-stepped pawn stood beside the captor: file of `to`, rank of `from`.
            let g = &pos.v.geo;
            let ((tx, _, _), (_, fy, _)) = (g.coords(m.to), g.coords(m.from));
            g.cell_at(tx as i32, fy as i32, 0).unwrap_or(m.to)
        } else {
            m.to
        };
        pos.put(victim, cap);
    }

    fn special_name(&self, pos: &Position, m: Move) -> Option<String> {
        let v = &pos.v;
        let g = &v.geo;
        let mover = pos.at(m.from);
        let victim = if m.piece == EP {
            pos.st.ep_victim
        } else {
            m.to
        };
        let cap = pos.at(victim);
        if mover.is_empty() || cap.is_empty() {
            return None;
        }
        let promo = if m.piece != EP && Self::promotes(pos, mover, m.to) {
            v.pieces[m.piece as usize].letter.to_lowercase()
        } else {
            String::new()
        };
        let man = self.placed(cap);
        Some(format!(
            "{}{}{promo},{}@{}",
            g.name(m.from),
            g.name(m.to),
            v.pieces[man.kind() as usize].fen_token(man.owner()),
            g.name(m.aux)
        ))
    }

    fn outcome(&self, pos: &Position, nlegal: usize) -> Option<Outcome> {
        (nlegal > 0 && self.dead.is_dead_mapped(pos, |t| self.plain_of[t as usize])).then_some(
            Outcome {
                result: GameResult::Draw,
                reason: "insufficient material",
            },
        )
    }

    fn fen_extra(&self, pos: &Position) -> Option<String> {
        if !self.promoted_pawn {
            return None;
        }
        let v = &pos.v;
        let mut cells: Vec<Cell> = Vec::new();
        for t in 0..v.pieces.len() as PieceType {
            if self.plain_of[t as usize] != t {
                for p in 0..2 {
                    cells.extend_from_slice(pos.cells_of(p, t));
                }
            }
        }
        cells.sort_unstable();
        let s: String = cells.iter().map(|&c| v.geo.name(c)).collect();
        Some(if s.is_empty() { "-".into() } else { s })
    }

    fn fen_parse_extra(&self, pos: &mut Position, fields: &[&str]) -> Result<(), String> {
        if !self.promoted_pawn {
            return Ok(());
        }
        let f = fields.first().copied().unwrap_or("-");
        if f == "-" {
            return Ok(());
        }
        let v = Arc::clone(&pos.v);
        let mut rest = f;
        while !rest.is_empty() {
            let (c, n) = v
                .geo
                .parse_cell_prefix(rest)
                .ok_or_else(|| format!("promoted-men field '{f}': bad cell"))?;
            rest = &rest[n..];
            let p = pos.at(c);
            let twin = (0..v.pieces.len() as PieceType)
                .find(|&t| t != p.kind() && self.plain_of[t as usize] == p.kind())
                .filter(|_| !p.is_empty())
                .ok_or_else(|| {
                    format!(
                        "promoted-men field '{f}': no promotable man on {}",
                        v.geo.name(c)
                    )
                })?;
            pos.remove(c);
            pos.put(c, Piece::new(twin, p.owner(), p.army()));
        }
        Ok(())
    }
}

fn build(o: &Opts) -> Result<Variant, String> {
    let (mut b, army) = chess::fide_builder(ENTRY.id, ENTRY.name);
    let promoted_pawn = o.is("promoted", "pawn");
    let mut plain_of: Vec<PieceType> = (0..6).collect();
    if promoted_pawn {
        // Promoted men are twin types with the same letters, so that they can come back as pawns.
        let mut to = Vec::new();
        for plain in [army.queen, army.rook, army.bishop, army.knight] {
            let mut def = b.piece_mut(plain).clone();
            def.name = format!("promoted {}", def.name);
            let t = b.piece(def);
            plain_of.push(plain);
            to.push(t);
        }
        if let Some(p) = b.piece_mut(army.pawn).promotion.as_mut() {
            p.to = to;
        }
    }
    chess::standard_castling(&mut b);
    b.start(if promoted_pawn {
        START_PROMOTED_PAWN
    } else {
        START
    });
    b.rules(
        Box::new(Madhouse {
            pawn: army.pawn,
            bishop: army.bishop,
            last_rank_forbidden: o.is("pawnlastrank", "forbidden"),
            plain_of,
            promoted_pawn,
            dead: army.insufficient_material(),
        }),
        HookFlags {
            extra_moves: true,
            filter_legal: true,
            outcome: true,
            // The dead-position test looks at material only.
            outcome_blind: true,
            ..Default::default()
        },
    );
    b.build()
}
