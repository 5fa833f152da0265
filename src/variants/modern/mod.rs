//! Modern and odds-and-ends games on the FIDE army (book chapter 34): reversed minor pieces,
//! little chess, the peasants' revolt, the knighted queen, fairy and faery chess, giveaway I and
//! II, madhouse and pocket-knight chess. Each game in its own file; shared helpers below.

pub mod faerychess;
pub mod fairychess;
pub mod giveaway;
pub mod giveaway2;
pub mod knightedqueen;
pub mod littlechess;
pub mod madhouse;
pub mod peasants;
pub mod pocketknight;
pub mod reversed;

use super::Entry;
use crate::geometry::NO_CELL;
use crate::movegen::MoveList;
use crate::moves::{Move, MoveKind};
use crate::position::Position;

pub static ENTRIES: &[Entry] = &[
    reversed::ENTRY,
    littlechess::ENTRY,
    peasants::ENTRY,
    knightedqueen::ENTRY,
    faerychess::ENTRY,
    fairychess::ENTRY,
    giveaway::ENTRY,
    giveaway2::ENTRY,
    pocketknight::ENTRY,
    madhouse::ENTRY,
];

/// Does `m` (a move of the side to move, not yet made) capture? En passant counts; castling and
/// drops do not; other moves capture when their destination is occupied.
#[inline]
pub fn is_capture(pos: &Position, m: Move) -> bool {
    match m.kind {
        MoveKind::EnPassant => true,
        MoveKind::Castle | MoveKind::Drop => false,
        _ => m.from != NO_CELL && !pos.at(m.to).is_empty(),
    }
}

/// Compulsory capture: if any move in `out` captures, removes the moves that do not.
pub fn keep_only_captures(pos: &Position, out: &mut MoveList) {
    if out.iter().any(|&m| is_capture(pos, m)) {
        out.retain(|m| is_capture(pos, *m));
    }
}

/// The FIDE start array, from White's first rank up (`.` = empty); Black mirrors it.
const FIDE_ARRAY: [&str; 8] = [
    "RNBQKBNR", "PPPPPPPP", "........", "........", "........", "........", "pppppppp", "rnbqkbnr",
];

/// The letter of the man on file `x`, rank `y` (0-based) of the FIDE start array, upper case for
/// White; `None` for an empty cell.
pub fn fide_array_at(x: u8, y: u8) -> Option<char> {
    let c = FIDE_ARRAY[y as usize].as_bytes()[x as usize] as char;
    (c != '.').then_some(c)
}

/// A FIDE start array written as a FEN board, with `replace(x, y, letter)` choosing each cell's
/// letter (`None` = empty).
pub fn fide_board(replace: impl Fn(u8, u8, Option<char>) -> Option<char>) -> String {
    let mut s = String::new();
    for y in (0..8u8).rev() {
        let mut empty = 0;
        for x in 0..8u8 {
            match replace(x, y, fide_array_at(x, y)) {
                Some(c) => {
                    if empty > 0 {
                        s += &empty.to_string();
                        empty = 0;
                    }
                    s.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s += &empty.to_string();
        }
        if y > 0 {
            s.push('/');
        }
    }
    s
}

/// The man of a `special=<man>:<betza>` option: a kind (upper-case letter of the FIDE army) or a
/// start square (a file and rank of the FIDE array holding a man).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpecialMan {
    Kind(char),
    /// File and rank (0-based) of the start square.
    Square(u8, u8),
}

/// Parses `<man>:<betza>`: `R:N`, `b1:A`. The Betza text is checked.
pub fn parse_special(s: &str) -> Result<(SpecialMan, String), String> {
    let (man, betza) = s
        .split_once(':')
        .ok_or_else(|| format!("special '{s}': expected <man>:<betza>"))?;
    if betza.is_empty() {
        return Err(format!("special '{s}': empty Betza move"));
    }
    crate::betza::parse(betza).map_err(|e| format!("special '{s}': {e}"))?;
    let b = man.as_bytes();
    let man = match b {
        [l] if "KQRBNP".contains(l.to_ascii_uppercase() as char) => {
            SpecialMan::Kind(l.to_ascii_uppercase() as char)
        }
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
            let (x, y) = (f - b'a', r - b'1');
            if fide_array_at(x, y).is_none() {
                return Err(format!("special '{s}': no man starts on {man}"));
            }
            SpecialMan::Square(x, y)
        }
        _ => {
            return Err(format!(
                "special '{s}': '{man}' is neither K, Q, R, B, N, P nor a start square"
            ));
        }
    };
    Ok((man, betza.to_string()))
}
