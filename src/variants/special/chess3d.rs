//! Three-Dimensional Chess (spec `chess3d.md`): eight 8x8 boards stacked into an 8x8x8 block,
//! Raumschach moves (3-D Betza free leaps and riders, docs/betza.md), play starting as chess on
//! level A. How pieces may climb is one of three versions (`version=1|2|3`, `v1up`, `ceiling`).
//!
//! State (`extra` word): bits 0-2 = highest level White's king has reached, bits 3-5 = Black's,
//! bit 6 = the stack is open (version 3). The ceiling `top` is the highest level of either king
//! (`ceiling=own`: of the player's own king). FEN 7th field: `t1`..`t8` (= top + 1) or `open`;
//! with `ceiling=own` both kings' levels, White's first: `t3t1`.
//!
//! Attacks are always three-dimensional (the tables ignore the ceiling); the ceiling and the
//! upward king rules filter the legal moves (`filter_legal`).

use super::super::{Entry, OptionDef, Opts, common};
use crate::cellset::CellSet;
use crate::geometry::{Cell, Geometry};
use crate::movegen::MoveList;
use crate::moves::{Move, MoveKind};
use crate::piece::{Initial, PieceDef, PieceType, Player, Promotion};
use crate::position::Position;
use crate::variant::{GameResult, HookFlags, Outcome, Rules, Variant, VariantBuilder};

pub const ENTRY: Entry = Entry {
    id: "chess3d",
    name: "Three-Dimensional Chess",
    options: &[
        OptionDef {
            key: "version",
            values: &["1", "2", "3"],
        },
        OptionDef {
            key: "v1up",
            values: &["first", "mate"],
        },
        OptionDef {
            key: "ceiling",
            values: &["either", "own"],
        },
        OptionDef {
            key: "queen",
            values: &["26", "rb"],
        },
        OptionDef {
            key: "pawn",
            values: &["3d", "flat"],
        },
    ],
    build,
};

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w KQkq - 0 1 t1";

const OPEN: u64 = 1 << 6;

struct Chess3d {
    version: u8,
    v1_mate_always: bool,
    own: bool,
    king: PieceType,
    knight: PieceType,
    bishop: PieceType,
}

impl Chess3d {
    fn level(pos: &Position, c: Cell) -> u8 {
        pos.v.geo.coords(c).2
    }

    fn reached(x: u64, p: Player) -> u8 {
        (x >> (3 * p as u64) & 7) as u8
    }

    /// The highest level `p`'s pieces may climb to.
    fn top(&self, x: u64, p: Player) -> u8 {
        if self.own {
            Self::reached(x, p)
        } else {
            Self::reached(x, 0).max(Self::reached(x, 1))
        }
    }

    fn open(&self, x: u64) -> bool {
        self.version == 3 && x & OPEN != 0
    }

    fn is_dead(&self, pos: &Position) -> bool {
        let mut minors = 0;
        let mut colours = [false; 2];
        for p in 0..2u8 {
            for t in 0..pos.v.pieces.len() as PieceType {
                let n = pos.count(p, t);
                if n == 0 || t == self.king {
                    continue;
                }
                if t == self.knight {
                    minors += n;
                } else if t == self.bishop {
                    for &c in pos.cells_of(p, t) {
                        let (x, y, z) = pos.v.geo.coords(c);
                        colours[((x + y + z) % 2) as usize] = true;
                    }
                } else {
                    return false;
                }
            }
        }
        let bishops = colours.iter().filter(|&&b| b).count();
        (minors == 0 && bishops <= 1) || (minors == 1 && bishops == 0)
    }
}

impl Rules for Chess3d {
    fn filter_legal(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.side;
        let x = pos.st.extra;
        if self.open(x) {
            return;
        }
        let top = self.top(x, us);
        let up_king = |m: &Move| {
            m.kind != MoveKind::Drop
                && m.kind != MoveKind::Castle
                && pos.at(m.from).kind() == self.king
                && Self::level(pos, m.to) > Self::level(pos, m.from)
        };
        // Non-king pieces never climb above the ceiling.
        out.retain(|m| {
            m.kind == MoveKind::Castle
                || pos.at(m.from).kind() == self.king
                || Self::level(pos, m.to) <= top
        });
        if self.version == 2 || !out.iter().any(up_king) {
            return;
        }
        // Versions 1 and 3: a king climbs only out of check; while no king has left level A
        // (`v1up=mate`: always), only when nothing else is legal (escaping a mate).
        let mate_only = self.version == 3 || top == 0 || self.v1_mate_always;
        let allowed = pos.in_check() && (!mate_only || out.iter().all(up_king));
        if !allowed {
            out.retain(|m| !up_king(m));
        }
    }

    fn after_make(&self, pos: &mut Position, m: Move) {
        if m.kind == MoveKind::Castle || m.kind == MoveKind::Drop {
            return;
        }
        let p = pos.at(m.to);
        if p.is_empty() || p.kind() != self.king {
            return;
        }
        let z = Self::level(pos, m.to);
        let owner = p.owner();
        let x = pos.st.extra;
        if z > Self::reached(x, owner) {
            let shift = 3 * owner as u64;
            let mut nx = (x & !(7 << shift)) | (z as u64) << shift;
            if self.version == 3 {
                nx |= OPEN;
            }
            pos.set_extra(nx);
        }
    }

    fn outcome(&self, pos: &Position, nlegal: usize) -> Option<Outcome> {
        (nlegal > 0 && self.is_dead(pos)).then_some(Outcome {
            result: GameResult::Draw,
            reason: "insufficient material",
        })
    }

    fn fen_extra(&self, pos: &Position) -> Option<String> {
        let x = pos.st.extra;
        if self.open(x) {
            return Some("open".into());
        }
        Some(if self.own {
            format!("t{}t{}", Self::reached(x, 0) + 1, Self::reached(x, 1) + 1)
        } else {
            format!("t{}", self.top(x, 0) + 1)
        })
    }

    fn fen_parse_extra(&self, pos: &mut Position, fields: &[&str]) -> Result<(), String> {
        let f = fields.first().copied().unwrap_or("t1");
        let mut x = 0u64;
        let level = |s: &str| -> Result<u64, String> {
            match s.parse::<u64>() {
                Ok(n) if (1..=8).contains(&n) => Ok(n - 1),
                _ => Err(format!("bad ceiling field '{f}'")),
            }
        };
        if f == "open" {
            if self.version != 3 {
                return Err("'open' ceiling only in version 3".into());
            }
            x |= OPEN;
        } else {
            let parts: Vec<&str> = f.split('t').collect();
            match parts.as_slice() {
                ["", a] => {
                    let l = level(a)?;
                    x |= l | l << 3;
                }
                ["", a, b] if self.own => x |= level(a)? | level(b)? << 3,
                _ => return Err(format!("bad ceiling field '{f}'")),
            }
        }
        // A king already higher than the field says raises it.
        for p in 0..2u8 {
            for k in pos.royals(p).collect::<Vec<_>>() {
                let z = Self::level(pos, k) as u64;
                let shift = 3 * p as u64;
                if z > (x >> shift & 7) {
                    x = (x & !(7 << shift)) | z << shift;
                }
            }
        }
        if self.version == 3 && x & 0o77 != 0 {
            x |= OPEN;
        }
        pos.set_extra(x);
        Ok(())
    }
}

fn build(o: &Opts) -> Result<Variant, String> {
    let geo = Geometry::boxed(8, 8, 8);
    let mut b = VariantBuilder::new("chess3d", "Three-Dimensional Chess", geo.clone());
    let pawn_betza = if o.is("pawn", "flat") {
        "fmW fcF ifmnD"
    } else {
        "fmW fc(0,1,1) ifmnD"
    };
    let mut pawn = PieceDef::new("pawn", "P", pawn_betza).value(100);
    pawn.resets_clock = true;
    pawn.en_passant = true;
    // Start cells: rank 2 / 7 of level A.
    let rank_cells = |y: i32, all_levels: bool| {
        let levels = if all_levels { 8 } else { 1 };
        let mut s = CellSet::EMPTY;
        for z in 0..levels {
            for x in 0..8 {
                if let Some(c) = geo.cell_at(x, y, z) {
                    s.insert(c);
                }
            }
        }
        s
    };
    pawn.initial = Initial::Cells(vec![rank_cells(1, false), rank_cells(6, false)]);
    let p = b.piece(pawn);
    let knight = b.piece(PieceDef::new("knight", "N", "(1,2,0)").value(450));
    let bishop = b.piece(PieceDef::new("bishop", "B", "(1,1,0)(1,1,0)").value(550));
    let rook = b.piece(PieceDef::new("rook", "R", "(1,0,0)(1,0,0)").value(650));
    let queen_betza = if o.is("queen", "rb") {
        "(1,0,0)(1,0,0) (1,1,0)(1,1,0)"
    } else {
        "(1,0,0)(1,0,0) (1,1,0)(1,1,0) (1,1,1)(1,1,1)"
    };
    let queen = b.piece(PieceDef::new("queen", "Q", queen_betza).value(1300));
    let king = b.piece(PieceDef::new("king", "K", "(1,0,0) (1,1,0) (1,1,1)").royal());
    // Promotion on the last rank of any level.
    b.piece_mut(p).promotion = Some(Promotion {
        zone: vec![rank_cells(7, true), rank_cells(0, true)],
        to: vec![queen, rook, bishop, knight],
        optional: false,
    });
    for (player, r, tk, tq) in [(0u8, 1, "K", "Q"), (1, 8, "k", "q")] {
        let sq = |f: char| format!("A{f}{r}");
        common::castle(&mut b, player, tk, &sq('e'), &sq('g'), &sq('h'), &sq('f'));
        common::castle(&mut b, player, tq, &sq('e'), &sq('c'), &sq('a'), &sq('d'));
    }
    b.start(START);
    b.end().nmove = 50;
    let version = match o.get("version") {
        "2" => 2,
        "3" => 3,
        _ => 1,
    };
    b.rules(
        Box::new(Chess3d {
            version,
            v1_mate_always: o.is("v1up", "mate"),
            own: o.is("ceiling", "own"),
            king,
            knight,
            bishop,
        }),
        HookFlags {
            filter_legal: true,
            after_make: true,
            outcome: true,
            // The dead-position test looks at material only.
            outcome_blind: true,
            ..Default::default()
        },
    );
    b.build()
}
