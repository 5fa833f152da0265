//! Jetan (Martian Chess), book rules (spec `jetan.md`).
//!
//! Most men move along *walks*: exactly `n` single steps (orthogonal and/or diagonal), all cells
//! of the walk distinct (option `revisit=on`: cells may repeat, the walk must not end where it
//! started). A non-leaping man needs every intermediate cell empty; a leaping one ignores them.
//! A move is a destination: it is generated once however many walks reach it. The walk tables
//! (per type and cell: destinations, each with the alternative sets of cells that must be empty)
//! are built once per variant in this file; moves come from the `extra_moves` hook (the Panthan,
//! a plain stepper, uses the ordinary Betza tables).
//!
//! No check (no royal men). Win by taking the enemy Princess (any man) or the enemy Chieftain
//! (with the Chieftain); a Chieftain taken by anything else draws (`odwarrule=on`: an Odwar's
//! capture does not draw, the Chieftain is just gone). The Princess's one-time escape (rights
//! `P`/`p`) is a `Special` move written `c9f1e`. The equal-material endgame counter (rule 7)
//! is the FEN's halfmove field: plies since the condition first held (0 while it does not).
//!
//! Once a Princess or a Chieftain has been taken decisively the game is over and no moves are
//! generated; the endgame-counter draw is an adjudication (`outcome`), as move-count rules are.

use super::super::{Entry, OptionDef, Opts};
use crate::geometry::{Cell, Geometry, NO_CELL};
use crate::movegen::MoveList;
use crate::moves::{Move, MoveKind};
use crate::piece::{PieceDef, PieceType, Player};
use crate::position::Position;
use crate::variant::{
    GameResult, HookFlags, Outcome, RightDef, Rules, Variant, VariantBuilder, Verdict,
};

pub const ENTRY: Entry = Entry {
    id: "jetan",
    name: "Jetan (Martian Chess)",
    options: &[
        OptionDef {
            key: "endgame",
            values: &["values", "sametypes"],
        },
        OptionDef {
            key: "escape",
            values: &["path", "line"],
        },
        OptionDef {
            key: "first",
            values: &["orange", "black"],
        },
        OptionDef {
            key: "odwar",
            values: &["leaps", "step"],
        },
        OptionDef {
            key: "odwarrule",
            values: &["off", "on"],
        },
        OptionDef {
            key: "panthan",
            values: &["book", "nobackdiagonal"],
        },
        OptionDef {
            key: "princess-safe",
            values: &["off", "on"],
        },
        OptionDef {
            key: "revisit",
            values: &["off", "on"],
        },
        OptionDef {
            key: "thoat",
            values: &["either", "orthfirst", "leap"],
        },
    ],
    build,
};

pub const START: &str = "wldopcodlw/tmmmmmmmmt/10/10/10/10/10/10/TMMMMMMMMT/WLDOCPODLW w Pp - 0 1";

// Piece types, in build order.
const CHIEFTAIN: PieceType = 0;
const PRINCESS: PieceType = 1;
const ODWAR: PieceType = 2;
// then Dwar 3, Padwar 4, Than 5, Thoat 6, Panthan 7.
const NTYPES: usize = 8;
/// Burroughs' insignia values, by type (rule 7).
const VALUES: [u32; NTYPES] = [10, 1, 3, 3, 2, 2, 2, 1];

const ORTH: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const KING: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// How a walk piece moves: alternative leg patterns (each leg: the allowed steps), whether it
/// leaps, and whether it captures.
struct WalkDef {
    patterns: Vec<Vec<&'static [(i32, i32)]>>,
    leaping: bool,
    capture: bool,
    /// Only destinations at a knight's displacement (the Thoat).
    knight_only: bool,
}

/// One destination of a walk piece from one cell: `alts[start..start+n]` are the alternative
/// sets of cells that must be empty (`NO_CELL` = unused slot); `n == 0`: always reachable.
#[derive(Clone, Copy)]
struct Dest {
    to: Cell,
    start: u32,
    n: u16,
}

/// Per (type, cell): destinations of the walk pieces.
#[derive(Default)]
pub struct WalkTable {
    ncells: usize,
    idx: Vec<u32>,
    dests: Vec<Dest>,
    alts: Vec<[Cell; 2]>,
}

impl WalkTable {
    fn build(geo: &Geometry, defs: &[Option<WalkDef>], revisit: bool) -> WalkTable {
        let n = geo.num_cells();
        let mut t = WalkTable {
            ncells: n,
            ..Default::default()
        };
        for def in defs {
            for cell in 0..n as Cell {
                t.idx.push(t.dests.len() as u32);
                let Some(def) = def else { continue };
                if !geo.exists(cell) {
                    continue;
                }
                // destination -> blocker sets (sorted, NO_CELL padded)
                let mut found: Vec<(Cell, Vec<[Cell; 2]>)> = Vec::new();
                for pat in &def.patterns {
                    let mut path = vec![cell];
                    enumerate(geo, pat, revisit, &mut path, &mut |p: &[Cell]| {
                        let to = *p.last().unwrap();
                        if to == cell {
                            return;
                        }
                        if def.knight_only {
                            let (ax, ay, _) = geo.coords(cell);
                            let (bx, by, _) = geo.coords(to);
                            let (dx, dy) = (ax.abs_diff(bx), ay.abs_diff(by));
                            if !matches!((dx, dy), (1, 2) | (2, 1)) {
                                return;
                            }
                        }
                        let mut set = [NO_CELL; 2];
                        if !def.leaping {
                            let mut k = 0;
                            for &c in &p[1..p.len() - 1] {
                                if c != cell && !set.contains(&c) {
                                    set[k] = c;
                                    k += 1;
                                }
                            }
                            set.sort();
                        }
                        match found.iter_mut().find(|(d, _)| *d == to) {
                            Some((_, sets)) => {
                                if !sets.contains(&set) {
                                    sets.push(set);
                                }
                            }
                            None => found.push((to, vec![set])),
                        }
                    });
                }
                found.sort_by_key(|(d, _)| *d);
                for (to, sets) in found {
                    // Keep minimal sets only: a set containing another is never needed.
                    let subset = |a: &[Cell; 2], b: &[Cell; 2]| {
                        a.iter().all(|&c| c == NO_CELL || b.contains(&c))
                    };
                    let minimal: Vec<[Cell; 2]> = sets
                        .iter()
                        .filter(|s| !sets.iter().any(|o| o != *s && subset(o, s)))
                        .copied()
                        .collect();
                    let always = minimal.iter().any(|s| s[0] == NO_CELL && s[1] == NO_CELL);
                    let start = t.alts.len() as u32;
                    if !always {
                        t.alts.extend_from_slice(&minimal);
                    }
                    t.dests.push(Dest {
                        to,
                        start,
                        n: if always { 0 } else { minimal.len() as u16 },
                    });
                }
            }
        }
        t.idx.push(t.dests.len() as u32);
        t
    }

    #[inline]
    fn of(&self, t: PieceType, c: Cell) -> &[Dest] {
        let i = t as usize * self.ncells + c as usize;
        match (self.idx.get(i), self.idx.get(i + 1)) {
            (Some(&a), Some(&b)) => &self.dests[a as usize..b as usize],
            _ => &[],
        }
    }

    /// Is `d` reachable, with the cell `vacated` seen as empty?
    #[inline]
    fn open(&self, pos: &Position, d: &Dest, vacated: Cell) -> bool {
        if d.n == 0 {
            return true;
        }
        let empty = |c: Cell| c == NO_CELL || c == vacated || pos.at(c).is_empty();
        self.alts[d.start as usize..d.start as usize + d.n as usize]
            .iter()
            .any(|s| empty(s[0]) && empty(s[1]))
    }
}

/// Calls `f` with every walk that follows the leg pattern from `path[0]`.
fn enumerate(
    geo: &Geometry,
    legs: &[&[(i32, i32)]],
    revisit: bool,
    path: &mut Vec<Cell>,
    f: &mut dyn FnMut(&[Cell]),
) {
    let k = path.len() - 1;
    if k == legs.len() {
        f(path);
        return;
    }
    let cur = *path.last().unwrap();
    for &(dx, dy) in legs[k] {
        let Some(c) = geo.offset(cur, dx, dy, 0) else {
            continue;
        };
        if !revisit && path.contains(&c) {
            continue;
        }
        path.push(c);
        enumerate(geo, legs, revisit, path, f);
        path.pop();
    }
}

struct Jetan {
    walks: WalkTable,
    walk_types: Vec<PieceType>,
    /// Per type: may its walks end with a capture?
    captures: [bool; NTYPES],
    line_escape: bool,
    odwarrule: bool,
    princess_safe: bool,
    sametypes: bool,
}

impl Jetan {
    /// Can a man of `by` capture on `target` (the cell `vacated` seen as empty)?
    fn reaches(&self, pos: &Position, by: Player, target: Cell, vacated: Cell) -> bool {
        if pos.attacked_by_ignoring(target, by, vacated) {
            return true;
        }
        for &t in &self.walk_types {
            if !self.captures[t as usize] {
                continue;
            }
            for &from in pos.cells_of(by, t) {
                if from == vacated {
                    continue;
                }
                for d in self.walks.of(t, from) {
                    if d.to == target && self.walks.open(pos, d, vacated) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Rule 7's condition: both sides have at most three men and equal material.
    fn endgame(&self, pos: &Position) -> bool {
        let mut counts = [[0u32; NTYPES]; 2];
        for p in 0..2u8 {
            let mut n = 0;
            for (t, c) in counts[p as usize].iter_mut().enumerate() {
                *c = pos.count(p, t as PieceType) as u32;
                n += *c;
            }
            if n > 3 {
                return false;
            }
        }
        if self.sametypes {
            counts[0] == counts[1]
        } else {
            let value = |p: usize| -> u32 { (0..NTYPES).map(|t| counts[p][t] * VALUES[t]).sum() };
            value(0) == value(1)
        }
    }

    /// The decisive result of the last move (a capture of a Princess or Chieftain), or of a
    /// position without a Princess.
    fn decided(&self, pos: &Position) -> Option<Outcome> {
        let us = pos.side;
        let them = 1 - us;
        let cap = pos.st.captured;
        if !cap.is_empty() && cap.kind() == CHIEFTAIN && pos.st.last.kind != MoveKind::Special {
            let mover = pos.st.mover;
            if !mover.is_empty() && mover.kind() == CHIEFTAIN {
                return Some(Outcome {
                    result: GameResult::Win(them),
                    reason: "chieftain captured by the chieftain",
                });
            }
            if !(self.odwarrule && !mover.is_empty() && mover.kind() == ODWAR) {
                return Some(Outcome {
                    result: GameResult::Draw,
                    reason: "chieftain captured by another piece",
                });
            }
        }
        match (pos.count(us, PRINCESS), pos.count(them, PRINCESS)) {
            (0, 0) => Some(Outcome {
                result: GameResult::Draw,
                reason: "no princess",
            }),
            (0, _) => Some(Outcome {
                result: GameResult::Win(them),
                reason: "princess captured",
            }),
            (_, 0) => Some(Outcome {
                result: GameResult::Win(us),
                reason: "princess captured",
            }),
            _ => None,
        }
    }

    fn escape_allowed(&self, pos: &Position, from: Cell, to: Cell) -> bool {
        pos.at(to).is_empty()
            && to != from
            && !(self.princess_safe && self.reaches(pos, 1 - pos.side, to, from))
    }
}

impl Rules for Jetan {
    fn extra_moves(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.side;
        for &t in &self.walk_types {
            let capture = self.captures[t as usize];
            for &from in pos.cells_of(us, t) {
                for d in self.walks.of(t, from) {
                    let q = pos.at(d.to);
                    if !q.is_empty() && (!capture || q.owner() == us) {
                        continue;
                    }
                    if self.walks.open(pos, d, NO_CELL) {
                        let _ = out.try_push(Move::new(from, d.to));
                    }
                }
            }
        }
        // The escape (once per game): any empty cell, or along a line with `escape=line`.
        if pos.st.rights >> us & 1 != 0 {
            let g = &pos.v.geo;
            for &from in pos.cells_of(us, PRINCESS) {
                let mut push = |to: Cell| {
                    if pos.at(to).is_empty() && to != from {
                        let _ = out.try_push(Move::with(from, to, MoveKind::Special, 0));
                    }
                };
                if self.line_escape {
                    for &(dx, dy) in &KING {
                        for k in 1..=10 {
                            match g.offset(from, dx * k, dy * k, 0) {
                                Some(c) => push(c),
                                None => break,
                            }
                        }
                    }
                } else {
                    for c in g.cells() {
                        push(c);
                    }
                }
            }
        }
    }

    fn filter_legal(&self, pos: &Position, out: &mut MoveList) {
        if self.decided(pos).is_some() {
            out.clear();
            return;
        }
        if self.princess_safe {
            let us = pos.side;
            out.retain(|m| {
                let p = pos.at(m.from);
                p.is_empty() || p.kind() != PRINCESS || self.escape_allowed(pos, m.from, m.to)
            });
            let _ = us;
        }
    }

    fn after_make(&self, pos: &mut Position, _m: Move) {
        // The endgame counter: the core counts plies since the last capture; the condition can
        // only start to hold through a capture, so that is the count while it holds.
        if pos.st.halfmove != 0 && !self.endgame(pos) {
            pos.st.halfmove = 0;
        }
    }

    fn outcome(&self, pos: &Position, _nlegal: usize) -> Option<Outcome> {
        if let Some(o) = self.decided(pos) {
            return Some(o);
        }
        if pos.st.halfmove >= 10 && self.endgame(pos) {
            return Some(Outcome {
                result: GameResult::Draw,
                reason: "equal endgame not won in 10 plies",
            });
        }
        None
    }

    fn make_special(&self, pos: &mut Position, m: Move) {
        let p = pos.remove(m.from);
        pos.st.mover = p;
        pos.put(m.to, p);
        let r = pos.st.rights & !(1u64 << p.owner());
        pos.set_rights(r);
    }

    fn unmake_special(&self, pos: &mut Position, m: Move) {
        let p = pos.remove(m.to);
        pos.put(m.from, p);
    }

    fn special_name(&self, pos: &Position, m: Move) -> Option<String> {
        let g = &pos.v.geo;
        Some(format!("{}{}e", g.name(m.from), g.name(m.to)))
    }
}

fn build(o: &Opts) -> Result<Variant, String> {
    let geo = Geometry::rect(10, 10);
    let mut b = VariantBuilder::new("jetan", "Jetan (Martian Chess)", geo.clone());
    let panthan = if o.is("panthan", "nobackdiagonal") {
        "fF fW sW"
    } else {
        "F fW sW"
    };
    // Walk pieces have no Betza moves: their moves come from the walk tables.
    b.piece(PieceDef::new("chieftain", "C", "").value(1000));
    b.piece(PieceDef::new("princess", "P", "").value(2000));
    b.piece(PieceDef::new("odwar", "O", "").value(450));
    b.piece(PieceDef::new("dwar", "D", "").value(400));
    b.piece(PieceDef::new("padwar", "L", "").value(300));
    b.piece(PieceDef::new("than", "W", "").value(300));
    b.piece(PieceDef::new("thoat", "T", "").value(300));
    let mut p = PieceDef::new("panthan", "M", panthan).value(100);
    p.resets_clock = false;
    b.piece(p);
    for (player, token) in [(0u8, "P"), (1, "p")] {
        b.right(RightDef {
            token: token.into(),
            player,
            cell: None,
            lost_on_touch: vec![],
            lost_on_check: false,
            field: 2,
        });
    }
    let king: &'static [(i32, i32)] = &KING;
    let orth: &'static [(i32, i32)] = &ORTH;
    let diag: &'static [(i32, i32)] = &DIAG;
    let walk = |legs: Vec<&'static [(i32, i32)]>, leaping: bool, capture: bool| WalkDef {
        patterns: vec![legs],
        leaping,
        capture,
        knight_only: false,
    };
    let thoat = WalkDef {
        patterns: if o.is("thoat", "orthfirst") {
            vec![vec![orth, diag]]
        } else {
            vec![vec![orth, diag], vec![diag, orth]]
        },
        leaping: o.is("thoat", "leap"),
        capture: true,
        knight_only: true,
    };
    let defs: Vec<Option<WalkDef>> = vec![
        Some(walk(vec![king; 3], false, true)),
        Some(walk(vec![king; 3], true, false)),
        Some(walk(vec![diag; 3], !o.is("odwar", "step"), true)),
        Some(walk(vec![orth; 3], false, true)),
        Some(walk(vec![diag; 2], false, true)),
        Some(walk(vec![orth; 2], false, true)),
        Some(thoat),
        None,
    ];
    let walk_types: Vec<PieceType> = (0..NTYPES as PieceType)
        .filter(|&t| defs[t as usize].is_some())
        .collect();
    let mut captures = [false; NTYPES];
    for (t, d) in defs.iter().enumerate() {
        captures[t] = d.as_ref().is_some_and(|d| d.capture);
    }
    let walks = WalkTable::build(&geo, &defs, o.is("revisit", "on"));
    let start = if o.is("first", "black") {
        START.replace(" w ", " b ")
    } else {
        START.to_string()
    };
    b.start(&start);
    let e = b.end();
    e.checkmated = Verdict::Draw;
    e.stalemated = Verdict::Draw;
    e.nmove = 0;
    e.repetition = 0;
    b.rules(
        Box::new(Jetan {
            walks,
            walk_types,
            captures,
            line_escape: o.is("escape", "line"),
            odwarrule: o.is("odwarrule", "on"),
            princess_safe: o.is("princess-safe", "on"),
            sametypes: o.is("endgame", "sametypes"),
        }),
        HookFlags {
            extra_moves: true,
            filter_legal: true,
            after_make: true,
            outcome: true,
            ..Default::default()
        },
    );
    b.build()
}
