//! Capablanca's Chess (10x8): the FIDE army plus Archbishop (BN) and Chancellor (RN).
//! Castling moves the king two squares by default (the book's rule), three with `castling=three`
//! (Capablanca's own rule, Fairy-Stockfish's).

use super::super::chess::{chess_weights, fide_draws};
use super::super::{Entry, OptionDef, Opts, common};
use crate::eval::{Weights, nnue, squares};
use crate::geometry::Geometry;
use crate::piece::{Initial, PieceDef};
use crate::variant::{Variant, VariantBuilder};

pub const ENTRY: Entry = Entry {
    id: "capablanca",
    name: "Capablanca's Chess",
    options: &[
        OptionDef {
            key: "arrangement",
            values: &["capablanca", "bird"],
        },
        OptionDef {
            key: "castling",
            values: &["two", "three"],
        },
        OptionDef {
            key: "promotion",
            values: &["all", "standard"],
        },
    ],
    build,
};

/// The Capablanca armies: back ranks of both arrangements (White's, Black mirrors it).
pub const BACK_CAPABLANCA: &str = "RNABQKBCNR";
pub const BACK_BIRD: &str = "RNBCQKABNR";

/// Start FEN of a Capablanca-style game: `back` on the first and last ranks, pawns in front,
/// `empty` empty ranks between.
pub fn start_fen(back: &str, empty: usize) -> String {
    let w = back.len();
    let mut ranks = vec![back.to_lowercase(), "p".repeat(w)];
    ranks.extend(std::iter::repeat_n(w.to_string(), empty));
    ranks.push("P".repeat(w));
    ranks.push(back.to_string());
    format!("{} w KQkq - 0 1", ranks.join("/"))
}

/// Builds a 10-file Capablanca game: `pawn` = the pawn's Betza (initial moves from its second
/// rank), promotion to Q/C/A/R/B/N (`all`) or Q/R/B/N, castling two or three squares.
pub fn build_capa(
    id: &str,
    name: &str,
    geo: Geometry,
    start: &str,
    pawn: &str,
    promote_all: bool,
    three: bool,
) -> Result<Variant, String> {
    let mut b = VariantBuilder::new(id, name, geo);
    let g = b.geo().clone();
    let mut pd = common::pawn(&g, pawn, vec![]);
    pd.en_passant = true;
    pd.initial = Initial::Cells(common::ranks_both(&g, 1));
    let p = b.piece(pd);
    let n = b.piece(PieceDef::new("knight", "N", "N").value(300));
    let bi = b.piece(PieceDef::new("bishop", "B", "B").value(330));
    let r = b.piece(PieceDef::new("rook", "R", "R").value(500));
    let a = b.piece(PieceDef::new("archbishop", "A", "BN").value(800));
    let c = b.piece(PieceDef::new("chancellor", "C", "RN").value(900));
    let q = b.piece(PieceDef::new("queen", "Q", "Q").value(950));
    b.piece(PieceDef::new("king", "K", "K").royal());
    let to = if promote_all {
        vec![q, c, a, r, bi, n]
    } else {
        vec![q, r, bi, n]
    };
    b.piece_mut(p).promotion = common::pawn(&g, "", to).promotion;
    if three {
        common::castle_both_sides(&mut b, 'f', ('i', 'h'), ('c', 'd'));
    } else {
        common::castle_both_sides(&mut b, 'f', ('h', 'g'), ('d', 'e'));
    }
    b.start(start);
    fide_draws(&mut b, n, bi);
    b.build()
}

fn build(o: &Opts) -> Result<Variant, String> {
    let back = if o.is("arrangement", "bird") {
        BACK_BIRD
    } else {
        BACK_CAPABLANCA
    };
    let mut v = build_capa(
        "capablanca",
        "Capablanca's Chess",
        Geometry::rect(10, 8),
        &start_fen(back, 4),
        "fmW fcF ifmnD",
        !o.is("promotion", "standard"),
        o.is("castling", "three"),
    )?;
    v.eval_weights = Some(capablanca_weights());
    v.square_adjust = Some(squares::from_grids(&v, super::capablanca_squares::SQUARES)?);
    // The net learnt the Capablanca arrangement's positions; Bird's keeps the terms.
    if back == BACK_CAPABLANCA {
        v.net = NET.clone();
    }
    Ok(v)
}

/// Capablanca's net (`nets/capablanca.nnue`, docs/eval.md "Capablanca's net", "Capablanca on
/// searched labels" and "The mix distilled into the net"): Fairy-Stockfish's static evaluation of
/// 13.59M positions of 14,000 of its own games (`castling=three`, with detours of two seeds) and
/// their mirror images, learnt by `chatrang tune net`, trained on to its depth-6 search scores of
/// 1.56M positions of 12,000 more games, then to the mean of that net and the hand-made terms on
/// 3.51M positions: the mix's judgement at the net's speed. A bare king's endings stay with the
/// terms (`Nnue::judges`).
static NET: nnue::ShippedNet =
    once_cell::sync::Lazy::new(|| nnue::shipped(include_bytes!("../../../nets/capablanca.nnue")));

/// Capablanca's own weights: chess's set refitted to Fairy-Stockfish's depth-10 scores of 15,705
/// quiet capablanca positions, the threat, mop-up and passed-man bonus weights fixed (the
/// passed men's path, blocking and king-distance weights moved; docs/eval.md, "Capablanca's own
/// set"): +55 +/- 33 Elo in capablanca self-play against the older shared
/// FIDE-army set it had before.
pub fn capablanca_weights() -> Weights {
    // Only the weights the refit moved.
    Weights {
        pawn_mg: 673,
        royal_advance_mg: -44,
        royal_file_mg: 16,
        royal_centre_eg: 5,
        pawn_advance_mg: 135,
        pawn_advance_eg: 6,
        pawn_centre: 1008,
        leaper_centre: 1440,
        rider_centre: 4704,
        centre_eg: 665,
        mobility_mg: 72,
        mobility_eg: 52,
        leaper_mobility: 1200,
        push_threat_mg: 23,
        push_threat_eg: -6,
        zone_hit: 34,
        zone_scale: 980,
        safe_check: 121,
        proximity_scale: 1650,
        shelter: 20,
        doubled_mg: -2,
        doubled_eg: -8,
        isolated_mg: -4,
        isolated_eg: -14,
        supported_mg: 9,
        supported_eg: -1,
        phalanx_mg: 5,
        passed_blocked: 324,
        passed_free: 288,
        passed_step: -165,
        passed_king_eg: 136,
        pair_mg: 85,
        pair_eg: 44,
        open_file_mg: 39,
        open_file_eg: 5,
        semi_open_mg: 8,
        semi_open_eg: 27,
        tempo: 48,
        ..chess_weights()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::shipped_tests::{
        assert_net_sees_material_and_terms_the_bare_king, assert_own_net_fits,
        assert_the_net_judges_alone,
    };

    fn capablanca(opts: &str) -> std::sync::Arc<Variant> {
        crate::variants::build("capablanca", opts).unwrap()
    }

    #[test]
    fn the_shipped_net_fits_capablanca_and_birds_arrangement_keeps_the_terms() {
        assert_own_net_fits(&capablanca(""));
        assert!(capablanca("arrangement=bird").net.is_none());
    }

    /// The net sees a Chancellor more as a win in the making, and leaves a bare king to the
    /// terms' mop-up.
    #[test]
    fn the_net_scores_material_and_leaves_a_bare_king_to_the_terms() {
        assert_net_sees_material_and_terms_the_bare_king(
            &capablanca("castling=three"),
            "rnabqkb1nr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
            300,
            "10/10/10/10/10/3k6/10/1R5K2 w - - 0 80",
        );
    }

    /// The net learnt its mean with the hand-made terms, so it judges alone (docs/eval.md, "The
    /// mix distilled into the net").
    #[test]
    fn the_net_judges_alone_without_a_terms_share() {
        assert_the_net_judges_alone(
            &capablanca("castling=three"),
            "rnabqkbcnr/pppp1ppppp/10/4p5/4P5/10/PPPP1PPPPP/RNABQKBCNR w KQkq - 0 2",
        );
    }
}
