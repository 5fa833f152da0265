//! Torus Chess, standard-board setup (Karl Fischer): an 8x8 board glued on both axes, the
//! orthodox army in a special start array, no castling.
//!
//! - Geometry: `Geometry::wrapping(true, true)`; every ray is walked with wrap and stops before
//!   its own start cell (the compiled tables never revisit a cell), so a ray holds at most 7
//!   cells and a slider can never come back to its own square.
//! - A target on two rays through the origin (x+4 along a rank or file, the far diagonal point,
//!   or any cell of an empty line) is generated once: `filter_legal` drops the duplicates.
//! - Double step: the twelve pawns that start on a2 d2 e2 h2 d4 e4 (a7 d7 e7 h7 d5 e5) each hold
//!   a one-time right (`x` privilege) on their cell, lost when the cell is touched. The rights are
//!   written in an optional 7th FEN field (the squares, e.g. `a2d2e2h2d4e4a7d7e7h7d5e5`), only
//!   when they differ from what the placement implies (a pawn on one of those squares has it).
//! - Insufficient material: the torus list (`material=torus`) or FIDE's (`material=fide`).

use super::super::chess::InsufficientMaterial;
use super::super::{Entry, OptionDef, Opts, common};
use crate::geometry::{Cell, Geometry};
use crate::movegen::MoveList;
use crate::moves::MoveKind;
use crate::piece::{PieceDef, PieceType, Player};
use crate::position::Position;
use crate::variant::{GameResult, HookFlags, Outcome, RightDef, Rules, Variant, VariantBuilder};

pub const START: &str = "r1b2b1r/p2pp2p/n1pqkp1n/3pp3/3PP3/N1PQKP1N/P2PP2P/R1B2B1R w - - 0 1";

/// Rights written by this file (not by the core's castling or seventh-field code).
pub const GAME_FIELD: u8 = 255;

pub const ENTRY: Entry = Entry {
    id: "torus",
    name: "Torus Chess",
    options: &[
        OptionDef {
            key: "doublestep",
            values: &["unmoved", "rank2"],
        },
        OptionDef {
            key: "material",
            values: &["torus", "fide"],
        },
    ],
    build,
};

struct Torus {
    /// Per right index: the cell and player of the pawn that holds it.
    rights: Vec<(Cell, Player)>,
    pawn: PieceType,
    knight: PieceType,
    bishop: PieceType,
    rook: PieceType,
    fide: Option<InsufficientMaterial>,
}

impl Torus {
    /// The rights a position's placement implies: a pawn of its owner on each right's cell.
    fn implied(&self, pos: &Position) -> u64 {
        let mut bits = 0;
        for (i, &(c, p)) in self.rights.iter().enumerate() {
            let q = pos.at(c);
            if !q.is_empty() && q.kind() == self.pawn && q.owner() == p {
                bits |= 1 << i;
            }
        }
        bits
    }

    /// The torus dead-material list: no pawns, one side a bare king, the other K plus nothing,
    /// one piece, N+N, R+N, B+N or B+B on one colour.
    fn torus_dead(&self, pos: &Position) -> bool {
        let v = &pos.v;
        let mut men = [0usize; 2];
        for p in 0..2u8 {
            if pos.count(p, self.pawn) > 0 {
                return false;
            }
            men[p as usize] = (0..v.pieces.len())
                .filter(|&t| !v.pieces[t].royal)
                .map(|t| pos.count(p, t as PieceType))
                .sum();
        }
        let strong = match men {
            [0, _] => 1u8,
            [_, 0] => 0,
            _ => return false,
        };
        let n = pos.count(strong, self.knight);
        let b = pos.count(strong, self.bishop);
        let r = pos.count(strong, self.rook);
        match men[strong as usize] {
            0 | 1 => true,
            2 if n == 2 || (n == 1 && (r == 1 || b == 1)) => true,
            2 if b == 2 => {
                let cells = pos.cells_of(strong, self.bishop);
                let colour = |c: Cell| {
                    let (x, y, _) = v.geo.coords(c);
                    (x + y) % 2
                };
                colour(cells[0]) == colour(cells[1])
            }
            _ => false,
        }
    }
}

/// Drops repeated plain moves (same from and to) of grid cells below 64: on a wrapping board a
/// rider can reach a cell along both directions of its line. No allocation.
pub fn dedupe_moves(out: &mut MoveList) {
    let mut seen = [0u64; 64];
    out.retain(|m| {
        if m.kind != MoveKind::Normal || m.from >= 64 || m.to >= 64 {
            return true;
        }
        let bit = 1u64 << m.to;
        let s = &mut seen[m.from as usize];
        let fresh = *s & bit == 0;
        *s |= bit;
        fresh
    });
}

impl Rules for Torus {
    /// One move per (from, to): a slider reaching a cell along both rays is generated twice.
    fn filter_legal(&self, _pos: &Position, out: &mut MoveList) {
        dedupe_moves(out);
    }

    fn outcome(&self, pos: &Position, nlegal: usize) -> Option<Outcome> {
        if nlegal == 0 {
            return None;
        }
        let dead = match &self.fide {
            Some(f) => f.is_dead(pos),
            None => self.torus_dead(pos),
        };
        dead.then_some(Outcome {
            result: GameResult::Draw,
            reason: "insufficient material",
        })
    }

    fn fen_extra(&self, pos: &Position) -> Option<String> {
        let held = pos.st.rights & ((1u64 << self.rights.len()) - 1);
        if held == self.implied(pos) {
            return None;
        }
        let mut s = String::new();
        for (i, &(c, _)) in self.rights.iter().enumerate() {
            if held >> i & 1 != 0 {
                s += &pos.v.geo.name(c);
            }
        }
        Some(if s.is_empty() { "-".into() } else { s })
    }

    fn fen_parse_extra(&self, pos: &mut Position, fields: &[&str]) -> Result<(), String> {
        if fields.len() > 1 {
            return Err(format!("unexpected FEN fields: {}", fields[1..].join(" ")));
        }
        let geo = pos.v.geo.clone();
        for p in 0..2u8 {
            let last = if p == 0 { 7 } else { 0 };
            if pos
                .cells_of(p, self.pawn)
                .iter()
                .any(|&c| geo.coords(c).1 == last)
            {
                return Err("a pawn stands on its last rank".into());
            }
        }
        let bits = match fields.first() {
            None => self.implied(pos),
            Some(&"-") => 0,
            Some(f) => {
                let mut bits = 0u64;
                let mut rest = *f;
                while !rest.is_empty() {
                    let (c, n) = geo
                        .parse_cell_prefix(rest)
                        .ok_or_else(|| format!("bad double-step field '{f}'"))?;
                    let i = self
                        .rights
                        .iter()
                        .position(|&(rc, _)| rc == c)
                        .ok_or_else(|| format!("no double-step right on {}", geo.name(c)))?;
                    if self.implied(pos) >> i & 1 == 0 {
                        return Err(format!(
                            "double-step right on {} without its pawn",
                            geo.name(c)
                        ));
                    }
                    bits |= 1 << i;
                    rest = &rest[n..];
                }
                bits
            }
        };
        let r = pos.st.rights | bits;
        pos.set_rights(r);
        Ok(())
    }
}

fn build(o: &Opts) -> Result<Variant, String> {
    let geo = Geometry::rect(8, 8).wrapping(true, true);
    let mut b = VariantBuilder::new("torus", "Torus Chess", geo);
    let g = b.geo().clone();
    let mut pawn = common::pawn(&g, "fmW fcF xfmnD", vec![]);
    pawn.en_passant = true;
    let pawn = b.piece(pawn);
    let knight = b.piece(PieceDef::new("knight", "N", "N").value(300));
    let bishop = b.piece(PieceDef::new("bishop", "B", "B").value(330));
    let rook = b.piece(PieceDef::new("rook", "R", "R").value(500));
    let queen = b.piece(PieceDef::new("queen", "Q", "Q").value(900));
    b.piece(PieceDef::new("king", "K", "K").royal());
    b.piece_mut(pawn).promotion = common::pawn(&g, "", vec![queen, rook, bishop, knight]).promotion;
    let squares: &[&str] = if o.is("doublestep", "rank2") {
        &["a2", "d2", "e2", "h2", "a7", "d7", "e7", "h7"]
    } else {
        &[
            "a2", "d2", "e2", "h2", "d4", "e4", "a7", "d7", "e7", "h7", "d5", "e5",
        ]
    };
    let mut rights = Vec::new();
    for sq in squares {
        let c = common::cell(&g, sq);
        let player = if g.coords(c).1 < 4 { 0 } else { 1 };
        b.right(RightDef {
            token: sq.to_string(),
            player,
            cell: Some(c),
            lost_on_touch: vec![c],
            lost_on_check: false,
            field: GAME_FIELD,
        });
        rights.push((c, player));
    }
    b.start(START);
    let e = b.end();
    e.nmove = 50;
    e.repetition = 3;
    let fide = o
        .is("material", "fide")
        .then_some(InsufficientMaterial { knight, bishop });
    b.rules(
        Box::new(Torus {
            rights,
            pawn,
            knight,
            bishop,
            rook,
            fide,
        }),
        HookFlags {
            filter_legal: true,
            outcome: true,
            // The dead-position test looks at material only.
            outcome_blind: true,
            ..Default::default()
        },
    );
    b.build()
}
