//! Oblong Chess (Shatranj al-Mustatila; Gollon, ch. 4): Shatranj men on a 4x16 board in one of
//! the seven opening arrangements A-G (plus `G2`, the other reading of G's Black Shah/Firzan).
//! Without dice: Shatranj rules (stalemate and a bare Shah lose). The dice game (`dice=on`) is
//! not available yet: asking for it is an error.

use super::super::{Entry, OptionDef, Opts};
use crate::geometry::Geometry;
use crate::piece::PieceDef;
use crate::variant::{BareKing, Variant, VariantBuilder, Verdict};
use crate::variants::common;

pub const ENTRY: Entry = Entry {
    id: "oblong",
    name: "Oblong Chess",
    options: &[
        OptionDef {
            key: "arrangement",
            values: &["A", "B", "C", "D", "E", "F", "G", "G2"],
        },
        OptionDef {
            key: "dice",
            values: &["off", "on"],
        },
        OptionDef {
            key: "dicemate",
            values: &["mate", "capture"],
        },
    ],
    build,
};

/// Start FEN of an arrangement (the spec's table).
pub fn start_fen(arrangement: &str) -> Option<&'static str> {
    Some(match arrangement {
        "A" => "bqkb/1nn1/r2r/4/pppp/4/pppp/4/4/PPPP/4/PPPP/4/R2R/1NN1/BQKB w - - 0 1",
        "B" => "bkqb/1nn1/r2r/4/pppp/pppp/4/4/4/4/PPPP/PPPP/4/R2R/1NN1/BQKB w - - 0 1",
        "C" => "bkqb/pppp/rnnr/pppp/4/4/4/4/4/4/4/4/PPPP/RNNR/PPPP/BKQB w - - 0 1",
        "D" => "rnnr/bqkb/pppp/pppp/4/4/4/4/4/4/4/4/PPPP/PPPP/BQKB/RNNR w - - 0 1",
        "E" => "rqkr/1nn1/1bb1/4/pppp/pppp/4/4/4/4/PPPP/PPPP/4/1BB1/1NN1/RQKR w - - 0 1",
        "F" => "rqkr/1nn1/1bb1/4/pppp/pppp/4/4/4/4/PPPP/PPPP/4/1BB1/1NN1/RKQR w - - 0 1",
        "G" => "rqkr/1nn1/1bb1/pppp/pppp/4/4/4/4/4/4/PPPP/PPPP/1BB1/1NN1/RQKR w - - 0 1",
        "G2" => "rkqr/1nn1/1bb1/pppp/pppp/4/4/4/4/4/4/PPPP/PPPP/1BB1/1NN1/RQKR w - - 0 1",
        _ => return None,
    })
}

fn build(o: &Opts) -> Result<Variant, String> {
    if o.is("dice", "on") {
        return Err("oblong: dice=on (the dice game) is not available yet".into());
    }
    let arr = o.get("arrangement");
    let start = start_fen(arr).ok_or_else(|| format!("oblong: unknown arrangement '{arr}'"))?;
    let mut b = VariantBuilder::new("oblong", "Oblong Chess", Geometry::rect(4, 16));
    let g = b.geo().clone();
    let p = b.piece(common::pawn(&g, "mfWcfF", vec![]));
    b.piece(PieceDef::new("faras", "N", "N").value(300));
    b.piece(PieceDef::new("fil", "B", "A").value(130));
    b.piece(PieceDef::new("rukh", "R", "R").value(500));
    let q = b.piece(PieceDef::new("firzan", "Q", "F").value(150));
    b.piece(PieceDef::new("shah", "K", "K").royal());
    b.piece_mut(p).promotion = common::pawn(&g, "", vec![q]).promotion;
    b.start(start);
    let e = b.end();
    e.checkmated = Verdict::Loss;
    e.stalemated = Verdict::Loss;
    e.bare_king = BareKing::Shatranj;
    e.repetition = 3;
    b.build()
}
