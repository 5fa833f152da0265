//! Chinese Chess, Hsang Chi (`xiangqi`): palaces, river, flying general, cannons, stalemate
//! loses, perpetual check forbidden (the Asian chasing rules as an option).

use super::palace::{self, RepetitionRule};
use crate::position::Position;
use crate::variant::{HookFlags, Outcome, Rules, Variant, VariantBuilder, Verdict};
use crate::variants::{Entry, OptionDef, Opts};

pub const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

pub const ENTRY: Entry = Entry {
    id: "xiangqi",
    name: "Chinese Chess (Hsang Chi)",
    options: &[
        OptionDef {
            key: "repetition",
            values: &["perpetual-check", "axf", "draw3"],
        },
        OptionDef {
            key: "repetition-count",
            values: &["3", "N"],
        },
        OptionDef {
            key: "nmove",
            values: &["0", "50"],
        },
    ],
    build,
};

/// The repetition judge: a repeated position ends the game, perpetual check (and, under the
/// Asian rules, perpetual chase) loses.
pub struct Repetition {
    pub count: u32,
    pub rule: RepetitionRule,
}

impl Rules for Repetition {
    fn outcome(&self, pos: &Position, nlegal: usize) -> Option<Outcome> {
        if nlegal == 0 {
            return None;
        }
        palace::repetition_outcome(pos, self.count, self.rule)
    }
}

fn build(o: &Opts) -> Result<Variant, String> {
    let mut b = VariantBuilder::new("xiangqi", ENTRY.name, palace::board());
    b.drawing(crate::variant::Drawing {
        points: true,
        river: Some(4),
        palaces: vec![(3, 0, 5, 2), (3, 7, 5, 9)],
    });
    for p in palace::xiangqi_pieces(b.geo()) {
        b.piece(p);
    }
    b.start(START);
    let count = o.num("repetition-count", 3).max(2);
    let e = b.end();
    e.checkmated = Verdict::Loss;
    e.stalemated = Verdict::Loss;
    e.nmove = o.num("nmove", 0);
    e.repetition = 0;
    match o.get("repetition") {
        "draw3" => b.end().repetition = count,
        rule => {
            let rule = if rule == "axf" {
                RepetitionRule::Axf
            } else {
                RepetitionRule::PerpetualCheck
            };
            b.rules(
                Box::new(Repetition { count, rule }),
                HookFlags {
                    outcome: true,
                    ..Default::default()
                },
            );
        }
    }
    b.build()
}
