//! Shatranj (Gollon, ch. 3): Shah d1/d8, Firzan, Fil (alfil), Faras, Rukh, Baidaq; stalemate
//! and a bare Shah lose (the bared side may draw by baring the opponent at once).

use super::frame;
use crate::eval::{Weights, nnue, squares};
use crate::geometry::Geometry;
use crate::variant::{BareKing, Variant, VariantBuilder, Verdict};
use crate::variants::{Entry, OptionDef, Opts};

pub const START: &str = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1";

pub const ENTRY: Entry = Entry {
    id: "shatranj",
    name: "Shatranj",
    options: &[
        OptionDef {
            key: "bareking",
            values: &["shatranj", "immediate"],
        },
        OptionDef {
            key: "nmove",
            values: &["0", "70"],
        },
    ],
    build,
};

/// The 8x8 Shatranj game with Fairy-Stockfish's letters (q = Firzan, b = Fil), from `start`.
pub fn build_8x8(
    id: &str,
    name: &str,
    start: &str,
    stalemated: Verdict,
    bare: BareKing,
    nmove: u32,
) -> Result<Variant, String> {
    let mut b = VariantBuilder::new(id, name, Geometry::rect(8, 8));
    let g = b.geo().clone();
    let p = b.piece(frame::baidaq(&g, vec![]));
    b.piece(frame::faras());
    b.piece(frame::fil("B"));
    b.piece(frame::rukh());
    let q = b.piece(frame::firzan("Q"));
    b.piece(frame::shah());
    b.piece_mut(p).promotion = frame::baidaq(&g, vec![q]).promotion;
    b.start(start);
    let e = b.end();
    e.stalemated = stalemated;
    e.bare_king = bare;
    e.nmove = nmove;
    e.repetition = 3;
    b.build()
}

fn build(o: &Opts) -> Result<Variant, String> {
    let mut v = build_8x8(
        "shatranj",
        "Shatranj",
        START,
        Verdict::Loss,
        frame::bare_king(o.get("bareking")),
        o.num("nmove", 0),
    )?;
    v.eval_weights = Some(shatranj_weights());
    v.square_adjust = Some(squares::from_grids(&v, super::shatranj_squares::SQUARES)?);
    v.net = NET.clone();
    Ok(v)
}

/// Shatranj's net (`nets/shatranj.nnue`, docs/eval.md "Networks"): Fairy-Stockfish's static
/// evaluation of 11.1M positions of 7,754 of its own games and their mirror images, learnt by
/// `chatrang tune net` (+91 +/- 39 Elo against shatranj's hand-made terms at 1s+0.01s), then
/// its depth-6 search scores of 1.52M quiet positions (+0.060 +/- 0.031 a game against
/// Fairy-Stockfish at 10s+0.1s, paired with the first net over 248 games). A bare Shah's
/// endings stay with the terms (`Nnue::judges`).
static NET: nnue::ShippedNet =
    once_cell::sync::Lazy::new(|| nnue::shipped(include_bytes!("../../../nets/shatranj.nnue")));

/// Shatranj's own weights: the shared set fitted to Fairy-Stockfish's depth-10 scores of 21,948
/// quiet shatranj positions with the threat weights fixed (docs/eval.md): +29 +/- 23 Elo in
/// shatranj self-play against the shared set (600 games at 1s+0.01s).
pub fn shatranj_weights() -> Weights {
    Weights {
        pawn_mg: 720,
        pawn_eg: 880,
        royal_advance_mg: 20,
        royal_file_mg: -7,
        royal_centre_eg: 8,
        pawn_advance_mg: 256,
        pawn_advance_eg: 352,
        pawn_centre: 600,
        leaper_centre: 1800,
        centre_eg: 420,
        passed_eg: 200,
        passed_base_mg: 19,
        passed_base_eg: 6,
        zone_hit: 16,
        zone_scale: 1800,
        safe_check: 31,
        proximity_scale: 600,
        shelter: -5,
        doubled_mg: 24,
        doubled_eg: -16,
        isolated_mg: -14,
        isolated_eg: -14,
        supported_mg: 9,
        supported_eg: -4,
        phalanx_mg: 4,
        phalanx_eg: 5,
        pair_mg: 10,
        pair_eg: -37,
        open_file_mg: 33,
        open_file_eg: 14,
        semi_open_mg: 12,
        semi_open_eg: 37,
        tempo: 20,
        // Fitted alone afterwards, the rest fixed (docs/eval.md, "Passed-man paths").
        passed_free: 280,
        passed_step: 260,
        push_threat_mg: 29,
        push_threat_eg: -3,
        ..Weights::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::shipped_tests::{
        assert_net_sees_material_and_terms_the_bare_king, assert_own_net_fits,
    };

    fn shatranj() -> std::sync::Arc<Variant> {
        std::sync::Arc::new(build(&Opts::default()).unwrap())
    }

    #[test]
    fn the_shipped_net_fits_shatranj() {
        assert_own_net_fits(&shatranj());
    }

    /// The net sees a Rukh more as a win in the making, and leaves a bare Shah (a loss by
    /// the bare-king rule) to the terms.
    #[test]
    fn the_net_scores_material_and_leaves_a_bare_shah_to_the_terms() {
        assert_net_sees_material_and_terms_the_bare_king(
            &shatranj(),
            "1nbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
            200,
            "8/8/8/8/8/2k5/8/1R4K1 w - - 0 80",
        );
    }
}
