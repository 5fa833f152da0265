//! Orthodox chess (FIDE rules), the default game and the base of several others.
//!
//! Games built on the FIDE army use [`fide_builder`] (pieces, promotion, 50-move rule),
//! [`standard_castling`] and [`InsufficientMaterial`], then adjust the builder.

use super::{Entry, Opts, common};
use crate::eval::{Weights, nnue, squares};
use crate::geometry::Geometry;
use crate::piece::{PieceDef, PieceType};
use crate::position::Position;
use crate::variant::{GameResult, HookFlags, Outcome, Rules, Variant, VariantBuilder};

/// FIDE's dead-position draws by material: K v K, K+minor v K, and bishops all on one colour.
/// Knights in hand count as knights.
pub struct InsufficientMaterial {
    pub knight: PieceType,
    pub bishop: PieceType,
}

impl InsufficientMaterial {
    pub fn is_dead(&self, pos: &Position) -> bool {
        self.is_dead_mapped(pos, |t| t)
    }

    /// As `is_dead`, with each type seen as `kind(type)` (games whose men of one kind are split
    /// into several types).
    pub fn is_dead_mapped(&self, pos: &Position, kind: impl Fn(PieceType) -> PieceType) -> bool {
        let mut minors = 0;
        let mut bishop_colours = [false; 2];
        for player in 0..2u8 {
            for t in 0..pos.v.pieces.len() as PieceType {
                let k = kind(t);
                if pos.hand(player, t) > 0 {
                    if k == self.knight {
                        minors += pos.hand(player, t) as usize;
                    } else {
                        return false;
                    }
                }
                let n = pos.count(player, t);
                if n == 0 || pos.v.pieces[t as usize].royal {
                    continue;
                }
                if k == self.knight {
                    minors += n;
                } else if k == self.bishop {
                    for &c in pos.cells_of(player, t) {
                        let (x, y, _) = pos.v.geo.coords(c);
                        bishop_colours[((x + y) % 2) as usize] = true;
                    }
                } else {
                    return false;
                }
            }
        }
        let bishops = bishop_colours.iter().filter(|&&b| b).count();
        (minors == 0 && bishops <= 1) || (minors == 1 && bishops == 0)
    }
}

impl Rules for InsufficientMaterial {
    fn outcome(&self, pos: &Position, nlegal: usize) -> Option<Outcome> {
        (nlegal > 0 && self.is_dead(pos)).then_some(Outcome {
            result: GameResult::Draw,
            reason: "insufficient material",
        })
    }
}

/// Piece types of the FIDE army as [`fide_builder`] adds them.
#[derive(Clone, Copy, Debug)]
pub struct FideArmy {
    pub pawn: PieceType,
    pub knight: PieceType,
    pub bishop: PieceType,
    pub rook: PieceType,
    pub queen: PieceType,
    pub king: PieceType,
}

impl FideArmy {
    /// The insufficient-material rule for this army.
    pub fn insufficient_material(&self) -> InsufficientMaterial {
        InsufficientMaterial {
            knight: self.knight,
            bishop: self.bishop,
        }
    }
}

/// An 8x8 game with the FIDE army (P N B R Q K, in this order; the pawn promotes on the last rank
/// to Q, R, B or N) and the 50-move rule. No castling (see [`standard_castling`]), no start FEN,
/// no hooks.
pub fn fide_builder(id: &str, name: &str) -> (VariantBuilder, FideArmy) {
    let mut b = VariantBuilder::new(id, name, Geometry::rect(8, 8));
    let g = b.geo().clone();
    let pawn = b.piece(common::fide_pawn(&g, vec![]));
    let knight = b.piece(PieceDef::new("knight", "N", "N").value(300));
    let bishop = b.piece(PieceDef::new("bishop", "B", "B").value(320));
    let rook = b.piece(PieceDef::new("rook", "R", "R").value(500));
    let queen = b.piece(PieceDef::new("queen", "Q", "Q").value(900));
    let king = b.piece(PieceDef::new("king", "K", "K").royal());
    b.piece_mut(pawn).promotion = common::pawn(&g, "", vec![queen, rook, bishop, knight]).promotion;
    b.end().nmove = 50;
    let army = FideArmy {
        pawn,
        knight,
        bishop,
        rook,
        queen,
        king,
    };
    (b, army)
}

/// FIDE castling on both wings (K e1-g1 + R h1-f1, K e1-c1 + R a1-d1; Black on rank 8), rights `KQkq`.
pub fn standard_castling(b: &mut VariantBuilder) {
    common::castle_both_sides(b, 'e', ('g', 'f'), ('c', 'd'));
}

/// FIDE's draws for a game with orthodox minors: the 50-move rule and dead positions by material.
pub fn fide_draws(b: &mut VariantBuilder, knight: PieceType, bishop: PieceType) {
    b.end().nmove = 50;
    b.rules(
        Box::new(InsufficientMaterial { knight, bishop }),
        HookFlags {
            outcome: true,
            // The dead-position test looks at material only.
            outcome_blind: true,
            ..Default::default()
        },
    );
}

/// A game with every rule of orthodox chess (castling, insufficient material, 50 moves) from
/// another start position.
pub fn orthodox(id: &str, name: &str, start: &str) -> Result<Variant, String> {
    let (mut b, army) = fide_builder(id, name);
    standard_castling(&mut b);
    b.start(start);
    fide_draws(&mut b, army.knight, army.bishop);
    b.build()
}

pub const ENTRY: Entry = Entry {
    id: "chess",
    name: "Orthodox chess",
    options: &[],
    build,
};

pub fn build_with(start: &str) -> Result<Variant, String> {
    let mut v = orthodox("chess", "Orthodox chess", start)?;
    v.eval_weights = Some(chess_weights());
    v.square_adjust = Some(squares::from_grids(&v, super::chess_squares::SQUARES)?);
    v.net = NET.clone();
    Ok(v)
}

/// Chess's net (`nets/chess.nnue`, docs/eval.md "Networks"): Stockfish 15.1's NNUE evaluation of
/// 53.03M positions of Fairy-Stockfish's games (with detours) and their mirror images, learnt by
/// `chatrang tune net --hidden 512`.
static NET: nnue::ShippedNet =
    once_cell::sync::Lazy::new(|| nnue::shipped(include_bytes!("../../nets/chess.nnue")));

/// Chess's own weights: `fitted_weights` refitted to Fairy-Stockfish's depth-10 scores of 21,157
/// quiet chess positions with the threat weights fixed (docs/eval.md): +13 +/- 22 Elo in chess
/// self-play against that set (800 games at 1s+0.01s).
pub fn chess_weights() -> Weights {
    // Only the weights the refit moved.
    Weights {
        pawn_mg: 841,
        pawn_eg: 792,
        royal_advance_mg: -20,
        royal_file_mg: 20,
        royal_centre_eg: 6,
        pawn_advance_mg: 72,
        pawn_advance_eg: 28,
        pawn_centre: 840,
        rider_centre: 3360,
        centre_eg: 392,
        passed_mg: 158,
        passed_eg: 359,
        passed_base_mg: -13,
        passed_base_eg: -1,
        mobility_mg: 89,
        leaper_mobility: 600,
        zone_hit: 20,
        proximity_scale: 750,
        shelter: 4,
        doubled_mg: -6,
        doubled_eg: -3,
        isolated_mg: -6,
        isolated_eg: -12,
        supported_eg: -2,
        phalanx_mg: 6,
        phalanx_eg: 2,
        passed_blocked: 540,
        // Fitted alone afterwards, the rest fixed (docs/eval.md, "Passed-man paths").
        passed_free: 360,
        passed_step: 150,
        push_threat_mg: 16,
        push_threat_eg: 6,
        pair_mg: 65,
        pair_eg: 24,
        open_file_mg: 12,
        open_file_eg: 0,
        semi_open_mg: 10,
        semi_open_eg: 11,
        tempo: 37,
        ..fitted_weights()
    }
}

/// The FIDE army's first fitted weights (chess's until `chess_weights`, capablanca's until
/// `capablanca_weights`; both start from them), fitted to Fairy-Stockfish's
/// depth-8 scores of quiet positions (`chatrang tune`, docs/eval.md): first on 34,900 positions of
/// chess, capablanca, shatranj and courier, then refitted on the chess, capablanca and courier ones
/// with the pawn-structure, pair, open-file and mover-threat terms. In self-play at 2s+0.02s the
/// refit beat the first set by 63 +/- 44 Elo in chess (200 games) and 42 +/- 66 in capablanca, but
/// lost 52 +/- 54 in courier (100 games each), which keeps the first set
/// (src/variants/shatranj_family/courier.rs). Shatranj and xiangqi lost with the first set: they
/// and the other games keep the shared weights. The mover's threats keep the shared weight (1000
/// per mille): the fitted 200 is an artifact of quiet positions and lost 38 +/- 42 Elo to it in
/// chess (200 games).
pub fn fitted_weights() -> Weights {
    Weights {
        pawn_mg: 648,
        pawn_eg: 880,
        royal_advance_mg: -9,
        royal_centre_eg: 7,
        pawn_advance_eg: 44,
        pawn_centre: 600,
        leaper_centre: 1200,
        rider_centre: 4800,
        centre_eg: 490,
        passed_mg: 224,
        passed_eg: 225,
        passed_base_mg: 0,
        passed_base_eg: 3,
        mobility_mg: 56,
        threat_by_pawn_mg: -7,
        threat_by_pawn_eg: 16,
        threat_mg: 14,
        threat_eg: 18,
        hanging_mg: -12,
        hanging_eg: 21,
        zone_hit: 28,
        zone_scale: 1400,
        proximity_scale: 2500,
        shelter: 5,
        doubled_mg: 28,
        doubled_eg: -30,
        isolated_mg: -14,
        isolated_eg: -5,
        supported_mg: 7,
        supported_eg: -1,
        phalanx_mg: 5,
        phalanx_eg: 3,
        passed_blocked: 360,
        passed_king_eg: 224,
        pair_mg: 72,
        pair_eg: -40,
        open_file_mg: 30,
        open_file_eg: 2,
        semi_open_mg: 20,
        semi_open_eg: 10,
        royal_file_mg: 3,
        safe_check: 88,
        tempo: 34,
        ..Weights::default()
    }
}

fn build(_o: &Opts) -> Result<Variant, String> {
    build_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::shipped_tests::{
        assert_own_net_fits, net_judge, terms_judge, with_own_net,
    };

    #[test]
    fn the_shipped_net_fits_chess() {
        assert_own_net_fits(&build(&Opts::default()).unwrap());
    }

    #[test]
    fn the_net_leaves_a_bare_king_to_the_terms() {
        let v = std::sync::Arc::new(build(&Opts::default()).unwrap());
        let ep = with_own_net(&v);
        let terms = terms_judge(&v, &ep, "8/8/8/8/8/2k5/8/1R4K1 w - - 0 80");
        assert!(terms > 300, "the terms see the rook: {terms}");
        net_judge(&v, &ep, "8/1p6/8/8/8/2k5/8/1R4K1 w - - 0 80");
    }
}
