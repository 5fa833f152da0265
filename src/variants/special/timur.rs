//! Timur's Chess / Tamerlane Chess (Gollon, ch. 9): 11x10 board plus two one-cell citadels
//! (`x1` right of k2, `x2` left of a9), eleven kinds of pawn each promoting to its own piece, the
//! Pawn of Pawns' three careers, a royal group (Shah, Prince, Adventitious King: royal only while
//! alone, `Variant::sole_royal`), the once-per-game swap of a checked royal with one of its men,
//! citadel entry rules and the citadel draw. Stalemate loses.
//!
//! Special moves (`MoveKind::Special`, `piece` says which): 1 = a `u` pawn's arrival on the last
//! rank (moved to its Shah's-pawn cell as `x`; `aux` = the man displaced there), 2 = the dead Pawn
//! of Pawns' placement, 3 = the royal swap, 4 = `citadel=forbes` entry with exchange (`aux` = the
//! Prince's or AK's cell).

use crate::geometry::{Cell, Geometry, Link, NO_CELL};
use crate::movegen::{MoveList, piece_moves};
use crate::moves::{Move, MoveKind};
use crate::piece::{Piece, PieceDef, PieceType, Player, Promotion};
use crate::position::Position;
use crate::variant::{
    GameResult, HookFlags, Outcome, RightDef, Rules, Variant, VariantBuilder, Verdict,
};
use crate::variants::common::ranks_both;
use crate::variants::{Entry, OptionDef, Opts};

pub const START_A: &str = "e1c1d1d1c1e/rntgwkfgtnr/osyzvhqljmp/11/11/11/11/PMJLQHVZYSO/RNTGFKWGTNR/E1C1D1D1C1E w Ss - 0 1";
pub const START_B: &str = "e1c1wkf1c1e/rntgdhdgtnr/osyzv1qljmp/11/11/11/11/PMJLQ1VZYSO/RNTGDHDGTNR/E1C1FKW1C1E w Ss - 0 1";
pub const START_C: &str = "e1c1wkf1c1e/rndtghgtdnr/osmyz1ljvqp/11/11/11/11/PQVJL1ZYMSO/RNDTGHGTDNR/E1C1FKW1C1E w Ss - 0 1";

pub const ENTRY: Entry = Entry {
    id: "timur",
    name: "Timur's Chess (Tamerlane Chess)",
    options: &[
        OptionDef {
            key: "arrangement",
            values: &["A", "B", "C"],
        },
        OptionDef {
            key: "giraffe",
            values: &["min3", "min2"],
        },
        OptionDef {
            key: "citadel",
            values: &["draw", "forbes"],
        },
        OptionDef {
            key: "citadelentry",
            values: &["all", "orthogonal"],
        },
        OptionDef {
            key: "citadelattack",
            values: &["sanctuary", "geometric"],
        },
        OptionDef {
            key: "swap",
            values: &["check", "mate", "check-or-stalemate"],
        },
        OptionDef {
            key: "succession",
            values: &["any", "shah-only"],
        },
        OptionDef {
            key: "ppplace",
            values: &["fork-or-trapped", "fork", "any"],
        },
    ],
    build,
};

// Piece types, in the order `build` adds them.
pub const SHAH: PieceType = 0;
pub const PRINCE: PieceType = 1;
pub const AK: PieceType = 2;
/// The Pawn of Pawns before its first arrival (dead on its last rank), after its first placement
/// (`u`) and after its second arrival (`x`).
pub const PP: PieceType = 12;
pub const PU: PieceType = 13;
pub const PX: PieceType = 14;
const ROYAL_MASK: u64 = 1 << SHAH | 1 << PRINCE | 1 << AK;

const ARRIVAL: PieceType = 1;
const PLACEMENT: PieceType = 2;
const SWAP: PieceType = 3;
const FORBES: PieceType = 4;

/// Officers: (name, letter, Betza); the Zarafah's Betza depends on `giraffe`.
const OFFICERS: [(&str, &str, &str); 12] = [
    ("Shah", "K", "K"),
    ("Prince", "I", "K"),
    ("Adventitious King", "A", "K"),
    ("Vizir", "W", "W"),
    ("Ferz", "F", "F"),
    ("Zarafah", "G", "F>R3-"),
    ("Taliah", "T", "B2-"),
    ("Asp", "N", "N"),
    ("Rukh", "R", "R"),
    ("Pil", "E", "A"),
    ("Jamal", "C", "C"),
    ("Dabbabah", "D", "D"),
];

/// Pawns after p, u, x: (letter, the officer it becomes).
const PAWNS: [(&str, PieceType); 10] = [
    ("M", 11),
    ("J", 10),
    ("L", 9),
    ("Q", 4),
    ("H", PRINCE),
    ("V", 3),
    ("Z", 5),
    ("Y", 6),
    ("S", 7),
    ("O", 8),
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum SwapMode {
    Check,
    Mate,
    CheckOrStalemate,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum PlaceMode {
    ForkOrTrapped,
    Fork,
    Any,
}

struct Timur {
    /// x1 (White's side), x2 (Black's side).
    citadels: [Cell; 2],
    /// Per player: the start cell of his Shah's pawn (second arrival of the Pawn of Pawns).
    reloc: [Cell; 2],
    /// Per player: the rank (zero based) of his last rank.
    last: [u8; 2],
    swap_right: [usize; 2],
    forbes_right: Option<[usize; 2]>,
    swap: SwapMode,
    place: PlaceMode,
    shah_only: bool,
    geometric: bool,
    /// Per citadel: its neighbours (cells a king step away).
    neighbours: [Vec<Cell>; 2],
}

/// Encodes a man into a `Move::aux` (NO_CELL = none).
fn enc(p: Piece) -> Cell {
    if p.is_empty() {
        NO_CELL
    } else {
        p.kind() as Cell | (p.owner() as Cell) << 8 | (p.army() as Cell) << 10
    }
}

fn dec(a: Cell) -> Piece {
    Piece::new((a & 0xff) as u8, (a >> 8 & 3) as u8, (a >> 10 & 3) as u8)
}

fn is_royal(t: PieceType) -> bool {
    ROYAL_MASK >> t & 1 != 0
}

fn is_pawn(t: PieceType) -> bool {
    t >= PP
}

impl Timur {
    fn rank(&self, pos: &Position, c: Cell) -> Option<u8> {
        pos.v.geo.is_grid(c).then(|| pos.v.geo.coords(c).1)
    }

    /// A Pawn of Pawns standing on its owner's last rank: dead, immune, inert.
    fn dead(&self, pos: &Position, c: Cell) -> bool {
        let p = pos.at(c);
        !p.is_empty() && p.kind() == PP && self.rank(pos, c) == Some(self.last[p.owner() as usize])
    }

    fn citadel_index(&self, c: Cell) -> Option<usize> {
        self.citadels.iter().position(|&x| x == c)
    }

    /// Does a man of type `t` of `us` count as the Shah (for the opponent-side citadel)?
    fn acting_shah(&self, pos: &Position, us: Player, t: PieceType) -> bool {
        t == SHAH || (!self.shah_only && is_royal(t) && pos.count(us, SHAH) == 0)
    }

    /// The single royal man of `us`, if he has exactly one.
    fn sole_royal(&self, pos: &Position, us: Player) -> Option<Cell> {
        if pos.royal_count(us) != 1 {
            return None;
        }
        [SHAH, PRINCE, AK]
            .iter()
            .find_map(|&t| pos.cells_of(us, t).first().copied())
    }

    fn arrivals(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.side;
        let geo = &pos.v.geo;
        let dy: i32 = if us == 0 { 1 } else { -1 };
        let reloc = self.reloc[us as usize];
        let r = pos.at(reloc);
        if !r.is_empty() && is_royal(r.kind()) {
            return;
        }
        for &from in pos.cells_of(us, PU) {
            if self.rank(pos, from).map(|y| y as i32 + dy) != Some(self.last[us as usize] as i32) {
                continue;
            }
            for dx in -1..=1 {
                let Some(to) = geo.offset(from, dx, dy, 0) else {
                    continue;
                };
                let q = pos.at(to);
                let ok = if dx == 0 {
                    q.is_empty()
                } else {
                    !q.is_empty() && q.owner() != us && !self.dead(pos, to)
                };
                if ok {
                    let mut m = Move::with(from, to, MoveKind::Special, ARRIVAL);
                    m.aux = enc(r);
                    let _ = out.try_push(m);
                }
            }
        }
    }

    /// Cells the pawn `u` of `us` standing on `t` would attack.
    fn pawn_attacks(&self, pos: &Position, us: Player, t: Cell) -> [Option<Cell>; 2] {
        let dy = if us == 0 { 1 } else { -1 };
        let g = &pos.v.geo;
        [g.offset(t, -1, dy, 0), g.offset(t, 1, dy, 0)]
    }

    /// May the enemy man on `e` flee to a cell `us` does not attack (pseudo-legal moves, on the
    /// position before the placement, plus the new pawn's attacks `pa`)?
    fn can_escape(&self, pos: &Position, us: Player, e: Cell, pa: &[Option<Cell>; 2]) -> bool {
        let mut list = MoveList::new();
        piece_moves(pos, e, &mut list);
        list.iter().any(|m| {
            if self.citadels.contains(&m.to) {
                // A sanctuary is never attacked.
                return !self.geometric;
            }
            !pa.contains(&Some(m.to)) && !pos.attacked_by_ignoring(m.to, us, e)
        })
    }

    fn placements(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.side;
        let last = self.last[us as usize];
        for &from in pos.cells_of(us, PP) {
            if self.rank(pos, from) != Some(last) {
                continue;
            }
            for t in 0..pos.v.geo.grid_cells() as Cell {
                if t == from || !pos.v.geo.exists(t) || self.rank(pos, t) == Some(last) {
                    continue;
                }
                let q = pos.at(t);
                if !q.is_empty() && (is_royal(q.kind()) || self.dead(pos, t)) {
                    continue;
                }
                let ok = match self.place {
                    PlaceMode::Any => true,
                    mode => {
                        let pa = self.pawn_attacks(pos, us, t);
                        let targets: Vec<Cell> = pa
                            .iter()
                            .flatten()
                            .copied()
                            .filter(|&c| {
                                let p = pos.at(c);
                                !p.is_empty() && p.owner() != us && !self.dead(pos, c)
                            })
                            .collect();
                        targets.len() >= 2
                            || mode == PlaceMode::ForkOrTrapped
                                && targets.iter().any(|&c| {
                                    !is_royal(pos.at(c).kind()) && !self.can_escape(pos, us, c, &pa)
                                })
                    }
                };
                if ok {
                    let _ = out.try_push(Move::with(from, t, MoveKind::Special, PLACEMENT));
                }
            }
        }
    }

    fn swaps(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.side;
        if pos.st.rights >> self.swap_right[us as usize] & 1 == 0 {
            return;
        }
        let Some(k) = self.sole_royal(pos, us) else {
            return;
        };
        if self.citadel_index(k).is_some() {
            return;
        }
        if self.swap == SwapMode::Check && !pos.in_check() {
            return;
        }
        let krank = self.rank(pos, k);
        for t in 0..pos.v.pieces.len() as PieceType {
            if is_royal(t) {
                continue;
            }
            for &c in pos.cells_of(us, t) {
                if self.citadel_index(c).is_some() || self.dead(pos, c) {
                    continue;
                }
                if is_pawn(t) && krank == Some(self.last[us as usize]) {
                    continue;
                }
                let _ = out.try_push(Move::with(k, c, MoveKind::Special, SWAP));
            }
        }
    }

    fn forbes(&self, pos: &Position, out: &mut MoveList) {
        let Some(fr) = self.forbes_right else {
            return;
        };
        let us = pos.side;
        if pos.st.rights >> fr[us as usize] & 1 == 0 {
            return;
        }
        let ci = 1 - us as usize;
        let cit = self.citadels[ci];
        if !pos.at(cit).is_empty() {
            return;
        }
        let Some(&k) = pos.cells_of(us, SHAH).first() else {
            return;
        };
        if !self.neighbours[ci].contains(&k) {
            return;
        }
        for t in [PRINCE, AK] {
            for &q in pos.cells_of(us, t) {
                if self.citadel_index(q).is_some() {
                    continue;
                }
                let mut m = Move::with(k, cit, MoveKind::Special, FORBES);
                m.aux = q;
                let _ = out.try_push(m);
            }
        }
    }
}

impl Rules for Timur {
    fn extra_moves(&self, pos: &Position, out: &mut MoveList) {
        self.arrivals(pos, out);
        if pos.count(pos.side, PP) > 0 {
            self.placements(pos, out);
        }
        self.swaps(pos, out);
        self.forbes(pos, out);
    }

    fn filter_legal(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.side;
        out.retain(|m| {
            if m.kind == MoveKind::Special {
                return true;
            }
            let mover = pos.at(m.from);
            // A `u` reaching the last rank moves as a special move (arrival).
            if mover.kind() == PU && self.rank(pos, m.to) == Some(self.last[us as usize]) {
                return false;
            }
            // A dead Pawn of Pawns cannot be captured.
            if self.dead(pos, m.to) {
                return false;
            }
            if let Some(ci) = self.citadel_index(m.to) {
                if !pos.at(m.to).is_empty() {
                    // Only with `citadelattack=geometric`: any capture.
                    return true;
                }
                let t = mover.kind();
                if !self.neighbours[ci].contains(&m.from) {
                    return false;
                }
                return if ci == us as usize {
                    t == AK
                } else {
                    self.acting_shah(pos, us, t)
                };
            }
            true
        });
        if self.swap != SwapMode::Check {
            let others = out
                .iter()
                .any(|m| !(m.kind == MoveKind::Special && m.piece == SWAP));
            let keep = match self.swap {
                SwapMode::Mate => !others && pos.in_check(),
                _ => !others || pos.in_check(),
            };
            if !keep {
                out.retain(|m| !(m.kind == MoveKind::Special && m.piece == SWAP));
            }
        }
    }

    fn outcome(&self, pos: &Position, _nlegal: usize) -> Option<Outcome> {
        for (i, &c) in self.citadels.iter().enumerate() {
            let p = pos.at(c);
            if !p.is_empty()
                && p.owner() as usize != i
                && self.acting_shah(pos, p.owner(), p.kind())
            {
                return Some(Outcome {
                    result: GameResult::Draw,
                    reason: "Shah entered the opponent's citadel",
                });
            }
        }
        None
    }

    fn make_special(&self, pos: &mut Position, m: Move) {
        let us = pos.side;
        match m.piece {
            ARRIVAL => {
                let pawn = pos.remove(m.from);
                pos.st.mover = pawn;
                if !pos.at(m.to).is_empty() {
                    pos.st.captured = pos.remove(m.to);
                }
                let r = self.reloc[us as usize];
                if !pos.at(r).is_empty() {
                    pos.remove(r);
                }
                pos.put(r, Piece::new(PX, us, us));
                pos.st.halfmove = 0;
            }
            PLACEMENT => {
                let pawn = pos.remove(m.from);
                pos.st.mover = pawn;
                if !pos.at(m.to).is_empty() {
                    pos.st.captured = pos.remove(m.to);
                }
                pos.put(m.to, Piece::new(PU, us, us));
                pos.st.halfmove = 0;
            }
            SWAP => {
                let k = pos.remove(m.from);
                let q = pos.remove(m.to);
                pos.st.mover = k;
                pos.put(m.from, q);
                pos.put(m.to, k);
                let r = pos.st.rights & !(1u64 << self.swap_right[us as usize]);
                pos.set_rights(r);
            }
            FORBES => {
                let k = pos.remove(m.from);
                let q = pos.remove(m.aux);
                pos.st.mover = k;
                pos.put(m.aux, k);
                pos.put(m.to, q);
                if let Some(fr) = self.forbes_right {
                    let r = pos.st.rights & !(1u64 << fr[us as usize]);
                    pos.set_rights(r);
                }
            }
            _ => {}
        }
    }

    fn unmake_special(&self, pos: &mut Position, m: Move) {
        // The side to move is already restored to the mover.
        let us = pos.side;
        match m.piece {
            ARRIVAL => {
                let r = self.reloc[us as usize];
                pos.remove(r);
                if m.aux != NO_CELL {
                    pos.put(r, dec(m.aux));
                }
                let cap = pos.st.captured;
                if !cap.is_empty() {
                    pos.put(m.to, cap);
                }
                pos.put(m.from, Piece::new(PU, us, us));
            }
            PLACEMENT => {
                pos.remove(m.to);
                let cap = pos.st.captured;
                if !cap.is_empty() {
                    pos.put(m.to, cap);
                }
                pos.put(m.from, Piece::new(PP, us, us));
            }
            SWAP => {
                let k = pos.remove(m.to);
                let q = pos.remove(m.from);
                pos.put(m.from, k);
                pos.put(m.to, q);
            }
            FORBES => {
                let k = pos.remove(m.aux);
                let q = pos.remove(m.to);
                pos.put(m.from, k);
                pos.put(m.aux, q);
            }
            _ => {}
        }
    }

    fn special_name(&self, pos: &Position, m: Move) -> Option<String> {
        let g = &pos.v.geo;
        (m.piece == FORBES).then(|| format!("{}{}{}", g.name(m.from), g.name(m.to), g.name(m.aux)))
    }
}

fn build(o: &Opts) -> Result<Variant, String> {
    let mut g = Geometry::rect(11, 10);
    let x1 = g.add_cell("x1");
    let x2 = g.add_cell("x2");
    let at = |g: &Geometry, name: &str| g.parse_cell(name).expect("cell");
    // Citadels as virtual grid positions: x1 = "l2" (11, 1), x2 = "z9" (-1, 8).
    let virt = [(11i32, 1i32), (-1i32, 8i32)];
    let orthogonal = o.is("citadelentry", "orthogonal");
    let geometric = o.is("citadelattack", "geometric");
    let mut neighbours: [Vec<Cell>; 2] = [Vec::new(), Vec::new()];
    for (i, &(vx, vy)) in virt.iter().enumerate() {
        let cit = [x1, x2][i];
        for dx in -3i32..=3 {
            for dy in -3i32..=3 {
                if (dx, dy) == (0, 0) {
                    continue;
                }
                let king_step = dx.abs() <= 1 && dy.abs() <= 1;
                if !geometric && !(king_step && (!orthogonal || dy == 0)) {
                    continue;
                }
                let Some(n) = g.cell_at(vx - dx, vy - dy, 0) else {
                    continue;
                };
                if king_step && (!orthogonal || dy == 0) {
                    neighbours[i].push(n);
                }
                let (types, ride, capture) = if geometric {
                    ([u64::MAX; 4], true, true)
                } else {
                    ([ROYAL_MASK; 4], false, false)
                };
                g.add_link(Link {
                    from: n,
                    d: (dx, dy, 0),
                    to: cit,
                    ride,
                    capture,
                    types,
                });
                // Leaving (and attacking from) the citadel.
                g.add_link(Link {
                    from: cit,
                    d: (-dx, -dy, 0),
                    to: n,
                    ride,
                    capture: true,
                    types,
                });
            }
        }
    }
    let arrangement = o.get("arrangement");
    let (start, reloc) = match arrangement {
        "B" => (START_B, ["f2", "f9"]),
        "C" => (START_C, ["f2", "f9"]),
        _ => (START_A, ["f3", "f8"]),
    };
    let forbes = o.is("citadel", "forbes");
    let start = if forbes {
        start.replace(" Ss ", " SsCc ")
    } else {
        start.to_string()
    };
    let reloc = [at(&g, reloc[0]), at(&g, reloc[1])];
    let mut b = VariantBuilder::new("timur", "Timur's Chess (Tamerlane Chess)", g);
    let geo = b.geo().clone();
    for (i, (name, letter, betza)) in OFFICERS.into_iter().enumerate() {
        let betza = if letter == "G" && o.is("giraffe", "min2") {
            "F>R2-"
        } else {
            betza
        };
        let mut p = PieceDef::new(name, letter, betza);
        p.royal = is_royal(i as PieceType);
        b.piece(p);
    }
    let zone = ranks_both(&geo, 9);
    let pawn = |name: &str, letter: &str, to: Option<PieceType>| {
        let mut p = PieceDef::new(name, letter, "fmWfcF");
        p.resets_clock = true;
        p.value = 100;
        if let Some(t) = to {
            p.promotion = Some(Promotion {
                zone: zone.clone(),
                to: vec![t],
                optional: false,
            });
        }
        p
    };
    let pp = b.piece(pawn("Pawn of Pawns", "P", None));
    let pu = b.piece(pawn("Pawn of Pawns (placed)", "U", None));
    let px = b.piece(pawn("Pawn of Pawns (returned)", "X", Some(AK)));
    debug_assert_eq!((pp, pu, px), (PP, PU, PX));
    for (letter, to) in PAWNS {
        b.piece(pawn(&format!("pawn ({letter})"), letter, Some(to)));
    }
    let swap_right = [
        b.right(RightDef {
            token: "S".into(),
            player: 0,
            cell: None,
            lost_on_touch: vec![],
            lost_on_check: false,
            field: 2,
        }),
        b.right(RightDef {
            token: "s".into(),
            player: 1,
            cell: None,
            lost_on_touch: vec![],
            lost_on_check: false,
            field: 2,
        }),
    ];
    let forbes_right = forbes.then(|| {
        [
            b.right(RightDef {
                token: "C".into(),
                player: 0,
                cell: None,
                lost_on_touch: vec![],
                lost_on_check: false,
                field: 2,
            }),
            b.right(RightDef {
                token: "c".into(),
                player: 1,
                cell: None,
                lost_on_touch: vec![],
                lost_on_check: false,
                field: 2,
            }),
        ]
    });
    b.start(&start);
    b.sole_royal();
    let e = b.end();
    e.checkmated = Verdict::Loss;
    e.stalemated = Verdict::Loss;
    e.repetition = 3;
    e.nmove = 0;
    let swap = match o.get("swap") {
        "mate" => SwapMode::Mate,
        "check-or-stalemate" => SwapMode::CheckOrStalemate,
        _ => SwapMode::Check,
    };
    let place = match o.get("ppplace") {
        "fork" => PlaceMode::Fork,
        "any" => PlaceMode::Any,
        _ => PlaceMode::ForkOrTrapped,
    };
    b.rules(
        Box::new(Timur {
            citadels: [x1, x2],
            reloc,
            last: [9, 0],
            swap_right,
            forbes_right,
            swap,
            place,
            shah_only: o.is("succession", "shah-only"),
            geometric,
            neighbours,
        }),
        HookFlags {
            extra_moves: true,
            filter_legal: true,
            outcome: true,
            ..Default::default()
        },
    );
    b.build()
}
