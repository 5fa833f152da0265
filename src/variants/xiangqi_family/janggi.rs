//! Janggi as Fairy-Stockfish plays it (`janggi`): the modern rules with passes (written as the
//! general's cell twice, `e2e2`), bikjang (facing generals must be broken at once, else the game
//! ends on material points), material counting (also after two passes, 100 plies without
//! capture, or a repetition that is not a perpetual check; perpetual check loses). FSF front ends
//! work unchanged.

use super::palace::{self, KoreanArmy, RepetitionRule};
use crate::movegen::MoveList;
use crate::moves::Move;
use crate::position::Position;
use crate::variant::{GameResult, HookFlags, Outcome, Rules, Variant, VariantBuilder, Verdict};
use crate::variants::{Entry, Opts};

pub const START: &str = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";

pub const ENTRY: Entry = Entry {
    id: "janggi",
    name: "Janggi (Fairy-Stockfish rules)",
    options: &[],
    build,
};

/// The game result by material points, Han (second player) +1.5 (FSF `JANGGI_MATERIAL`).
pub fn counting(pos: &Position, reason: &'static str) -> Outcome {
    let diff = palace::points(pos, 0) - palace::points(pos, 1) - 1;
    Outcome {
        result: GameResult::Win(if diff > 0 { 0 } else { 1 }),
        reason,
    }
}

/// FSF ends the game when the generals faced in two consecutive positions (the side to move
/// passed instead of breaking the facing) or after two passes in a row.
pub fn game_over(pos: &Position) -> Option<&'static str> {
    if !palace::is_pass(pos.st.last) {
        return None;
    }
    if palace::facing(pos) {
        Some("bikjang")
    } else if palace::double_pass(pos) {
        Some("double pass")
    } else {
        None
    }
}

/// Under bikjang every move but a pass must break the facing; a pass is allowed even in check.
pub fn bikjang_filter(pos: &Position, out: &mut MoveList, pass_allowed: bool) {
    out.retain(|m| palace::is_pass(*m) || !palace::facing_after(pos, m.from, m.to));
    if pass_allowed
        && !out.iter().any(|m| palace::is_pass(*m))
        && let Some(p) = palace::pass_move(pos)
    {
        out.push(p);
    }
}

pub struct Janggi;

impl Rules for Janggi {
    fn extra_moves(&self, pos: &Position, out: &mut MoveList) {
        if let Some(p) = palace::pass_move(pos) {
            out.push(p);
        }
    }

    fn filter_active(&self, pos: &Position) -> bool {
        palace::is_pass(pos.st.last) || palace::facing(pos)
    }

    fn filter_legal(&self, pos: &Position, out: &mut MoveList) {
        if game_over(pos).is_some() {
            out.clear();
            return;
        }
        if palace::facing(pos) {
            bikjang_filter(pos, out, true);
        }
    }

    fn make_special(&self, _pos: &mut Position, _m: Move) {}

    fn outcome(&self, pos: &Position, nlegal: usize) -> Option<Outcome> {
        if let Some(reason) = game_over(pos) {
            return Some(counting(pos, reason));
        }
        if nlegal == 0 {
            return None;
        }
        // FSF: 100 plies without capture, and a repetition without perpetual check, end the
        // game by material counting.
        if pos.st.halfmove >= 100 {
            return Some(counting(pos, "move-count rule"));
        }
        match palace::repetition_outcome(pos, 3, RepetitionRule::PerpetualCheck)? {
            Outcome {
                result: GameResult::Draw,
                reason,
            } => Some(counting(pos, reason)),
            o => Some(o),
        }
    }
}

fn build(_o: &Opts) -> Result<Variant, String> {
    let mut b = VariantBuilder::new("janggi", ENTRY.name, palace::board());
    b.drawing(crate::variant::Drawing {
        points: true,
        river: None,
        palaces: vec![(3, 0, 5, 2), (3, 7, 5, 9)],
    });
    let army = KoreanArmy {
        cannon_takes_cannon: false,
        diagonals_all: false,
        soldier_forward_only: true,
    };
    for p in palace::korean_pieces(b.geo(), &army) {
        b.piece(p);
    }
    b.start(START);
    let e = b.end();
    e.checkmated = Verdict::Loss;
    e.stalemated = Verdict::Loss;
    e.repetition = 0;
    b.rules(
        Box::new(Janggi),
        HookFlags {
            extra_moves: true,
            filter_legal: true,
            outcome: true,
            ..Default::default()
        },
    );
    b.build()
}
