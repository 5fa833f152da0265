//! Tsui Shogi / Intermediate Japanese Chess (spec shared/rules/tsuishogi.md): the book's Chu
//! Shogi, 12x12, with drops by default.
//!
//! - Pieces are table-driven (Betza); each promoted form is a type of its own (`+X`), reverting to
//!   its unpromoted type in the capturer's hand.
//! - `rules=chu` adds the standard lion powers as special moves (`MoveKind::Special`: `from`, the
//!   first step's cell in `aux`, the final cell in `to`, the type taken on the first step in
//!   `piece`, or [`PASS`]): a Lion's double capture / capture-and-step, igui (capture without
//!   moving), pass; the Soaring Eagle's and Horned Falcon's line-limited forms. Written as the three
//!   cells `f5f6f7` (igui and pass: `f5f6f5`). The Lion-trading rules are a legal-move filter.
//! - Crown Prince (`prince=successor`): King and Crown Prince are both royal, and the core's
//!   `Variant::sole_royal` makes check rules apply only to a side with exactly one royal man.

use super::super::{Entry, OptionDef, Opts};
use super::pieces::{camp, forbid_last_ranks, promoted, repetition_outcome, set_promotion};
use crate::cellset::CellSet;
use crate::geometry::{Cell, Geometry, NO_CELL};
use crate::movegen::MoveList;
use crate::moves::{Move, MoveKind};
use crate::piece::{Piece, PieceDef, PieceType, Player};
use crate::position::Position;
use crate::variant::{
    BareKing, GameResult, HookFlags, Outcome, Rules, Variant, VariantBuilder, Verdict,
};

/// `Move::piece` of a special move whose first step goes to an empty cell (a pass).
pub const PASS: PieceType = 0xff;

pub const START_BOOK: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4x3/12/12/3X4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL[] w - - 0 1";
pub const START_CHU: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL[] w - - 0 1";

pub const ENTRY: Entry = Entry {
    id: "tsuishogi",
    name: "Tsui Shogi (Chu Shogi with drops)",
    options: &[
        OptionDef {
            key: "rules",
            values: &["book", "chu"],
        },
        OptionDef {
            key: "arrangement",
            values: &["book", "chu"],
        },
        OptionDef {
            key: "drops",
            values: &["on", "off"],
        },
        OptionDef {
            key: "promotion",
            values: &["book", "chu"],
        },
        OptionDef {
            key: "prince",
            values: &["successor", "plain"],
        },
        OptionDef {
            key: "booklion",
            values: &["lines", "ring"],
        },
        OptionDef {
            key: "stalemate",
            values: &["loss", "illegal-move", "draw"],
        },
        OptionDef {
            key: "repetition",
            values: &["sennichite", "draw3"],
        },
        OptionDef {
            key: "bareking",
            values: &["off", "none", "shatranj"],
        },
    ],
    build,
};

/// Unpromoted types, in this order (also the hand order in FENs).
pub const KING: PieceType = 0;
pub const ELEPHANT: PieceType = 1;
pub const GOLD: PieceType = 2;
pub const SILVER: PieceType = 3;
pub const COPPER: PieceType = 4;
pub const LEOPARD: PieceType = 5;
pub const LANCE: PieceType = 6;
pub const KIRIN: PieceType = 7;
pub const PHOENIX: PieceType = 8;
pub const TIGER: PieceType = 9;
pub const BISHOP: PieceType = 10;
pub const REVERSE: PieceType = 11;
pub const LION: PieceType = 12;
pub const FREE_KING: PieceType = 13;
pub const DRAGON: PieceType = 14;
pub const HORSE: PieceType = 15;
pub const ROOK: PieceType = 16;
pub const VERTICAL: PieceType = 17;
pub const SIDE: PieceType = 18;
pub const GO_BETWEEN: PieceType = 19;
pub const PAWN: PieceType = 20;
/// Number of unpromoted types; promoted forms follow in the order of [`PROMOTED`].
pub const NBASE: usize = 21;

/// (name, letter, book moves, standard Chu moves).
const BASE: [(&str, &str, &str, &str); NBASE] = [
    ("king", "K", "K", "K"),
    ("drunk elephant", "E", "FsfW", "FsfW"),
    ("gold general", "G", "WfF", "WfF"),
    ("silver general", "S", "FfW", "FfW"),
    ("copper general", "C", "vWfF", "vWfF"),
    ("horrible panther", "F", "FvW", "FvW"),
    ("spearman", "L", "fR", "fR"),
    ("unicorn", "O", "FD", "FD"),
    ("phoenix", "X", "WA", "WA"),
    ("blind tiger", "T", "FsbW", "FsbW"),
    ("diagonal mover", "B", "B", "B"),
    ("retreating chariot", "A", "vR", "vR"),
    ("lion", "N", "cKAD", "KNAD"),
    ("fleeing king", "Q", "vR", "Q"),
    ("dragon king", "D", "RF", "RF"),
    ("dragon horse", "H", "BW", "BW"),
    ("flying chariot", "R", "R", "R"),
    ("straight-goer", "V", "vRsW", "vRsW"),
    ("sideways-goer", "M", "sRvW", "sRvW"),
    ("adjutant", "I", "vW", "vW"),
    ("foot soldier", "P", "fW", "fW"),
];

/// Promoted forms: (unpromoted type, name, book moves, standard Chu moves).
const PROMOTED: [(PieceType, &str, &str, &str); 18] = [
    (ELEPHANT, "crown prince", "K", "K"),
    (GOLD, "flying chariot (promoted)", "R", "R"),
    (SILVER, "straight-goer (promoted)", "vRsW", "vRsW"),
    (COPPER, "sideways-goer (promoted)", "sRvW", "sRvW"),
    (LEOPARD, "diagonal mover (promoted)", "B", "B"),
    (LANCE, "white horse", "vRfB", "vRfB"),
    (KIRIN, "lion (promoted)", "cKAD", "KNAD"),
    (PHOENIX, "fleeing king (promoted)", "vR", "Q"),
    (TIGER, "flying stag", "FsWvR", "FsWvR"),
    (BISHOP, "dragon horse (promoted)", "BW", "BW"),
    (REVERSE, "whale", "vRbB", "vRbB"),
    (DRAGON, "flying eagle", "RbBfA", "RbBfFfA"),
    (HORSE, "horned falcon", "BsRvD", "BsRbRfWfD"),
    (ROOK, "dragon king (promoted)", "RF", "RF"),
    (VERTICAL, "flying ox", "B", "BvR"),
    (SIDE, "flying pig", "BsR", "BsR"),
    (GO_BETWEEN, "drunk elephant (promoted)", "FsfW", "FsfW"),
    (PAWN, "gold general (promoted)", "WfF", "WfF"),
];

const _: () = assert!(
    PROMOTED[0].0 == ELEPHANT
        && PROMOTED[6].0 == KIRIN
        && PROMOTED[11].0 == DRAGON
        && PROMOTED[12].0 == HORSE
);
pub const PRINCE: PieceType = NBASE as PieceType; // +E
pub const PROMOTED_KIRIN: PieceType = NBASE as PieceType + 6; // +O, a Lion
pub const EAGLE: PieceType = NBASE as PieceType + 11; // +D
pub const FALCON: PieceType = NBASE as PieceType + 12; // +H

struct Tsui {
    /// `rules=chu`: lion powers and Lion trading.
    chu: bool,
    /// `promotion=chu`.
    promo_chu: bool,
    /// `prince=successor`.
    successor: bool,
    /// `repetition=sennichite` (fourth occurrence, perpetual check loses); else `draw3`.
    sennichite: bool,
    /// Per army: promotion zone and last rank.
    zone: [CellSet; 2],
    last: [CellSet; 2],
    /// Per cell: the 8 neighbours (`NO_CELL` off the board), in the order of [`DIRS`].
    adj: Vec<[Cell; 8]>,
}

const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
/// Indices in [`DIRS`] of the Soaring Eagle's and Horned Falcon's lion lines, for army 0 and 1.
const EAGLE_DIRS: [[usize; 2]; 2] = [[1, 7], [3, 5]];
const FALCON_DIRS: [[usize; 1]; 2] = [[0], [4]];

#[inline]
fn is_lion(t: PieceType) -> bool {
    t == LION || t == PROMOTED_KIRIN
}

impl Tsui {
    #[inline]
    fn step(&self, c: Cell, d: usize) -> Cell {
        self.adj[c as usize][d]
    }

    /// Lion-power moves of the man on `from` along the directions `dirs`: capture on the first
    /// step, then a second step (`full`: in any direction; else straight on) or back (igui); and one
    /// pass if some first step is empty.
    fn lion_moves(
        &self,
        pos: &Position,
        from: Cell,
        dirs: &[usize],
        full: bool,
        out: &mut MoveList,
    ) {
        let us = pos.side;
        let mut pass = NO_CELL;
        for &d in dirs {
            let a = self.step(from, d);
            if a == NO_CELL {
                continue;
            }
            let q = pos.at(a);
            if q.is_empty() {
                if pass == NO_CELL {
                    pass = a;
                }
                continue;
            }
            if q.owner() == us {
                continue;
            }
            let special = |to: Cell| Move {
                from,
                to,
                aux: a,
                kind: MoveKind::Special,
                piece: q.kind(),
            };
            // igui
            let _ = out.try_push(special(from));
            let mut second = |b: Cell| {
                if b != NO_CELL && b != from {
                    let r = pos.at(b);
                    if r.is_empty() || r.owner() != us {
                        let _ = out.try_push(special(b));
                    }
                }
            };
            if full {
                for d2 in 0..8 {
                    second(self.step(a, d2));
                }
            } else {
                second(self.step(a, d));
            }
        }
        if pass != NO_CELL {
            let _ = out.try_push(Move {
                from,
                to: from,
                aux: pass,
                kind: MoveKind::Special,
                piece: PASS,
            });
        }
    }

    /// Is `x` attacked by `by` once the cells `gone` are empty?
    fn attacked_vacating(pos: &Position, x: Cell, by: Player, gone: [Cell; 2]) -> bool {
        let t = &pos.v.tables;
        let occupied = |c: Cell| !gone.contains(&c) && !pos.at(c).is_empty();
        let army = by;
        for &(src, mask) in t.leaps_to(army, x) {
            let p = pos.at(src);
            if occupied(src) && p.owner() == by && mask >> p.kind() & 1 != 0 {
                return true;
            }
        }
        for r in t.rays_to(army, x) {
            for &c in &t.path[r.start as usize..r.start as usize + r.len as usize] {
                if occupied(c) {
                    let p = pos.at(c);
                    if p.owner() == by && r.mask >> p.kind() & 1 != 0 {
                        return true;
                    }
                    break;
                }
            }
        }
        for e in t.paths_to(army, x) {
            let p = pos.at(e.src);
            if !occupied(e.src) || p.owner() != by || p.kind() != e.kind {
                continue;
            }
            let cells = &t.path[e.start as usize..e.start as usize + e.len as usize];
            if !cells.iter().any(|&c| occupied(c)) {
                return true;
            }
        }
        false
    }

    /// Lion trading (`rules=chu`): may the legal move `m` be played?
    fn lion_trade_ok(&self, pos: &Position, m: Move, counterstrike: bool) -> bool {
        if m.kind == MoveKind::Drop || m.from == NO_CELL {
            return true;
        }
        let us = pos.side;
        let mover = pos.at(m.from);
        let to_victim = if m.to != m.from {
            pos.at(m.to)
        } else {
            Piece::EMPTY
        };
        let to_lion = !to_victim.is_empty() && to_victim.owner() != us && is_lion(to_victim.kind());
        let mid = if m.kind == MoveKind::Special && m.piece != PASS {
            Some(m.piece)
        } else {
            None
        };
        let mid_lion = mid.is_some_and(is_lion);
        if !is_lion(mover.kind()) {
            // (ii) no Lion taken by a non-Lion right after a Lion was so taken.
            return !(counterstrike && (to_lion || mid_lion));
        }
        if !to_lion {
            return true;
        }
        let g = &pos.v.geo;
        let (fx, fy, _) = g.coords(m.from);
        let (tx, ty, _) = g.coords(m.to);
        let dist = (fx as i32 - tx as i32)
            .abs()
            .max((fy as i32 - ty as i32).abs());
        if dist <= 1 {
            return true;
        }
        // (i) a non-adjacent protected Lion only together with a worthy first-step capture.
        if let Some(k) = mid
            && k != PAWN
            && k != GO_BETWEEN
        {
            return true;
        }
        let gone = [m.from, if mid.is_some() { m.aux } else { NO_CELL }];
        !Self::attacked_vacating(pos, m.to, 1 - us, gone)
    }

    /// Did the last move take a Lion with a non-Lion?
    fn counterstrike(pos: &Position) -> bool {
        let last = pos.st.last;
        if last.is_none() || last.kind == MoveKind::Drop {
            return false;
        }
        let mover = pos.st.mover;
        if mover.is_empty() || is_lion(mover.kind()) {
            return false;
        }
        let cap = pos.st.captured;
        (!cap.is_empty() && is_lion(cap.kind()))
            || (last.kind == MoveKind::Special && last.piece != PASS && is_lion(last.piece))
    }
}

impl Rules for Tsui {
    fn extra_moves(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.side;
        for t in [LION, PROMOTED_KIRIN] {
            for &from in pos.cells_of(us, t) {
                self.lion_moves(pos, from, &[0, 1, 2, 3, 4, 5, 6, 7], true, out);
            }
        }
        let army = us as usize & 1;
        for &from in pos.cells_of(us, EAGLE) {
            self.lion_moves(pos, from, &EAGLE_DIRS[army], false, out);
        }
        for &from in pos.cells_of(us, FALCON) {
            self.lion_moves(pos, from, &FALCON_DIRS[army], false, out);
        }
    }

    fn filter_legal(&self, pos: &Position, out: &mut MoveList) {
        if self.chu {
            let cs = Self::counterstrike(pos);
            out.retain(|m| self.lion_trade_ok(pos, *m, cs));
        }
    }

    fn allow_promotion(&self, pos: &Position, m: Move) -> bool {
        if !self.promo_chu || m.kind != MoveKind::Promotion {
            return true;
        }
        let p = pos.at(m.from);
        if p.is_empty() {
            return true;
        }
        let army = p.army() as usize & 1;
        let (fz, tz) = (
            self.zone[army].contains(m.from),
            self.zone[army].contains(m.to),
        );
        if !fz && tz {
            return true;
        }
        let capture = !pos.at(m.to).is_empty();
        if capture && (fz || tz) {
            return true;
        }
        (p.kind() == PAWN || p.kind() == LANCE) && self.last[army].contains(m.to)
    }

    fn outcome(&self, pos: &Position, nlegal: usize) -> Option<Outcome> {
        let us = pos.side;
        let them = 1 - us;
        if self.successor && pos.royal_count(us) == 0 {
            return Some(Outcome {
                result: GameResult::Win(them),
                reason: "royal pieces captured",
            });
        }
        if nlegal == 0 {
            return None; // mate and stalemate first
        }
        repetition_outcome(pos, if self.sennichite { 4 } else { 3 }, self.sennichite)
    }

    fn make_special(&self, pos: &mut Position, m: Move) {
        let us = pos.side;
        let mover = pos.at(m.from);
        pos.st.mover = mover;
        let to_hand = pos.v.captures_to_hand;
        if m.piece != PASS {
            let cap = pos.remove(m.aux);
            pos.st.halfmove = 0;
            if to_hand {
                let k = pos.hand_kind(cap);
                let n = pos.hand(us, k);
                pos.set_hand(us, k, n.wrapping_add(1));
            }
        }
        if m.to != m.from {
            if !pos.at(m.to).is_empty() {
                let cap = pos.remove(m.to);
                pos.st.captured = cap;
                pos.st.halfmove = 0;
                if to_hand {
                    let k = pos.hand_kind(cap);
                    let n = pos.hand(us, k);
                    pos.set_hand(us, k, n.wrapping_add(1));
                }
            }
            pos.remove(m.from);
            pos.put(m.to, mover);
        }
    }

    fn unmake_special(&self, pos: &mut Position, m: Move) {
        let us = pos.side;
        let them = 1 - us;
        let to_hand = pos.v.captures_to_hand;
        if m.to != m.from {
            let mover = pos.remove(m.to);
            pos.put(m.from, mover);
            let cap = pos.st.captured;
            if !cap.is_empty() {
                pos.put(m.to, cap);
                if to_hand {
                    let k = pos.hand_kind(cap);
                    let n = pos.hand(us, k);
                    pos.set_hand(us, k, n.wrapping_sub(1));
                }
            }
        }
        if m.piece != PASS {
            let cap = Piece::new(m.piece, them, them);
            pos.put(m.aux, cap);
            if to_hand {
                let k = pos.hand_kind(cap);
                let n = pos.hand(us, k);
                pos.set_hand(us, k, n.wrapping_sub(1));
            }
        }
    }

    fn special_name(&self, pos: &Position, m: Move) -> Option<String> {
        let g = &pos.v.geo;
        Some(format!(
            "{}{}{}",
            g.name(m.from),
            g.name(m.aux),
            g.name(m.to)
        ))
    }
}

fn build(o: &Opts) -> Result<Variant, String> {
    let chu = o.is("rules", "chu");
    let drops = !o.is("drops", "off");
    let successor = !o.is("prince", "plain");
    let ring = o.is("booklion", "ring");
    let geo = Geometry::rect(12, 12);
    let mut b = VariantBuilder::new("tsuishogi", ENTRY.name, geo);
    let g = b.geo().clone();
    let zone = camp(&g, 4);
    let last = camp(&g, 1);
    let moves = |book: &str, chu_moves: &str| -> String {
        if chu {
            chu_moves.to_string()
        } else if book == "cKAD" && ring {
            "cKNAD".to_string()
        } else {
            book.to_string()
        }
    };
    for (i, &(name, letter, book, cm)) in BASE.iter().enumerate() {
        let mut p = PieceDef::new(name, letter, &moves(book, cm));
        if i as PieceType == KING {
            p = p.royal();
        }
        if i as PieceType == PAWN {
            p.one_per_file = true;
            p.no_drop_mate = true;
        }
        b.piece(p);
    }
    for &(base, name, book, cm) in PROMOTED.iter() {
        let letter = format!("+{}", BASE[base as usize].1);
        let mut p = promoted(name, &letter, &moves(book, cm), base);
        if base == ELEPHANT && successor {
            p = p.royal();
        }
        let t = b.piece(p);
        set_promotion(&mut b, base, t, zone.clone());
    }
    if drops {
        b.drops((1..NBASE as PieceType).collect());
        b.captures_to_hand();
        forbid_last_ranks(&mut b, PAWN, 1);
        forbid_last_ranks(&mut b, LANCE, 1);
    }
    b.start(if o.is("arrangement", "chu") {
        START_CHU
    } else {
        START_BOOK
    });
    let sennichite = !o.is("repetition", "draw3");
    {
        let e = b.end();
        e.checkmated = Verdict::Loss;
        // `illegal-move`: a stalemating move is illegal; with no other move the mover is
        // left without a move and loses.
        e.stalemated = if o.is("stalemate", "draw") {
            Verdict::Draw
        } else {
            Verdict::Loss
        };
        e.stalemating_illegal = o.is("stalemate", "illegal-move");
        e.forced_stalemate_allowed = false;
        e.nmove = 0;
        e.repetition = 0; // by the hook, over the whole history
        e.bare_king = if o.is("bareking", "shatranj") {
            BareKing::Shatranj
        } else {
            BareKing::Off
        };
    }
    let mut adj = vec![[NO_CELL; 8]; g.num_cells()];
    for c in g.cells() {
        for (d, &(dx, dy)) in DIRS.iter().enumerate() {
            adj[c as usize][d] = g.offset(c, dx, dy, 0).unwrap_or(NO_CELL);
        }
    }
    let rules = Tsui {
        chu,
        promo_chu: o.is("promotion", "chu"),
        successor,
        sennichite,
        zone: [zone[0], zone[1]],
        last: [last[0], last[1]],
        adj,
    };
    let hooks = HookFlags {
        extra_moves: chu,
        filter_legal: chu,
        allow_promotion: rules.promo_chu,
        outcome: true,
        ..Default::default()
    };
    b.rules(Box::new(rules), hooks);
    if successor {
        b.sole_royal();
    }
    let mut v = b.build()?;
    // `drops=off`: the hand stays in the FEN, always empty.
    v.hands_in_fen = true;
    Ok(v)
}
