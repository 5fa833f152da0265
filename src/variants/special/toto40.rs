//! Toto40 (spec `toto40.md`): a 40-cell staircase on an 8x12 grid (a cell exists iff
//! 9 <= file + rank <= 13), its middle diagonal (file + rank = 11) the fighting line.
//!
//! - No crossing: every man is confined to its own section plus the line (`PieceDef::region`;
//!   rides stop at the region's edge, so attacks follow too).
//! - Line step: a man on the line may step diagonally along it (NW / SE), moving or capturing
//!   (`PieceDef::zone_moves` on the line cells). A pawn on the line has only that step (its other
//!   moves lead off the line into the enemy section, which the region forbids).
//! - `royal=check` (default): the King is royal; `royal=capture`: it is not, capturing it wins.
//! - The line obligation (rule 5) and superko (rule 6) are hooks: `outcome` and `filter_legal`.
//!   Superko compares the arrangement of men only (`superko=situational`: and the side to move)
//!   with every earlier position since the FEN, through the zobrist key without the side key.
//! - A decided position (King captured, line obligation broken) has no moves: the game is over.

use super::super::{Entry, OptionDef, Opts};
use crate::cellset::CellSet;
use crate::geometry::Geometry;
use crate::movegen::MoveList;
use crate::piece::{PieceDef, PieceType, Player, ZoneMoves};
use crate::position::Position;
use crate::variant::{GameResult, HookFlags, Outcome, Rules, Variant, VariantBuilder, Verdict};

pub const ENTRY: Entry = Entry {
    id: "toto40",
    name: "Toto40",
    options: &[
        OptionDef {
            key: "royal",
            values: &["check", "capture"],
        },
        OptionDef {
            key: "superko",
            values: &["positional", "situational"],
        },
        OptionDef {
            key: "white",
            values: &["lower", "upper"],
        },
    ],
    build,
};

pub const START: &str = "p*******/1p******/2h*****/3n****/P3r***/*P3k**/**K3p*/***R3p/****N3/*****H2/******P1/*******P w - - 0 1";

const KING: PieceType = 0;

struct Toto40 {
    line: CellSet,
    royal_capture: bool,
    situational: bool,
}

impl Toto40 {
    fn has_line_man(&self, pos: &Position, p: Player) -> bool {
        self.line.iter().any(|c| {
            let q = pos.at(c);
            !q.is_empty() && q.owner() == p
        })
    }

    /// The result decided by the last move (rules 7a and 7b), if any.
    fn decided(&self, pos: &Position) -> Option<Outcome> {
        let us = pos.side;
        let mover = 1 - us;
        if self.royal_capture {
            for (p, winner) in [(us, mover), (mover, us)] {
                if pos.count(p, KING) == 0 {
                    return Some(Outcome {
                        result: GameResult::Win(winner),
                        reason: "king captured",
                    });
                }
            }
        }
        let last = pos.st.last;
        if last.is_none() {
            return None;
        }
        let entered = self.line.iter().any(|c| !pos.at(c).is_empty())
            || (last.from != crate::geometry::NO_CELL && self.line.contains(last.from));
        if entered && !self.has_line_man(pos, mover) {
            return Some(Outcome {
                result: GameResult::Win(us),
                reason: "no man on the fighting line",
            });
        }
        None
    }
}

impl Rules for Toto40 {
    fn filter_legal(&self, pos: &Position, out: &mut MoveList) {
        if self.decided(pos).is_some() {
            out.clear();
            return;
        }
        // Superko: the arrangement after the move must be new.
        let z = &pos.v.zobrist;
        let hist = pos.history();
        let n = hist.len();
        let us = pos.side;
        let side_at = |i: usize| {
            if (n - i).is_multiple_of(2) {
                us
            } else {
                1 - us
            }
        };
        let board_now = pos.st.key ^ z.side[us as usize];
        out.retain(|m| {
            let p = pos.at(m.from);
            let q = pos.at(m.to);
            let mut h = board_now ^ z.piece(p, m.from) ^ z.piece(p, m.to);
            if !q.is_empty() {
                h ^= z.piece(q, m.to);
            }
            let them = 1 - us;
            let same = |key: u64, side: Player| {
                if self.situational {
                    side == them && key ^ z.side[side as usize] == h
                } else {
                    key ^ z.side[side as usize] == h
                }
            };
            if same(pos.st.key, us) {
                return false;
            }
            !(0..n).any(|i| same(hist[i].key, side_at(i)))
        });
    }

    fn outcome(&self, pos: &Position, _nlegal: usize) -> Option<Outcome> {
        self.decided(pos)
    }
}

/// The position turned half round: cell (f, r) -> (9 - f, 13 - r), men keep their colour.
fn rotate_fen(fen: &str) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(String::from).collect();
    let ranks: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|r| {
            let mut cells: Vec<char> = Vec::new();
            for ch in r.chars() {
                match ch.to_digit(10) {
                    Some(n) => cells.extend(std::iter::repeat_n('1', n as usize)),
                    None => cells.push(ch),
                }
            }
            cells.reverse();
            let mut s = String::new();
            let mut run = 0;
            for ch in cells {
                if ch == '1' {
                    run += 1;
                } else {
                    if run > 0 {
                        s += &run.to_string();
                        run = 0;
                    }
                    s.push(ch);
                }
            }
            if run > 0 {
                s += &run.to_string();
            }
            s
        })
        .collect();
    fields[0] = ranks.join("/");
    fields.join(" ")
}

fn build(o: &Opts) -> Result<Variant, String> {
    // Zero-based x + y from 7 to 11 = file + rank from 9 to 13.
    let geo = Geometry::rect(8, 12).with_mask(|x, y| (7..=11).contains(&(x as u32 + y as u32)));
    let mut b = VariantBuilder::new("toto40", "Toto40", geo.clone());
    let band = |lo: u32, hi: u32| {
        let mut s = CellSet::EMPTY;
        for c in geo.cells() {
            let (x, y, _) = geo.coords(c);
            if (lo..=hi).contains(&(x as u32 + y as u32)) {
                s.insert(c);
            }
        }
        s
    };
    let lower = band(7, 9);
    let upper = band(9, 11);
    let line = band(9, 9);
    let white_upper = o.is("white", "upper");
    let region = if white_upper {
        vec![upper, lower]
    } else {
        vec![lower, upper]
    };
    let pawn_betza = if white_upper { "bmW bcF" } else { "fmW fcF" };
    // The line runs NW-SE; the second army's Betza is rank-mirrored.
    let line_step = [
        ZoneMoves {
            cells: vec![line, CellSet::EMPTY],
            betza: "flF brF".into(),
        },
        ZoneMoves {
            cells: vec![CellSet::EMPTY, line],
            betza: "blF frF".into(),
        },
    ];
    let royal_capture = o.is("royal", "capture");
    let defs = [
        ("king", "K", "K", 0),
        ("rook", "R", "R", 500),
        ("knight", "N", "N", 300),
        ("hawk", "H", "AD", 350),
        ("pawn", "P", pawn_betza, 100),
    ];
    let mut off_line = CellSet::EMPTY;
    for c in geo.cells() {
        if !line.contains(c) {
            off_line.insert(c);
        }
    }
    for (name, letter, betza, value) in defs {
        let mut p = PieceDef::new(name, letter, betza).value(value);
        p.region = region.clone();
        match letter {
            // The King's own diagonal steps include the line step.
            "K" => {
                p.royal = !royal_capture;
                if royal_capture {
                    p.value = 2000;
                }
            }
            // A pawn on the line has only the line step.
            "P" => {
                p.betza = String::new();
                p.resets_clock = true;
                p.zone_moves = line_step.to_vec();
                p.zone_moves.push(ZoneMoves {
                    cells: vec![off_line, off_line],
                    betza: betza.into(),
                });
            }
            _ => p.zone_moves = line_step.to_vec(),
        }
        b.piece(p);
    }
    let start = if white_upper {
        rotate_fen(START)
    } else {
        START.to_string()
    };
    b.start(&start);
    let e = b.end();
    e.checkmated = Verdict::Loss;
    e.stalemated = Verdict::Loss;
    e.nmove = 0;
    e.repetition = 0;
    b.rules(
        Box::new(Toto40 {
            line,
            royal_capture,
            situational: o.is("superko", "situational"),
        }),
        HookFlags {
            filter_legal: true,
            outcome: true,
            ..Default::default()
        },
    );
    b.build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_is_an_involution() {
        assert_eq!(rotate_fen(&rotate_fen(START)), START);
        assert!(rotate_fen(START).starts_with("P*******/1P******/2H*****/"));
    }
}
