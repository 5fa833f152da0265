//! PGN output of match games, and a small PGN reader (tags and move text) to replay them.
//!
//! Moves are written in chatrang's move notation (UCI style: `e2e4`, `e7e8q`, `N@e5`), which
//! every game shares; the `Variant` tag holds the game's id, `VariantOptions` its options, and
//! `FEN`/`SetUp` the start position when it is not the game's own.

/// One move of a game record, with its comment (`+0.31/12 1.2s`, `book`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PgnMove {
    pub text: String,
    pub comment: String,
}

/// A game as PGN: tags in order, moves, result token.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<PgnMove>,
    /// Comment after the last move (how the game ended).
    pub final_comment: String,
    pub result: String,
}

impl PgnGame {
    pub fn tag(&self, k: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(t, _)| t == k)
            .map(|(_, v)| v.as_str())
    }

    /// PGN text. `first_to_move`: the start position has the first player to move
    /// (else move text starts `1...`); `start_move`: full-move number of the start position.
    pub fn write(&self, first_to_move: bool, start_move: u32) -> String {
        let mut s = String::new();
        for (k, v) in &self.tags {
            s += &format!("[{k} \"{}\"]\n", escape(v));
        }
        s.push('\n');
        let mut toks: Vec<String> = Vec::new();
        let mut white = first_to_move;
        let mut num = start_move.max(1);
        for (i, m) in self.moves.iter().enumerate() {
            if white {
                toks.push(format!("{num}."));
            } else if i == 0 {
                toks.push(format!("{num}..."));
            }
            toks.push(m.text.clone());
            if !m.comment.is_empty() {
                toks.push(format!("{{{}}}", m.comment.replace('}', ")")));
            }
            if !white {
                num += 1;
            }
            white = !white;
        }
        if !self.final_comment.is_empty() {
            toks.push(format!("{{{}}}", self.final_comment.replace('}', ")")));
        }
        toks.push(if self.result.is_empty() {
            "*".into()
        } else {
            self.result.clone()
        });
        // Lines of at most 80 characters.
        let mut line = String::new();
        for t in toks {
            if !line.is_empty() && line.len() + 1 + t.len() > 80 {
                s += &line;
                s.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line += &t;
        }
        s += &line;
        s += "\n\n";
        s
    }
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

fn is_result(t: &str) -> bool {
    matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// Reads every game of a PGN text. Comments in braces are kept with the move they follow;
/// `;` comments, variations, NAGs and move numbers are skipped. Errors on unbalanced text.
pub fn parse(text: &str) -> Result<Vec<PgnGame>, String> {
    let mut games = Vec::new();
    let mut g = PgnGame::default();
    let mut in_moves = false;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let finish = |g: &mut PgnGame, games: &mut Vec<PgnGame>| {
        if !g.tags.is_empty() || !g.moves.is_empty() {
            games.push(std::mem::take(g));
        }
    };
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        match c {
            '[' if !in_moves || g.moves.is_empty() => {
                let start = i;
                let mut j = i + 1;
                let mut in_str = false;
                while j < chars.len() {
                    match chars[j] {
                        '\\' if in_str => j += 1,
                        '"' => in_str = !in_str,
                        ']' if !in_str => break,
                        _ => {}
                    }
                    j += 1;
                }
                if j >= chars.len() {
                    return Err(format!("unclosed tag at character {start}"));
                }
                let inner: String = chars[i + 1..j].iter().collect();
                let (k, v) = inner
                    .trim()
                    .split_once(char::is_whitespace)
                    .ok_or_else(|| format!("bad tag '[{inner}]'"))?;
                let v = v.trim();
                if !(v.len() >= 2 && v.starts_with('"') && v.ends_with('"')) {
                    return Err(format!("tag value not quoted in '[{inner}]'"));
                }
                let v = v[1..v.len() - 1]
                    .replace("\\\"", "\"")
                    .replace("\\\\", "\\");
                g.tags.push((k.to_string(), v));
                i = j + 1;
            }
            '{' => {
                let j = chars[i..]
                    .iter()
                    .position(|&x| x == '}')
                    .ok_or("unclosed comment")?
                    + i;
                let com: String = chars[i + 1..j].iter().collect();
                match g.moves.last_mut() {
                    Some(m) if m.comment.is_empty() => m.comment = com.trim().to_string(),
                    _ => g.final_comment = com.trim().to_string(),
                }
                i = j + 1;
                in_moves = true;
            }
            ';' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '(' => {
                let mut depth = 0;
                while i < chars.len() {
                    match chars[i] {
                        '(' => depth += 1,
                        ')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
                if depth != 0 {
                    return Err("unbalanced variation".into());
                }
                i += 1;
            }
            _ => {
                let j = chars[i..]
                    .iter()
                    .position(|x| x.is_whitespace() || *x == '{' || *x == '(')
                    .map_or(chars.len(), |p| p + i);
                let tok: String = chars[i..j].iter().collect();
                i = j;
                in_moves = true;
                if is_result(&tok) {
                    g.result = tok;
                    finish(&mut g, &mut games);
                    in_moves = false;
                    continue;
                }
                if tok.starts_with('$') {
                    continue;
                }
                // Move numbers `12.` / `12...`, possibly glued to the move (`12.e4`).
                let t = tok.trim_start_matches(|c: char| c.is_ascii_digit());
                let t = if t.len() < tok.len() && t.starts_with('.') {
                    t.trim_start_matches('.')
                } else {
                    tok.as_str()
                };
                if !t.is_empty() {
                    g.moves.push(PgnMove {
                        text: t.to_string(),
                        comment: String::new(),
                    });
                }
            }
        }
    }
    if !g.tags.is_empty() || !g.moves.is_empty() {
        return Err("game without a result token".into());
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_and_reads_back() {
        let g = PgnGame {
            tags: vec![
                ("Event".into(), "t \"x\"".into()),
                ("Result".into(), "1-0".into()),
            ],
            moves: vec![
                PgnMove {
                    text: "e2e4".into(),
                    comment: "+0.31/12 1.2s".into(),
                },
                PgnMove {
                    text: "e7e5".into(),
                    comment: String::new(),
                },
                PgnMove {
                    text: "N@e5".into(),
                    comment: "book".into(),
                },
            ],
            final_comment: "White wins".into(),
            result: "1-0".into(),
        };
        let s = g.write(false, 7);
        assert!(s.contains("7... e2e4"), "{s}");
        let back = parse(&s).unwrap();
        assert_eq!(back, vec![g]);
        assert!(parse("[Event \"x\"]\n1. e4").is_err());
    }
}
