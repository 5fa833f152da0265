//! Betza movement notation, with the extensions our games need (see docs/betza.md).
//!
//! A notation string is parsed into `MoveSpec`s: one displacement vector each, seen from the
//! first player (forward = +rank), with its mode (move / capture), range and constraints.
//! `tables` turns these into per-cell tables for each owner.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hop {
    /// Ordinary leap or ride.
    None,
    /// `p`: must jump exactly one piece on the line, then lands anywhere beyond it (cannon).
    Cannon,
    /// `g`: must jump exactly one piece, landing right behind it (grasshopper).
    Grasshopper,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSpec {
    /// Displacement (file, rank, level) from the first player's point of view.
    pub v: (i8, i8, i8),
    pub can_move: bool,
    pub can_capture: bool,
    /// Steps along the vector: 1..=max (`max == 0`: unlimited). `min` > 1 skips near cells.
    pub min: u8,
    pub max: u8,
    /// `n`: the intermediate cells of a single leap must be empty (xiangqi horse, alfil blocked).
    pub lame: bool,
    pub hop: Hop,
    /// `i`: only for a man on its initial cells (see the piece's initial rule).
    pub initial: bool,
    /// `x`: only while the piece's one-time privilege bit is set (the variant says which bit).
    pub privilege: bool,
    /// `u`: the opposite of `x`: only while the matching privilege bit is NOT set (a move the man
    /// gains once its one-time right is gone; always available where no right matches).
    pub unless_privilege: bool,
    /// Bent move (`A>B`): after the first step (which must be empty and is not a destination),
    /// continue along `bend` for `min..=max` steps (`max == 0`: unlimited).
    pub bend: Option<(i8, i8, i8)>,
}

#[derive(Debug, PartialEq, Eq)]
pub struct BetzaError(pub String);

impl std::fmt::Display for BetzaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "betza: {}", self.0)
    }
}

/// Basic atoms: the canonical vector (x <= y) and whether the letter is itself a rider.
fn atom(letter: char) -> Option<((i8, i8), bool)> {
    Some(match letter {
        'W' => ((0, 1), false),
        'F' => ((1, 1), false),
        'D' => ((0, 2), false),
        'N' => ((1, 2), false),
        'A' => ((2, 2), false),
        'H' => ((0, 3), false),
        'C' | 'L' => ((1, 3), false),
        'Z' | 'J' => ((2, 3), false),
        'G' => ((3, 3), false),
        'R' => ((0, 1), true),
        'B' => ((1, 1), true),
        _ => return None,
    })
}

/// All 8 (or 4) symmetric images of a canonical vector.
fn images(v: (i8, i8)) -> Vec<(i8, i8)> {
    let (a, b) = v;
    let mut out = Vec::new();
    for &(x, y) in &[(a, b), (b, a)] {
        for &sx in &[1, -1] {
            for &sy in &[1, -1] {
                let w = (x * sx, y * sy);
                if !out.contains(&w) {
                    out.push(w);
                }
            }
        }
    }
    out
}

/// All distinct images of a 3-D vector: every permutation of its coordinates, every sign.
fn images3(v: (i8, i8, i8)) -> Vec<(i8, i8, i8)> {
    let (a, b, c) = v;
    let mut out = Vec::new();
    for (x, y, z) in [
        (a, b, c),
        (a, c, b),
        (b, a, c),
        (b, c, a),
        (c, a, b),
        (c, b, a),
    ] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                for sz in [1, -1] {
                    let w = (x * sx, y * sy, z * sz);
                    if !out.contains(&w) {
                        out.push(w);
                    }
                }
            }
        }
    }
    out
}

/// Does vector `v` match one direction term (`f`, `fl`, `ff`, `v`, ...)?
fn term_matches(term: &str, (x, y): (i8, i8)) -> bool {
    let (ax, ay) = (x.abs(), y.abs());
    let one = |c: char| match c {
        'f' => y > 0,
        'b' => y < 0,
        'l' => x < 0,
        'r' => x > 0,
        'v' => ay > ax || (x == 0 && y != 0),
        's' => ax > ay || (y == 0 && x != 0),
        _ => false,
    };
    let cs: Vec<char> = term.chars().collect();
    match cs.as_slice() {
        [c] => one(*c),
        // ff / bb: the narrow forward (backward) moves; fs / bs: the wide ones.
        ['f', 'f'] => y > 0 && ay > ax,
        ['b', 'b'] => y < 0 && ay > ax,
        ['f', 's'] | ['s', 'f'] => y > 0 && ax > ay,
        ['b', 's'] | ['s', 'b'] => y < 0 && ax > ay,
        [a, b] => one(*a) && one(*b),
        _ => false,
    }
}

fn split_terms(dirs: &str) -> Vec<String> {
    let cs: Vec<char> = dirs.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        if (c == 'f' || c == 'b')
            && i + 1 < cs.len()
            && matches!(cs[i + 1], 'l' | 'r' | 's' | 'f' | 'b')
            && !(cs[i + 1] == 'b' && c == 'f')
            && !(cs[i + 1] == 'f' && c == 'b')
        {
            out.push(format!("{c}{}", cs[i + 1]));
            i += 2;
        } else {
            out.push(c.to_string());
            i += 1;
        }
    }
    out
}

fn parse_range(b: &[char], i: &mut usize) -> Option<(u8, u8)> {
    let num = |i: &mut usize| {
        let s = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        (*i > s).then(|| {
            b[s..*i]
                .iter()
                .collect::<String>()
                .parse::<u8>()
                .unwrap_or(0)
        })
    };
    let first = num(i)?;
    if *i < b.len() && b[*i] == '-' {
        *i += 1;
        let second = num(i).unwrap_or(0);
        Some((first, second))
    } else {
        Some((1, first))
    }
}

/// Parses a notation string. Whitespace separates groups.
pub fn parse(s: &str) -> Result<Vec<MoveSpec>, BetzaError> {
    let b: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_whitespace() {
            i += 1;
            continue;
        }
        // modifiers
        let mut dirs = String::new();
        let (mut m, mut c, mut lame, mut initial, mut privilege) =
            (false, false, false, false, false);
        let mut unless_privilege = false;
        let mut hop = Hop::None;
        while i < b.len() && b[i].is_ascii_lowercase() {
            match b[i] {
                'm' => m = true,
                'c' => c = true,
                'n' => lame = true,
                'i' => initial = true,
                'x' => privilege = true,
                'u' => unless_privilege = true,
                'p' => hop = Hop::Cannon,
                'g' => hop = Hop::Grasshopper,
                'f' | 'b' | 'l' | 'r' | 'v' | 's' => dirs.push(b[i]),
                other => return Err(BetzaError(format!("unknown modifier '{other}' in {s}"))),
            }
            i += 1;
        }
        let Some(&letter) = b.get(i) else {
            return Err(BetzaError(format!("missing atom at end of {s}")));
        };
        i += 1;
        let (can_move, can_capture) = if m || c { (m, c) } else { (true, true) };
        // `(x,y)`: a leap by any vector, for leapers without a letter (e.g. `(1,4)` giraffe).
        let mut free: Option<(i8, i8)> = None;
        // `(x,y,z)`: a 3-D leap (all images: coordinate permutations and signs).
        let mut free3: Option<(i8, i8, i8)> = None;
        let mut free_rider = false;
        if letter == '(' {
            let j = b[i..]
                .iter()
                .position(|&ch| ch == ')')
                .ok_or_else(|| BetzaError(format!("unclosed '(' in {s}")))?;
            let inner: String = b[i..i + j].iter().collect();
            let nums: Vec<i8> = inner
                .split(',')
                .map(|x| x.trim().parse::<i8>())
                .collect::<Result<_, _>>()
                .map_err(|_| BetzaError(format!("bad leap '({inner})' in {s}")))?;
            if !(nums.len() == 2 || nums.len() == 3) || nums.iter().all(|&n| n == 0) {
                return Err(BetzaError(format!("bad leap '({inner})' in {s}")));
            }
            if nums.len() == 3 {
                free3 = Some((nums[0].abs(), nums[1].abs(), nums[2].abs()));
            } else {
                let (a, bb) = (nums[0].abs(), nums[1].abs());
                free = Some((a.min(bb), a.max(bb)));
            }
            i += j + 1;
            // A doubled free leap `(x,y)(x,y)` is its rider.
            let whole: String = b[i - j - 2..i].iter().collect();
            let next: String = b[i..(i + whole.len()).min(b.len())].iter().collect();
            if next == whole {
                free_rider = true;
                i += whole.len();
            }
        }
        let mut letters: Vec<char> = match letter {
            '(' => vec!['('],
            'K' => vec!['W', 'F'],
            'Q' => vec!['R', 'B'],
            l if atom(l).is_some() => vec![l],
            other => return Err(BetzaError(format!("unknown atom '{other}' in {s}"))),
        };
        let atom_of = |l: char| {
            if l == '(' {
                free.map(|v| (v, false))
            } else {
                atom(l)
            }
        };
        // Doubled letter: rider of that leap (NN nightrider, WW = R).
        let mut rider = free_rider
            || (free3.is_none() && letters.iter().all(|&l| atom_of(l).unwrap().1))
            || letter == 'Q';
        if letter != '(' && b.get(i) == Some(&letter) && letters.len() == 1 {
            rider = true;
            i += 1;
        }
        let mut min = 1;
        let mut max = if rider { 0 } else { 1 };
        if i < b.len() && b[i].is_ascii_digit() {
            let (lo, hi) = parse_range(&b, &mut i).ok_or_else(|| BetzaError(s.to_string()))?;
            min = lo.max(1);
            max = hi;
        }
        // Bent continuation.
        let mut bend_atom = None;
        if b.get(i) == Some(&'>') {
            i += 1;
            let Some(&l2) = b.get(i) else {
                return Err(BetzaError(format!("missing bend atom in {s}")));
            };
            i += 1;
            let (v2, r2) = atom(l2).ok_or_else(|| BetzaError(format!("bad bend atom in {s}")))?;
            let mut bmin = 1;
            let mut bmax = if r2 { 0 } else { 1 };
            if b.get(i) == Some(&l2) {
                bmax = 0;
                i += 1;
            }
            if i < b.len() && b[i].is_ascii_digit() {
                let (lo, hi) = parse_range(&b, &mut i).ok_or_else(|| BetzaError(s.to_string()))?;
                bmin = lo.max(1);
                bmax = hi;
            }
            bend_atom = Some((v2, bmin, bmax));
            letters.truncate(1);
        }
        let terms = split_terms(&dirs);
        // What every move this atom gives shares; each push sets its vector (and a bend's range).
        let spec = MoveSpec {
            v: (0, 0, 0),
            can_move,
            can_capture,
            min,
            max,
            lame,
            hop,
            initial,
            privilege,
            unless_privilege,
            bend: None,
        };
        if let Some(v3) = free3 {
            if bend_atom.is_some() {
                return Err(BetzaError(format!("a 3-D leap cannot bend in {s}")));
            }
            for img in images3(v3) {
                let flat = (img.0, img.1);
                if !terms.is_empty() && !terms.iter().any(|t| term_matches(t, flat)) {
                    continue;
                }
                out.push(MoveSpec { v: img, ..spec });
            }
            continue;
        }
        for l in letters {
            let (v, _) = atom_of(l).unwrap();
            for img in images(v) {
                if !terms.is_empty() && !terms.iter().any(|t| term_matches(t, img)) {
                    continue;
                }
                match bend_atom {
                    None => out.push(MoveSpec {
                        v: (img.0, img.1, 0),
                        ..spec
                    }),
                    Some((v2, bmin, bmax)) => {
                        for w in images(v2) {
                            // Outward continuations only: no turning back or sideways.
                            if (w.0 as i32 * img.0 as i32 + w.1 as i32 * img.1 as i32) <= 0 {
                                continue;
                            }
                            out.push(MoveSpec {
                                v: (img.0, img.1, 0),
                                min: bmin,
                                max: bmax,
                                lame: true,
                                bend: Some((w.0, w.1, 0)),
                                ..spec
                            });
                        }
                    }
                }
            }
        }
    }
    Ok(out)
}

/// The cells a lame leap passes through, as displacements: for straight leaps the cells between;
/// for oblique ones an orthogonal step along the long axis, then diagonal steps (xiangqi/janggi).
pub fn lame_path(v: (i8, i8)) -> Vec<(i8, i8)> {
    let (x, y) = v;
    let (sx, sy) = (x.signum(), y.signum());
    let mut path = Vec::new();
    let mut cur = (0i8, 0i8);
    if x == 0 || y == 0 || x.abs() == y.abs() {
        let n = x.abs().max(y.abs());
        for k in 1..n {
            path.push((sx * k, sy * k));
        }
        return path;
    }
    // first an orthogonal step along the longer axis
    if y.abs() > x.abs() {
        cur.1 += sy;
    } else {
        cur.0 += sx;
    }
    loop {
        let rem = (x - cur.0, y - cur.1);
        if rem.0.abs() <= 1 && rem.1.abs() <= 1 {
            break;
        }
        path.push(cur);
        let dx = if rem.0 != 0 { rem.0.signum() } else { 0 };
        let dy = if rem.1 != 0 { rem.1.signum() } else { 0 };
        cur = (cur.0 + dx, cur.1 + dy);
    }
    path.push(cur);
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vecs(s: &str) -> Vec<(i8, i8)> {
        let mut v: Vec<_> = parse(s).unwrap().iter().map(|m| (m.v.0, m.v.1)).collect();
        v.sort();
        v
    }

    #[test]
    fn knight_has_eight_leaps() {
        assert_eq!(vecs("N").len(), 8);
    }

    #[test]
    fn pawn_parts() {
        let p = parse("fmWfcF").unwrap();
        assert_eq!(p.len(), 3);
        assert!(p[0].can_move && !p[0].can_capture && p[0].v == (0, 1, 0));
        assert!(
            p.iter()
                .skip(1)
                .all(|m| m.can_capture && !m.can_move && m.v.1 == 1)
        );
    }

    #[test]
    fn ranges() {
        let p = parse("W2-3").unwrap();
        assert!(p.iter().all(|m| m.min == 2 && m.max == 3));
        let p = parse("R4").unwrap();
        assert!(p.iter().all(|m| m.min == 1 && m.max == 4));
        assert!(parse("R").unwrap().iter().all(|m| m.max == 0));
        assert!(parse("NN").unwrap().iter().all(|m| m.max == 0));
    }

    #[test]
    fn narrow_and_wide_knight() {
        assert_eq!(vecs("ffN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(vecs("fsN"), vec![(-2, 1), (2, 1)]);
        assert_eq!(vecs("fN").len(), 4);
    }

    #[test]
    fn bent_rider_goes_outward() {
        let p = parse("F>R").unwrap();
        assert_eq!(p.len(), 8);
        assert!(p.iter().all(|m| {
            let (w, v) = (m.bend.unwrap(), m.v);
            w.0 as i32 * v.0 as i32 + w.1 as i32 * v.1 as i32 > 0
        }));
    }

    #[test]
    fn lame_paths() {
        assert_eq!(lame_path((1, 2)), vec![(0, 1)]);
        assert_eq!(lame_path((2, 3)), vec![(0, 1), (1, 2)]);
        assert_eq!(lame_path((2, 2)), vec![(1, 1)]);
        assert_eq!(lame_path((0, 3)), vec![(0, 1), (0, 2)]);
    }

    #[test]
    fn free_leap_and_negated_privilege() {
        assert_eq!(vecs("(1,4)").len(), 8);
        assert_eq!(vecs("(4,1)"), vecs("(1,4)"));
        assert!(vecs("(1,4)").contains(&(4, -1)));
        assert_eq!(vecs("f(0,3)"), vec![(0, 3)]);
        let p = parse("xmN uB").unwrap();
        assert!(p[..8].iter().all(|m| m.privilege && !m.unless_privilege));
        assert!(
            p[8..]
                .iter()
                .all(|m| m.unless_privilege && !m.privilege && m.max == 0)
        );
        assert!(parse("(1,").is_err());
        assert!(parse("(0,0)").is_err());
    }

    #[test]
    fn three_d_leaps_and_riders() {
        let n = |s: &str| parse(s).unwrap().len();
        assert_eq!(n("(1,0,0)"), 6);
        assert_eq!(n("(1,1,0)"), 12);
        assert_eq!(n("(1,1,1)"), 8);
        assert_eq!(n("(1,2,0)"), 24);
        let r = parse("(1,1,1)(1,1,1)").unwrap();
        assert!(r.len() == 8 && r.iter().all(|m| m.max == 0));
        assert!(parse("(1,0,0)").unwrap().iter().all(|m| m.max == 1));
        // forward-capturing: sideways-forward and vertical-forward
        let mut p: Vec<_> = parse("fc(0,1,1)").unwrap().iter().map(|m| m.v).collect();
        p.sort();
        assert_eq!(p, vec![(-1, 1, 0), (0, 1, -1), (0, 1, 1), (1, 1, 0)]);
        let r2 = parse("(1,2)(1,2)").unwrap();
        assert!(r2.len() == 8 && r2.iter().all(|m| m.max == 0));
    }

    #[test]
    fn bad_notation_is_an_error() {
        assert!(parse("Y").is_err());
        assert!(parse("fm").is_err());
    }
}
