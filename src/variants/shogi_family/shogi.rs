//! Shogi (shared/rules/shogi.md): 9x9, captured men go to the captor's hand unpromoted and may
//! be dropped back; optional promotion on moves starting or ending in the last three ranks,
//! forced where the man could not move again; nifu and uchifuzume restrict pawn drops.
//! End rules: checkmate; the stalemated side loses (or `stalemate=illegal-move`); sennichite
//! (4th occurrence draws, perpetual checker loses) or `repetition=draw3`; `impasse=24|27`;
//! `nmove=N`. FEN in Fairy-Stockfish's short form; moves as Fairy-Stockfish writes them
//! (`b2g7+`, `P@e5`).

use super::super::{Entry, OptionDef, Opts};
use super::pieces::{camp, forbid_last_ranks, promoted, repetition_outcome, set_promotion};
use crate::cellset::CellSet;
use crate::geometry::Geometry;
use crate::piece::{PieceDef, PieceType, Player};
use crate::position::Position;
use crate::variant::{GameResult, HookFlags, Outcome, Rules, Variant, VariantBuilder, Verdict};

pub const ENTRY: Entry = Entry {
    id: "shogi",
    name: "Shogi",
    options: &[
        OptionDef {
            key: "stalemate",
            values: &["loss", "illegal-move"],
        },
        OptionDef {
            key: "repetition",
            values: &["sennichite", "draw3"],
        },
        OptionDef {
            key: "impasse",
            values: &["none", "24", "27"],
        },
        OptionDef {
            key: "nmove",
            values: &["0", "N"],
        },
    ],
    build,
};

pub const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Impasse {
    None,
    Jsa24,
    Csa27,
}

struct ShogiRules {
    /// Occurrences that end the game by repetition, and whether perpetual check loses.
    repetition: u32,
    perpetual: bool,
    impasse: Impasse,
    king: PieceType,
    /// Types worth 5 impasse points (rook, bishop and their promotions).
    big: [PieceType; 4],
    /// Per player: the enemy camp.
    camp: [CellSet; 2],
}

impl ShogiRules {
    fn points(&self, t: PieceType) -> u32 {
        if t == self.king {
            0
        } else if self.big.contains(&t) {
            5
        } else {
            1
        }
    }

    fn king_in_camp(&self, pos: &Position, p: Player) -> bool {
        pos.cells_of(p, self.king)
            .iter()
            .any(|&c| self.camp[p as usize].contains(c))
    }

    /// Points of `p`: men on the board (only those in the enemy camp if `camp_only`) and in hand.
    fn score(&self, pos: &Position, p: Player, camp_only: bool) -> (u32, u32) {
        let mut pts = 0;
        let mut men = 0;
        for t in 0..pos.v.pieces.len() as PieceType {
            if t == self.king {
                continue;
            }
            for &c in pos.cells_of(p, t) {
                if !camp_only || self.camp[p as usize].contains(c) {
                    pts += self.points(t);
                    men += 1;
                }
            }
            pts += self.points(t) * pos.hand(p, t) as u32;
        }
        (pts, men)
    }

    fn impasse(&self, pos: &Position) -> Option<Outcome> {
        match self.impasse {
            Impasse::None => None,
            Impasse::Jsa24 => {
                if !(self.king_in_camp(pos, 0) && self.king_in_camp(pos, 1)) {
                    return None;
                }
                let (a, _) = self.score(pos, 0, false);
                let (b, _) = self.score(pos, 1, false);
                let result = match (a < 24, b < 24) {
                    (true, false) => GameResult::Win(1),
                    (false, true) => GameResult::Win(0),
                    _ => GameResult::Draw,
                };
                Some(Outcome {
                    result,
                    reason: "impasse (24 points)",
                })
            }
            Impasse::Csa27 => {
                let us = pos.side;
                if !self.king_in_camp(pos, us) || pos.in_check() {
                    return None;
                }
                let (pts, men) = self.score(pos, us, true);
                let need = if us == 0 { 28 } else { 27 };
                (men >= 10 && pts >= need).then_some(Outcome {
                    result: GameResult::Win(us),
                    reason: "impasse declaration (27 points)",
                })
            }
        }
    }
}

impl Rules for ShogiRules {
    fn outcome(&self, pos: &Position, nlegal: usize) -> Option<Outcome> {
        if nlegal == 0 {
            return None; // mate and stalemate first
        }
        if let Some(o) = self.impasse(pos) {
            return Some(o);
        }
        repetition_outcome(pos, self.repetition, self.perpetual)
    }
}

/// Piece types of the standard shogi army, in the order `add_army` adds them.
#[derive(Clone, Copy, Debug)]
pub struct Army {
    pub pawn: PieceType,
    pub lance: PieceType,
    pub knight: PieceType,
    pub silver: PieceType,
    pub gold: PieceType,
    pub bishop: PieceType,
    pub rook: PieceType,
    pub king: PieceType,
    pub tokin: PieceType,
    pub plance: PieceType,
    pub pknight: PieceType,
    pub psilver: PieceType,
    pub horse: PieceType,
    pub dragon: PieceType,
}

/// Adds the shogi army (with promotions in a zone of 3 ranks and drop rules) to `b`.
pub fn add_army(b: &mut VariantBuilder) -> Army {
    let geo: Geometry = b.geo().clone();
    let mut piece = |name: &str, letter: &str, betza: &str, value: i32| {
        b.piece(PieceDef::new(name, letter, betza).value(value))
    };
    let pawn = piece("pawn", "P", "fW", 90);
    let lance = piece("lance", "L", "fR", 315);
    let knight = piece("knight", "N", "ffN", 405);
    let silver = piece("silver", "S", "FfW", 495);
    let gold = piece("gold", "G", "WfF", 540);
    let bishop = piece("bishop", "B", "B", 855);
    let rook = piece("rook", "R", "R", 990);
    let king = b.piece(PieceDef::new("king", "K", "K").royal());
    let mut prom = |name: &str, letter: &str, betza: &str, base: PieceType, value: i32| {
        b.piece(promoted(name, letter, betza, base).value(value))
    };
    let tokin = prom("tokin", "+P", "WfF", pawn, 540);
    let plance = prom("promoted lance", "+L", "WfF", lance, 540);
    let pknight = prom("promoted knight", "+N", "WfF", knight, 540);
    let psilver = prom("promoted silver", "+S", "WfF", silver, 540);
    let horse = prom("horse", "+B", "BW", bishop, 945);
    let dragon = prom("dragon", "+R", "RF", rook, 1395);
    let zone = camp(&geo, 3);
    for (base, to) in [
        (pawn, tokin),
        (lance, plance),
        (knight, pknight),
        (silver, psilver),
        (bishop, horse),
        (rook, dragon),
    ] {
        set_promotion(b, base, to, zone.clone());
    }
    b.piece_mut(pawn).resets_clock = false;
    b.piece_mut(pawn).one_per_file = true;
    b.piece_mut(pawn).no_drop_mate = true;
    b.drops(vec![rook, bishop, gold, silver, knight, lance, pawn]);
    b.captures_to_hand();
    forbid_last_ranks(b, pawn, 1);
    forbid_last_ranks(b, lance, 1);
    forbid_last_ranks(b, knight, 2);
    Army {
        pawn,
        lance,
        knight,
        silver,
        gold,
        bishop,
        rook,
        king,
        tokin,
        plance,
        pknight,
        psilver,
        horse,
        dragon,
    }
}

fn build(o: &Opts) -> Result<Variant, String> {
    let mut b = VariantBuilder::new("shogi", "Shogi", Geometry::rect(9, 9));
    let a = add_army(&mut b);
    b.start(START);
    b.fen_short();
    let e = b.end();
    e.checkmated = Verdict::Loss;
    e.stalemated = Verdict::Loss;
    e.bare_king = crate::variant::BareKing::Off;
    e.repetition = 0; // by the hook, over the whole history
    e.nmove = o.num("nmove", 0);
    if o.is("stalemate", "illegal-move") {
        e.stalemating_illegal = true;
        e.forced_stalemate_allowed = false;
    }
    let geo = b.geo().clone();
    let zone = camp(&geo, 3);
    let rules = ShogiRules {
        repetition: if o.is("repetition", "draw3") { 3 } else { 4 },
        perpetual: !o.is("repetition", "draw3"),
        impasse: match o.get("impasse") {
            "24" => Impasse::Jsa24,
            "27" => Impasse::Csa27,
            _ => Impasse::None,
        },
        king: a.king,
        big: [a.rook, a.bishop, a.dragon, a.horse],
        camp: [zone[0], zone[1]],
    };
    b.rules(
        Box::new(rules),
        HookFlags {
            outcome: true,
            ..Default::default()
        },
    );
    b.build()
}
