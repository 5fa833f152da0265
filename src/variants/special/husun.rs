//! Shatranj al-Husun, Citadel Chess (Gollon, ch. 8): Shatranj on 10x10 with a bishop-moving
//! Dabbabah, plus four one-cell citadels `x1`..`x4` outside the corners. Only a Shah may enter,
//! only a citadel on the opponent's side, and entering draws at once. Stalemate loses.

use crate::geometry::{Cell, Geometry, Link};
use crate::piece::{PieceDef, Promotion};
use crate::position::Position;
use crate::variant::{GameResult, HookFlags, Outcome, Rules, Variant, VariantBuilder, Verdict};
use crate::variants::common::ranks_both;
use crate::variants::{Entry, OptionDef, Opts};

pub const START: &str = "rnebkfbenr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNEBKFBENR w - - 0 1";

pub const ENTRY: Entry = Entry {
    id: "husun",
    name: "Shatranj al-Husun (Citadel Chess)",
    options: &[
        OptionDef {
            key: "citadels",
            values: &["diagonal", "rank", "file"],
        },
        OptionDef {
            key: "arrangement",
            values: &["A"],
        },
        OptionDef {
            key: "owncitadel",
            values: &["no", "refuge"],
        },
        OptionDef {
            key: "nmove",
            values: &["0", "70"],
        },
    ],
    build,
};

/// Type indices (order of `build`).
const KING: u8 = 6;

struct Husun {
    /// Citadel cells x1..x4; x1, x2 lie on White's side.
    citadels: [Cell; 4],
}

impl Rules for Husun {
    fn outcome(&self, pos: &Position, _nlegal: usize) -> Option<Outcome> {
        for (i, &c) in self.citadels.iter().enumerate() {
            let p = pos.at(c);
            // A Shah in a citadel of the other side's half draws.
            let far = if i < 2 { 1 } else { 0 };
            if !p.is_empty() && p.kind() == KING && p.owner() == far {
                return Some(Outcome {
                    result: GameResult::Draw,
                    reason: "Shah entered a citadel",
                });
            }
        }
        None
    }
}

fn build(o: &Opts) -> Result<Variant, String> {
    let mut g = Geometry::rect(10, 10);
    let cell = |g: &Geometry, x: i32, y: i32| g.cell_at(x, y, 0).expect("corner");
    let x = [
        g.add_cell("x1"),
        g.add_cell("x2"),
        g.add_cell("x3"),
        g.add_cell("x4"),
    ];
    // Per citadel: its owner side (0 = White's side), and its neighbours as (cell, vector into it).
    let mode = o.get("citadels");
    let corners = [(0, 0), (9, 0), (0, 9), (9, 9)];
    let refuge = o.is("owncitadel", "refuge");
    let king_mask = 1u64 << KING;
    for (i, &(cx, cy)) in corners.iter().enumerate() {
        let sx = if cx == 0 { -1 } else { 1 };
        let sy = if cy == 0 { -1 } else { 1 };
        let corner = cell(&g, cx, cy);
        let nbrs: Vec<(Cell, (i32, i32, i32))> = match mode {
            "rank" => vec![(corner, (sx, 0, 0)), (cell(&g, cx, cy - sy), (sx, sy, 0))],
            "file" => vec![(corner, (0, sy, 0)), (cell(&g, cx - sx, cy), (sx, sy, 0))],
            _ => vec![(corner, (sx, sy, 0))],
        };
        let side = if i < 2 { 0 } else { 1 };
        for (n, d) in nbrs {
            // Entry: a Shah of the far side; with `refuge` also its own side's Shah.
            let mut types = [0u64; 4];
            types[1 - side] = king_mask;
            if refuge {
                types[side] = king_mask;
            }
            g.add_link(Link {
                from: n,
                d,
                to: x[i],
                ride: false,
                capture: false,
                types,
            });
            if refuge {
                // Leaving again (only an own-side refugee ever does).
                let mut types = [0u64; 4];
                types[side] = king_mask;
                g.add_link(Link {
                    from: x[i],
                    d: (-d.0, -d.1, 0),
                    to: n,
                    ride: false,
                    capture: true,
                    types,
                });
            }
        }
    }
    let mut b = VariantBuilder::new("husun", "Shatranj al-Husun (Citadel Chess)", g);
    let geo = b.geo().clone();
    let mut pawn = PieceDef::new("Baidaq", "P", "fmWfcF");
    pawn.resets_clock = true;
    pawn.value = 100;
    let p = b.piece(pawn);
    b.piece(PieceDef::new("Faras", "N", "N"));
    b.piece(PieceDef::new("Fil", "E", "A"));
    b.piece(PieceDef::new("Dabbabah", "B", "B"));
    b.piece(PieceDef::new("Rukh", "R", "R"));
    let f = b.piece(PieceDef::new("Firzan", "F", "F"));
    let k = b.piece(PieceDef::new("Shah", "K", "K").royal());
    debug_assert_eq!(k, KING);
    b.piece_mut(p).promotion = Some(Promotion {
        zone: ranks_both(&geo, 9),
        to: vec![f],
        optional: false,
    });
    b.start(START);
    let e = b.end();
    e.checkmated = Verdict::Loss;
    e.stalemated = Verdict::Loss;
    e.nmove = o.num("nmove", 0);
    e.repetition = 3;
    b.rules(
        Box::new(Husun { citadels: x }),
        HookFlags {
            outcome: true,
            ..Default::default()
        },
    );
    b.build()
}
