//! FEN in Fairy-Stockfish's dialect (see docs/fen.md): board with multi-digit runs, `*` holes,
//! `+X` promoted men and `[hand]`; side; rights; en passant; clocks; game-specific extra fields.

use std::sync::Arc;

use crate::geometry::{Cell, NO_CELL};
use crate::piece::{Piece, PieceType, Player};
use crate::position::Position;
use crate::tables::orient;
use crate::variant::Variant;

fn piece_token(v: &Variant, tok: &str) -> Option<(PieceType, Player)> {
    let upper = tok.chars().any(|c| c.is_ascii_uppercase());
    let t = v
        .pieces
        .iter()
        .position(|p| p.letter.eq_ignore_ascii_case(tok))?;
    Some((t as PieceType, if upper { 0 } else { 1 }))
}

/// Parses a FEN into a fresh position. Errors say what is wrong; nothing is changed on error.
pub fn parse(v: &Arc<Variant>, fen: &str) -> Result<Position, String> {
    let mut pos = Position::empty(Arc::clone(v));
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    // Short form (`<board> <side> <halfmove> <move number>`): no rights or en-passant fields.
    if v.fen_short
        && fields
            .get(2)
            .is_some_and(|f| f.bytes().all(|b| b.is_ascii_digit()))
    {
        fields.splice(2..2, ["-", "-"]);
    }
    if fields.is_empty() {
        return Err("empty FEN".into());
    }
    let geo = &v.geo;
    let mut board = fields[0];
    let mut hand = None;
    if let Some(i) = board.find('[') {
        let j = board[i..].find(']').ok_or("unclosed '[' in hand")? + i;
        hand = Some(&board[i + 1..j]);
        if j + 1 != board.len() {
            return Err(format!("unexpected text after hand: {}", &board[j + 1..]));
        }
        board = &board[..i];
    }
    // Occupants of the cells beyond the grid (citadels): `{A,-}`, one entry per extra cell.
    let mut extra_cells = None;
    if let Some(i) = board.find('{') {
        if !board.ends_with('}') {
            return Err("unclosed '{' in board".into());
        }
        extra_cells = Some(&board[i + 1..board.len() - 1]);
        board = &board[..i];
    }
    let levels: Vec<&str> = if geo.levels > 1 {
        board.split('|').collect()
    } else {
        vec![board]
    };
    if levels.len() != geo.levels as usize {
        return Err(format!(
            "expected {} levels, found {}",
            geo.levels,
            levels.len()
        ));
    }
    for (z, lv) in levels.iter().enumerate() {
        let ranks: Vec<&str> = lv.split('/').collect();
        if ranks.len() != geo.height as usize {
            return Err(format!(
                "expected {} ranks, found {}",
                geo.height,
                ranks.len()
            ));
        }
        for (ri, rank) in ranks.iter().enumerate() {
            let y = geo.height as i32 - 1 - ri as i32;
            let mut x: i32 = 0;
            let b = rank.as_bytes();
            let mut i = 0;
            while i < b.len() {
                let ch = b[i];
                if ch.is_ascii_digit() {
                    let s = i;
                    while i < b.len() && b[i].is_ascii_digit() {
                        i += 1;
                    }
                    let n: i32 = rank[s..i].parse().map_err(|_| "bad number in FEN")?;
                    if n == 0 {
                        return Err("zero run in FEN".into());
                    }
                    x += n;
                    continue;
                }
                if ch == b'*' {
                    x += 1;
                    i += 1;
                    continue;
                }
                if ch == b'~' {
                    i += 1;
                    continue;
                }
                let mut tok_len = if ch == b'+' { 2 } else { 1 };
                // `X~` is a token of its own where the game has such a letter (else `~` is skipped).
                if b.get(i + tok_len) == Some(&b'~')
                    && rank
                        .get(i..i + tok_len + 1)
                        .is_some_and(|t| piece_token(v, t).is_some())
                {
                    tok_len += 1;
                }
                let tok = rank.get(i..i + tok_len).ok_or("truncated piece in FEN")?;
                let (t, player) =
                    piece_token(v, tok).ok_or_else(|| format!("unknown piece '{tok}'"))?;
                if player >= v.players {
                    return Err(format!("piece '{tok}' of a missing player"));
                }
                if x >= geo.width as i32 {
                    return Err(format!("rank {} too long", y + 1));
                }
                let c = geo
                    .cell_at(x, y, z as i32)
                    .ok_or_else(|| format!("piece on a hole at file {} rank {}", x + 1, y + 1))?;
                pos.put(c, Piece::new(t, player, player));
                x += 1;
                i += tok_len;
            }
            if x != geo.width as i32 {
                return Err(format!(
                    "rank {} has {} files, expected {}",
                    y + 1,
                    x,
                    geo.width
                ));
            }
        }
    }
    if let Some(list) = extra_cells {
        let toks: Vec<&str> = list.split(',').collect();
        let first = geo.grid_cells();
        if toks.len() != geo.num_cells() - first {
            return Err(format!(
                "expected {} cells in '{{}}', found {}",
                geo.num_cells() - first,
                toks.len()
            ));
        }
        for (i, tok) in toks.iter().enumerate() {
            if *tok == "-" {
                continue;
            }
            let (t, player) =
                piece_token(v, tok).ok_or_else(|| format!("unknown piece '{tok}'"))?;
            if player >= v.players {
                return Err(format!("piece '{tok}' of a missing player"));
            }
            let c = (first + i) as Cell;
            if !geo.exists(c) {
                return Err("piece on a missing cell".into());
            }
            pos.put(c, Piece::new(t, player, player));
        }
    }
    if let Some(h) = hand {
        if !v.drops && !h.is_empty() && h != "-" {
            return Err("this game has no hands".into());
        }
        for ch in h.chars().filter(|&c| c != '-') {
            let (t, p) = piece_token(v, &ch.to_string())
                .ok_or_else(|| format!("unknown piece '{ch}' in hand"))?;
            let n = pos.hand(p, t);
            if n == u8::MAX {
                return Err("too many men in hand".into());
            }
            pos.set_hand(p, t, n + 1);
        }
    }
    let side = fields.get(1).copied().unwrap_or("w");
    let side = match side {
        "w" => 0,
        "b" => 1,
        s => return Err(format!("bad side to move '{s}'")),
    };
    if side >= v.players {
        return Err("bad side to move".into());
    }
    pos.set_side(side);
    let mut rights = 0u64;
    let rf = fields.get(2).copied().unwrap_or("-");
    rights |= parse_rights(v, rf, 2)?;
    // A rights field of a seventh column, where the game keeps some rights there.
    let extra_rights = v.rights.iter().any(|r| r.field == 6);
    if extra_rights {
        rights |= parse_rights(v, fields.get(6).copied().unwrap_or("-"), 6)?;
    }
    pos.set_rights(rights);
    if let Some(&ep) = fields.get(3)
        && ep != "-"
    {
        // One cell, or several written together (`e7e8`, as Fairy-Stockfish writes a triple step).
        let mut cells = [NO_CELL; 2];
        let mut rest = ep;
        let mut k = 0;
        while !rest.is_empty() {
            let (c, n) = geo
                .parse_cell_prefix(rest)
                .ok_or_else(|| format!("bad en-passant square '{ep}'"))?;
            if k == 2 {
                return Err(format!("too many en-passant squares '{ep}'"));
            }
            if !pos.at(c).is_empty() {
                return Err("en-passant square is occupied".into());
            }
            cells[k] = c;
            k += 1;
            rest = &rest[n..];
        }
        let c = cells[0];
        // The victim stands ahead of the passed cell, seen from the player who just moved.
        let mover = if side == 0 { v.players - 1 } else { side - 1 };
        let d = orient(v.players, mover, (0, 1, 0));
        let mut cur = c;
        let mut victim = NO_CELL;
        while let Some(n) = geo.offset(cur, d.0, d.1, d.2) {
            if !pos.at(n).is_empty() {
                victim = n;
                break;
            }
            cur = n;
        }
        if victim == NO_CELL || pos.at(victim).owner() != mover {
            return Err("en-passant square without a man that passed it".into());
        }
        pos.set_ep(cells, victim);
    }
    if let Some(h) = fields.get(4) {
        pos.st.halfmove = h.parse().map_err(|_| format!("bad halfmove clock '{h}'"))?;
    }
    if let Some(f) = fields.get(5) {
        pos.fullmove = f.parse().map_err(|_| format!("bad move number '{f}'"))?;
        if pos.fullmove == 0 {
            pos.fullmove = 1;
        }
    }
    let extra_from = if extra_rights { 7 } else { 6 };
    if fields.len() > extra_from && !v.hooks.outcome {
        // Unknown trailing fields are tolerated only if the game defines them.
    }
    v.rules
        .fen_parse_extra(&mut pos, fields.get(extra_from..).unwrap_or(&[]))?;
    pos.reset_key();
    // A game with royal men is played with one of each side's, on the board or in hand (sittuyin
    // places its king); Fairy-Stockfish refuses a chess FEN without kings too. Only two players:
    // in larger games a player out of the game may have lost his.
    let royal = &v.tables.royal_types;
    if v.players == 2 && !royal.is_empty() {
        for (p, case) in [(0, "upper"), (1, "lower")] {
            if pos.royal_count(p) == 0 && royal.iter().all(|&t| pos.hand(p, t) == 0) {
                return Err(format!("the {case}-case side has no royal man"));
            }
        }
    }
    // The side that just moved must not be left in check.
    let prev = if side == 0 { v.players - 1 } else { side - 1 };
    if v.players == 2 && pos.royal_attacked(prev) {
        return Err("the side not to move is in check".into());
    }
    Ok(pos)
}

fn parse_rights(v: &Variant, s: &str, field: u8) -> Result<u64, String> {
    if s == "-" {
        return Ok(0);
    }
    let mut bits = 0u64;
    let mut rest = s;
    while !rest.is_empty() {
        let best = v
            .rights
            .iter()
            .enumerate()
            .filter(|(_, r)| r.field == field && rest.starts_with(r.token.as_str()))
            .max_by_key(|(_, r)| r.token.len());
        match best {
            Some((_, r)) => {
                // Rights that share a token are one flag in the FEN: it sets them all.
                for (j, q) in v.rights.iter().enumerate() {
                    if q.field == field && q.token == r.token {
                        bits |= 1 << j;
                    }
                }
                rest = &rest[r.token.len()..];
            }
            None => return Err(format!("bad rights field '{s}'")),
        }
    }
    Ok(bits)
}

fn rights_string(pos: &Position, field: u8) -> String {
    let mut s = String::new();
    let rights = &pos.v.rights;
    for (i, r) in rights.iter().enumerate() {
        // A token shared by several rights is written once.
        if r.field == field
            && pos.st.rights >> i & 1 != 0
            && !rights[..i]
                .iter()
                .enumerate()
                .any(|(j, q)| q.field == field && q.token == r.token && pos.st.rights >> j & 1 != 0)
        {
            s += &r.token;
        }
    }
    if s.is_empty() { "-".into() } else { s }
}

pub fn board_string(pos: &Position) -> String {
    let v = &pos.v;
    let geo = &v.geo;
    let mut out = String::new();
    for z in 0..geo.levels as i32 {
        if z > 0 {
            out.push('|');
        }
        for y in (0..geo.height as i32).rev() {
            let mut empty = 0;
            for x in 0..geo.width as i32 {
                match geo.cell_at(x, y, z) {
                    None => {
                        if empty > 0 {
                            out += &empty.to_string();
                            empty = 0;
                        }
                        out.push('*');
                    }
                    Some(c) => {
                        let p = pos.at(c);
                        if p.is_empty() {
                            empty += 1;
                        } else {
                            if empty > 0 {
                                out += &empty.to_string();
                                empty = 0;
                            }
                            out += &v.pieces[p.kind() as usize].fen_token(p.owner());
                        }
                    }
                }
            }
            if empty > 0 {
                out += &empty.to_string();
            }
            if y > 0 {
                out.push('/');
            }
        }
    }
    // Cells beyond the grid, only while one is occupied.
    let first = geo.grid_cells();
    if (first..geo.num_cells()).any(|c| !pos.at(c as Cell).is_empty()) {
        let toks: Vec<String> = (first..geo.num_cells())
            .map(|c| {
                let p = pos.at(c as Cell);
                if p.is_empty() {
                    "-".to_string()
                } else {
                    v.pieces[p.kind() as usize].fen_token(p.owner())
                }
            })
            .collect();
        out.push('{');
        out += &toks.join(",");
        out.push('}');
    }
    if v.hands_in_fen {
        out.push('[');
        let len = out.len();
        for p in 0..v.players {
            for &t in &v.hand_types {
                for _ in 0..pos.hand(p, t) {
                    out += &v.pieces[t as usize].fen_token(p);
                }
            }
        }
        if v.fen_short && out.len() == len {
            out.push('-');
        }
        out.push(']');
    }
    out
}

pub fn to_fen(pos: &Position) -> String {
    let v = &pos.v;
    let side = if pos.side == 0 { "w" } else { "b" };
    // All en-passant cells, in cell order (Fairy-Stockfish's order), e.g. `e7e8`.
    let mut eps: Vec<Cell> = pos
        .st
        .ep
        .iter()
        .copied()
        .filter(|&c| c != NO_CELL)
        .collect();
    eps.sort_unstable();
    let ep = if eps.is_empty() {
        "-".into()
    } else {
        eps.iter().map(|&c| v.geo.name(c)).collect::<String>()
    };
    let mut s = if v.fen_short {
        format!(
            "{} {} {} {}",
            board_string(pos),
            side,
            pos.st.halfmove,
            pos.fullmove
        )
    } else {
        format!(
            "{} {} {} {} {} {}",
            board_string(pos),
            side,
            rights_string(pos, 2),
            ep,
            pos.st.halfmove,
            pos.fullmove
        )
    };
    if v.rights.iter().any(|r| r.field == 6) {
        s.push(' ');
        s += &rights_string(pos, 6);
    }
    if let Some(x) = v.rules.fen_extra(pos) {
        s.push(' ');
        s += &x;
    }
    s
}

pub fn cell_name(v: &Variant, c: Cell) -> String {
    v.geo.name(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants;

    #[test]
    fn a_two_player_game_with_royal_men_needs_one_of_each_side() {
        let chess = variants::build("chess", "").unwrap();
        assert!(parse(&chess, "k7/8/8/8/8/8/8/7K w - - 0 1").is_ok());
        for (fen, side) in [
            ("k7/8/8/8/8/8/8/8 w - - 0 1", "upper"),
            ("8/8/8/8/8/8/8/7K w - - 0 1", "lower"),
            ("8/8/8/8/8/8/8/8 w - - 0 1", "upper"),
        ] {
            let Err(e) = parse(&chess, fen) else {
                panic!("{fen} was accepted");
            };
            assert_eq!(e, format!("the {side}-case side has no royal man"));
        }
        let xiangqi = variants::build("xiangqi", "").unwrap();
        assert!(parse(&xiangqi, "4k4/9/9/9/9/9/9/9/9/R8 w - - 0 1").is_err());
        // Where the king is an ordinary man (giveaway), none is needed.
        let giveaway = variants::build("giveaway", "").unwrap();
        assert!(parse(&giveaway, "8/8/8/8/8/8/p7/7P w - - 0 1").is_ok());
    }
}
