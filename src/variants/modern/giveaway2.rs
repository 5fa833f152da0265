//! Giveaway Chess II: orthodox legality with a royal king, compulsory capture among the legal
//! moves; the checkmated player wins, and so does the first player reduced to a bare king.

use super::super::{Entry, OptionDef, Opts, chess};
use super::keep_only_captures;
use crate::movegen::MoveList;
use crate::outcome::non_royal_count;
use crate::position::Position;
use crate::variant::{GameResult, HookFlags, Outcome, Rules, Variant, Verdict};

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

pub const ENTRY: Entry = Entry {
    id: "giveaway2",
    name: "Giveaway Chess II",
    options: &[
        OptionDef {
            key: "promotion",
            values: &["queen", "standard"],
        },
        OptionDef {
            key: "stalemate",
            values: &["draw", "win"],
        },
    ],
    build,
};

struct Giveaway2;

impl Rules for Giveaway2 {
    fn filter_legal(&self, pos: &Position, out: &mut MoveList) {
        keep_only_captures(pos, out);
    }

    /// Bare king: the player whose men are all captured but the king wins (checked before mate,
    /// which has the same winner when the baring move also mates).
    fn outcome(&self, pos: &Position, _nlegal: usize) -> Option<Outcome> {
        let us = pos.side;
        let them = 1 - us;
        let (mine, theirs) = (
            non_royal_count(pos, us) == 0,
            non_royal_count(pos, them) == 0,
        );
        let result = match (mine, theirs) {
            (false, false) => return None,
            (true, true) => GameResult::Draw,
            (true, false) => GameResult::Win(us),
            (false, true) => GameResult::Win(them),
        };
        Some(Outcome {
            result,
            reason: "bare king",
        })
    }
}

fn build(o: &Opts) -> Result<Variant, String> {
    let (mut b, army) = chess::fide_builder(ENTRY.id, ENTRY.name);
    if o.is("promotion", "queen")
        && let Some(p) = b.piece_mut(army.pawn).promotion.as_mut()
    {
        p.to = vec![army.queen];
    }
    chess::standard_castling(&mut b);
    b.start(START);
    let e = b.end();
    e.checkmated = Verdict::Win;
    e.stalemated = if o.is("stalemate", "win") {
        Verdict::Win
    } else {
        Verdict::Draw
    };
    b.rules(
        Box::new(Giveaway2),
        HookFlags {
            filter_legal: true,
            outcome: true,
            ..Default::default()
        },
    );
    b.build()
}
