//! Round (Byzantine) Chess, `round`, and its variation with four central citadels,
//! `roundcitadel` (Gollon, ch. 5).
//!
//! - Board: 4 rings x 16 sectors as a 4-file x 16-rank cylinder (file = ring, `a` outermost;
//!   rank = sector, 16 next to 1): `Geometry::wrapping(false, true)`. A Rukh's ring ride stops
//!   before its own cell (at most 15 cells: the tables never revisit a cell).
//! - Pawns: ascending `P` (towards higher sectors) and descending `M`, for BOTH colours; the core
//!   mirrors the second army's directions, so each pawn type gets its moves per army through
//!   `zone_moves` (`mfWcfF` / `mbWcbF`). No promotion, no double step.
//! - Pawn meeting (`pawnmeet=`): `auto` removes a same-coloured ascending/descending pair that a
//!   move brings face to face, within that move (`after_make`); `choice` lets the opponent remove
//!   such a pair (of the player not to move) as a free action before his move: the combined
//!   move is a `Special` move written `<move>,x<cell><cell>` (the pair's cells); `off`.
//! - `rookcircle=on`: a Rukh alone on its ring may go round to its own cell, a pass written
//!   `a1a1` (illegal in check, by the ordinary legality test).
//! - Shatranj ends: checkmate wins, stalemate loses, bare Shah loses unless it bares back.
//! - `roundcitadel`: four extra cells `e1`-`e4` joined to ring d by explicit links that only the
//!   Shah may use (move-only: a citadel is never attacked); a Shah in a citadel draws at once.

use super::super::{Entry, OptionDef, Opts};
use crate::cellset::CellSet;
use crate::geometry::{Cell, Geometry, Link, NO_CELL};
use crate::movegen::{MoveList, piece_moves};
use crate::moves::{Move, MoveKind};
use crate::piece::{Piece, PieceDef, PieceType, Player, ZoneMoves};
use crate::position::Position;
use crate::variant::{
    BareKing, GameResult, HookFlags, Outcome, Rules, Variant, VariantBuilder, Verdict,
};

pub const START: &str = "MMMM/4/4/4/4/pppp/rnbq/rnbk/mmmm/4/4/4/4/PPPP/RNBQ/RNBK w - - 0 1";
pub const START_CITADEL: &str = "MMMM/4/4/4/4/pppp/qbnr/kbnr/mmmm/4/4/4/4/PPPP/QBNR/KBNR w - - 0 1";

const PAWNMEET: OptionDef = OptionDef {
    key: "pawnmeet",
    values: &["auto", "choice", "off"],
};
const ROOKCIRCLE: OptionDef = OptionDef {
    key: "rookcircle",
    values: &["off", "on"],
};
const NMOVE: OptionDef = OptionDef {
    key: "nmove",
    values: &["0", "N"],
};

pub const ENTRY: Entry = Entry {
    id: "round",
    name: "Round Chess (Byzantine Chess)",
    options: &[PAWNMEET, ROOKCIRCLE, NMOVE],
    build,
};

pub const ENTRY_CITADEL: Entry = Entry {
    id: "roundcitadel",
    name: "Round Chess with citadels",
    options: &[
        PAWNMEET,
        ROOKCIRCLE,
        NMOVE,
        OptionDef {
            key: "citadel",
            values: &["any", "own"],
        },
        OptionDef {
            key: "citadelentry",
            values: &["all", "spoke"],
        },
    ],
    build: build_citadel,
};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Meet {
    Auto,
    Choice,
    Off,
}

struct Round {
    meet: Meet,
    circle: bool,
    asc: PieceType,
    desc: PieceType,
    rook: PieceType,
    /// Cells beyond the grid (citadels), if any: a Shah there ends the game.
    citadels: bool,
}

/// The cell one sector up (+1) or down (-1) on the same ring.
#[inline]
fn sector_step(pos: &Position, c: Cell, dy: i32) -> Option<Cell> {
    pos.v.geo.offset(c, 0, dy, 0)
}

impl Round {
    fn is_pawn(&self, p: Piece) -> bool {
        !p.is_empty() && (p.kind() == self.asc || p.kind() == self.desc)
    }

    /// After a pawn of `owner` arrived on `c`: the cell of its facing same-coloured partner.
    fn partner(&self, pos: &Position, c: Cell) -> Option<Cell> {
        let p = pos.at(c);
        let (dy, want) = if p.kind() == self.asc {
            (1, self.desc)
        } else {
            (-1, self.asc)
        };
        let n = sector_step(pos, c, dy)?;
        let q = pos.at(n);
        (!q.is_empty() && q.kind() == want && q.owner() == p.owner()).then_some(n)
    }

    /// Ascending cells of `player`'s met pairs (ascending on s, descending on s+1).
    fn pairs(&self, pos: &Position, player: Player, out: &mut [Cell; 8]) -> usize {
        let mut n = 0;
        for &c in pos.cells_of(player, self.asc) {
            if let Some(d) = sector_step(pos, c, 1) {
                let q = pos.at(d);
                if !q.is_empty() && q.kind() == self.desc && q.owner() == player && n < 8 {
                    out[n] = c;
                    n += 1;
                }
            }
        }
        n
    }

    /// Rook-circle passes of the side to move (its ring empty but for itself), from == to.
    fn circles(&self, pos: &Position, out: &mut MoveList) {
        let geo = &pos.v.geo;
        for &c in pos.cells_of(pos.side, self.rook) {
            let x = geo.coords(c).0;
            let alone = (0..geo.height as i32)
                .filter_map(|y| geo.cell_at(x as i32, y, 0))
                .all(|d| d == c || pos.at(d).is_empty());
            if alone {
                let mut m = Move::with(c, c, MoveKind::Special, 0);
                m.aux = NO_CELL;
                let _ = out.try_push(m);
            }
        }
    }
}

impl Rules for Round {
    /// A Rukh reaches the cells of an empty ring both ways round: one move each.
    fn filter_legal(&self, _pos: &Position, out: &mut MoveList) {
        super::torus::dedupe_moves(out);
    }

    fn extra_moves(&self, pos: &Position, out: &mut MoveList) {
        if self.circle {
            self.circles(pos, out);
        }
        if self.meet != Meet::Choice {
            return;
        }
        let them = pos.v.next_player(pos.side);
        let mut cells = [NO_CELL; 8];
        let n = self.pairs(pos, them, &mut cells);
        if n == 0 {
            return;
        }
        // Rare (a met pair left standing): generate on a scratch copy without the pair.
        for &a in &cells[..n] {
            let mut scratch = pos.clone();
            let Some(d) = sector_step(pos, a, 1) else {
                continue;
            };
            scratch.remove(a);
            scratch.remove(d);
            let mut base = MoveList::new();
            for kind in 0..pos.v.pieces.len() {
                for &from in scratch.cells_of(pos.side, kind as PieceType) {
                    piece_moves(&scratch, from, &mut base);
                }
            }
            if self.circle {
                self.circles(&scratch, &mut base);
            }
            super::torus::dedupe_moves(&mut base);
            for m in base {
                let mut s = Move::with(m.from, m.to, MoveKind::Special, 0);
                s.aux = a;
                let _ = out.try_push(s);
            }
        }
    }

    fn after_make(&self, pos: &mut Position, m: Move) {
        if self.meet != Meet::Auto || m.kind != MoveKind::Normal || !self.is_pawn(pos.st.mover) {
            return;
        }
        if let Some(n) = self.partner(pos, m.to) {
            pos.remove(m.to);
            pos.remove(n);
        }
    }

    fn undo_after_make(&self, pos: &mut Position, m: Move) {
        let mover = pos.st.mover;
        if self.meet != Meet::Auto
            || m.kind != MoveKind::Normal
            || !self.is_pawn(mover)
            || !pos.at(m.to).is_empty()
        {
            return;
        }
        // The pawn and its partner were removed: put them back.
        let (dy, other) = if mover.kind() == self.asc {
            (1, self.desc)
        } else {
            (-1, self.asc)
        };
        pos.put(m.to, mover);
        if let Some(n) = sector_step(pos, m.to, dy) {
            pos.put(n, Piece::new(other, mover.owner(), mover.army()));
        }
    }

    fn make_special(&self, pos: &mut Position, m: Move) {
        if m.aux != NO_CELL {
            pos.remove(m.aux);
            if let Some(d) = sector_step(pos, m.aux, 1) {
                pos.remove(d);
            }
        }
        if m.from != m.to {
            if !pos.at(m.to).is_empty() {
                pos.st.captured = pos.remove(m.to);
                pos.st.halfmove = 0;
            }
            let p = pos.remove(m.from);
            pos.st.mover = p;
            if self.is_pawn(p) {
                pos.st.halfmove = 0;
            }
            pos.put(m.to, p);
        }
    }

    fn unmake_special(&self, pos: &mut Position, m: Move) {
        if m.from != m.to {
            let p = pos.remove(m.to);
            pos.put(m.from, p);
            let cap = pos.st.captured;
            if !cap.is_empty() {
                pos.put(m.to, cap);
            }
        }
        if m.aux != NO_CELL {
            let them = pos.v.next_player(pos.side);
            pos.put(m.aux, Piece::new(self.asc, them, them));
            if let Some(d) = sector_step(pos, m.aux, 1) {
                pos.put(d, Piece::new(self.desc, them, them));
            }
        }
    }

    fn special_name(&self, pos: &Position, m: Move) -> Option<String> {
        let g = &pos.v.geo;
        let mut s = format!("{}{}", g.name(m.from), g.name(m.to));
        if m.aux != NO_CELL {
            s += ",x";
            s += &g.name(m.aux);
            if let Some(d) = g.offset(m.aux, 0, 1, 0) {
                s += &g.name(d);
            }
        }
        Some(s)
    }

    fn outcome(&self, pos: &Position, _nlegal: usize) -> Option<Outcome> {
        if !self.citadels {
            return None;
        }
        let geo = &pos.v.geo;
        let in_citadel = (geo.grid_cells()..geo.num_cells()).any(|c| {
            let p = pos.at(c as Cell);
            !p.is_empty() && pos.v.pieces[p.kind() as usize].royal
        });
        in_citadel.then_some(Outcome {
            result: GameResult::Draw,
            reason: "citadel",
        })
    }
}

/// The two round games: `citadels` adds the four husun (with the given entry rules).
fn build_round(
    id: &str,
    name: &str,
    start: &str,
    o: &Opts,
    citadels: Option<(bool, bool)>,
) -> Result<Variant, String> {
    let mut geo = Geometry::rect(4, 16).wrapping(false, true);
    let mut all = CellSet::EMPTY;
    for c in geo.cells() {
        all.insert(c);
    }
    // The king's type index, fixed by the order of `piece` calls below.
    const KING: PieceType = 6;
    if let Some((own_only, spoke_only)) = citadels {
        // e1: sectors 16,1,2,3; e2: 4-7; e3: 8-11 (Black's home); e4: 12-15.
        for q in 0..4i32 {
            let e = geo.add_cell(&format!("e{}", q + 1));
            let types = match (own_only, q) {
                (false, _) => [1u64 << KING, 1 << KING, 0, 0],
                (true, 0) => [1 << KING, 0, 0, 0],
                (true, 2) => [0, 1 << KING, 0, 0],
                _ => continue,
            };
            let link = |from_sector: i32, d: (i32, i32, i32)| {
                let y = (from_sector - 1).rem_euclid(16);
                Link {
                    from: (y * 4 + 3) as Cell,
                    d,
                    to: e,
                    ride: false,
                    capture: false,
                    types,
                }
            };
            let first = 4 * q; // sector of the quadrant's first cell, minus 1 (16 for e1)
            let sectors: Vec<i32> = (0..4).map(|i| (first + i - 1).rem_euclid(16) + 1).collect();
            let mut links: Vec<Link> = sectors.iter().map(|&s| link(s, (1, 0, 0))).collect();
            if !spoke_only {
                // The ring-d cell just outside each end, stepping inward diagonally.
                let below = (sectors[0] - 2).rem_euclid(16) + 1;
                let above = sectors[3] % 16 + 1;
                links.push(link(below, (1, 1, 0)));
                links.push(link(above, (1, -1, 0)));
            }
            for l in links {
                geo.add_link(l);
            }
        }
    }
    let mut b = VariantBuilder::new(id, name, geo);
    let up = "mfWcfF";
    let down = "mbWcbF";
    let pawn = |name: &str, letter: &str, white: &str, black: &str| {
        let mut p = PieceDef::new(name, letter, "");
        p.resets_clock = true;
        p.value = 100;
        p.zone_moves = vec![
            ZoneMoves {
                cells: vec![all, CellSet::EMPTY],
                betza: white.into(),
            },
            ZoneMoves {
                cells: vec![CellSet::EMPTY, all],
                betza: black.into(),
            },
        ];
        p
    };
    let asc = b.piece(pawn("ascending baidaq", "P", up, down));
    let desc = b.piece(pawn("descending baidaq", "M", down, up));
    b.piece(PieceDef::new("faras", "N", "N").value(300));
    b.piece(PieceDef::new("fil", "B", "A").value(130));
    let rook = b.piece(PieceDef::new("rukh", "R", "R").value(500));
    b.piece(PieceDef::new("firzan", "Q", "F").value(150));
    let king = b.piece(PieceDef::new("shah", "K", "K").royal());
    debug_assert_eq!(king, KING);
    b.start(start);
    let e = b.end();
    e.checkmated = Verdict::Loss;
    e.stalemated = Verdict::Loss;
    e.bare_king = BareKing::Shatranj;
    e.nmove = o.num("nmove", 0);
    e.repetition = 3;
    let meet = match o.get("pawnmeet") {
        "choice" => Meet::Choice,
        "off" => Meet::Off,
        _ => Meet::Auto,
    };
    let circle = o.is("rookcircle", "on");
    b.rules(
        Box::new(Round {
            meet,
            circle,
            asc,
            desc,
            rook,
            citadels: citadels.is_some(),
        }),
        HookFlags {
            extra_moves: circle || meet == Meet::Choice,
            filter_legal: true,
            after_make: meet == Meet::Auto,
            outcome: citadels.is_some(),
            ..Default::default()
        },
    );
    b.build()
}

fn build(o: &Opts) -> Result<Variant, String> {
    build_round("round", "Round Chess (Byzantine Chess)", START, o, None)
}

fn build_citadel(o: &Opts) -> Result<Variant, String> {
    build_round(
        "roundcitadel",
        "Round Chess with citadels",
        START_CITADEL,
        o,
        Some((o.is("citadel", "own"), o.is("citadelentry", "spoke"))),
    )
}
