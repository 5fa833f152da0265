//! Sittuyin, Burmese chess (shared/rules/sittuyin.md). Pawns start on fixed squares, the other
//! men in hand: a placement phase by drops (`setup=book`: own territory, displacing own pawns,
//! lifts until the first normal move; `setup=fsf`: Fairy-Stockfish's regions; `setup=fixed`: the
//! sample game's arrangement). Pawns promote to a Sit-ke (general) on the long diagonals
//! (`promotion=book|enemyhalf|fsf|falkener`). Stalemating is illegal (`stalemate=illegal-move`)
//! or a draw (`stalemate=draw`).
//!
//! Special moves (kind `Special`): promotions (`from` = pawn, `to` = arrival cell or the pawn's
//! own cell, `aux` = the Sit-ke's cell, `piece` = new type), displacing placements (`from` =
//! none, `to` = the own pawn's cell, `piece` = placed type) and lifts (`from` = `to` = the cell,
//! `piece` = `LIFT`, `aux` = the lifted type).

use super::super::{Entry, OptionDef, Opts};
use crate::cellset::CellSet;
use crate::geometry::{Cell, Geometry, NO_CELL};
use crate::movegen::MoveList;
use crate::moves::{Move, MoveKind};
use crate::piece::{Piece, PieceDef, PieceType, Player};
use crate::position::Position;
use crate::tables::{CANNON, CAPTURE, GRASSHOPPER};
use crate::variant::{GameResult, HookFlags, Outcome, Rules, Variant, VariantBuilder, Verdict};

pub const ENTRY: Entry = Entry {
    id: "sittuyin",
    name: "Burmese Chess (Sittuyin)",
    options: &[
        OptionDef {
            key: "setup",
            values: &["book", "fsf", "fixed"],
        },
        OptionDef {
            key: "promotion",
            values: &["book", "enemyhalf", "fsf", "falkener"],
        },
        OptionDef {
            key: "stalemate",
            values: &["illegal-move", "draw"],
        },
        OptionDef {
            key: "counting",
            values: &["none", "asean"],
        },
    ],
    build,
};

pub const START: &str = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1";
/// `setup=fixed`: the sample game's arrangement.
pub const START_FIXED: &str = "r6r/1ksnn3/1sf1pppp/pppp4/4PPPP/PPPP1FS1/3NNSK1/R6R[] w - - 0 1";

const PAWN: PieceType = 0;
const KNIGHT: PieceType = 1;
const ELEPHANT: PieceType = 2;
const GENERAL: PieceType = 3;
const ROOK: PieceType = 4;
const KING: PieceType = 5;
const LIFT: PieceType = 255;

/// `extra` bit: a normal move has been made (lifting is over).
const PLAYED: u64 = 1;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Setup {
    Book,
    Fsf,
    Fixed,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Promo {
    Book,
    EnemyHalf,
    Fsf,
    Falkener,
}

struct SittuyinRules {
    setup: Setup,
    promo: Promo,
    /// Per player: promotion squares.
    squares: [CellSet; 2],
    /// Per player: territory (book placement).
    territory: [CellSet; 2],
    counting: bool,
}

fn neighbours(geo: &Geometry, c: Cell, diagonal_only: bool) -> impl Iterator<Item = Cell> + '_ {
    (-1..=1)
        .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
        .filter(move |&(dx, dy)| (dx, dy) != (0, 0) && (!diagonal_only || (dx != 0 && dy != 0)))
        .filter_map(move |(dx, dy)| geo.offset(c, dx, dy, 0))
}

/// Does a man of type `t` and `army` standing on `c` attack `target` on the current board?
fn man_attacks(pos: &Position, t: PieceType, army: Player, c: Cell, target: Cell) -> bool {
    let tb = &pos.v.tables;
    for a in tb.atoms(army, t, c) {
        if a.flags & CAPTURE == 0 || a.flags & (CANNON | GRASSHOPPER) != 0 || a.cond != 0 {
            continue;
        }
        let cells = tb.cells(a);
        if a.flags & crate::tables::LEAPS != 0 {
            if cells.contains(&target) {
                return true;
            }
            continue;
        }
        let prefix = a.prefix as usize;
        if cells[..prefix.min(cells.len())]
            .iter()
            .any(|&x| !pos.at(x).is_empty())
        {
            continue;
        }
        for (i, &x) in cells.iter().enumerate().skip(prefix) {
            if x == target {
                if i >= prefix + a.min as usize {
                    return true;
                }
                break;
            }
            if !pos.at(x).is_empty() {
                break;
            }
        }
    }
    false
}

impl SittuyinRules {
    fn in_setup(&self, pos: &Position) -> bool {
        pos.hand_total(0) + pos.hand_total(1) > 0
    }

    /// Promotions of the side to move (its hand is empty).
    fn promotions(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.side;
        let geo = &pos.v.geo;
        let to_type = if self.promo == Promo::Falkener {
            ROOK
        } else {
            GENERAL
        };
        if self.promo != Promo::Falkener && pos.count(us, GENERAL) > 0 {
            return;
        }
        let pawns = pos.cells_of(us, PAWN);
        if self.promo == Promo::Fsf {
            let several = pawns.len() > 1;
            for &from in pawns {
                if several && !self.squares[us as usize].contains(from) {
                    continue;
                }
                let targets = std::iter::once(from)
                    .chain(neighbours(geo, from, true).filter(|&c| pos.at(c).is_empty()));
                for t in targets {
                    // The new general may not attack an enemy man.
                    let attacks = neighbours(geo, t, true).any(|n| {
                        let p = pos.at(n);
                        n != from && !p.is_empty() && p.owner() != us
                    });
                    if !attacks {
                        let mut m = Move::with(from, from, MoveKind::Special, to_type);
                        m.aux = t;
                        out.push(m);
                    }
                }
            }
            return;
        }
        let sq = &self.squares[us as usize];
        for &from in pawns {
            let in_place = sq.contains(from);
            if in_place {
                let targets = std::iter::once(from)
                    .chain(neighbours(geo, from, false).filter(|&c| pos.at(c).is_empty()));
                for t in targets {
                    let mut m = Move::with(from, from, MoveKind::Special, to_type);
                    m.aux = t;
                    out.push(m);
                }
            }
            // On arrival: the pawn's own moves ending on a promotion square.
            let fwd = if us == 0 { 1 } else { -1 };
            for dx in -1..=1 {
                let Some(to) = geo.offset(from, dx, fwd, 0) else {
                    continue;
                };
                let q = pos.at(to);
                let ok = if dx == 0 {
                    q.is_empty()
                } else {
                    !q.is_empty() && q.owner() != us
                };
                if !ok || !sq.contains(to) {
                    continue;
                }
                let capture = !q.is_empty();
                let places = std::iter::once(to).chain(
                    neighbours(geo, to, false).filter(|&c| c == from || pos.at(c).is_empty()),
                );
                for p in places {
                    // The same result as an in-place promotion: generated once, as that.
                    let dup = !capture
                        && in_place
                        && (p == from || neighbours(geo, from, false).any(|n| n == p));
                    if dup {
                        continue;
                    }
                    let mut m = Move::with(from, to, MoveKind::Special, to_type);
                    m.aux = p;
                    out.push(m);
                }
            }
        }
    }

    /// Book setup: placements onto own pawns, and lifts while no normal move has been made.
    fn book_setup_moves(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.side;
        let v = &pos.v;
        if pos.hand_total(us) > 0 {
            for &t in &v.hand_types {
                if t == PAWN || pos.hand(us, t) == 0 {
                    continue;
                }
                for &c in pos.cells_of(us, PAWN) {
                    if self.territory[us as usize].contains(c) {
                        out.push(Move::with(NO_CELL, c, MoveKind::Special, t));
                    }
                }
            }
        } else if pos.st.extra & PLAYED == 0 {
            for t in 0..v.pieces.len() as PieceType {
                if t == PAWN {
                    continue;
                }
                for &c in pos.cells_of(us, t) {
                    let mut m = Move::with(c, c, MoveKind::Special, LIFT);
                    m.aux = t as Cell;
                    out.push(m);
                }
            }
        }
    }

    fn is_promotion(m: &Move) -> bool {
        m.kind == MoveKind::Special && m.piece != LIFT && m.from != NO_CELL
    }

    fn is_placement(m: &Move) -> bool {
        m.kind == MoveKind::Drop || (m.kind == MoveKind::Special && m.from == NO_CELL)
    }

    fn is_lift(m: &Move) -> bool {
        m.kind == MoveKind::Special && m.piece == LIFT
    }
}

impl Rules for SittuyinRules {
    fn extra_moves(&self, pos: &Position, out: &mut MoveList) {
        if self.setup == Setup::Book {
            self.book_setup_moves(pos, out);
        }
        if pos.hand_total(pos.side) == 0 {
            self.promotions(pos, out);
        }
    }

    fn filter_legal(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.side;
        let them = 1 - us;
        let fsf = self.promo == Promo::Fsf;
        let setup_rules = self.setup == Setup::Book && self.in_setup(pos);
        if !(setup_rules || fsf && out.iter().any(Self::is_promotion)) {
            return;
        }
        let kings: Vec<Cell> = pos.cells_of(them, KING).to_vec();
        let opp_hand = pos.hand_total(them) > 0;
        let mut scratch: Option<Position> = None;
        let mut gives_check = |m: Move| {
            let p = scratch.get_or_insert_with(|| pos.clone());
            p.make(m);
            let c = p.in_check();
            p.unmake(m);
            c
        };
        out.retain(|m| {
            let m = *m;
            if fsf && Self::is_promotion(&m) {
                // Fairy-Stockfish: a promotion may not give check (a discovered one included).
                return !kings
                    .iter()
                    .any(|&k| pos.attacked_by_ignoring(k, us, m.from))
                    || !gives_check(m);
            }
            if !setup_rules {
                return true;
            }
            if Self::is_placement(&m) {
                // A placement may not attack the enemy king.
                return !kings
                    .iter()
                    .any(|&k| man_attacks(pos, m.piece, us, m.to, k));
            }
            if Self::is_lift(&m) {
                return true;
            }
            // A normal move may not give check while the opponent still has men in hand.
            !(opp_hand && !kings.is_empty() && gives_check(m))
        });
    }

    fn after_make(&self, pos: &mut Position, m: Move) {
        if pos.st.extra & PLAYED == 0 && !Self::is_placement(&m) && !Self::is_lift(&m) {
            let x = pos.st.extra | PLAYED;
            pos.set_extra(x);
        }
    }

    fn make_special(&self, pos: &mut Position, m: Move) {
        let us = pos.side;
        if Self::is_lift(&m) {
            let p = pos.remove(m.from);
            let n = pos.hand(us, p.kind());
            pos.set_hand(us, p.kind(), n.wrapping_add(1));
        } else if m.from == NO_CELL {
            // Placement onto an own pawn: the pawn goes to the hand.
            pos.remove(m.to);
            let n = pos.hand(us, PAWN);
            pos.set_hand(us, PAWN, n.wrapping_add(1));
            let n = pos.hand(us, m.piece);
            pos.set_hand(us, m.piece, n.wrapping_sub(1));
            pos.put(m.to, Piece::new(m.piece, us, us));
        } else {
            pos.st.mover = pos.at(m.from);
            if m.to != m.from && !pos.at(m.to).is_empty() {
                let cap = pos.remove(m.to);
                pos.st.captured = cap;
            }
            pos.remove(m.from);
            pos.put(m.aux, Piece::new(m.piece, us, us));
            pos.st.halfmove = 0;
        }
    }

    fn unmake_special(&self, pos: &mut Position, m: Move) {
        let us = pos.side;
        if Self::is_lift(&m) {
            let t = m.aux as PieceType;
            let n = pos.hand(us, t);
            pos.set_hand(us, t, n.wrapping_sub(1));
            pos.put(m.from, Piece::new(t, us, us));
        } else if m.from == NO_CELL {
            pos.remove(m.to);
            let n = pos.hand(us, m.piece);
            pos.set_hand(us, m.piece, n.wrapping_add(1));
            let n = pos.hand(us, PAWN);
            pos.set_hand(us, PAWN, n.wrapping_sub(1));
            pos.put(m.to, Piece::new(PAWN, us, us));
        } else {
            pos.remove(m.aux);
            pos.put(m.from, Piece::new(PAWN, us, us));
            let cap = pos.st.captured;
            if !cap.is_empty() {
                pos.put(m.to, cap);
            }
        }
    }

    fn special_name(&self, pos: &Position, m: Move) -> Option<String> {
        let g = &pos.v.geo;
        if Self::is_lift(&m) {
            return Some(format!("@{}", g.name(m.from)));
        }
        if m.from == NO_CELL {
            return Some(format!(
                "{}@{}",
                pos.v.pieces[m.piece as usize].letter,
                g.name(m.to)
            ));
        }
        let letter = pos.v.pieces[m.piece as usize].letter.to_lowercase();
        Some(if m.to == m.from {
            format!("{}{}{}", g.name(m.from), g.name(m.aux), letter)
        } else if m.aux == m.to {
            format!("{}{}{}", g.name(m.from), g.name(m.to), letter)
        } else {
            format!(
                "{}{}{}{}",
                g.name(m.from),
                g.name(m.to),
                letter,
                g.name(m.aux)
            )
        })
    }

    fn outcome(&self, pos: &Position, nlegal: usize) -> Option<Outcome> {
        if nlegal == 0 || self.in_setup(pos) {
            return None;
        }
        // Neither side can mate: a bare king against a bare king or one weak man.
        let weak = |p: Player| {
            let men: Vec<PieceType> = (0..6)
                .filter(|&t| t != KING)
                .flat_map(|t| std::iter::repeat_n(t, pos.count(p, t)))
                .collect();
            men.is_empty()
                || (men.len() == 1
                    && (men[0] == GENERAL
                        || men[0] == KNIGHT
                        || (men[0] == PAWN && self.promo != Promo::Falkener)))
        };
        let bare = |p: Player| (0..6).all(|t| t == KING || pos.count(p, t) == 0);
        if (bare(0) && weak(1)) || (bare(1) && weak(0)) {
            return Some(Outcome {
                result: GameResult::Draw,
                reason: "insufficient material",
            });
        }
        if self.count_left(pos).is_some_and(|left| left <= 0) {
            return Some(Outcome {
                result: GameResult::Draw,
                reason: "counting",
            });
        }
        None
    }

    fn count_left(&self, pos: &Position) -> Option<i32> {
        self.counting.then(|| asean_count_left(pos)).flatten()
    }

    fn fen_parse_extra(&self, pos: &mut Position, _fields: &[&str]) -> Result<(), String> {
        // The FEN cannot say whether a normal move was made: with both hands empty the game is
        // taken to be past the placement phase (no lifting).
        if self.setup == Setup::Book && !self.in_setup(pos) {
            pos.set_extra(PLAYED);
        }
        Ok(())
    }
}

/// ASEAN counting (as Fairy-Stockfish's `sittuyin`): with no pawn on the board and one side
/// reduced to its bare king, the other side must mate within a number of moves set by its men
/// (two Yattahs 3, one Yattah 8, two Sins 22, two Myins 32, one Sin 44, otherwise 64), counted
/// by the halfmove clock (reset by the capture that bared the king). The plies left before the
/// count draws, when one runs.
fn asean_count_left(pos: &Position) -> Option<i32> {
    if pos.count(0, PAWN) + pos.count(1, PAWN) > 0 {
        return None;
    }
    let bare = |p: Player| (0..6).all(|t| t == KING || pos.count(p, t) == 0);
    let strong = match (bare(0), bare(1)) {
        (true, false) => 1,
        (false, true) => 0,
        _ => return None,
    };
    let n = |t: PieceType| pos.count(strong, t);
    let limit = match () {
        _ if n(ROOK) > 1 => 3,
        _ if n(ROOK) == 1 => 8,
        _ if n(ELEPHANT) > 1 => 22,
        _ if n(KNIGHT) > 1 => 32,
        _ if n(ELEPHANT) == 1 => 44,
        _ => 64,
    };
    Some(2 * limit - pos.st.halfmove as i32)
}

fn build(o: &Opts) -> Result<Variant, String> {
    let geo = Geometry::rect(8, 8);
    let mut b = VariantBuilder::new("sittuyin", "Burmese Chess (Sittuyin)", geo.clone());
    let mut pawn = PieceDef::new("ne", "P", "fmWfcF").value(100);
    pawn.resets_clock = true;
    b.piece(pawn);
    b.piece(PieceDef::new("myin", "N", "N").value(300));
    b.piece(PieceDef::new("sin", "S", "FfW").value(250));
    b.piece(PieceDef::new("sit-ke", "F", "F").value(150));
    b.piece(PieceDef::new("yattah", "R", "R").value(500));
    b.piece(PieceDef::new("min-gyi", "K", "K").royal());
    let setup = match o.get("setup") {
        "fsf" => Setup::Fsf,
        "fixed" => Setup::Fixed,
        _ => Setup::Book,
    };
    let promo = match o.get("promotion") {
        "enemyhalf" => Promo::EnemyHalf,
        "fsf" => Promo::Fsf,
        "falkener" => Promo::Falkener,
        _ => Promo::Book,
    };
    b.start(if setup == Setup::Fixed {
        START_FIXED
    } else {
        START
    });
    b.drops(vec![KING, GENERAL, ROOK, ELEPHANT, KNIGHT, PAWN]);
    b.must_drop();
    let cell = |x: i32, y: i32| geo.cell_at(x, y, 0);
    // Regions per player.
    let region = |f: &dyn Fn(i32, i32) -> bool| -> [CellSet; 2] {
        let mut s = [CellSet::EMPTY; 2];
        for x in 0..8 {
            for y in 0..8 {
                if let Some(c) = cell(x, y) {
                    if f(x, y) {
                        s[0].insert(c);
                    }
                    if f(x, 7 - y) {
                        s[1].insert(c);
                    }
                }
            }
        }
        s
    };
    let all = region(&|_, _| true);
    // White: a1-d3 and e1-h4; Black's is the half-turn image (a5-d8 and e6-h8), as the pawns.
    let territory = {
        let mut s = [CellSet::EMPTY; 2];
        for x in 0..8 {
            for y in 0..8 {
                let own = if x < 4 { y <= 2 } else { y <= 3 };
                if let (true, Some(c), Some(r)) = (own, cell(x, y), cell(7 - x, 7 - y)) {
                    s[0].insert(c);
                    s[1].insert(r);
                }
            }
        }
        s
    };
    let fsf_region = region(&|_, y| y <= 2);
    let back = region(&|_, y| y == 0);
    let minus = |a: CellSet, b: CellSet| {
        let mut s = a;
        for c in b.iter() {
            s.remove(c);
        }
        s
    };
    for t in [KING, GENERAL, ROOK, ELEPHANT, KNIGHT, PAWN] {
        for p in 0..2u8 {
            let allowed = match setup {
                Setup::Fsf if t == ROOK => back[p as usize],
                Setup::Fsf => fsf_region[p as usize],
                _ => territory[p as usize],
            };
            b.forbid_drops(t, p, minus(all[p as usize], allowed));
        }
    }
    let diag = region(&|x, y| x == y || x == 7 - y);
    let enemy_half = region(&|x, y| (x == y || x == 7 - y) && y >= 4);
    let squares = match promo {
        Promo::Book | Promo::Falkener => [diag[0], diag[0]],
        _ => enemy_half,
    };
    let e = b.end();
    e.checkmated = Verdict::Loss;
    e.stalemated = Verdict::Draw;
    e.repetition = 3;
    if o.is("stalemate", "illegal-move") {
        e.stalemating_illegal = true;
        e.forced_stalemate_allowed = true;
    }
    let rules = SittuyinRules {
        setup,
        promo,
        squares,
        territory,
        counting: o.is("counting", "asean"),
    };
    let book = setup == Setup::Book;
    b.rules(
        Box::new(rules),
        HookFlags {
            extra_moves: true,
            filter_legal: true,
            after_make: book,
            outcome: true,
            count_left: o.is("counting", "asean"),
            ..Default::default()
        },
    );
    b.build()
}
