//! Shatranj Kamil II (Gollon, ch. 7): 10x10 Shatranj with two Dabbabahs (non-royal king-movers);
//! a Baidaq reaching the last rank becomes a Firzan only if its owner has none, otherwise it is
//! taken off the board as part of the move. Stalemate loses; no bare-Shah rule.

use super::frame;
use crate::geometry::Geometry;
use crate::movegen::MoveList;
use crate::moves::{Move, MoveKind};
use crate::piece::{PieceDef, PieceType};
use crate::position::Position;
use crate::variant::{HookFlags, Rules, Variant, VariantBuilder, Verdict};
use crate::variants::{Entry, OptionDef, Opts};

pub const START: &str = "rnemkfmenr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/RNEMKFMENR w - - 0 1";
pub const START_RANK2: &str =
    "rnemkfmenr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNEMKFMENR w - - 0 1";

pub const ENTRY: Entry = Entry {
    id: "kamil2",
    name: "Shatranj Kamil II",
    options: &[
        OptionDef {
            key: "arrangement",
            values: &["rank3", "rank2"],
        },
        OptionDef {
            key: "surplus",
            values: &["removed", "opponent-turn"],
        },
        OptionDef {
            key: "nmove",
            values: &["0", "70"],
        },
    ],
    build,
};

struct Kamil2 {
    pawn: PieceType,
    firzan: PieceType,
    /// `surplus=opponent-turn`: the surplus Baidaq stays on the last rank until the opponent's
    /// next turn, which consists only of removing it.
    opponent_turn: bool,
}

/// Special moves: a surplus Baidaq's arrival on the last rank (`from != to`), and with
/// `surplus=opponent-turn` the opponent's removal of it (`from == to`, written `e1e1`).
impl Rules for Kamil2 {
    fn extra_moves(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.side;
        let them = 1 - us;
        if self.opponent_turn {
            for &c in pos.cells_of(them, self.pawn) {
                if frame::on_last_rank(pos, them, c) {
                    let _ = out.try_push(Move::with(c, c, MoveKind::Special, 0));
                }
            }
        }
        if pos.count(us, self.firzan) == 0 {
            return;
        }
        let v = &*pos.v;
        for &from in pos.cells_of(us, self.pawn) {
            let Some(ahead) = v.geo.offset(from, 0, if us == 0 { 1 } else { -1 }, 0) else {
                continue;
            };
            if !frame::on_last_rank(pos, us, ahead) {
                continue;
            }
            for dx in [-1, 0, 1] {
                let Some(to) = v.geo.offset(ahead, dx, 0, 0) else {
                    continue;
                };
                let q = pos.at(to);
                if (dx == 0 && q.is_empty()) || (dx != 0 && !q.is_empty() && q.owner() != us) {
                    let _ = out.try_push(Move::with(from, to, MoveKind::Special, 0));
                }
            }
        }
    }

    fn filter_legal(&self, pos: &Position, out: &mut MoveList) {
        if out
            .iter()
            .any(|m| m.kind == MoveKind::Special && m.from == m.to)
        {
            out.retain(|m| m.kind == MoveKind::Special && m.from == m.to);
        } else {
            // A pending removal that would leave the remover in check: his turn has no move.
            let them = 1 - pos.side;
            if pos
                .cells_of(them, self.pawn)
                .iter()
                .any(|&c| frame::on_last_rank(pos, them, c))
            {
                out.clear();
            }
        }
    }

    fn allow_promotion(&self, pos: &Position, _m: Move) -> bool {
        pos.count(pos.side, self.firzan) == 0
    }

    fn make_special(&self, pos: &mut Position, m: Move) {
        pos.st.halfmove = 0;
        if m.from == m.to {
            pos.st.captured = pos.remove(m.to);
            return;
        }
        if !pos.at(m.to).is_empty() {
            pos.st.captured = pos.remove(m.to);
        }
        let pawn = pos.remove(m.from);
        pos.st.mover = pawn;
        if self.opponent_turn {
            pos.put(m.to, pawn);
        }
    }

    fn unmake_special(&self, pos: &mut Position, m: Move) {
        if m.from == m.to {
            let p = pos.st.captured;
            pos.put(m.to, p);
            return;
        }
        if self.opponent_turn {
            pos.remove(m.to);
        }
        let pawn = pos.st.mover;
        pos.put(m.from, pawn);
        let cap = pos.st.captured;
        if !cap.is_empty() {
            pos.put(m.to, cap);
        }
    }
}

fn build(o: &Opts) -> Result<Variant, String> {
    let mut b = VariantBuilder::new("kamil2", "Shatranj Kamil II", Geometry::rect(10, 10));
    let g = b.geo().clone();
    let pawn = b.piece(frame::baidaq(&g, vec![]));
    b.piece(frame::faras());
    b.piece(frame::fil("E"));
    b.piece(PieceDef::new("dabbabah", "M", "K").value(300));
    b.piece(frame::rukh());
    let firzan = b.piece(frame::firzan("F"));
    b.piece(frame::shah());
    b.piece_mut(pawn).promotion = frame::baidaq(&g, vec![firzan]).promotion;
    b.start(if o.is("arrangement", "rank2") {
        START_RANK2
    } else {
        START
    });
    let e = b.end();
    e.stalemated = Verdict::Loss;
    e.nmove = o.num("nmove", 0);
    e.repetition = 3;
    let opponent_turn = o.is("surplus", "opponent-turn");
    b.rules(
        Box::new(Kamil2 {
            pawn,
            firzan,
            opponent_turn,
        }),
        HookFlags {
            extra_moves: true,
            filter_legal: opponent_turn,
            allow_promotion: true,
            ..Default::default()
        },
    );
    b.build()
}
