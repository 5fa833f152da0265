//! Capablanca's Chess (10x8): the FIDE army plus Archbishop (BN) and Chancellor (RN).
//! Castling moves the king two squares by default (the book's rule), three with `castling=three`
//! (Capablanca's own rule, Fairy-Stockfish's).

use super::super::chess::{fide_draws, fitted_weights};
use super::super::{Entry, OptionDef, Opts, common};
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
    // Fitted for the FIDE army and its compounds (src/variants/chess.rs).
    v.eval_weights = Some(fitted_weights());
    Ok(v)
}
