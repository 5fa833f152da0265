//! Thai chess (Makruk) by the book: the Khun's first-move knight leap and the Met's first-move
//! diagonal jump, kept as one-time rights keyed to their start cells (`DEde`, as Fairy-Stockfish
//! `cambodian` writes them). Options: modern Makruk (`firstmoves=off`), Fairy-Stockfish
//! `cambodian` first moves, the form of the two leaps, and Makruk counting. Every form evaluates
//! with makruk's fitted weights (`makruk_weights`).

use super::super::{Entry, OptionDef, Opts, common};
use crate::eval::Weights;
use crate::geometry::{Cell, Geometry};
use crate::movegen::MoveList;
use crate::moves::Move;
use crate::piece::{PieceDef, PieceType, Player};
use crate::position::Position;
use crate::variant::{GameResult, HookFlags, Outcome, RightDef, Rules, Variant, VariantBuilder};

pub const ENTRY: Entry = Entry {
    id: "thai",
    name: "Thai Chess (book rules)",
    options: &[
        OptionDef {
            key: "firstmoves",
            values: &["book", "off", "cambodian"],
        },
        OptionDef {
            key: "metleap",
            values: &["jump", "slide", "quiet"],
        },
        OptionDef {
            key: "kingleap",
            values: &["capture", "quiet"],
        },
        OptionDef {
            key: "counting",
            values: &["none", "makruk"],
        },
    ],
    build,
};

const START: &str = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1";
const START_OFF: &str = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";

/// Piece types, in the order they are added.
#[derive(Clone, Copy)]
struct Types {
    pawn: PieceType,
    knight: PieceType,
    khon: PieceType,
    rook: PieceType,
}

struct ThaiRules {
    t: Types,
    /// Per player: the right bit of the Khun's leap (0 = none) and the Khun's start cell.
    king_right: [u64; 2],
    king_cell: [Cell; 2],
    /// The Khun's leap may not be made while in check (`kingleap=quiet`, `cambodian`).
    leap_not_in_check: bool,
    /// Fairy-Stockfish `cambodian`: the Khun's right is lost when an enemy Rua moves onto a
    /// cell of its rank or file.
    rook_aims: bool,
    counting: bool,
}

impl Rules for ThaiRules {
    fn filter_legal(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.side as usize;
        if pos.st.rights & self.king_right[us] == 0 || !pos.in_check() {
            return;
        }
        let k = self.king_cell[us];
        let g = &pos.v.geo;
        let (kx, ky, _) = g.coords(k);
        out.retain(|m| {
            if m.from != k {
                return true;
            }
            let (x, y, _) = g.coords(m.to);
            let (dx, dy) = (x.abs_diff(kx), y.abs_diff(ky));
            !((dx == 1 && dy == 2) || (dx == 2 && dy == 1))
        });
    }

    fn after_make(&self, pos: &mut Position, m: Move) {
        let mover = pos.st.mover;
        if mover.is_empty() || mover.kind() != self.t.rook {
            return;
        }
        let them = pos.side as usize;
        let bit = self.king_right[them];
        if pos.st.rights & bit == 0 {
            return;
        }
        // The right is held only while the Khun stands on its start cell. Fairy-Stockfish tests
        // the Rua's empty-board attacks: the same rank or file, whatever stands between.
        let g = &pos.v.geo;
        let (kx, ky, _) = g.coords(self.king_cell[them]);
        let (x, y, _) = g.coords(m.to);
        if kx == x || ky == y {
            let r = pos.st.rights & !bit;
            pos.set_rights(r);
        }
    }

    fn outcome(&self, pos: &Position, nlegal: usize) -> Option<Outcome> {
        // A count run out draws, unless its last move mated.
        if self.count_left(pos).is_some_and(|left| left <= 0) && (nlegal > 0 || !pos.in_check()) {
            return Some(Outcome {
                result: GameResult::Draw,
                reason: "counting rule",
            });
        }
        None
    }

    fn count_left(&self, pos: &Position) -> Option<i32> {
        if !self.counting {
            return None;
        }
        let (limit, ply) = self.counting_state(pos);
        (limit != 0).then_some(limit + 1 - ply)
    }
}

/// Material of both players by type (Makruk has six types).
type Material = [[i32; 8]; 2];

impl ThaiRules {
    fn all(mat: &Material, p: usize) -> i32 {
        mat[p].iter().sum()
    }

    /// Fairy-Stockfish `count_limit()` (MAKRUK_COUNTING) for `side`, in full moves.
    fn count_limit(&self, mat: &Material, side: usize) -> i32 {
        let t = self.t;
        let opp = 1 - side;
        let pawns = mat[0][t.pawn as usize] + mat[1][t.pawn as usize];
        if pawns > 0 || Self::all(mat, opp) == 1 {
            return 0;
        }
        if Self::all(mat, side) > 1 {
            return 64;
        }
        let (r, s, n) = (
            mat[opp][t.rook as usize],
            mat[opp][t.khon as usize],
            mat[opp][t.knight as usize],
        );
        if r > 1 {
            8
        } else if r == 1 {
            16
        } else if s > 1 {
            22
        } else if n > 1 {
            32
        } else if s == 1 {
            44
        } else {
            64
        }
    }

    /// The counting limit and ply of Fairy-Stockfish's `makruk` at this position, replayed from
    /// the moves since the last Bia left the board (or since the root position): (0, 0) when no
    /// count runs.
    fn counting_state(&self, pos: &Position) -> (i32, i32) {
        let pawn = self.t.pawn as usize;
        let mut mat: Material = [[0; 8]; 2];
        for (p, row) in mat.iter_mut().enumerate() {
            for (t, n) in row.iter_mut().enumerate().take(pos.v.pieces.len()) {
                *n = pos.count(p as Player, t as PieceType) as i32;
            }
        }
        if mat[0][pawn] + mat[1][pawn] > 0 {
            return (0, 0);
        }
        let hist = pos.history();
        let n = hist.len();
        let state = |i: usize| if i == n { &pos.st } else { &hist[i] };
        // Backwards to the first position of the pawnless stretch.
        let mut j = n;
        let mut side = pos.side as usize; // side to move at position j
        while j > 0 {
            let st = state(j);
            let mover = 1 - side;
            let mut before = mat;
            if !st.captured.is_empty() {
                before[st.captured.owner() as usize][st.captured.kind() as usize] += 1;
            }
            if st.last.kind == crate::moves::MoveKind::Promotion {
                before[mover][st.last.piece as usize] -= 1;
                before[mover][st.mover.kind() as usize] += 1;
            }
            if before[0][pawn] + before[1][pawn] > 0 {
                break;
            }
            mat = before;
            j -= 1;
            side = mover;
        }
        // Forwards, applying Fairy-Stockfish's do_move() counting updates.
        let (mut limit, mut ply) = (0i32, 0i32);
        let start = if j == 0 { 1 } else { j };
        if j > 0 {
            // `mat` is the material at j; the move into j is replayed below with it.
            side = 1 - side;
        }
        let mut m = mat;
        for i in start..=n {
            let st = state(i);
            let mover = side;
            let them = 1 - side;
            if i > j {
                if !st.captured.is_empty() {
                    m[st.captured.owner() as usize][st.captured.kind() as usize] -= 1;
                }
                if st.last.kind == crate::moves::MoveKind::Promotion {
                    m[mover][st.last.piece as usize] += 1;
                    m[mover][st.mover.kind() as usize] -= 1;
                }
            }
            if limit != 0 {
                ply += 1;
            }
            let pawns = m[0][pawn] + m[1][pawn];
            let total = Self::all(&m, 0) + Self::all(&m, 1);
            let captured = !st.captured.is_empty();
            if captured
                && st.captured.kind() as usize == pawn
                && Self::all(&m, mover) == 1
                && pawns == 0
            {
                let cl = self.count_limit(&m, mover);
                if cl != 0 {
                    limit = 2 * cl;
                    ply = 2 * total - 1;
                }
            }
            let promo = st.last.kind == crate::moves::MoveKind::Promotion;
            if limit == 0 || ((captured || promo) && Self::all(&m, them) == 1) {
                let cl = self.count_limit(&m, them);
                if cl != 0 {
                    limit = 2 * cl;
                    ply = if Self::all(&m, them) > 1 {
                        0
                    } else {
                        2 * total
                    };
                }
            }
            side = them;
        }
        (limit, ply)
    }
}

fn build(o: &Opts) -> Result<Variant, String> {
    let mut b = VariantBuilder::new("thai", "Thai Chess (book rules)", Geometry::rect(8, 8));
    let g = b.geo().clone();
    let firstmoves = o.get("firstmoves");
    let book = firstmoves == "book";
    let cambodian = firstmoves == "cambodian";
    let privileges = book || cambodian;
    let (king_betza, met_betza) = if book {
        let k = if o.is("kingleap", "quiet") {
            "K xmN"
        } else {
            "K xN"
        };
        let m = match o.get("metleap") {
            "slide" => "F xnA",
            "quiet" => "F xmA",
            _ => "F xA",
        };
        (k, m)
    } else if cambodian {
        // The two wide knight cells on the rank ahead, and the Neang's jump two cells straight
        // forward; both to empty cells only.
        ("K xmfsN", "F xmfD")
    } else {
        ("K", "F")
    };
    let pawn = b.piece(common::pawn(&g, "fmW fcF", vec![]));
    let knight = b.piece(PieceDef::new("horse", "N", "N").value(300));
    let khon = b.piece(PieceDef::new("khon", "S", "FfW").value(250));
    let rook = b.piece(PieceDef::new("boat", "R", "R").value(500));
    let met = b.piece(PieceDef::new("met", "M", met_betza).value(150));
    b.piece(PieceDef::new("khun", "K", king_betza).royal());
    {
        let p = b.piece_mut(pawn);
        p.promotion = Some(crate::piece::Promotion {
            // Rank 6 (Black: 3); the ranks beyond too, as Fairy-Stockfish, for FENs with a Bia there.
            zone: common::ranks_range(&g, 5, 7),
            to: vec![met],
            optional: false,
        });
    }
    let c = |n: &str| common::cell(&g, n);
    let mut king_right = [0u64; 2];
    if privileges {
        // FEN order D E d e: White Khun d1, White Met e1, Black Met d8, Black Khun e8.
        for (token, player, cell, is_king) in [
            ("D", 0u8, "d1", true),
            ("E", 0, "e1", false),
            ("d", 1, "d8", false),
            ("e", 1, "e8", true),
        ] {
            let i = b.right(RightDef {
                token: token.to_string(),
                player,
                cell: Some(c(cell)),
                lost_on_touch: vec![c(cell)],
                lost_on_check: false,
                field: 2,
            });
            if is_king {
                king_right[player as usize] = 1 << i;
            }
        }
    }
    b.start(if privileges { START } else { START_OFF });
    let leap_not_in_check = cambodian || (book && o.is("kingleap", "quiet"));
    let counting = o.is("counting", "makruk");
    let rules = ThaiRules {
        t: Types {
            pawn,
            knight,
            khon,
            rook,
        },
        king_right,
        king_cell: [c("d1"), c("e8")],
        leap_not_in_check,
        rook_aims: cambodian,
        counting,
    };
    let hooks = HookFlags {
        filter_legal: rules.leap_not_in_check,
        after_make: rules.rook_aims,
        outcome: rules.counting,
        count_left: rules.counting,
        ..Default::default()
    };
    b.rules(Box::new(rules), hooks);
    b.eval_weights(makruk_weights());
    b.build()
}

/// Makruk's own set (docs/eval.md, "Makruk's own set"): fitted from the shared set to
/// Fairy-Stockfish's depth-10 scores of 20,437 quiet makruk positions, the threat, mop-up and
/// passed-man weights fixed. Pawns are worth less in the ending (they promote to a Met only).
pub fn makruk_weights() -> Weights {
    Weights {
        pawn_mg: 1080,
        pawn_eg: 550,
        piece_eg: 945,
        royal_advance_mg: 10,
        royal_file_mg: 5,
        royal_centre_eg: 11,
        pawn_advance_mg: 112,
        pawn_advance_eg: 308,
        leaper_centre: 1800,
        centre_eg: 770,
        mobility_mg: 36,
        mobility_eg: 36,
        push_threat_mg: 21,
        push_threat_eg: -11,
        zone_hit: 28,
        safe_check: 33,
        proximity_scale: 600,
        shelter: 1,
        doubled_mg: -5,
        doubled_eg: 46,
        isolated_mg: -3,
        isolated_eg: -26,
        supported_mg: 7,
        supported_eg: -4,
        phalanx_mg: 5,
        phalanx_eg: 5,
        pair_mg: 52,
        pair_eg: 3,
        open_file_mg: 19,
        open_file_eg: 37,
        semi_open_mg: 30,
        semi_open_eg: 6,
        tempo: 16,
        ..Weights::default()
    }
}
