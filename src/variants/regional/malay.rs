//! Malay chess (Main Chator): modern pieces, kings on d1 / e8 with a first-move knight leap or
//! two-cell jump (rights `De`, files of the unmoved kings), the Raja's-pawn second double step
//! (d3 / e6), en passant only for a pawn blocked by an enemy pawn, promotion by a backward leap
//! from the last rank to the master piece of the file, and a discovered mate draws.
//!
//! Promotion forms (`promotion=`): `leap` (default) and `immediate` keep the arrived pawn on the
//! last rank with per-file backward leaps (`ZoneMoves`); `steps` walks back one diagonal step a
//! turn, as a pawn in transit (`B~`, `Q~`); `reverse` turns the pawn round (`U`; turned again on
//! its own first rank it is a pawn without double step, written `P~`). With `immediate`, an a/h
//! pawn that would check on arrival becomes an inert Chemor (`R~`: moves without capturing and
//! attacks nothing until its first move, which makes it a Chemor).

use super::super::{Entry, OptionDef, Opts, common};
use super::helpers::{attacks_with, for_each_attacker, men};
use crate::cellset::CellSet;
use crate::geometry::{Cell, Geometry, NO_CELL};
use crate::movegen::MoveList;
use crate::moves::{Move, MoveKind};
use crate::piece::{Initial, Piece, PieceDef, PieceType, Player, Promotion, ZoneMoves};
use crate::position::Position;
use crate::variant::{GameResult, HookFlags, Outcome, RightDef, Rules, Variant, VariantBuilder};

pub const ENTRY: Entry = Entry {
    id: "malay",
    name: "Malay Chess (Main Chator)",
    options: &[
        OptionDef {
            key: "promotion",
            values: &["leap", "steps", "immediate", "reverse"],
        },
        OptionDef {
            key: "kingleap",
            values: &["leap", "slide", "unchecked", "none"],
        },
        OptionDef {
            key: "discoveredmate",
            values: &["any", "pure"],
        },
        OptionDef {
            key: "bareking",
            values: &["none", "7"],
        },
    ],
    build,
};

/// Backward distance of the promotion leap by file a..h.
const BACK: [i32; 8] = [0, 1, 2, 3, 3, 2, 1, 0];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    Leap,
    Steps,
    Immediate,
    Reverse,
}

#[derive(Clone, Copy)]
struct Types {
    pawn: PieceType,
    knight: PieceType,
    bishop: PieceType,
    rook: PieceType,
    queen: PieceType,
    /// Pawns in transit (`steps`), the inert Chemor (`immediate`), reversed pawns (`reverse`).
    bishop_transit: PieceType,
    queen_transit: PieceType,
    inert_rook: PieceType,
    reversed: PieceType,
    returned: PieceType,
}

const NONE: PieceType = PieceType::MAX;

struct MalayRules {
    t: Types,
    form: Form,
    pure: bool,
    bare7: bool,
    /// Per army, per last-rank cell of files b-g: the landing cells of the backward leap.
    landing: Vec<[[Cell; 2]; 2]>,
    height: u8,
}

impl MalayRules {
    /// Rank index counted from `army`'s side.
    fn rel_rank(&self, pos: &Position, army: Player, c: Cell) -> u8 {
        let (_, y, _) = pos.v.geo.coords(c);
        if army == 0 { y } else { self.height - 1 - y }
    }

    fn file(pos: &Position, c: Cell) -> usize {
        pos.v.geo.coords(c).0 as usize
    }

    /// The piece a pawn becomes by the move that starts on the last rank of `file`.
    fn leap_target(&self, file: usize) -> PieceType {
        let t = self.t;
        match (self.form, BACK[file]) {
            (_, 0) => t.rook,
            (_, 1) => t.knight,
            (Form::Steps, 2) => t.bishop_transit,
            (Form::Steps, _) => t.queen_transit,
            (_, 2) => t.bishop,
            _ => t.queen,
        }
    }

    fn is_pawnish(&self, k: PieceType) -> bool {
        let t = self.t;
        k == t.pawn
            || k == t.bishop_transit
            || k == t.queen_transit
            || k == t.reversed
            || k == t.returned
    }

    fn enemy_royal(pos: &Position, us: Player) -> Cell {
        pos.royals(1 - us).next().unwrap_or(NO_CELL)
    }

    /// Plies since `p` lost its last man (or since the root if it had none there).
    fn plies_bare(pos: &Position, p: Player) -> usize {
        let hist = pos.history();
        let n = hist.len();
        for i in (1..=n).rev() {
            let st = if i == n { &pos.st } else { &hist[i] };
            if !st.captured.is_empty() && st.captured.owner() == p {
                return n - i;
            }
        }
        n
    }
}

impl Rules for MalayRules {
    fn extra_moves(&self, pos: &Position, out: &mut MoveList) {
        // `immediate`: arrival on the last rank (b-g files) and the backward leap in one move,
        // onto an empty cell, the new piece not giving check.
        let us = pos.side;
        let g = &pos.v.geo;
        let fwd = if us == 0 { 1 } else { -1 };
        let king = Self::enemy_royal(pos, us);
        for &from in pos.cells_of(us, self.t.pawn) {
            if self.rel_rank(pos, us, from) as usize + 2 != self.height as usize {
                continue;
            }
            for dx in [0, -1, 1] {
                let Some(arr) = g.offset(from, dx, fwd, 0) else {
                    continue;
                };
                let f = Self::file(pos, arr);
                if BACK[f] == 0 {
                    continue;
                }
                let q = pos.at(arr);
                let ok = if dx == 0 {
                    q.is_empty()
                } else {
                    !q.is_empty() && q.owner() != us
                };
                if !ok {
                    continue;
                }
                let target = self.leap_target(f);
                for &land in &self.landing[arr as usize][us as usize] {
                    if land == NO_CELL || (land != from && !pos.at(land).is_empty()) {
                        continue;
                    }
                    if king != NO_CELL
                        && attacks_with(pos, us, target, land, king, &[from, arr], &[land])
                    {
                        continue;
                    }
                    out.push(Move {
                        from,
                        to: land,
                        aux: arr,
                        kind: MoveKind::Special,
                        piece: target,
                    });
                }
            }
        }
    }

    fn filter_legal(&self, pos: &Position, out: &mut MoveList) {
        // En passant only by a pawn beside the arrived one whose way ahead is blocked by an
        // enemy pawn.
        if pos.st.ep[0] == NO_CELL {
            return;
        }
        let victim = pos.st.ep_victim;
        let g = &pos.v.geo;
        let us = pos.side;
        let fwd = if us == 0 { 1 } else { -1 };
        out.retain(|m| {
            if m.kind != MoveKind::EnPassant {
                return true;
            }
            let (_, fy, _) = g.coords(m.from);
            let (_, vy, _) = g.coords(victim);
            if fy != vy {
                return false;
            }
            match g.offset(m.from, 0, fwd, 0) {
                Some(c) => {
                    let p = pos.at(c);
                    !p.is_empty() && p.owner() != us && self.is_pawnish(p.kind())
                }
                None => false,
            }
        });
    }

    fn allow_promotion(&self, pos: &Position, m: Move) -> bool {
        let p = pos.at(m.from);
        if p.is_empty() || p.kind() != self.t.pawn {
            return true;
        }
        let army = p.army();
        let last = self.height - 1;
        let promo = m.kind == MoveKind::Promotion;
        if self.rel_rank(pos, army, m.from) == last {
            return promo && m.piece == self.leap_target(Self::file(pos, m.from));
        }
        if self.rel_rank(pos, army, m.to) != last {
            return !promo;
        }
        if BACK[Self::file(pos, m.to)] != 0 {
            return !promo;
        }
        if !promo {
            return false;
        }
        if self.form != Form::Immediate {
            return m.piece == self.t.rook;
        }
        // `immediate`: a Chemor that would attack the enemy king on arrival is inert.
        let king = Self::enemy_royal(pos, p.owner());
        let checks =
            king != NO_CELL && attacks_with(pos, army, self.t.rook, m.to, king, &[m.from], &[m.to]);
        m.piece
            == if checks {
                self.t.inert_rook
            } else {
                self.t.rook
            }
    }

    fn make_special(&self, pos: &mut Position, m: Move) {
        let pawn = pos.remove(m.from);
        pos.st.mover = pawn;
        if !pos.at(m.aux).is_empty() {
            pos.st.captured = pos.remove(m.aux);
        }
        pos.put(m.to, Piece::new(m.piece, pawn.owner(), pawn.army()));
        pos.st.halfmove = 0;
    }

    fn unmake_special(&self, pos: &mut Position, m: Move) {
        pos.remove(m.to);
        let cap = pos.st.captured;
        if !cap.is_empty() {
            pos.put(m.aux, cap);
        }
        let pawn = pos.st.mover;
        pos.put(m.from, pawn);
    }

    fn outcome(&self, pos: &Position, nlegal: usize) -> Option<Outcome> {
        let us = pos.side;
        let them = 1 - us;
        let draw = |reason| {
            Some(Outcome {
                result: GameResult::Draw,
                reason,
            })
        };
        if nlegal == 0 {
            if !pos.in_check() {
                return None;
            }
            let last = pos.st.last;
            if last.is_none() || last.kind == MoveKind::Castle {
                return None;
            }
            let k = pos.royals(us).next()?;
            let (mut own, mut other) = (false, false);
            for_each_attacker(pos, k, them, |c| {
                if c == last.to {
                    own = true;
                } else {
                    other = true;
                }
            });
            let discovered = if self.pure { !own } else { other };
            return if discovered {
                draw("discovered mate")
            } else {
                None
            };
        }
        let (mine, theirs) = (men(pos, us), men(pos, them));
        if self.bare7 {
            for (bare, strong) in [(us, theirs), (them, mine)] {
                if men(pos, bare) == 0 && strong > 0 && Self::plies_bare(pos, bare) >= 14 {
                    return draw("bare king not mated in 7 moves");
                }
            }
        }
        // Dead positions: K v K, K+B v K, K+N v K.
        if mine + theirs <= 1 {
            let minor = (0..2).all(|p| {
                (0..pos.v.pieces.len() as PieceType).all(|t| {
                    pos.count(p, t) == 0
                        || pos.v.pieces[t as usize].royal
                        || t == self.t.bishop
                        || t == self.t.knight
                })
            });
            if minor {
                return draw("insufficient material");
            }
        }
        None
    }
}

fn build(o: &Opts) -> Result<Variant, String> {
    let mut b = VariantBuilder::new("malay", "Malay Chess (Main Chator)", Geometry::rect(8, 8));
    let g = b.geo().clone();
    let c = |n: &str| common::cell(&g, n);
    let form = match o.get("promotion") {
        "steps" => Form::Steps,
        "immediate" => Form::Immediate,
        "reverse" => Form::Reverse,
        _ => Form::Leap,
    };
    let kingleap = o.get("kingleap");
    let king_betza = match kingleap {
        "none" => "K",
        "slide" => "K xN xnD",
        _ => "K xN xD",
    };

    let mut pawn_def = common::pawn(&g, "fmW fcF ifmnD", vec![]);
    pawn_def.en_passant = true;
    // Double step from the second rank, and the Raja's pawn again from d3 / e6.
    let mut init = common::ranks_both(&g, 1);
    init[0].insert(c("d3"));
    init[1].insert(c("e6"));
    pawn_def.initial = Initial::Cells(init);
    let pawn = b.piece(pawn_def);
    let knight = b.piece(PieceDef::new("kuda", "N", "N").value(300));
    let bishop = b.piece(PieceDef::new("gaja", "B", "B").value(320));
    let rook = b.piece(PieceDef::new("chemor", "R", "R").value(500));
    let queen = b.piece(PieceDef::new("mantri", "Q", "Q").value(900));
    b.piece(PieceDef::new("raja", "K", king_betza).royal());
    let mut t = Types {
        pawn,
        knight,
        bishop,
        rook,
        queen,
        bishop_transit: NONE,
        queen_transit: NONE,
        inert_rook: NONE,
        reversed: NONE,
        returned: NONE,
    };
    let last = g.height - 1;
    let rank_of = |r: u8| common::ranks_both(&g, r);
    // Last-rank cells of the files with a backward distance `k`, per army.
    let last_cells = |k: i32| -> Vec<CellSet> {
        (0..2u8)
            .map(|army| {
                CellSet::from_iter((0..8usize).filter(|&f| BACK[f] == k).filter_map(|f| {
                    common::rank(&g, army, last)
                        .iter()
                        .find(|&x| g.coords(x).0 as usize == f)
                }))
            })
            .collect()
    };
    let mut landing = vec![[[NO_CELL; 2]; 2]; g.num_cells()];
    let mut zone: Vec<CellSet> = rank_of(last);
    match form {
        Form::Leap | Form::Immediate | Form::Steps => {
            for (k, betza) in [(1, "bF"), (2, "bA"), (3, "bG")] {
                let betza = if form == Form::Steps { "bF" } else { betza };
                let cells = last_cells(k);
                for army in 0..2usize {
                    let dy = if army == 0 { -1 } else { 1 };
                    let steps = if form == Form::Steps { 1 } else { k };
                    for from in cells[army].iter() {
                        for (i, dx) in [-steps, steps].into_iter().enumerate() {
                            if let Some(to) = g.offset(from, dx, dy * steps, 0) {
                                zone[army].insert(to);
                                if form == Form::Immediate {
                                    landing[from as usize][army][i] = to;
                                }
                            }
                        }
                    }
                }
                b.piece_mut(pawn).zone_moves.push(ZoneMoves {
                    cells,
                    betza: betza.to_string(),
                });
            }
            let mut to = vec![rook, knight, bishop, queen];
            if form == Form::Steps {
                let bt = PieceDef::new("gaja in transit", "B~", "bF").value(250);
                let qt = PieceDef::new("mantri in transit", "Q~", "bF").value(400);
                let (mut bt, mut qt) = (bt, qt);
                bt.resets_clock = true;
                qt.resets_clock = true;
                bt.promotion = Some(Promotion {
                    zone: rank_of(last - 2),
                    to: vec![bishop],
                    optional: false,
                });
                qt.promotion = Some(Promotion {
                    zone: rank_of(last - 3),
                    to: vec![queen],
                    optional: false,
                });
                t.bishop_transit = b.piece(bt);
                t.queen_transit = b.piece(qt);
                to = vec![rook, knight, t.bishop_transit, t.queen_transit];
            }
            if form == Form::Immediate {
                let mut ri = PieceDef::new("inert chemor", "R~", "mR").value(450);
                let all: Vec<CellSet> = (0..2).map(|_| CellSet::from_iter(g.cells())).collect();
                ri.promotion = Some(Promotion {
                    zone: all,
                    to: vec![rook],
                    optional: false,
                });
                t.inert_rook = b.piece(ri);
                to.insert(1, t.inert_rook);
            }
            b.piece_mut(pawn).promotion = Some(Promotion {
                zone,
                to,
                optional: true,
            });
        }
        Form::Reverse => {
            let mut u = common::pawn(&g, "bmW bcF", vec![]);
            u.name = "reversed pawn".into();
            u.letter = "U".into();
            u.promotion = Some(Promotion {
                zone: rank_of(0),
                to: vec![],
                optional: false,
            });
            let mut p2 = common::pawn(&g, "fmW fcF", vec![]);
            p2.name = "returned pawn".into();
            p2.letter = "P~".into();
            p2.en_passant = true;
            t.reversed = b.piece(u);
            t.returned = b.piece(p2);
            let (rev, ret) = (t.reversed, t.returned);
            b.piece_mut(rev).promotion.as_mut().unwrap().to = vec![ret];
            b.piece_mut(ret).promotion = Some(Promotion {
                zone: rank_of(last),
                to: vec![rev],
                optional: false,
            });
            b.piece_mut(pawn).promotion = Some(Promotion {
                zone: rank_of(last),
                to: vec![rev],
                optional: false,
            });
        }
    }

    let rights = kingleap != "none";
    if rights {
        for (token, player, cell) in [("D", 0u8, "d1"), ("e", 1, "e8")] {
            b.right(RightDef {
                token: token.to_string(),
                player,
                cell: Some(c(cell)),
                lost_on_touch: vec![c(cell)],
                lost_on_check: kingleap == "unchecked",
                field: 2,
            });
        }
    }
    b.start(if rights {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w De - 0 1"
    } else {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1"
    });
    b.end().nmove = 50;
    let rules = MalayRules {
        t,
        form,
        pure: o.is("discoveredmate", "pure"),
        bare7: o.is("bareking", "7"),
        landing,
        height: g.height,
    };
    let hooks = HookFlags {
        extra_moves: form == Form::Immediate,
        filter_legal: true,
        allow_promotion: form != Form::Reverse,
        outcome: true,
        ..Default::default()
    };
    b.rules(Box::new(rules), hooks);
    b.build()
}
