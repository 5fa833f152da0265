//! Two-handed Chaturanga (Gollon, ch. 1): Shatranj men with a one-time Raja knight leap (lost when
//! the Raja is checked), promotion only to the lost master piece of the file, stalemated side
//! wins, bare Raja draws.

use super::frame;
use crate::geometry::{Cell, Geometry};
use crate::moves::{Move, MoveKind};
use crate::piece::{PieceDef, PieceType, Player};
use crate::position::Position;
use crate::variant::{HookFlags, RightDef, Rules, Variant, VariantBuilder, Verdict};
use crate::variants::{Entry, OptionDef, Opts, common};

pub const START: &str = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1";

pub const ENTRY: Entry = Entry {
    id: "chaturanga",
    name: "Chaturanga, two-handed",
    options: &[
        OptionDef {
            key: "bareking",
            values: &["draw", "off", "shatranj"],
        },
        OptionDef {
            key: "kingleap",
            values: &["quiet", "capture", "unmoved"],
        },
        OptionDef {
            key: "promotion",
            values: &["count", "identity"],
        },
        OptionDef {
            key: "nmove",
            values: &["0", "N"],
        },
    ],
    build,
};

/// Tracked master types, in `extra` slot order, with the lower and upper file of each pair.
const PAIRS: [(u8, u8); 3] = [(0, 7), (1, 6), (2, 5)];

struct Chaturanga {
    /// Ratha, Ashwa, Hasty (pairs) and Mantri.
    rook: PieceType,
    knight: PieceType,
    bishop: PieceType,
    mantri: PieceType,
    raja: PieceType,
    /// Per player, the master type of each file (None: the Raja's file).
    masters: [[Option<PieceType>; 8]; 2],
    /// `promotion=identity`: masters carry their file (state in the `extra` word).
    identity: bool,
    /// The Raja-leap right of each player.
    leap_right: [usize; 2],
}

/// `extra` layout (identity mode): per player p and pair j, 8 bits at (p * 3 + j) * 8:
/// bits 0-5 the cell of the man carrying the lower file, bit 6 it is on the board, bit 7 the man
/// carrying the upper file is on the board.
fn slot(p: Player, j: usize) -> u32 {
    (p as u32 * 3 + j as u32) * 8
}

impl Chaturanga {
    fn pair_index(&self, t: PieceType) -> Option<usize> {
        if t == self.rook {
            Some(0)
        } else if t == self.knight {
            Some(1)
        } else if t == self.bishop {
            Some(2)
        } else {
            None
        }
    }

    fn start_count(&self, t: PieceType) -> usize {
        if t == self.mantri { 1 } else { 2 }
    }

    /// Is the master piece of file `file` lost for player `p` (type `t`)?
    fn lost(&self, pos: &Position, p: Player, t: PieceType, file: u8) -> bool {
        match self.pair_index(t) {
            Some(j) if self.identity => {
                let s = pos.st.extra >> slot(p, j);
                let bit = if file == PAIRS[j].0 { 6 } else { 7 };
                s >> bit & 1 == 0
            }
            _ => pos.count(p, t) < self.start_count(t),
        }
    }

    /// The identity word as read from the board (for a FEN): of two men of a pair, the one on
    /// the lower file carries the lower file; a lone man carries the file of its board half.
    fn identities_from_board(&self, pos: &Position) -> u64 {
        let mut x = 0u64;
        for p in 0..2u8 {
            for (j, t) in [self.rook, self.knight, self.bishop]
                .into_iter()
                .enumerate()
            {
                let mut cells: Vec<Cell> = pos.cells_of(p, t).to_vec();
                cells.sort_by_key(|&c| (frame::file_of(pos, c), c));
                let s = slot(p, j);
                match cells.as_slice() {
                    [] => {}
                    [c] if frame::file_of(pos, *c) < 4 => x |= (*c as u64 | 1 << 6) << s,
                    [_] => x |= 1 << (s + 7),
                    [c, ..] => x |= (*c as u64 | 3 << 6) << s,
                }
            }
        }
        x
    }
}

impl Rules for Chaturanga {
    fn allow_promotion(&self, pos: &Position, m: Move) -> bool {
        if m.kind != MoveKind::Promotion {
            return false;
        }
        let p = pos.side;
        let file = frame::file_of(pos, m.to);
        match self.masters[p as usize][file as usize] {
            Some(t) if t == m.piece => self.lost(pos, p, t, file),
            _ => false,
        }
    }

    fn after_make(&self, pos: &mut Position, m: Move) {
        let mover = pos.st.mover;
        if mover.is_empty() {
            return;
        }
        // A used leap is gone (the right is not tied to a cell, so no touch clears it).
        if mover.kind() == self.raja {
            let bit = 1u64 << self.leap_right[mover.owner() as usize];
            if pos.st.rights & bit != 0 {
                let g = &pos.v.geo;
                let ((fx, fy, _), (tx, ty, _)) = (g.coords(m.from), g.coords(m.to));
                if (fx as i32 - tx as i32).abs() * (fy as i32 - ty as i32).abs() == 2 {
                    let r = pos.st.rights & !bit;
                    pos.set_rights(r);
                }
            }
        }
        if !self.identity {
            return;
        }
        let mut x = pos.st.extra;
        if let Some(j) = self.pair_index(mover.kind()) {
            let s = slot(mover.owner(), j);
            if x >> (s + 6) & 1 != 0 && (x >> s & 63) as Cell == m.from {
                x = x & !(63 << s) | (m.to as u64) << s;
            }
        }
        let cap = pos.st.captured;
        if !cap.is_empty()
            && let Some(j) = self.pair_index(cap.kind())
        {
            let s = slot(cap.owner(), j);
            if x >> (s + 6) & 1 != 0 && (x >> s & 63) as Cell == m.to {
                x &= !(1 << (s + 6));
            } else {
                x &= !(1 << (s + 7));
            }
        }
        if m.kind == MoveKind::Promotion
            && let Some(j) = self.pair_index(m.piece)
        {
            let s = slot(mover.owner(), j);
            if frame::file_of(pos, m.to) == PAIRS[j].0 {
                x = x & !(63 << s) | (m.to as u64 | 1 << 6) << s;
            } else {
                x |= 1 << (s + 7);
            }
        }
        if x != pos.st.extra {
            pos.set_extra(x);
        }
    }

    fn fen_parse_extra(&self, pos: &mut Position, _fields: &[&str]) -> Result<(), String> {
        // A Raja in check has lost its leap (the right is lost the moment it is checked).
        let bit = 1u64 << self.leap_right[pos.side as usize];
        if pos.st.rights & bit != 0 && pos.in_check() {
            let r = pos.st.rights & !bit;
            pos.set_rights(r);
        }
        if self.identity {
            let x = self.identities_from_board(pos);
            pos.set_extra(x);
        }
        Ok(())
    }
}

fn build(o: &Opts) -> Result<Variant, String> {
    let mut b = VariantBuilder::new("chaturanga", "Chaturanga, two-handed", Geometry::rect(8, 8));
    let g = b.geo().clone();
    let p = b.piece(frame::baidaq(&g, vec![]));
    let knight = b.piece(frame::faras());
    let bishop = b.piece(frame::fil("B"));
    let rook = b.piece(frame::rukh());
    let mantri = b.piece(frame::firzan("Q"));
    let leap = if o.is("kingleap", "capture") {
        "xN"
    } else {
        "xmN"
    };
    let raja = b.piece(PieceDef::new("raja", "K", &format!("K {leap}")).royal());
    b.piece_mut(p).promotion = frame::baidaq(&g, vec![rook, knight, bishop, mantri]).promotion;
    let mut leap_right = [0; 2];
    for (player, token, home) in [(0u8, "K", "e1"), (1, "k", "d8")] {
        let lost_on_touch = if o.is("kingleap", "unmoved") {
            vec![common::cell(&g, home)]
        } else {
            vec![]
        };
        leap_right[player as usize] = b.right(RightDef {
            token: token.into(),
            player,
            cell: None,
            lost_on_touch,
            lost_on_check: true,
            field: 2,
        });
    }
    let (r, n, bi, q) = (Some(rook), Some(knight), Some(bishop), Some(mantri));
    let masters = [[r, n, bi, q, None, bi, n, r], [r, n, bi, None, q, bi, n, r]];
    b.start(START);
    let e = b.end();
    e.stalemated = Verdict::Win;
    e.bare_king = frame::bare_king(o.get("bareking"));
    e.nmove = o.num("nmove", 0);
    e.repetition = 3;
    let identity = o.is("promotion", "identity");
    b.rules(
        Box::new(Chaturanga {
            rook,
            knight,
            bishop,
            mantri,
            raja,
            masters,
            identity,
            leap_right,
        }),
        HookFlags {
            allow_promotion: true,
            after_make: true,
            ..Default::default()
        },
    );
    b.build()
}
