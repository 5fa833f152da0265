//! The game referee: chatrang's own rules judge every move of every engine.
//!
//! The match loop talks to a game only through [`Referee`]: who acts now (a player index, a
//! "seat"), whether a move string is legal (then it is played), and whether the game is over.
//! Nothing in the loop assumes two players or strict alternation: games of three or four
//! engines only need more seats, and games with chance (dice) return their rolls from
//! [`Referee::chance`] before a player moves; the loop appends them to the move list the
//! engines see and records them in the PGN.

use std::sync::Arc;

use crate::fen;
use crate::movegen::{MoveList, legal_moves};
use crate::moves::{Move, MoveKind};
use crate::notation::move_to_string;
use crate::position::Position;
use crate::variant::{GameResult, Variant};

use super::engine::Proto;

/// The end of a game: points per seat (1 win, 1/2 draw, 0 loss for two players) and why.
#[derive(Clone, Debug, PartialEq)]
pub struct GameEnd {
    pub points: Vec<f64>,
    pub reason: String,
}

impl GameEnd {
    /// `seat` loses; the others share the win.
    pub fn loss(players: usize, seat: usize, reason: String) -> GameEnd {
        let others = (players - 1).max(1) as f64;
        let points = (0..players)
            .map(|s| if s == seat { 0.0 } else { 1.0 / others })
            .collect();
        GameEnd { points, reason }
    }

    pub fn draw(players: usize, reason: String) -> GameEnd {
        GameEnd {
            points: vec![1.0 / players as f64; players],
            reason,
        }
    }

    pub fn from_result(players: usize, r: GameResult, reason: &str) -> GameEnd {
        match r {
            GameResult::Draw => GameEnd::draw(players, reason.to_string()),
            GameResult::Win(p) => GameEnd {
                points: (0..players)
                    .map(|s| if s == p as usize { 1.0 } else { 0.0 })
                    .collect(),
                reason: reason.to_string(),
            },
        }
    }

    /// The winning seat, if one seat has all the points.
    pub fn winner(&self) -> Option<usize> {
        self.points.iter().position(|&p| p == 1.0)
    }

    /// PGN result of a two-player game (`*` otherwise).
    pub fn pgn_result(&self) -> &'static str {
        if self.points.len() != 2 {
            return "*";
        }
        if self.points[0] == 1.0 {
            "1-0"
        } else if self.points[1] == 1.0 {
            "0-1"
        } else {
            "1/2-1/2"
        }
    }
}

/// What the match loop needs from a game.
pub trait Referee: Send {
    /// Number of seats (players).
    fn players(&self) -> usize;
    /// The seat to act now.
    fn to_move(&self) -> usize;
    /// A chance event played by the referee before the seat to move acts (e.g. a dice roll),
    /// written as a move string that the engines receive in the move list. None by default.
    fn chance(&mut self, _seed: u64) -> Option<String> {
        None
    }
    /// Checks `text` (in `proto`'s notation) against the legal moves and plays it; returns
    /// the move in chatrang's notation.
    fn play(&mut self, text: &str, proto: Proto) -> Result<String, String>;
    /// `position` command for an engine of protocol `proto`.
    fn position_command(&self, proto: Proto) -> String;
    /// The game's result, if it is over.
    fn outcome(&mut self) -> Option<GameEnd>;
    /// Current position as FEN (for logs).
    fn fen(&self) -> String;
    /// Plies played (book moves included).
    fn plies(&self) -> usize;
}

/// The referee of every game chatrang knows.
pub struct ChatrangReferee {
    start: Position,
    pos: Position,
    /// Start position is the variant's own (engines then get `startpos`).
    standard_start: bool,
    /// Moves in our notation and in USI notation.
    moves: Vec<(String, String)>,
}

impl ChatrangReferee {
    pub fn new(v: &Arc<Variant>, start_fen: Option<&str>) -> Result<ChatrangReferee, String> {
        let f = start_fen.unwrap_or(&v.start_fen);
        let pos = fen::parse(v, f)?;
        let standard_start = fen::to_fen(&pos)
            == fen::to_fen(&fen::parse(v, &v.start_fen).map_err(|e| format!("start FEN: {e}"))?);
        Ok(ChatrangReferee {
            start: pos.clone(),
            pos,
            standard_start,
            moves: Vec::new(),
        })
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// FEN of the start position.
    pub fn start_fen(&self) -> String {
        fen::to_fen(&self.start)
    }

    pub fn standard_start(&self) -> bool {
        self.standard_start
    }
}

impl Referee for ChatrangReferee {
    fn players(&self) -> usize {
        self.pos.v.players as usize
    }

    fn to_move(&self) -> usize {
        self.pos.side as usize
    }

    fn play(&mut self, text: &str, proto: Proto) -> Result<String, String> {
        let mut list = MoveList::new();
        legal_moves(&mut self.pos, &mut list);
        let found: Option<Move> = list.iter().copied().find(|&m| match proto {
            Proto::Uci | Proto::Xboard => move_to_string(&self.pos, m) == text,
            Proto::Usi => usi_move(&self.pos, m) == text,
        });
        let m = found.ok_or_else(|| format!("illegal move '{text}'"))?;
        let ours = move_to_string(&self.pos, m);
        let usi = usi_move(&self.pos, m);
        self.pos.make(m);
        self.moves.push((ours.clone(), usi));
        Ok(ours)
    }

    fn position_command(&self, proto: Proto) -> String {
        let mut s = String::from("position ");
        if self.standard_start {
            s += "startpos";
        } else {
            match proto {
                Proto::Uci | Proto::Xboard => s += &format!("fen {}", fen::to_fen(&self.start)),
                Proto::Usi => s += &format!("sfen {}", sfen(&self.start)),
            }
        }
        if !self.moves.is_empty() {
            s += " moves";
            for (ours, usi) in &self.moves {
                s.push(' ');
                s += match proto {
                    Proto::Uci | Proto::Xboard => ours,
                    Proto::Usi => usi,
                };
            }
        }
        s
    }

    fn outcome(&mut self) -> Option<GameEnd> {
        crate::outcome::outcome(&mut self.pos)
            .map(|o| GameEnd::from_result(self.players(), o.result, o.reason))
    }

    fn fen(&self) -> String {
        fen::to_fen(&self.pos)
    }

    fn plies(&self) -> usize {
        self.moves.len()
    }
}

/// A grid cell in USI coordinates: files numbered from the right (1..), ranks lettered from
/// the top (a..).
pub fn usi_cell(v: &Variant, c: crate::geometry::Cell) -> String {
    let g = &v.geo;
    if !g.is_grid(c) {
        return g.name(c);
    }
    let (x, y, _) = g.coords(c);
    let file = g.width as u32 - x as u32;
    let rank = (b'a' + (g.height - 1 - y)) as char;
    format!("{file}{rank}")
}

/// A move in USI notation: `7g7f`, `8h2b+` (promotion to a `+` man), `P*5e` (drop).
pub fn usi_move(pos: &Position, m: Move) -> String {
    let v = &pos.v;
    match m.kind {
        MoveKind::Drop => format!(
            "{}*{}",
            v.pieces[m.piece as usize].letter.to_ascii_uppercase(),
            usi_cell(v, m.to)
        ),
        MoveKind::Promotion => {
            let l = &v.pieces[m.piece as usize].letter;
            let suffix = if l.starts_with('+') {
                "+".to_string()
            } else {
                l.to_lowercase()
            };
            format!("{}{}{}", usi_cell(v, m.from), usi_cell(v, m.to), suffix)
        }
        _ => format!("{}{}", usi_cell(v, m.from), usi_cell(v, m.to)),
    }
}

/// The position as a USI SFEN: board, side (`b` = first player), hands (`S2Pb` or `-`), move
/// number.
pub fn sfen(pos: &Position) -> String {
    let v = &pos.v;
    let board = fen::board_string(pos);
    let board = board.split(['{', '[']).next().unwrap_or("").to_string();
    let mut hand = String::new();
    for p in 0..v.players.min(2) {
        for &t in &v.hand_types {
            let n = pos.hand(p, t);
            if n > 1 {
                hand += &n.to_string();
            }
            if n > 0 {
                hand += &v.pieces[t as usize].fen_token(p);
            }
        }
    }
    if hand.is_empty() {
        hand.push('-');
    }
    let side = if pos.side == 0 { 'b' } else { 'w' };
    let n = pos.fullmove.saturating_sub(1) * 2 + pos.side as u32 + 1;
    format!("{board} {side} {hand} {n}")
}
