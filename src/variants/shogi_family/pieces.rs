//! Building blocks of the shogi family (shogi, tsuishogi): promotion zones, promotable men and
//! their `+X` promoted types (which revert when captured), drop restrictions, and the
//! repetition rule with the perpetual-check penalty (sennichite).

use crate::cellset::CellSet;
use crate::geometry::Geometry;
use crate::piece::{PieceDef, PieceType, Player, Promotion};
use crate::position::Position;
use crate::variant::{GameResult, Outcome, VariantBuilder};
use crate::variants::common;

/// The last `n` ranks of each army (its promotion zone, the enemy camp).
pub fn camp(geo: &Geometry, n: u8) -> Vec<CellSet> {
    let h = geo.height;
    common::ranks_range(geo, h - n, h - 1)
}

/// A promoted type: FEN letter `+X`, reverting to `base` when captured.
pub fn promoted(name: &str, letter: &str, betza: &str, base: PieceType) -> PieceDef {
    let mut p = PieceDef::new(name, letter, betza);
    p.demotes_to = Some(base);
    p
}

/// Shogi-style promotion of `base` to `to`: optional, on any move that starts or ends in `zone`,
/// forced where the man could not move again unpromoted.
pub fn set_promotion(b: &mut VariantBuilder, base: PieceType, to: PieceType, zone: Vec<CellSet>) {
    let p = b.piece_mut(base);
    p.promotion = Some(Promotion {
        zone,
        to: vec![to],
        optional: true,
    });
    p.promotes_from_zone = true;
    p.no_dead_arrival = true;
}

/// No drops of `t` on the last `n` ranks of either player (where it could never move).
pub fn forbid_last_ranks(b: &mut VariantBuilder, t: PieceType, n: u8) {
    let geo = b.geo().clone();
    let h = geo.height;
    for player in 0..2u8 {
        let mut s = CellSet::EMPTY;
        for r in h - n..h {
            for c in common::rank(&geo, player, r).iter() {
                s.insert(c);
            }
        }
        b.forbid_drops(t, player, s);
    }
}

/// Repetition with the whole game history (captures and drops do not reset it): when the
/// current position (board, hands, side to move) occurs for the `n`-th time, a draw, unless
/// (`perpetual`) one side gave check with every one of its moves since the first of those
/// occurrences: that side loses.
pub fn repetition_outcome(pos: &Position, n: u32, perpetual: bool) -> Option<Outcome> {
    let h = pos.history();
    let players = pos.v.players as usize;
    let key = pos.st.key;
    let mut count = 1;
    let mut first = 0;
    let mut i = players;
    while i <= h.len() {
        if h[h.len() - i].key == key {
            count += 1;
            first = i;
        }
        i += players;
    }
    if count < n {
        return None;
    }
    let draw = Outcome {
        result: GameResult::Draw,
        reason: "repetition",
    };
    if !perpetual {
        return Some(draw);
    }
    // Walk back over the cycle: after each move, was the mover's opponent in check?
    let mut p = pos.clone();
    let mut all_checks = [true; 2];
    let mut moved = [false; 2];
    for _ in 0..first {
        let m = p.st.last;
        if m.is_none() {
            return Some(draw);
        }
        let mover: Player = if p.side == 0 {
            p.v.players - 1
        } else {
            p.side - 1
        };
        let mi = mover as usize % 2;
        moved[mi] = true;
        if !p.in_check() {
            all_checks[mi] = false;
        }
        p.unmake(m);
    }
    let perp = |i: usize| moved[i] && all_checks[i];
    match (perp(0), perp(1)) {
        (true, false) => Some(Outcome {
            result: GameResult::Win(1),
            reason: "perpetual check",
        }),
        (false, true) => Some(Outcome {
            result: GameResult::Win(0),
            reason: "perpetual check",
        }),
        _ => Some(draw),
    }
}
