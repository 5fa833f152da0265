//! The xboard (CECP, protocol 2) side of an engine client: what `Engine` sends an xboard engine
//! such as Fairy-Max (`fairymax`, `shamax`, `maxqi`) and how it reads the replies.
//!
//! The referee speaks UCI to every engine internally (`position ... moves ...`, `go wtime ...`);
//! this module turns that into xboard's stateful dialogue: the engine is kept in force mode, told
//! only the moves it has not seen, given its clock (`time`/`otim` in centiseconds) and asked to
//! `go` for each move.

/// Features an xboard engine announced (`feature usermove=1 variants="..." done=1`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    pub name: Option<String>,
    pub usermove: bool,
    pub variants: Option<Vec<String>>,
    pub ping: bool,
    pub setboard: bool,
    /// `done=1` (the handshake is over) or `done=0` (wait for it).
    pub done: Option<bool>,
    /// Every feature named, for the `accepted` replies.
    pub names: Vec<String>,
}

impl Features {
    /// Reads one `feature` line (values are words or double-quoted strings).
    pub fn read(&mut self, line: &str) {
        let Some(mut rest) = line.strip_prefix("feature") else {
            return;
        };
        loop {
            rest = rest.trim_start();
            let Some(eq) = rest.find('=') else {
                return;
            };
            let key = rest[..eq].trim().to_string();
            let after = &rest[eq + 1..];
            let (value, tail) = match after.strip_prefix('"') {
                Some(q) => match q.find('"') {
                    Some(end) => (&q[..end], &q[end + 1..]),
                    None => (q, ""),
                },
                None => {
                    let end = after.find(char::is_whitespace).unwrap_or(after.len());
                    (&after[..end], &after[end..])
                }
            };
            match key.as_str() {
                "myname" => self.name = Some(value.to_string()),
                "usermove" => self.usermove = value == "1",
                "ping" => self.ping = value == "1",
                "setboard" => self.setboard = value == "1",
                "variants" => {
                    self.variants = Some(
                        value
                            .split(',')
                            .map(|s| s.trim().to_string())
                            .filter(|s| !s.is_empty())
                            .collect(),
                    )
                }
                "done" => self.done = Some(value == "1"),
                _ => {}
            }
            self.names.push(key);
            rest = tail;
        }
    }
}

/// The rank character of xboard's coordinates: ranks count from '1', or from '0' on boards of ten
/// ranks or more (xiangqi's a0–i9), as WinBoard writes them.
fn rank_base(ranks: u8) -> u8 {
    if ranks > 9 { b'0' } else { b'1' }
}

/// A move in chatrang's UCI notation (`a1a2`, `a10b10`, `e7e8q`, `P@e5`) in xboard's.
pub fn to_xboard(mv: &str, ranks: u8) -> Option<String> {
    let b = mv.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_lowercase() && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
            let mut j = i + 1;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            let rank: u8 = mv[i + 1..j].parse().ok()?;
            if rank == 0 || rank > ranks || ranks > 10 {
                return None;
            }
            out.push(c as char);
            out.push((rank_base(ranks) + rank - 1) as char);
            i = j;
        } else {
            out.push(c as char);
            i += 1;
        }
    }
    Some(out)
}

/// A move in xboard's coordinates in chatrang's UCI notation (the inverse of `to_xboard`).
pub fn from_xboard(mv: &str, ranks: u8) -> Option<String> {
    let b = mv.as_bytes();
    let base = rank_base(ranks);
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let r = b.get(i + 1).copied();
        if c.is_ascii_lowercase()
            && let Some(r) = r
            && r >= base
            && r < base + ranks
        {
            out.push(c as char);
            out += &(r - base + 1).to_string();
            i += 2;
        } else {
            out.push(c as char);
            i += 1;
        }
    }
    Some(out)
}

/// A UCI `position` command split into its start (`startpos` or the FEN) and its moves.
pub fn split_position(cmd: &str) -> Option<(String, Vec<String>)> {
    let rest = cmd.strip_prefix("position")?.trim();
    let (start, moves) = match rest.find(" moves") {
        Some(i) => (&rest[..i], &rest[i + 6..]),
        None => (rest, ""),
    };
    let start = match start.strip_prefix("fen ") {
        Some(f) => f.trim().to_string(),
        None if start == "startpos" => "startpos".to_string(),
        None => return None,
    };
    Some((start, moves.split_whitespace().map(String::from).collect()))
}

/// The value of `key` in a UCI `go` command (`go wtime 1000 btime 900 ...`).
pub fn go_value(go: &str, key: &str) -> Option<u64> {
    let w: Vec<&str> = go.split_whitespace().collect();
    w.iter()
        .position(|&x| x == key)
        .and_then(|i| w.get(i + 1))
        .and_then(|x| x.parse().ok())
}

/// xboard's `level 0 MIN[:SEC] INC` for a clock of `base_ms` plus `inc_ms` a move.
pub fn level(base_ms: u64, inc_ms: u64) -> String {
    let secs = base_ms / 1000;
    let clock = if secs.is_multiple_of(60) {
        format!("{}", secs / 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    };
    let inc = if inc_ms.is_multiple_of(1000) {
        format!("{}", inc_ms / 1000)
    } else {
        format!("{}", inc_ms as f64 / 1000.0)
    };
    format!("level 0 {clock} {inc}")
}

/// Reads the engine's move from `move X` (or the old `My move is: X`).
pub fn parse_move(line: &str) -> Option<&str> {
    let rest = line
        .strip_prefix("move ")
        .or_else(|| line.strip_prefix("My move is: "))
        .or_else(|| line.strip_prefix("my move is: "))?;
    rest.split_whitespace().next()
}

/// Reads the depth and score of a thinking line (`depth score time nodes pv...`, `post` mode).
pub fn parse_thinking(line: &str) -> Option<(u32, i32)> {
    let mut w = line.split_whitespace();
    let depth = w.next()?.trim_end_matches(['.', '&']).parse().ok()?;
    let score = w.next()?.parse().ok()?;
    // Time and nodes follow: a line of two numbers is not thinking output.
    w.next()?.parse::<i64>().ok()?;
    Some((depth, score))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xiangqi_ranks_count_from_zero_in_xboard_coordinates() {
        assert_eq!(to_xboard("h3e3", 10).unwrap(), "h2e2");
        assert_eq!(to_xboard("a10a9", 10).unwrap(), "a9a8");
        assert_eq!(from_xboard("a9a8", 10).unwrap(), "a10a9");
        assert_eq!(from_xboard("h2e2", 10).unwrap(), "h3e3");
        // Eight ranks: the coordinates are UCI's, promotions and drops pass through.
        assert_eq!(to_xboard("e7e8q", 8).unwrap(), "e7e8q");
        assert_eq!(from_xboard("e7e8q", 8).unwrap(), "e7e8q");
        assert_eq!(to_xboard("P@e5", 8).unwrap(), "P@e5");
        // Boards beyond ten ranks have no digit ranks in xboard: refused, not mangled.
        assert_eq!(to_xboard("a11a12", 12), None);
        assert_eq!(to_xboard("a9a10", 8), None);
    }

    #[test]
    fn features_are_read_with_quoted_values() {
        let mut f = Features::default();
        f.read("feature myname=\"Fairy-Max 5.0b\" usermove=1 ping=1");
        f.read("feature variants=\"xiangqi,shatranj\" setboard=0 done=1");
        assert_eq!(f.name.as_deref(), Some("Fairy-Max 5.0b"));
        assert!(f.usermove && f.ping && !f.setboard);
        assert_eq!(f.variants.unwrap(), vec!["xiangqi", "shatranj"]);
        assert_eq!(f.done, Some(true));
        assert_eq!(f.names.len(), 6);
    }

    #[test]
    fn position_go_and_replies_are_translated() {
        let (s, m) = split_position("position startpos moves h3e3 h10g8").unwrap();
        assert_eq!((s.as_str(), m.len()), ("startpos", 2));
        let (s, m) = split_position("position fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
        assert_eq!(
            (s.as_str(), m.len()),
            ("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", 0)
        );
        assert_eq!(split_position("position nonsense"), None);
        let go = "go wtime 10000 btime 9500 winc 100 binc 100";
        assert_eq!(go_value(go, "btime"), Some(9500));
        assert_eq!(go_value(go, "movetime"), None);
        assert_eq!(level(10_000, 100), "level 0 0:10 0.1");
        assert_eq!(level(120_000, 2000), "level 0 2 2");
        assert_eq!(parse_move("move h2e2"), Some("h2e2"));
        assert_eq!(parse_move("My move is: e2e4"), Some("e2e4"));
        assert_eq!(parse_move("movers"), None);
        assert_eq!(parse_thinking("7 -35 12 4031 h2e2 h9g7"), Some((7, -35)));
        assert_eq!(parse_thinking("pong 3"), None);
    }
}
