//! SFEN (the USI position format) and USI squares/moves, converted to and from our FEN and cells.
//!
//! USI numbers files from the first player's right (`9` .. `1` on a 9-wide board, our `a` .. `i`)
//! and letters ranks from the top (`a` = our last rank .. `i` = our rank 1), so our `c3c4` is
//! `7g7f` (shared/rules/shogi.md, USI conversion). An SFEN board lists the ranks from the top and
//! each rank from file 9 to file 1 — the same order as our FEN board, with the same letters and
//! `+X` promoted tokens. SFEN's side `b` (sente) is our first player `w`; its hand is counts and
//! letters (`S2Pb3p`, `-` = empty); its last field counts plies from 1.
//! Boards of any width and height follow the same scheme (12x12: files `12`..`1`, ranks `a`..`l`).

use std::sync::Arc;

use crate::fen;
use crate::geometry::{Cell, NO_CELL};
use crate::movegen::{MoveList, legal_moves};
use crate::moves::{Move, MoveKind};
use crate::piece::PieceType;
use crate::position::Position;
use crate::variant::Variant;

/// The usual order of hand pieces in an SFEN (rook first, pawn last); others follow in the
/// game's hand order.
const HAND_ORDER: &[&str] = &["R", "B", "G", "S", "N", "L", "P"];

/// USI name of a cell: file counted from the right, rank letter from the top.
pub fn usi_square(v: &Variant, c: Cell) -> String {
    let g = &v.geo;
    if c == NO_CELL || !g.is_grid(c) {
        return g.name(c);
    }
    let (x, y, _) = g.coords(c);
    let file = g.width as u32 - x as u32;
    let rank = (b'a' + (g.height - 1 - y)) as char;
    format!("{file}{rank}")
}

/// Parses a USI square at the start of `s`; returns the cell and the bytes used.
pub fn parse_usi_square(v: &Variant, s: &str) -> Option<(Cell, usize)> {
    let g = &v.geo;
    let b = s.as_bytes();
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let file: i32 = s[..digits].parse().ok()?;
    let r = *b.get(digits)?;
    if !r.is_ascii_lowercase() {
        return None;
    }
    let x = g.width as i32 - file;
    let y = g.height as i32 - 1 - (r - b'a') as i32;
    if file < 1 || x < 0 || y < 0 {
        return None;
    }
    g.cell_at(x, y, 0).map(|c| (c, digits + 1))
}

/// The USI string of a move: `7g7f`, `8h2b+` (promotes), `P*5e` (drop).
pub fn move_to_usi(pos: &Position, m: Move) -> String {
    let v = &pos.v;
    // A game's own placement from outside the board (sittuyin's setup) reads as a drop.
    if m.kind == MoveKind::Drop || (m.kind == MoveKind::Special && m.from == NO_CELL) {
        let letter = v.pieces[m.piece as usize].letter.to_ascii_uppercase();
        return format!("{letter}*{}", usi_square(v, m.to));
    }
    let promotes = m.kind == MoveKind::Promotion
        && m.from != NO_CELL
        && (m.from as usize) < pos.board_cells()
        && pos.at(m.from).kind() != m.piece;
    // Shogi-style promoted types (`+X`) are written `+`; a choice of other types (chess pawns)
    // by the type's letter, as in UCI.
    let suffix = if !promotes {
        String::new()
    } else {
        let l = &v.pieces[m.piece as usize].letter;
        if l.starts_with('+') {
            "+".to_string()
        } else {
            l.to_ascii_lowercase()
        }
    };
    format!("{}{}{suffix}", usi_square(v, m.from), usi_square(v, m.to))
}

/// Finds the legal move written in USI as `s`.
pub fn parse_usi_move(pos: &mut Position, s: &str) -> Result<Move, String> {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    list.iter()
        .copied()
        .find(|&m| move_to_usi(pos, m) == s)
        .ok_or_else(|| format!("illegal move '{s}'"))
}

/// Our FEN of an SFEN position (`<board> <b|w> <hand|-> [<ply>]`), in the game `v`.
pub fn sfen_to_fen(v: &Variant, sfen: &str) -> Result<String, String> {
    let f: Vec<&str> = sfen.split_whitespace().collect();
    if f.len() < 3 || f.len() > 4 {
        return Err(format!(
            "bad SFEN '{sfen}': expected board, side, hand [, move]"
        ));
    }
    let board = f[0];
    if board.contains(['[', ']', ' ']) {
        return Err(format!("bad SFEN board '{board}'"));
    }
    let side = match f[1] {
        "b" => "w",
        "w" => "b",
        s => return Err(format!("bad SFEN side '{s}'")),
    };
    let mut hand = String::new();
    if f[2] != "-" {
        let mut count = String::new();
        for ch in f[2].chars() {
            if ch.is_ascii_digit() {
                count.push(ch);
                continue;
            }
            if !ch.is_ascii_alphabetic() {
                return Err(format!("bad SFEN hand '{}'", f[2]));
            }
            let n: usize = if count.is_empty() {
                1
            } else {
                count
                    .parse()
                    .map_err(|_| format!("bad SFEN hand '{}'", f[2]))?
            };
            if n == 0 || n > 64 {
                return Err(format!("bad count in SFEN hand '{}'", f[2]));
            }
            if v.piece_by_token(&ch.to_string()).is_none() {
                return Err(format!("unknown piece '{ch}' in SFEN hand"));
            }
            hand.extend(std::iter::repeat_n(ch, n));
            count.clear();
        }
        if !count.is_empty() {
            return Err(format!("bad SFEN hand '{}'", f[2]));
        }
    }
    let ply: u32 = match f.get(3) {
        Some(n) => n
            .parse()
            .map_err(|_| format!("bad SFEN move number '{n}'"))?,
        None => 1,
    };
    // The ply to be played, counted from 1: full moves of our FEN count pairs of plies.
    let fullmove = ply.max(1).saturating_sub(1) / 2 + 1;
    Ok(format!("{board}[{hand}] {side} - - 0 {fullmove}"))
}

/// Parses an SFEN into a position of the game `v`.
pub fn parse_sfen(v: &Arc<Variant>, sfen: &str) -> Result<Position, String> {
    if !v.hands_in_fen {
        // Without hands the SFEN hand must be empty; the board is read as ours.
        let f: Vec<&str> = sfen.split_whitespace().collect();
        if f.get(2).is_some_and(|h| *h != "-") {
            return Err("this game has no hands".into());
        }
    }
    let full = sfen_to_fen(v, sfen)?;
    let full = if v.hands_in_fen {
        full
    } else {
        full.replacen("[]", "", 1)
    };
    match fen::parse(v, &full) {
        Ok(p) => Ok(p),
        Err(e) => {
            // Games whose FEN is the short form `board[hand] side halfmove move`.
            let mut w: Vec<&str> = full.split_whitespace().collect();
            w.drain(2..4);
            fen::parse(v, &w.join(" ")).map_err(|_| e)
        }
    }
}

/// The SFEN of a position: board, side (`b` = first player), hand, ply number.
pub fn to_sfen(pos: &Position) -> String {
    let v = &pos.v;
    let mut board = fen::board_string(pos);
    if let Some(i) = board.find('[') {
        board.truncate(i);
    }
    let side = if pos.side == 0 { "b" } else { "w" };
    let mut order: Vec<PieceType> = Vec::new();
    for l in HAND_ORDER {
        if let Some(t) = v
            .hand_types
            .iter()
            .copied()
            .find(|&t| v.pieces[t as usize].letter.eq_ignore_ascii_case(l))
        {
            order.push(t);
        }
    }
    for &t in &v.hand_types {
        if !order.contains(&t) {
            order.push(t);
        }
    }
    let mut hand = String::new();
    for p in 0..v.players.min(2) {
        for &t in &order {
            let n = pos.hand(p, t);
            if n == 0 {
                continue;
            }
            if n > 1 {
                hand += &n.to_string();
            }
            hand += &v.pieces[t as usize].fen_token(p);
        }
    }
    if hand.is_empty() {
        hand.push('-');
    }
    let ply = 2 * (pos.fullmove.max(1) - 1) + 1 + pos.side as u32;
    format!("{board} {side} {hand} {ply}")
}
