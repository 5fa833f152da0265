//! Time controls and clocks.
//!
//! A limit per move may combine a clock (`[moves/]base[+inc]`, seconds), a fixed time per move,
//! a node count and a depth. The referee measures each move from `go` to `bestmove`; a player
//! whose clock falls below minus the margin (or who exceeds the fixed time by more than the
//! margin) loses on time.

/// A clock control: `moves` per period (0 = the whole game), base and increment in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub moves: u32,
    pub base_ms: u64,
    pub inc_ms: u64,
}

impl Clock {
    /// Parses `60`, `10+0.1`, `40/60`, `40/60+0.5` (seconds, decimals allowed).
    pub fn parse(s: &str) -> Result<Clock, String> {
        let s = s.trim();
        let bad = || format!("bad time control '{s}' (expected [moves/]base[+inc] in seconds)");
        let (moves, rest) = match s.split_once('/') {
            Some((m, r)) => (m.parse::<u32>().map_err(|_| bad())?, r),
            None => (0, s),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (b, i),
            None => (rest, "0"),
        };
        let secs = |x: &str| -> Result<u64, String> {
            let v: f64 = x.parse().map_err(|_| bad())?;
            if !(0.0..=1e7).contains(&v) {
                return Err(bad());
            }
            Ok((v * 1000.0).round() as u64)
        };
        let c = Clock {
            moves,
            base_ms: secs(base)?,
            inc_ms: secs(inc)?,
        };
        if c.base_ms == 0 && c.inc_ms == 0 {
            return Err(bad());
        }
        Ok(c)
    }

    /// As written in the PGN `TimeControl` tag.
    pub fn pgn(&self) -> String {
        let secs = |ms: u64| {
            if ms.is_multiple_of(1000) {
                format!("{}", ms / 1000)
            } else {
                format!("{}", ms as f64 / 1000.0)
            }
        };
        let mut s = String::new();
        if self.moves > 0 {
            s += &format!("{}/", self.moves);
        }
        s += &secs(self.base_ms);
        if self.inc_ms > 0 {
            s += &format!("+{}", secs(self.inc_ms));
        }
        s
    }
}

/// What limits each move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveLimit {
    pub clock: Option<Clock>,
    pub movetime_ms: Option<u64>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
}

impl MoveLimit {
    pub fn is_empty(&self) -> bool {
        self.clock.is_none()
            && self.movetime_ms.is_none()
            && self.nodes.is_none()
            && self.depth.is_none()
    }

    pub fn pgn(&self) -> String {
        if let Some(c) = self.clock {
            return c.pgn();
        }
        if let Some(mt) = self.movetime_ms {
            return format!("{}/move", mt as f64 / 1000.0);
        }
        "-".to_string()
    }
}

/// The running clock of one player.
#[derive(Clone, Copy, Debug)]
pub struct PlayerClock {
    /// Remaining milliseconds (negative: flag fallen).
    pub left_ms: i64,
    /// Moves still to play in this period (0 = no period).
    pub moves_to_go: u32,
}

impl PlayerClock {
    pub fn new(c: &Clock) -> PlayerClock {
        PlayerClock {
            left_ms: c.base_ms as i64,
            moves_to_go: c.moves,
        }
    }

    /// Charges a move that took `used_ms`; false when the flag fell (below `-margin_ms`).
    pub fn charge(&mut self, c: &Clock, used_ms: u64, margin_ms: u64) -> bool {
        self.left_ms -= used_ms as i64;
        if self.left_ms < -(margin_ms.min(1 << 40) as i64) {
            return false;
        }
        self.left_ms += c.inc_ms as i64;
        if c.moves > 0 {
            self.moves_to_go -= 1;
            if self.moves_to_go == 0 {
                self.moves_to_go = c.moves;
                self.left_ms += c.base_ms as i64;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_time_controls() {
        assert_eq!(
            Clock::parse("10+0.1").unwrap(),
            Clock {
                moves: 0,
                base_ms: 10000,
                inc_ms: 100
            }
        );
        assert_eq!(Clock::parse("40/60").unwrap().moves, 40);
        assert!(Clock::parse("x").is_err());
        assert!(Clock::parse("0").is_err());
        assert_eq!(Clock::parse("40/60+0.5").unwrap().pgn(), "40/60+0.5");
    }

    #[test]
    fn clock_periods_and_flag() {
        let c = Clock::parse("2/1+0").unwrap();
        let mut p = PlayerClock::new(&c);
        assert!(p.charge(&c, 300, 0));
        assert!(p.charge(&c, 300, 0));
        assert_eq!(p.left_ms, 1400);
        assert!(!p.charge(&c, 1500, 50));
    }
}
