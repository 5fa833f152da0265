//! Courier chess (Gollon, ch. 13): 12x8, medieval pieces plus Rook, Knight and Courier (bishop);
//! the compulsory opening is already played in the start position (or, with
//! `arrangement=preopening`, played as eight forced plies from the book array).

use super::frame;
use crate::eval::{Weights, nnue, squares};
use crate::geometry::Geometry;
use crate::movegen::MoveList;
use crate::moves::{Move, MoveKind};
use crate::piece::{PieceDef, PieceType};
use crate::position::Position;
use crate::variant::{HookFlags, Rules, Variant, VariantBuilder};
use crate::variants::{Entry, OptionDef, Opts, common};

pub const START: &str =
    "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1";
pub const PREOPENING: &str =
    "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1";

/// The compulsory opening: White's four plies, then Black's four.
const OPENING: [(&str, &str); 8] = [
    ("a2", "a4"),
    ("l2", "l4"),
    ("g2", "g4"),
    ("g1", "g3"),
    ("a7", "a5"),
    ("l7", "l5"),
    ("g7", "g5"),
    ("g8", "g6"),
];

pub const ENTRY: Entry = Entry {
    id: "courier",
    name: "Courier Chess",
    options: &[
        OptionDef {
            key: "arrangement",
            values: &["standard", "preopening"],
        },
        OptionDef {
            key: "promotion",
            values: &["queen", "file", "joyleap"],
        },
        OptionDef {
            key: "fpromo",
            values: &["man", "queen"],
        },
        OptionDef {
            key: "stalemate",
            values: &["loss", "draw"],
        },
        OptionDef {
            key: "bareking",
            values: &["shatranj", "off"],
        },
    ],
    build,
};

struct Courier {
    /// `promotion=file`: the type each file promotes to.
    file_promo: Option<[PieceType; 12]>,
    /// `promotion=joyleap`: the joy-leaping pawn, immune on its promotion rank.
    joy: Option<PieceType>,
    /// `arrangement=preopening`: the compulsory plies, and the board (FEN) before each.
    opening: Option<([Move; 8], Vec<String>)>,
}

impl Courier {
    /// The compulsory ply due now (the `extra` word holds 1 + the plies already played).
    #[inline]
    fn due(&self, pos: &Position) -> Option<Move> {
        let (moves, _) = self.opening.as_ref()?;
        (pos.st.extra != 0).then(|| moves[pos.st.extra as usize - 1])
    }
}

impl Rules for Courier {
    fn extra_moves(&self, pos: &Position, out: &mut MoveList) {
        if let Some(m) = self.due(pos) {
            let _ = out.try_push(m);
        }
    }

    fn filter_legal(&self, pos: &Position, out: &mut MoveList) {
        if let Some(m) = self.due(pos) {
            out.retain(|x| *x == m);
            return;
        }
        if let Some(j) = self.joy {
            let them = 1 - pos.side;
            for &c in pos.cells_of(them, j) {
                if frame::on_last_rank(pos, them, c) {
                    out.retain(|x| x.to != c);
                }
            }
        }
    }

    fn allow_promotion(&self, pos: &Position, m: Move) -> bool {
        match &self.file_promo {
            Some(f) => {
                m.kind == MoveKind::Promotion && f[frame::file_of(pos, m.to) as usize] == m.piece
            }
            None => true,
        }
    }

    fn after_make(&self, pos: &mut Position, _m: Move) {
        let k = pos.history().last().map_or(0, |s| s.extra);
        if k == 0 {
            return;
        }
        // Ply k of the opening: the clock stays at 0 and the move number at 1; the mover keeps
        // the turn until his four plies are played.
        let next = if k == 8 { 0 } else { k + 1 };
        pos.set_extra(next);
        pos.st.halfmove = 0;
        let mover = if k <= 4 { 0 } else { 1 };
        if mover == 1 {
            pos.fullmove -= 1;
        }
        if k != 4 && k != 8 {
            pos.set_side(mover);
        }
    }

    fn undo_after_make(&self, pos: &mut Position, _m: Move) {
        let k = pos.history().last().map_or(0, |s| s.extra);
        if k == 0 {
            return;
        }
        let mover = if k <= 4 { 0 } else { 1 };
        if mover == 1 {
            pos.fullmove += 1;
        }
        if k != 4 && k != 8 {
            pos.set_side(1 - mover);
        }
    }

    fn fen_parse_extra(&self, pos: &mut Position, _fields: &[&str]) -> Result<(), String> {
        if let Some((_, boards)) = &self.opening {
            let here = crate::fen::board_string(pos);
            for (k, b) in boards.iter().enumerate() {
                if *b == here && pos.side == (k >= 4) as u8 {
                    pos.set_extra(k as u64 + 1);
                    break;
                }
            }
        }
        Ok(())
    }
}

/// The board field before each compulsory ply, from the book array.
fn opening_boards(geo: &Geometry) -> Vec<String> {
    let board = PREOPENING.split(' ').next().unwrap_or("");
    let mut grid: Vec<Vec<char>> = board
        .split('/')
        .map(|r| {
            let mut row = Vec::new();
            let mut n = 0;
            for ch in r.chars() {
                if let Some(d) = ch.to_digit(10) {
                    n = n * 10 + d;
                } else {
                    row.extend(std::iter::repeat_n('.', n as usize));
                    n = 0;
                    row.push(ch);
                }
            }
            row.extend(std::iter::repeat_n('.', n as usize));
            row
        })
        .collect();
    let render = |grid: &Vec<Vec<char>>| -> String {
        let rows: Vec<String> = grid
            .iter()
            .map(|row| {
                let mut s = String::new();
                let mut n = 0;
                for &ch in row {
                    if ch == '.' {
                        n += 1;
                    } else {
                        if n > 0 {
                            s += &n.to_string();
                            n = 0;
                        }
                        s.push(ch);
                    }
                }
                if n > 0 {
                    s += &n.to_string();
                }
                s
            })
            .collect();
        rows.join("/")
    };
    let h = geo.height as usize;
    let mut out = Vec::new();
    for (from, to) in OPENING {
        out.push(render(&grid));
        let (f, t) = (common::cell(geo, from), common::cell(geo, to));
        let ((fx, fy, _), (tx, ty, _)) = (geo.coords(f), geo.coords(t));
        let ch = grid[h - 1 - fy as usize][fx as usize];
        grid[h - 1 - fy as usize][fx as usize] = '.';
        grid[h - 1 - ty as usize][tx as usize] = ch;
    }
    out
}

fn build(o: &Opts) -> Result<Variant, String> {
    let mut b = VariantBuilder::new("courier", "Courier Chess", Geometry::rect(12, 8));
    let g = b.geo().clone();
    let p = b.piece(frame::baidaq(&g, vec![]));
    let n = b.piece(frame::faras());
    let e = b.piece(frame::fil("E"));
    // Fairy-Stockfish's values over its knight, its riders scaled by its board-size rule (14/12
    // on twelve files: more room to ride); docs/eval.md, "Courier's piece values".
    let bi = b.piece(PieceDef::new("courier", "B", "B").value(370));
    let r = b.piece(frame::rukh().value(575));
    let f = b.piece(frame::firzan("F"));
    let m = b.piece(PieceDef::new("man", "M", "K").value(270));
    let w = b.piece(PieceDef::new("schleich", "W", "W").value(150));
    b.piece(frame::shah());
    let mut file_promo = None;
    let mut joy = None;
    let to = match o.get("promotion") {
        "file" => {
            let fk = if o.is("fpromo", "queen") { f } else { m };
            file_promo = Some([r, n, e, bi, m, fk, f, w, bi, e, n, r]);
            vec![r, n, e, bi, m, f, w]
        }
        "joyleap" => {
            let mut jp = PieceDef::new("joy-leaping pawn", "J", "bmnD");
            jp.resets_clock = true;
            jp.value = 120;
            jp.promotion = Some(crate::piece::Promotion {
                zone: common::ranks_both(&g, 1),
                to: vec![f],
                optional: false,
            });
            let j = b.piece(jp);
            joy = Some(j);
            vec![j]
        }
        _ => vec![f],
    };
    b.piece_mut(p).promotion = frame::baidaq(&g, to).promotion;
    let preopening = o.is("arrangement", "preopening");
    let opening = preopening.then(|| {
        let moves = OPENING.map(|(a, z)| Move::new(common::cell(&g, a), common::cell(&g, z)));
        (moves, opening_boards(&g))
    });
    b.start(if preopening { PREOPENING } else { START });
    let end = b.end();
    end.stalemated = frame::stalemate(o.get("stalemate"));
    end.bare_king = frame::bare_king(o.get("bareking"));
    end.nmove = 50;
    end.repetition = 3;
    let hooks = HookFlags {
        extra_moves: preopening,
        filter_legal: preopening || joy.is_some(),
        allow_promotion: file_promo.is_some(),
        after_make: preopening,
        ..Default::default()
    };
    b.rules(
        Box::new(Courier {
            file_promo,
            joy,
            opening,
        }),
        hooks,
    );
    b.eval_weights(fitted_weights());
    let mut v = b.build()?;
    v.square_adjust = Some(squares::from_grids(&v, super::courier_squares::SQUARES)?);
    // The joy-leaping pawn is a man the net has no inputs for; that rule keeps the terms.
    if joy.is_none() {
        v.net = NET.clone();
    }
    Ok(v)
}

/// Courier's net (`nets/courier.nnue`, docs/eval.md "Courier on searched labels"):
/// Fairy-Stockfish's static evaluation of 10.55M positions of 6,000 of its own games and their
/// mirror images, learnt by `chatrang tune net` (a tie with the terms against Fairy-Stockfish),
/// then its depth-6 search scores of 3.29M quiet positions and their mirror images (+0.059 +/-
/// 0.024 a game against Fairy-Stockfish at 10s+0.1s, paired with the net on 1.87M of them over
/// 264 games, docs/eval.md "Courier on all its searched labels"), then those of 797,362 positions
/// of its own games and more of Fairy-Stockfish's ("Courier on labels from its own games"), then
/// the mean of that net and the hand-made terms on 2.37M positions ("The mix distilled into the
/// net"): the mix's judgement at the net's speed. A bare king's endings stay with the terms
/// (`Nnue::judges`).
static NET: nnue::ShippedNet =
    once_cell::sync::Lazy::new(|| nnue::shipped(include_bytes!("../../../nets/courier.nnue")));

/// Evaluation weights fitted to Fairy-Stockfish's depth-8 scores of quiet positions of chess,
/// capablanca, shatranj and courier (`chatrang tune`, docs/eval.md): +49 +/- 55 Elo against the
/// shared set here (100 games at 2s+0.02s). The later chess set, with pawn-structure and pair
/// terms, lost 52 +/- 54 Elo against this one in courier.
fn fitted_weights() -> Weights {
    Weights {
        pawn_mg: 810,
        pawn_eg: 880,
        royal_advance_mg: 3,
        royal_centre_eg: 11,
        pawn_advance_eg: 44,
        pawn_centre: 600,
        leaper_centre: 1200,
        rider_centre: 4800,
        centre_eg: 490,
        passed_mg: 68,
        passed_eg: 225,
        passed_base_mg: -2,
        passed_base_eg: 7,
        threat_by_pawn_mg: -16,
        threat_mg: 2,
        threat_eg: 14,
        hanging_mg: 3,
        hanging_eg: 21,
        zone_hit: 34,
        zone_scale: 1400,
        // Chess's; the first fit's 2500 played worse (docs/eval.md, "Courier's king safety").
        proximity_scale: 750,
        shelter: 1,
        doubled_mg: 35,
        doubled_eg: -30,
        isolated_mg: -17,
        isolated_eg: -7,
        tempo: 29,
        // Added later, not fitted (chess's values): safe checks and pawn push threats, parts of
        // the king safety and threats that are worth most to Fairy-Stockfish here (docs/eval.md,
        // "Courier: what Fairy-Stockfish's evaluation is worth there").
        safe_check: 88,
        push_threat_mg: 16,
        push_threat_eg: 6,
        // Stockfish's restricted cells, at about its weight (docs/eval.md, "Restricted cells").
        restricted_mg: 4,
        restricted_eg: 4,
        ..Weights::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::shipped_tests::{
        assert_net_sees_material_and_terms_the_bare_king, assert_own_net_fits,
        assert_the_net_judges_alone,
    };

    fn courier(opts: &str) -> std::sync::Arc<Variant> {
        crate::variants::build("courier", opts).unwrap()
    }

    #[test]
    fn the_shipped_net_fits_courier_and_the_joy_leaping_pawn_keeps_the_terms() {
        assert_own_net_fits(&courier(""));
        assert_own_net_fits(&courier("arrangement=preopening"));
        assert!(courier("promotion=joyleap").net.is_none());
    }

    /// The net sees a Rook more as a win in the making, and leaves a bare king (a loss by the
    /// bare-king rule) to the terms.
    #[test]
    fn the_net_scores_material_and_leaves_a_bare_king_to_the_terms() {
        assert_net_sees_material_and_terms_the_bare_king(
            &courier(""),
            &START.replacen('r', "1", 1),
            200,
            "12/12/12/12/12/3k8/12/1R7K2 w - - 0 80",
        );
    }

    /// The net learnt its mean with the hand-made terms, so it judges alone (docs/eval.md, "The
    /// mix distilled into the net").
    #[test]
    fn the_net_judges_alone_without_a_terms_share() {
        assert_the_net_judges_alone(
            &courier(""),
            "rnebmk1wbenr/1ppp1p1pppp1/4p1f5/p5p4p/P5P4P/4P1F5/1PPP1P1PPPP1/RNEBMK1WBENR w - - 0 2",
        );
    }
}
