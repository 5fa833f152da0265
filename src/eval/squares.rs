//! Fitted piece-square adjustments (`Variant::square_adjust`) as a game file writes them: per
//! type letter, a middle-game and an endgame grid of the board as drawn (the first army at the
//! bottom, the top rank first), in centipawns. `chatrang tune squares` prints them in this form.

use crate::geometry::Cell;
use crate::variant::Variant;

/// One type's grids: its letter, then the middle-game and endgame numbers, row by row from the
/// top rank.
pub type SquareGrid<'a> = (&'a str, &'a [i32], &'a [i32]);

/// The table `Variant::square_adjust` holds (`type * cells + cell`) from a game's grids; types
/// without a grid get none. A flat board only, and every grid must cover it.
pub fn from_grids(v: &Variant, grids: &[SquareGrid]) -> Result<Vec<[i32; 2]>, String> {
    let geo = &v.geo;
    let (w, h) = (geo.width as usize, geo.height as usize);
    if geo.levels != 1 || geo.grid_cells() != w * h {
        return Err(format!("{}: piece-square grids need a flat board", v.id));
    }
    let nc = geo.num_cells();
    let mut table = vec![[0; 2]; v.pieces.len() * nc];
    for &(letter, mg, eg) in grids {
        let t = v
            .piece_by_token(letter)
            .ok_or_else(|| format!("{}: no piece '{letter}'", v.id))? as usize;
        if mg.len() != w * h || eg.len() != w * h {
            return Err(format!(
                "{}: the grids of '{letter}' need {} numbers",
                v.id,
                w * h
            ));
        }
        for (i, (&m, &e)) in mg.iter().zip(eg).enumerate() {
            let (x, y) = (i % w, h - 1 - i / w);
            let c = geo
                .cell_at(x as i32, y as i32, 0)
                .ok_or_else(|| format!("{}: no cell at {x},{y}", v.id))?;
            table[t * nc + c as usize] = [m, e];
        }
    }
    Ok(table)
}

/// Where in the table (`type * cells + cell`) a man of type `t` of `army` on `c` reads his
/// adjustment: the first army's cell as is, the second's flipped by rank. The engine and the fit
/// both index through here, so they agree.
pub fn index(v: &Variant, t: usize, army: usize, c: Cell) -> usize {
    let own = if army == 0 { c } else { v.geo.flip_rank(c) };
    t * v.geo.num_cells() + own as usize
}

/// The table as Rust source for a game file: one `(letter, mg, eg)` item per type with any
/// adjustment, each grid a row per rank from the top.
pub fn to_source(v: &Variant, table: &[[i32; 2]]) -> String {
    let geo = &v.geo;
    let (w, h) = (geo.width as i32, geo.height as i32);
    let nc = geo.num_cells();
    let mut out = String::new();
    for (t, p) in v.pieces.iter().enumerate() {
        let rows = table.get(t * nc..(t + 1) * nc).unwrap_or(&[]);
        if rows.iter().all(|&s| s == [0, 0]) {
            continue;
        }
        out += &format!("    (\n        \"{}\",\n", p.letter);
        for phase in [0, 1] {
            out += "        &[\n";
            for y in (0..h).rev() {
                let row: Vec<String> = (0..w)
                    .map(|x| {
                        geo.cell_at(x, y, 0)
                            .map_or(0, |c| rows[c as usize][phase])
                            .to_string()
                    })
                    .collect();
                out += &format!("            {},\n", row.join(", "));
            }
            out += "        ],\n";
        }
        out += "    ),\n";
    }
    out
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::eval::{EvalParams, evaluate};
    use crate::variants::chess;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// A grid with `value` on one cell (x, y as drawn: y = 0 the top rank) and 0 elsewhere.
    fn one_cell(x: usize, y: usize, value: i32) -> Vec<i32> {
        let mut g = vec![0; 64];
        g[y * 8 + x] = value;
        g
    }

    /// Chess with these grids in place of its own (none: no table).
    fn chess_with(grids: &[SquareGrid]) -> Arc<crate::variant::Variant> {
        let mut v = chess::build_with(START).unwrap();
        v.square_adjust = Some(from_grids(&v, grids).unwrap()).filter(|_| !grids.is_empty());
        Arc::new(v)
    }

    #[test]
    fn grids_are_read_top_rank_first_as_the_board_is_drawn() {
        let v = chess::build_with(START).unwrap();
        let (mg, eg) = (one_cell(0, 0, 7), one_cell(4, 4, 9));
        let table = from_grids(&v, &[("N", &mg, &eg)]).unwrap();
        let n = v.piece_by_token("N").unwrap() as usize;
        let nc = v.geo.num_cells();
        let a8 = v.geo.parse_cell("a8").unwrap() as usize;
        let e4 = v.geo.parse_cell("e4").unwrap() as usize;
        assert_eq!(table[n * nc + a8], [7, 0]);
        assert_eq!(table[n * nc + e4], [0, 9]);
        assert_eq!(table.iter().filter(|s| **s != [0, 0]).count(), 2);
        let printed = to_source(&v, &table);
        assert!(printed.contains("\"N\""), "{printed}");
        assert!(
            printed.contains("            7, 0, 0, 0, 0, 0, 0, 0,"),
            "{printed}"
        );
        assert!(
            printed.contains("            0, 0, 0, 0, 9, 0, 0, 0,"),
            "{printed}"
        );
    }

    #[test]
    fn the_phase_runs_from_the_start_material_down_to_none() {
        let v = Arc::new(chess::build_with(START).unwrap());
        let ep = EvalParams::new(&v);
        let phase = |fen: &str| crate::eval::phase(&crate::fen::parse(&v, fen).unwrap(), &ep);
        assert_eq!(phase(START), 256);
        assert_eq!(phase("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1"), 0);
        let queens_off = phase("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
        assert!((64..192).contains(&queens_off), "{queens_off}");
    }

    /// The games with grids of their own keep them whatever their options; the others have none.
    #[test]
    fn the_fitted_games_carry_their_grids_under_every_option() {
        for (id, options) in [
            ("chess", ""),
            ("shatranj", ""),
            ("shatranj", "bareking=immediate nmove=70"),
            ("courier", ""),
            ("courier", "promotion=file stalemate=draw"),
            ("capablanca", ""),
            ("capablanca", "castling=three arrangement=bird"),
        ] {
            let v = crate::variants::build(id, options).unwrap();
            let table = v.square_adjust.as_ref().expect(id);
            assert!(table.iter().any(|s| *s != [0, 0]), "{id} {options}");
        }
        assert!(
            crate::variants::build("chaturanga", "")
                .unwrap()
                .square_adjust
                .is_none()
        );
    }

    #[test]
    fn bad_grids_are_errors() {
        let v = chess::build_with(START).unwrap();
        let short = vec![0; 63];
        assert!(
            from_grids(&v, &[("X", &short, &short)])
                .unwrap_err()
                .contains("'X'")
        );
        assert!(
            from_grids(&v, &[("N", &short, &short)])
                .unwrap_err()
                .contains("64")
        );
    }

    #[test]
    fn each_army_reads_the_table_from_its_own_side() {
        // +40 for a knight on e4 as the first army sees it: the second army's knight on e5.
        let e4 = one_cell(4, 4, 40);
        let with = chess_with(&[("N", &e4, &e4)]);
        let without = chess_with(&[]);
        let (ew, eo) = (EvalParams::new(&with), EvalParams::new(&without));
        let gain = |fen: &str| {
            let pw = crate::fen::parse(&with, fen).unwrap();
            let po = crate::fen::parse(&without, fen).unwrap();
            evaluate(&pw, &ew) - evaluate(&po, &eo)
        };
        // Pawns on both sides: no endgame scaling for want of them.
        assert_eq!(gain("4k3/pp6/8/8/4N3/8/PP6/4K3 w - - 0 1"), 40);
        assert_eq!(gain("4k3/pp6/8/4n3/8/8/PP6/4K3 b - - 0 1"), 40);
        // The other side's adjustment counts against the side to move.
        assert_eq!(gain("4k3/pp6/8/4n3/8/8/PP6/4K3 w - - 0 1"), -40);
        assert_eq!(gain("4k3/pp6/8/8/4n3/8/PP6/4K3 b - - 0 1"), 0);
    }
}
