//! Fairy Chess (one-time special move): orthodox chess in which one man of each side may, once in
//! the game, make a special move. Default (`special=queen-knight`): the original queen moves once
//! as a knight.
//!
//! Model: every man that may hold the power is of a "twin" type: the same letter and moves as its
//! ordinary kind plus the special move under the Betza privilege `x`, tied to one right per player
//! (not tied to a cell). The right is lost when the power is used (a move only the special move
//! allows) or when the player's last twin is captured. Men promoted from ordinary pawns are
//! ordinary, so a promoted queen has no power.
//!
//! `special=<man>:<betza>`: the man by kind (`R`: every man of that kind in the start array may use
//! the one power) or by start square (`b1`, with its mirror `b8` for Black), and the one-time move.
//! A designated pawn that promotes keeps the power (it promotes to a twin).
//!
//! `special=secret` (or `secret:<betza>`): hidden information, which this engine does not model
//! as such. A position holds what a referee knows. While a designation is undisclosed (the start
//! position), EVERY eligible man of that player is a twin (`secret-exclude=KP`: not the king and
//! pawns): the engine assumes the power may be used by any of them (the set of moves a player
//! might legally make, as the opponent must consider it). The first use fixes the designation and
//! spends the power. A FEN may instead record a disclosed designation (`Nb1`, see below); capturing
//! the designated man unused then loses the power.
//!
//! Seventh FEN field: the twins of each player holding an unused power, White first: a letter in
//! its owner's case alone when every man of that letter is a twin (`Qq` at the start), else
//! followed by the twins' cells (`Qd1q` when White also has a promoted queen; `Nb1nb8`); `-` when
//! neither power is left.

use super::super::{Entry, OptionDef, Opts, chess};
use super::{SpecialMan, parse_special};
use crate::geometry::Cell;
use crate::movegen::MoveList;
use crate::moves::{Move, MoveKind};
use crate::piece::{Piece, PieceType, Player};
use crate::position::Position;
use crate::tables::{CANNON, CAPTURE, GRASSHOPPER, MOVE};
use crate::variant::{GameResult, HookFlags, Outcome, RightDef, Rules, Variant};

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Qq";
const BOARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

pub const ENTRY: Entry = Entry {
    id: "fairychess",
    name: "Fairy Chess",
    options: &[
        OptionDef {
            key: "special",
            values: &["queen-knight", "secret", "*"],
        },
        OptionDef {
            key: "secret-exclude",
            values: &["none", "KP"],
        },
    ],
    build,
};

const NONE: PieceType = PieceType::MAX;

struct FairyChess {
    /// For each type: its ordinary type if it is a twin, else `NONE`.
    plain_of: Vec<PieceType>,
    /// Twin types in FEN order.
    twins: Vec<PieceType>,
    /// Index of each player's power right.
    right: [usize; 2],
    /// Can a special move coincide with an ordinary move of the same man (then listed twice)?
    overlap: bool,
    dead: chess::InsufficientMaterial,
}

impl FairyChess {
    #[inline]
    fn is_twin(&self, t: PieceType) -> bool {
        self.plain_of[t as usize] != NONE
    }

    #[inline]
    fn holds(&self, pos: &Position, p: Player) -> bool {
        pos.st.rights >> self.right[p as usize] & 1 != 0
    }

    fn has_twins(&self, pos: &Position, p: Player) -> bool {
        self.twins.iter().any(|&t| pos.count(p, t) > 0)
    }

    /// Could the ordinary kind of the twin on `from` make the move `from`-`to` (capturing or
    /// not)? Only the cells strictly between matter, so this holds before and after the move.
    fn ordinary_reaches(
        &self,
        pos: &Position,
        man: Piece,
        from: Cell,
        to: Cell,
        capture: bool,
    ) -> bool {
        let t = &pos.v.tables;
        let plain = self.plain_of[man.kind() as usize];
        for a in t.atoms(man.army(), plain, from) {
            if a.flags & (CANNON | GRASSHOPPER) != 0
                || a.flags & if capture { CAPTURE } else { MOVE } == 0
                || !crate::tables::cond_holds(a.cond, a.flags, pos.st.rights)
            {
                continue;
            }
            let cells = t.cells(a);
            if let Some(i) = cells.iter().position(|&c| c == to)
                && i >= a.prefix as usize + a.min as usize
                && cells[..i].iter().all(|&c| pos.at(c).is_empty())
            {
                return true;
            }
        }
        false
    }

    /// Is `m` (not yet made) a move only the special power allows?
    fn special_only(&self, pos: &Position, m: Move) -> bool {
        if !matches!(
            m.kind,
            MoveKind::Normal | MoveKind::Double | MoveKind::Promotion
        ) {
            return false;
        }
        let man = pos.at(m.from);
        self.is_twin(man.kind())
            && !self.ordinary_reaches(pos, man, m.from, m.to, !pos.at(m.to).is_empty())
    }

    fn clear_right(&self, pos: &mut Position, p: Player) {
        let r = pos.st.rights & !(1u64 << self.right[p as usize]);
        pos.set_rights(r);
    }
}

impl Rules for FairyChess {
    /// The special move and its ordinary twin may both be listed: keep the ordinary one (or the
    /// first of two special ones), so that each move string is listed once.
    fn filter_legal(&self, pos: &Position, out: &mut MoveList) {
        if !self.overlap || !self.holds(pos, pos.side) {
            return;
        }
        // Bit i: drop the move at index i (MoveList holds at most 4096 moves).
        let mut drop = [0u64; 64];
        let mut any = false;
        let same = |a: &Move, b: &Move| a.from == b.from && a.to == b.to && a.piece == b.piece;
        for (i, m) in out.iter().enumerate() {
            if m.from == crate::geometry::NO_CELL || !self.is_twin(pos.at(m.from).kind()) {
                continue;
            }
            // Another copy is preferred if it is ordinary and this one is not, or if both are of
            // the same sort and it comes first.
            let special = self.special_only(pos, *m);
            let dup = out.iter().enumerate().any(|(j, o)| {
                j != i && same(o, m) && {
                    let o_special = self.special_only(pos, *o);
                    (special && !o_special) || (special == o_special && j < i)
                }
            });
            if dup {
                drop[i >> 6] |= 1 << (i & 63);
                any = true;
            }
        }
        if !any {
            return;
        }
        let mut keep = 0;
        for i in 0..out.len() {
            if drop[i >> 6] >> (i & 63) & 1 == 0 {
                out[keep] = out[i];
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    fn after_make(&self, pos: &mut Position, m: Move) {
        let them = pos.side;
        let us = 1 - them;
        let cap = pos.st.captured;
        if !cap.is_empty()
            && self.is_twin(cap.kind())
            && self.holds(pos, them)
            && !self.has_twins(pos, them)
        {
            self.clear_right(pos, them);
        }
        let mover = pos.st.mover;
        if !mover.is_empty()
            && self.is_twin(mover.kind())
            && self.holds(pos, us)
            && matches!(
                m.kind,
                MoveKind::Normal | MoveKind::Double | MoveKind::Promotion
            )
            && !self.ordinary_reaches(pos, mover, m.from, m.to, !cap.is_empty())
        {
            self.clear_right(pos, us);
        }
    }

    fn outcome(&self, pos: &Position, nlegal: usize) -> Option<Outcome> {
        if nlegal == 0 || (0..2).any(|p| self.holds(pos, p) && self.has_twins(pos, p)) {
            return None;
        }
        let plain = |t: PieceType| {
            let p = self.plain_of[t as usize];
            if p == NONE { t } else { p }
        };
        self.dead.is_dead_mapped(pos, plain).then_some(Outcome {
            result: GameResult::Draw,
            reason: "insufficient material",
        })
    }

    fn fen_extra(&self, pos: &Position) -> Option<String> {
        let v = &pos.v;
        let mut s = String::new();
        for p in 0..2u8 {
            if !self.holds(pos, p) {
                continue;
            }
            for &t in &self.twins {
                if pos.count(p, t) == 0 {
                    continue;
                }
                s += &v.pieces[t as usize].fen_token(p);
                if pos.count(p, self.plain_of[t as usize]) > 0 {
                    let mut cells: Vec<Cell> = pos.cells_of(p, t).to_vec();
                    cells.sort_unstable();
                    for c in cells {
                        s += &v.geo.name(c);
                    }
                }
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        Some(s)
    }

    fn fen_parse_extra(&self, pos: &mut Position, fields: &[&str]) -> Result<(), String> {
        let f = fields.first().copied().unwrap_or("-");
        if f == "-" {
            return Ok(());
        }
        let v = std::sync::Arc::clone(&pos.v);
        let mut rest = f;
        while let Some(ch) = rest.chars().next() {
            let tw = self
                .twins
                .iter()
                .copied()
                .find(|&t| {
                    v.pieces[t as usize]
                        .letter
                        .eq_ignore_ascii_case(&ch.to_string())
                })
                .ok_or_else(|| format!("special-move field '{f}': '{ch}' cannot hold the power"))?;
            let player: Player = if ch.is_ascii_uppercase() { 0 } else { 1 };
            let plain = self.plain_of[tw as usize];
            rest = &rest[ch.len_utf8()..];
            let mut cells: Vec<Cell> = Vec::new();
            while let Some((c, n)) = v.geo.parse_cell_prefix(rest) {
                cells.push(c);
                rest = &rest[n..];
            }
            if cells.is_empty() {
                cells = pos.cells_of(player, plain).to_vec();
                if cells.is_empty() {
                    return Err(format!("special-move field '{f}': no man '{ch}'"));
                }
            }
            for c in cells {
                let p = pos.at(c);
                if p.is_empty() || p.owner() != player || p.kind() != plain {
                    return Err(format!(
                        "special-move field '{f}': no '{ch}' on {}",
                        v.geo.name(c)
                    ));
                }
                pos.remove(c);
                pos.put(c, Piece::new(tw, p.owner(), p.army()));
            }
            let r = pos.st.rights | 1u64 << self.right[player as usize];
            pos.set_rights(r);
        }
        Ok(())
    }
}

/// Writes `x` before every group of a Betza text (`NA` -> `xNxA`, `fmW` -> `xfmW`).
fn privileged(betza: &str) -> String {
    let b: Vec<char> = betza.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_whitespace() {
            out.push(b[i]);
            i += 1;
            continue;
        }
        out.push('x');
        while i < b.len() && b[i].is_ascii_lowercase() {
            out.push(b[i]);
            i += 1;
        }
        // The atom: a letter or a `(x,y)` leap, a doubled letter, a range, a bent continuation.
        let Some(&letter) = b.get(i) else { break };
        if letter == '(' {
            while i < b.len() && b[i] != ')' {
                out.push(b[i]);
                i += 1;
            }
        }
        if i < b.len() {
            out.push(b[i]);
            i += 1;
        }
        let mut last = letter;
        loop {
            match b.get(i) {
                Some(&c) if c == last && c.is_ascii_uppercase() => {
                    out.push(c);
                    i += 1;
                    last = '\0';
                }
                Some(&c) if c.is_ascii_digit() || c == '-' => {
                    out.push(c);
                    i += 1;
                }
                Some(&'>') if i + 1 < b.len() => {
                    out.push('>');
                    out.push(b[i + 1]);
                    last = b[i + 1];
                    i += 2;
                }
                _ => break,
            }
        }
    }
    out
}

fn build(o: &Opts) -> Result<Variant, String> {
    let special = o.get("special");
    let secret = special == "secret" || special.starts_with("secret:");
    let (man, betza) = match special {
        "queen-knight" | "" => (Some(SpecialMan::Kind('Q')), "N".to_string()),
        "secret" => (None, "N".to_string()),
        s if secret => {
            let betza = &s["secret:".len()..];
            parse_special(&format!("K:{betza}"))?;
            (None, betza.to_string())
        }
        s => {
            let (m, b) = parse_special(s)?;
            (Some(m), b)
        }
    };
    // Letters that may hold the power, and which start cells are twins (`None` = all of them).
    let eligible: Vec<char> = match man {
        None if o.is("secret-exclude", "KP") => "QRBN".chars().collect(),
        None => "KQRBNP".chars().collect(),
        Some(SpecialMan::Kind(k)) => vec![k],
        Some(SpecialMan::Square(x, y)) => {
            vec![super::fide_array_at(x, y).unwrap().to_ascii_uppercase()]
        }
    };
    // Twins are needed for the eligible kinds and, if pawns hold it, for what they promote to.
    let mut twin_letters = eligible.clone();
    if eligible.contains(&'P') {
        for l in "QRBN".chars() {
            if !twin_letters.contains(&l) {
                twin_letters.push(l);
            }
        }
    }
    twin_letters.sort_by_key(|&l| "KQRBNP".find(l));

    let (mut b, army) = chess::fide_builder(ENTRY.id, ENTRY.name);
    let of_letter = |l: char| match l {
        'P' => army.pawn,
        'N' => army.knight,
        'B' => army.bishop,
        'R' => army.rook,
        'Q' => army.queen,
        _ => army.king,
    };
    // The power rights come before the castling rights, so that `x` finds them on every cell.
    let mut right = [0; 2];
    for (p, r) in right.iter_mut().enumerate() {
        *r = b.right(RightDef {
            token: if p == 0 { "S".into() } else { "s".into() },
            player: p as Player,
            cell: None,
            lost_on_touch: vec![],
            lost_on_check: false,
            // Not a field the FEN code writes: the game writes its seventh field itself.
            field: 7,
        });
    }
    let xbetza = privileged(&betza);
    let mut twins = Vec::new();
    let mut plain_of = Vec::new();
    for &l in &twin_letters {
        let plain = of_letter(l);
        let mut def = b.piece_mut(plain).clone();
        def.name = format!("{} with special move", def.name);
        def.betza = format!("{} {xbetza}", def.betza);
        let t = b.piece(def);
        twins.push(t);
        plain_of.push((t, plain));
    }
    // A twin pawn promotes to twins.
    if let Some(&(tp, _)) = plain_of.iter().find(|&&(_, p)| p == army.pawn) {
        let map: Vec<(PieceType, PieceType)> = plain_of.clone();
        if let Some(pr) = b.piece_mut(tp).promotion.as_mut() {
            for t in pr.to.iter_mut() {
                if let Some(&(tw, _)) = map.iter().find(|&&(_, p)| p == *t) {
                    *t = tw;
                }
            }
        }
    }
    chess::standard_castling(&mut b);
    // Start FEN: all eligible men hold it (by kind, secret), or the one on the chosen square.
    let field: String = match man {
        Some(SpecialMan::Square(x, y)) => {
            let l = eligible[0];
            let file = (b'a' + x) as char;
            let (wy, by) = if y < 4 { (y, 7 - y) } else { (7 - y, y) };
            format!(
                "{l}{file}{}{}{file}{}",
                wy + 1,
                l.to_ascii_lowercase(),
                by + 1
            )
        }
        _ => {
            let w: String = eligible.iter().collect();
            format!("{w}{}", w.to_lowercase())
        }
    };
    b.start(&format!("{BOARD} {field}"));
    let mut v = b.build()?;
    let mut plain = vec![NONE; v.pieces.len()];
    for &(t, p) in &plain_of {
        plain[t as usize] = p;
    }
    // Overlap: a cell from which a twin's special atoms reach a cell its ordinary atoms reach.
    let tables = &v.tables;
    let overlap = plain_of.iter().any(|&(t, p)| {
        (0..v.players).any(|army| {
            v.geo.cells().any(|c| {
                let base = tables.atoms(army, p, c);
                let all = tables.atoms(army, t, c);
                all[base.len()..].iter().any(|s| {
                    tables.cells(s)[s.prefix as usize..]
                        .iter()
                        .any(|x| base.iter().any(|a| tables.cells(a).contains(x)))
                })
            })
        })
    });
    v.rules = Box::new(FairyChess {
        plain_of: plain,
        twins,
        right,
        overlap,
        dead: army.insufficient_material(),
    });
    v.hooks = HookFlags {
        filter_legal: overlap,
        after_make: true,
        outcome: true,
        // The dead-position test looks at material only.
        outcome_blind: true,
        ..Default::default()
    };
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::privileged;

    #[test]
    fn privilege_on_every_group() {
        assert_eq!(privileged("N"), "xN");
        assert_eq!(privileged("NA"), "xNxA");
        assert_eq!(privileged("NN"), "xNN");
        assert_eq!(privileged("fmW cF"), "xfmW xcF");
        assert_eq!(privileged("F>R"), "xF>R");
        assert_eq!(privileged("R4W2-3"), "xR4xW2-3");
        assert_eq!(privileged("(1,4)"), "x(1,4)");
    }
}
