//! Korean Chess (`korean`), the book's rules with the errata: palace lines for the line-moving
//! pieces, cannons that neither jump over nor take cannons, the bare general's pass, and the
//! facing-generals rule (a materially-behind player may give a "king check" and thereby
//! forfeits the win; a mate protected only along the generals' file is a draw).

use super::janggi;
use super::palace::{self, KoreanArmy, RepetitionRule};
use crate::geometry::{Cell, NO_CELL};
use crate::movegen::{MoveList, piece_moves};
use crate::moves::{Move, MoveKind};
use crate::outcome::non_royal_count;
use crate::piece::Player;
use crate::position::Position;
use crate::variant::{GameResult, HookFlags, Outcome, Rules, Variant, VariantBuilder, Verdict};
use crate::variants::{Entry, OptionDef, Opts};

pub const START: &str = janggi::START;

pub const ENTRY: Entry = Entry {
    id: "korean",
    name: "Korean Chess",
    options: &[
        OptionDef {
            key: "cannon_takes_cannon",
            values: &["false", "true"],
        },
        OptionDef {
            key: "diagonals",
            values: &["line-movers", "all"],
        },
        OptionDef {
            key: "facing",
            values: &["book", "modern", "never"],
        },
        OptionDef {
            key: "behind",
            values: &["points", "count"],
        },
        OptionDef {
            key: "pass",
            values: &["bare", "any"],
        },
        OptionDef {
            key: "stalemate",
            values: &["loss", "pass", "draw"],
        },
        OptionDef {
            key: "repetition",
            values: &["perpetual-check", "modern", "draw3"],
        },
        OptionDef {
            key: "setup",
            values: &["fixed", "choice"],
        },
        OptionDef {
            key: "soldier_fortress",
            values: &["guard", "forward-only"],
        },
    ],
    build,
};

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Facing {
    Book,
    Modern,
    Never,
}

pub struct Korean {
    pub facing: Facing,
    /// `setup=choice`: each player's first move chooses his horse/elephant arrangement.
    pub setup_choice: bool,
    pub behind_by_count: bool,
    pub pass_any: bool,
    pub stalemate_pass: bool,
    pub repetition: Option<RepetitionRule>,
    pub repetition_illegal: bool,
}

/// A setup move (`setup=choice`): `piece` = 4 + 1 (swap the left wing's horse and elephant)
/// + 2 (swap the right wing's); from = to = the general's cell.
const SETUP: u8 = 4;

fn is_setup(m: Move) -> bool {
    m.kind == MoveKind::Special && m.piece & SETUP != 0
}

/// The back-rank cells of `p`'s left and right wing (horse and elephant cells).
fn wings(pos: &Position, p: Player) -> [(Cell, Cell); 2] {
    let y = if p == 0 {
        0
    } else {
        pos.v.geo.height as i32 - 1
    };
    let c = |x: i32| pos.v.geo.cell_at(x, y, 0).unwrap_or(NO_CELL);
    [(c(1), c(2)), (c(7), c(6))]
}

fn swap(pos: &mut Position, a: Cell, b: Cell) {
    if a == NO_CELL || b == NO_CELL || pos.at(a).is_empty() || pos.at(b).is_empty() {
        return;
    }
    let (pa, pb) = (pos.remove(a), pos.remove(b));
    pos.put(a, pb);
    pos.put(b, pa);
}

fn setup_swaps(pos: &mut Position, m: Move) {
    let owner = pos.at(m.from).owner();
    let w = wings(pos, owner);
    for (i, &(a, b)) in w.iter().enumerate() {
        if m.piece >> i & 1 != 0 {
            swap(pos, a, b);
        }
    }
}

/// `extra` bit `p`: player `p` has given a king check (forfeited the right to win).
fn forfeited(pos: &Position, p: Player) -> bool {
    pos.st.extra >> p & 1 != 0
}

impl Korean {
    /// `setup=choice`: the first turn of each player (move number 1) is his setup choice.
    fn setup_phase(&self, pos: &Position) -> bool {
        self.setup_choice && pos.fullmove == 1
    }

    fn behind(&self, pos: &Position, p: Player) -> bool {
        if self.behind_by_count {
            non_royal_count(pos, p) < non_royal_count(pos, p ^ 1)
        } else {
            palace::points(pos, p) < palace::points(pos, p ^ 1)
        }
    }

    fn may_pass(&self, pos: &Position) -> bool {
        self.pass_any || non_royal_count(pos, pos.side) == 0
    }

    /// Under the book rule: the side to move is checked by a facing general.
    fn facing_check(&self, pos: &Position) -> bool {
        self.facing == Facing::Book && palace::facing(pos)
    }

    /// The move `k` plies ago (1 = the last move).
    fn move_ago(pos: &Position, k: usize) -> Move {
        if k == 1 {
            return pos.st.last;
        }
        let h = pos.history();
        if h.len() + 1 < k {
            return Move::NONE;
        }
        h[h.len() + 1 - k].last
    }

    /// Repeating a move pair (a move and its return, twice) is illegal (Kakao rule).
    fn repeats_pair(pos: &Position, m: Move) -> bool {
        let rev = |a: Move, b: Move| a.from == b.to && a.to == b.from && !a.is_none();
        let (m1, m2, m3, m4) = (
            Self::move_ago(pos, 1),
            Self::move_ago(pos, 2),
            Self::move_ago(pos, 3),
            Self::move_ago(pos, 4),
        );
        !m4.is_none() && m4 == m && rev(m2, m) && rev(m3, m1)
    }

    /// Book rule: the checkmated player could take the mating man with his general, but only
    /// by facing the other general: a draw.
    fn mate_protected_by_file(&self, pos: &Position) -> bool {
        let us = pos.side;
        let k = palace::general(pos, us);
        if k == NO_CELL {
            return false;
        }
        let mut list = MoveList::new();
        piece_moves(pos, k, &mut list);
        let mut p = pos.clone();
        list.iter().any(|&m| {
            if pos.at(m.to).is_empty() || !palace::facing_after(pos, m.from, m.to) {
                return false;
            }
            p.make(m);
            let safe = !p.royal_attacked(us);
            p.unmake(m);
            safe
        })
    }
}

impl Rules for Korean {
    fn extra_moves(&self, pos: &Position, out: &mut MoveList) {
        if self.setup_phase(pos) {
            let k = palace::general(pos, pos.side);
            if k != NO_CELL {
                for bits in 0..4 {
                    out.push(Move::with(k, k, MoveKind::Special, SETUP | bits));
                }
            }
            return;
        }
        if self.may_pass(pos)
            && let Some(p) = palace::pass_move(pos)
        {
            out.push(p);
        }
    }

    fn filter_legal(&self, pos: &Position, out: &mut MoveList) {
        if self.setup_phase(pos) {
            out.retain(|m| is_setup(*m));
            return;
        }
        let us = pos.side;
        match self.facing {
            Facing::Book => {
                let now = palace::facing(pos);
                let allowed = forfeited(pos, us) || self.behind(pos, us);
                out.retain(|m| {
                    if palace::is_pass(*m) {
                        return !now;
                    }
                    let f = palace::facing_after(pos, m.from, m.to);
                    !f || (!now && allowed)
                });
            }
            Facing::Modern => {
                if palace::facing(pos) {
                    janggi::bikjang_filter(pos, out, self.may_pass(pos));
                }
            }
            Facing::Never => {}
        }
        if self.repetition_illegal {
            out.retain(|m| !Self::repeats_pair(pos, *m));
        }
        if self.stalemate_pass
            && out.is_empty()
            && !pos.in_check()
            && !self.facing_check(pos)
            && let Some(p) = palace::pass_move(pos)
        {
            out.push(p);
        }
    }

    fn after_make(&self, pos: &mut Position, _m: Move) {
        if self.facing == Facing::Book {
            let mover = pos.side ^ 1;
            if !forfeited(pos, mover) && palace::facing(pos) {
                let x = pos.st.extra | 1 << mover;
                pos.set_extra(x);
            }
        }
    }

    fn make_special(&self, pos: &mut Position, m: Move) {
        if is_setup(m) {
            setup_swaps(pos, m);
        }
    }

    fn unmake_special(&self, pos: &mut Position, m: Move) {
        if is_setup(m) {
            setup_swaps(pos, m);
        }
    }

    fn special_name(&self, pos: &Position, m: Move) -> Option<String> {
        if !is_setup(m) || m.piece & 3 == 0 {
            return None;
        }
        let g = &pos.v.geo;
        let w = wings(pos, pos.at(m.from).owner());
        let mut s = String::new();
        for (i, &(a, b)) in w.iter().enumerate() {
            if m.piece >> i & 1 != 0 {
                s.push_str(&g.name(a));
                s.push_str(&g.name(b));
            }
        }
        Some(s)
    }

    fn outcome(&self, pos: &Position, nlegal: usize) -> Option<Outcome> {
        let draw = |reason| {
            Some(Outcome {
                result: GameResult::Draw,
                reason,
            })
        };
        let us = pos.side;
        if self.facing == Facing::Modern
            && palace::facing(pos)
            && (nlegal == 0 || palace::is_pass(pos.st.last))
        {
            return draw("bikjang");
        }
        if self.pass_any && palace::double_pass(pos) {
            return draw("double pass");
        }
        if nlegal == 0 {
            let check = pos.in_check();
            if self.facing_check(pos) || (check && forfeited(pos, us ^ 1)) {
                return draw("checkmate after a king check");
            }
            if check && self.facing == Facing::Book && self.mate_protected_by_file(pos) {
                return draw("mate protected only along the file");
            }
            return None;
        }
        self.repetition
            .and_then(|rule| palace::repetition_outcome(pos, 3, rule))
    }
}

fn build(o: &Opts) -> Result<Variant, String> {
    let mut b = VariantBuilder::new("korean", ENTRY.name, palace::board());
    b.drawing(crate::variant::Drawing {
        points: true,
        river: None,
        palaces: vec![(3, 0, 5, 2), (3, 7, 5, 9)],
    });
    let army = KoreanArmy {
        cannon_takes_cannon: o.is("cannon_takes_cannon", "true"),
        diagonals_all: o.is("diagonals", "all"),
        soldier_forward_only: o.is("soldier_fortress", "forward-only"),
    };
    let facing = match o.get("facing") {
        "modern" => Facing::Modern,
        "never" => Facing::Never,
        _ => Facing::Book,
    };
    for mut p in palace::korean_pieces(b.geo(), &army) {
        if facing == Facing::Never && p.royal {
            // Plain Hsang Chi rule: the generals may never face (flying general).
            p.attack_only = "vR".to_string();
        }
        b.piece(p);
    }
    b.start(START);
    let rules = Korean {
        facing,
        setup_choice: o.is("setup", "choice"),
        behind_by_count: o.is("behind", "count"),
        pass_any: o.is("pass", "any"),
        stalemate_pass: o.is("stalemate", "pass"),
        repetition: match o.get("repetition") {
            "perpetual-check" => Some(RepetitionRule::PerpetualCheck),
            _ => None,
        },
        repetition_illegal: o.is("repetition", "modern"),
    };
    let e = b.end();
    e.checkmated = Verdict::Loss;
    e.stalemated = if o.is("stalemate", "draw") {
        Verdict::Draw
    } else {
        Verdict::Loss
    };
    e.repetition = if rules.repetition.is_some() { 0 } else { 3 };
    b.rules(
        Box::new(rules),
        HookFlags {
            extra_moves: true,
            filter_legal: true,
            after_make: facing == Facing::Book,
            outcome: true,
            ..Default::default()
        },
    );
    b.build()
}
