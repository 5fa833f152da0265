//! Move strings in UCI style (Fairy-Stockfish conventions): `e2e4`, `e7e8q`, `N@e5`, `a10a8`.

use crate::movegen::{MoveList, legal_moves};
use crate::moves::{Move, MoveKind};
use crate::position::Position;

pub fn move_to_string(pos: &Position, m: Move) -> String {
    let v = &pos.v;
    let g = &v.geo;
    match m.kind {
        MoveKind::Drop => format!("{}@{}", v.pieces[m.piece as usize].letter, g.name(m.to)),
        MoveKind::Promotion => {
            let letter = &v.pieces[m.piece as usize].letter;
            // A promoted type written `+X` (shogi family): the suffix is a bare `+`.
            let suffix = if letter.starts_with('+') {
                "+".to_string()
            } else {
                letter.to_lowercase()
            };
            format!("{}{}{}", g.name(m.from), g.name(m.to), suffix)
        }
        MoveKind::Replace => {
            let owner_case = |s: String| s;
            let cap = pos.at(m.to);
            let letter = if cap.is_empty() {
                "?".to_string()
            } else {
                v.pieces[cap.kind() as usize].fen_token(cap.owner())
            };
            owner_case(format!(
                "{}{},{}@{}",
                g.name(m.from),
                g.name(m.to),
                letter,
                g.name(m.aux)
            ))
        }
        MoveKind::Special => v
            .rules
            .special_name(pos, m)
            .unwrap_or_else(|| format!("{}{}", g.name(m.from), g.name(m.to))),
        _ => format!("{}{}", g.name(m.from), g.name(m.to)),
    }
}

/// Finds the legal move written as `s`.
pub fn parse_move(pos: &mut Position, s: &str) -> Result<Move, String> {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    for &m in &list {
        if move_to_string(pos, m) == s {
            return Ok(m);
        }
    }
    Err(format!("illegal move '{s}'"))
}
