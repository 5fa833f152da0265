//! Large-board games: Capablanca's chess (10x8 and 10x10), Chancellor chess, the four Turkish
//! Great Chess variations and Grande Acedrex. Each game in its own file; shared helpers here.

use super::{Entry, OptionDef, Opts};
use crate::variant::{BareKing, VariantBuilder, Verdict};

pub mod acedrex;
pub mod capablanca;
pub mod capablanca10;
mod capablanca_squares;
pub mod chancellor;
pub mod turkish1;
pub mod turkish2;
pub mod turkish3;
pub mod turkish4;

pub static ENTRIES: &[Entry] = &[
    acedrex::ENTRY,
    capablanca::ENTRY,
    capablanca10::ENTRY,
    chancellor::ENTRY,
    turkish1::ENTRY,
    turkish2::ENTRY,
    turkish3::ENTRY,
    turkish4::ENTRY,
];

/// `stalemate=loss|draw` (the stalemated player's result).
pub const STALEMATE_LOSS: OptionDef = OptionDef {
    key: "stalemate",
    values: &["loss", "draw"],
};

/// `bareking=shatranj|off`.
pub const BAREKING_SHATRANJ: OptionDef = OptionDef {
    key: "bareking",
    values: &["shatranj", "off"],
};

/// The shatranj-style end options shared by the Turkish games and Grande Acedrex: stalemate
/// (`loss` by default) and the Shatranj bare-king rule (`off` = none).
pub fn shatranj_end(b: &mut VariantBuilder, o: &Opts) {
    let e = b.end();
    e.stalemated = if o.is("stalemate", "draw") {
        Verdict::Draw
    } else {
        Verdict::Loss
    };
    e.bare_king = if o.is("bareking", "off") {
        BareKing::Off
    } else {
        BareKing::Shatranj
    };
}

/// The Turkish Great Chess end rules: stalemate and bare-king options, threefold repetition and
/// the 50-move rule (engine convention).
pub fn turkish_end(b: &mut VariantBuilder, o: &Opts) {
    shatranj_end(b, o);
    b.end().nmove = 50;
}

/// Option table of turkish1, turkish3 and turkish4.
pub const TURKISH_OPTIONS: &[OptionDef] = &[STALEMATE_LOSS, BAREKING_SHATRANJ];
