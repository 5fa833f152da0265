//! Static evaluation for any game, built from the game's data alone (docs/eval.md).
//!
//! `EvalParams::new` derives, once per variant: piece values (the game's `PieceDef.value`, or a
//! value derived from the compiled move tables), piece-square tables (mobility/centrality,
//! advancement toward promotion, royal placement), and the weights of the dynamic terms.
//! `evaluate` then adds, per side: material (board and hand), piece-square terms, mobility,
//! threats and royal safety from attack maps (`attacks`), tapered between middle game and endgame
//! by the non-pawn material left, scaled down when the side ahead has no mating material. No
//! allocation happens in `evaluate`.

pub(crate) mod attacks;
pub(crate) mod lines;
pub mod nnue;
pub mod simd;
pub mod squares;
mod weights;

pub use weights::Weights;

use arrayvec::ArrayVec;

use crate::geometry::{Cell, NO_CELL};
use crate::masks::{AttackMasks, BoardMasks, CellMask, Wide};
use crate::piece::{Piece, PieceType, Player};
use crate::position::Position;
use crate::tables::{CANNON, CAPTURE, GRASSHOPPER, LEAPS, MOVE};
use crate::variant::{BareKing, Variant, Verdict};

/// Probability that a cell is occupied, in the density model of mobility (docs/eval.md).
pub const DENSITY: f64 = 0.25;

/// A bonus (middle game, endgame) pair.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub mg: i32,
    pub eg: i32,
}

/// Everything the evaluation knows about one game, derived from its `Variant`.
#[derive(Clone, Debug)]
pub struct EvalParams {
    pub players: usize,
    pub ntypes: usize,
    pub ncells: usize,
    /// Material value per type (middle game / endgame); royal types have 0.
    pub value: Vec<Score>,
    /// Value used by move ordering and pruning margins (royals: 0).
    pub see_value: Vec<i32>,
    /// Per type, the types worth more than it by over 50 as a bit set (threats: a man attacked
    /// by a cheaper one); none for royal types, whose attacks threaten nothing here.
    pub dearer: Vec<u64>,
    /// The types neither pawn-like nor royal, as a bit set (what a pawn push threatens).
    pub pieces: u64,
    pub royal: Vec<bool>,
    /// Promoting low-value men (pawns): excluded from the game phase.
    pub pawn_like: Vec<bool>,
    /// Types whose moves include long rides: their mobility is counted dynamically.
    pub rider: Vec<bool>,
    /// Expected mobility of a rider (density model), subtracted from its live count.
    pub mob_base: Vec<i32>,
    /// Weight of one live destination beyond `mob_base` (middle game, endgame); leapers' weight
    /// already carries the `leaper_mobility` share.
    pub mob_weight: Vec<Score>,
    /// Piece-square terms, `(army * ntypes + type) * ncells + cell`.
    pub pst: Vec<Score>,
    /// Up to eight neighbour cells per cell (same level), NO_CELL padded.
    pub neighbours: Vec<[Cell; 8]>,
    /// Per cell, its neighbours on the same rank (a pawn-like man there stands in phalanx).
    pub beside: Vec<Bits>,
    /// Non-pawn material of both sides in the start position (phase = 1 there).
    pub phase_total: i32,
    /// The game is won by losing material (checkmated or stalemated side wins without royals).
    pub anti: bool,
    pub bare_king: BareKing,
    /// Coordinates per cell, for distances.
    pub coords: Vec<(i8, i8, i8)>,
    /// Smallest material advantage that can force a win without pawns.
    pub mating_margin: i32,
    /// Two-player boards: per (army, cell), the cells ahead on the same and neighbouring files
    /// (an enemy pawn-like man there may stop a pawn-like man on the cell).
    pub front_span: Vec<Bits>,
    /// Two players, pawn-like men, not a losing game: doubled and isolated pawns are scored.
    pub has_pawns: bool,
    /// Passed-pawn bonus per (army * ntypes + type) * ncells + cell.
    pub passed: Vec<Score>,
    /// Progress of pawn-like men toward promotion, in 16ths, indexed like `passed`.
    pub progress: Vec<u8>,
    /// Two players: per (army, cell), the next cell toward the other side on the same file.
    pub ahead: Vec<Cell>,
    /// Colour-bound types (every move keeps the colour of the cell): the pair bonus.
    pub bound: Vec<bool>,
    /// Riders sliding along files: the open-file bonus.
    pub file_rider: Vec<bool>,
    /// The game has drops: men in hand count (worth `hand_value`), and the enemy's hand adds to
    /// the danger around a royal man.
    pub drops: bool,
    /// Value of a man in hand per type: a little above its board value (it can go anywhere).
    pub hand_value: Vec<Score>,
    /// Two players: per army, the cells its royal men can ever reach (breadth-first over their
    /// own moves from the start cells), when that region is small (a palace); else empty.
    pub royal_region: Vec<Vec<Cell>>,
    /// Two players, not a losing game: attack maps feed threats and safe mobility.
    pub threats: bool,
    /// Files (x coordinates) in use, at most `MAX_FILES`, for pawn structure.
    pub files: usize,
    /// Per cell, 0..=100: how far toward the edges and corners a royal man there has been driven
    /// (the mop-up term); empty where royal men are confined to a palace or have no edge.
    pub edge_push: Vec<i32>,
    /// Per army (two players), 0..=100 like `edge_push` but toward the army's far rank and its
    /// corners: where men that attack forward more than backward (makruk's Khon) mate. Empty
    /// when no type is `forward`.
    pub far_push: Vec<Vec<i32>>,
    /// Pieces (not pawn-like, not royal) whose moves reach further forward than back, summed
    /// over the board: with no rider beside them they mate only on the far side.
    pub forward: Vec<bool>,
    /// Largest royal-to-royal Chebyshev distance on the board (the mop-up's closeness term).
    pub max_distance: i32,
    /// Each man's attack and move sets as masks, on boards of at most 256 cells.
    pub lines: Option<lines::ManLines>,
    /// The weights the terms were built with; the dynamic terms read them here.
    pub w: Weights,
    /// A net that evaluates instead of the terms (`with_net`); `None`: the hand-made terms.
    pub nnue: Option<std::sync::Arc<nnue::Nnue>>,
}

/// A royal region at most this fraction of the board counts as a palace.
const PALACE_FRACTION: usize = 4;

/// A fixed bitset over cells (no allocation in `evaluate`).
pub type Bits = [u64; BITS_WORDS];
pub const BITS_WORDS: usize = crate::geometry::MAX_CELLS.div_ceil(64);

/// Whether set `a` meets `b`, a set of its first `N` words.
#[inline]
fn meets<const N: usize>(a: &Bits, b: &[u64; N]) -> bool {
    a[..N].iter().zip(b).any(|(x, y)| x & y != 0)
}

/// Expected destinations of one man in the density model: each cell is occupied with probability
/// `DENSITY`, by an enemy half of the time. Privileged (one-time) moves do not count.
pub fn expected_mobility(v: &Variant, army: Player, t: PieceType, c: Cell) -> f64 {
    let tb = &v.tables;
    let e = 1.0 - DENSITY;
    let enemy = DENSITY * 0.5;
    let mut sum = 0.0;
    for a in tb.atoms(army, t, c) {
        if a.cond != 0 {
            continue;
        }
        let cells = tb.cells(a);
        let prefix = a.prefix as usize;
        let mv = if a.flags & MOVE != 0 { e } else { 0.0 };
        let cap = if a.flags & CAPTURE != 0 { enemy } else { 0.0 };
        if a.flags & LEAPS != 0 {
            // Independent single leaps.
            sum += cells.len() as f64 * (mv + cap);
        } else if a.flags & (CANNON | GRASSHOPPER) != 0 {
            // q0: no screen met yet; q1: exactly one screen met.
            let (mut q0, mut q1) = (e.powi(prefix as i32), 0.0);
            for _ in &cells[prefix..] {
                sum += q1 * (mv + cap);
                if a.flags & GRASSHOPPER != 0 {
                    q1 = 0.0;
                } else {
                    q1 *= e;
                }
                q1 += q0 * DENSITY;
                q0 *= e;
            }
        } else {
            let mut p = e.powi(prefix as i32);
            for (i, _) in cells[prefix..].iter().enumerate() {
                if i >= a.min as usize {
                    sum += p * (mv + cap);
                }
                p *= e;
            }
        }
    }
    sum
}

/// Destinations of one man on an empty board (captures and moves alike), as a centrality measure.
fn empty_mobility(v: &Variant, army: Player, t: PieceType, c: Cell) -> f64 {
    let tb = &v.tables;
    let mut n = 0.0;
    for a in tb.atoms(army, t, c) {
        if a.cond != 0 || a.flags & (CANNON | GRASSHOPPER) != 0 {
            continue;
        }
        n += (a.len as usize - a.prefix as usize - a.min as usize) as f64;
    }
    n
}

/// The value of a type with `PieceDef.value == 0`: from its average expected mobility `m` over the
/// board (density model), `value = 66 * m`, at least 50 (docs/eval.md).
pub fn derived_value(avg_mobility: f64) -> i32 {
    ((66.0 * avg_mobility).round() as i32).max(50)
}

/// Per type: the average expected mobility (army 0) over the cells where it has moves, and the
/// base value — the game's own, else derived from that mobility.
pub fn type_values(v: &Variant) -> (Vec<f64>, Vec<i32>) {
    let cells: Vec<Cell> = v.geo.cells().filter(|&c| v.geo.is_grid(c)).collect();
    let avg_mob: Vec<f64> = (0..v.pieces.len())
        .map(|t| {
            let (mut s, mut n) = (0.0, 0);
            for &c in &cells {
                let m = expected_mobility(v, 0, t as PieceType, c);
                if m > 0.0 {
                    s += m;
                    n += 1;
                }
            }
            if n > 0 { s / n as f64 } else { 0.0 }
        })
        .collect();
    let base = v
        .pieces
        .iter()
        .zip(&avg_mob)
        .map(|(p, &m)| {
            if p.value > 0 {
                p.value
            } else {
                derived_value(m)
            }
        })
        .collect();
    (avg_mob, base)
}

/// The pawn-like types, one bit each: they promote, are not royal and are worth at most 150.
/// Their men make the pawn structure (passed men, the correction history's structure key).
pub fn pawn_like_types(v: &Variant) -> u64 {
    let (_, base) = type_values(v);
    v.pieces
        .iter()
        .zip(base)
        .enumerate()
        .filter(|(_, (p, b))| p.promotion.is_some() && *b <= 150 && !p.royal)
        .fold(0, |m, (t, _)| m | 1 << t)
}

impl EvalParams {
    /// The game's evaluation data under its own weights, or the shared defaults.
    pub fn new(va: &std::sync::Arc<Variant>) -> EvalParams {
        EvalParams::with_weights(va, va.eval_weights.clone().unwrap_or_default())
    }

    /// These data with `net` evaluating instead of the hand-made terms (`None`: the terms).
    pub fn with_net(
        mut self,
        net: Option<std::sync::Arc<nnue::Network>>,
        v: &Variant,
    ) -> Result<EvalParams, String> {
        self.nnue = match net {
            Some(n) => Some(std::sync::Arc::new(nnue::Nnue::new(n, v)?)),
            None => None,
        };
        Ok(self)
    }

    /// The evaluation data of a game under other weights (tuning).
    pub fn with_weights(va: &std::sync::Arc<Variant>, w: Weights) -> EvalParams {
        let v: &Variant = va;
        let per_mille = |x: i32| x as f64 / 1000.0;
        let nt = v.pieces.len();
        let nc = v.geo.num_cells();
        let players = v.players as usize;
        let armies = players.max(1);
        let cells: Vec<Cell> = v.geo.cells().filter(|&c| v.geo.is_grid(c)).collect();
        let royal: Vec<bool> = v.pieces.iter().map(|p| p.royal).collect();
        let (avg_mob, base) = type_values(v);
        let pawn_like: Vec<bool> = (0..nt).map(|t| v.pawn_like >> t & 1 != 0).collect();
        let rider: Vec<bool> = (0..nt)
            .map(|t| {
                !royal[t]
                    && !pawn_like[t]
                    && cells.iter().any(|&c| {
                        v.tables
                            .atoms(0, t as PieceType, c)
                            .iter()
                            .any(|a| a.flags & LEAPS == 0 && a.len as usize - a.prefix as usize > 2)
                    })
            })
            .collect();
        let file_rider: Vec<bool> = (0..nt)
            .map(|t| rider[t] && slides_along_files(v, &cells, t as PieceType))
            .collect();
        let mob_base: Vec<i32> = (0..nt)
            .map(|t| (avg_mob[t] / (1.0 - DENSITY)).round() as i32)
            .collect();
        let mob_weight: Vec<Score> = (0..nt)
            .map(|t| {
                let f = (450.0 / base[t].max(1) as f64).min(1.0);
                let share = if rider[t] { 1000 } else { w.leaper_mobility };
                Score {
                    mg: (w.mobility_mg as f64 / 10.0 * f).round() as i32 * share / 1000,
                    eg: (w.mobility_eg as f64 / 10.0 * f).round() as i32 * share / 1000,
                }
            })
            .collect();
        let value: Vec<Score> = (0..nt)
            .map(|t| {
                if royal[t] {
                    Score::default()
                } else if pawn_like[t] {
                    Score {
                        mg: base[t] * w.pawn_mg / 1000,
                        eg: base[t] * w.pawn_eg / 1000,
                    }
                } else {
                    Score {
                        mg: base[t] * w.piece_mg / 1000,
                        eg: base[t] * w.piece_eg / 1000,
                    }
                }
            })
            .collect();
        let see_value: Vec<i32> = (0..nt)
            .map(|t| if royal[t] { 0 } else { base[t] })
            .collect();
        let dearer: Vec<u64> = (0..nt)
            .map(|t| {
                (0..nt)
                    .filter(|&u| !royal[t] && see_value[u] > see_value[t] + 50)
                    .fold(0, |m, u| m | 1 << u)
            })
            .collect();
        let pieces = (0..nt)
            .filter(|&t| !pawn_like[t] && !royal[t])
            .fold(0, |m, t| m | 1 << t);

        // Piece-square tables.
        let mut pst = vec![Score::default(); armies * nt * nc];
        let coords: Vec<(i8, i8, i8)> = (0..nc as Cell)
            .map(|c| {
                if v.geo.is_grid(c) {
                    let (x, y, z) = v.geo.coords(c);
                    (x as i8, y as i8, z as i8)
                } else {
                    (-100, -100, -100)
                }
            })
            .collect();
        let bound = colour_bound(v, &cells, &coords, &royal, &pawn_like);
        for army in 0..armies as Player {
            for t in 0..nt {
                let ti = t as PieceType;
                let mobs: Vec<f64> = cells
                    .iter()
                    .map(|&c| empty_mobility(v, army, ti, c))
                    .collect();
                let avg = if mobs.is_empty() {
                    0.0
                } else {
                    mobs.iter().sum::<f64>() / mobs.len() as f64
                };
                let dist = if pawn_like[t] || v.pieces[t].promotion.is_some() {
                    promotion_distance(v, army, ti)
                } else {
                    Vec::new()
                };
                let maxd = dist
                    .iter()
                    .copied()
                    .filter(|&d| d != u16::MAX)
                    .max()
                    .unwrap_or(0) as f64;
                let gain = v.pieces[t]
                    .promotion
                    .as_ref()
                    .map(|p| p.to.iter().map(|&u| base[u as usize]).max().unwrap_or(0) - base[t])
                    .unwrap_or(0)
                    .max(0) as f64;
                for (i, &c) in cells.iter().enumerate() {
                    let idx = (army as usize * nt + t) * nc + c as usize;
                    let centr = mobs[i] - avg;
                    let mut s = Score::default();
                    if royal[t] {
                        // Middle game: stay home; endgame: centralise.
                        let adv = advancement(v, army, c) as f64;
                        s.mg = (w.royal_advance_mg as f64 * adv).round() as i32
                            + w.royal_file_mg * royal_file_offset(v, c);
                        s.eg = (w.royal_centre_eg as f64 * centr).round() as i32;
                    } else if pawn_like[t] {
                        if maxd > 0.0 && dist[c as usize] != u16::MAX {
                            let p = (maxd - dist[c as usize] as f64) / maxd;
                            s.mg = (gain * per_mille(w.pawn_advance_mg) * p * p).round() as i32;
                            s.eg = (gain * per_mille(w.pawn_advance_eg) * p * p).round() as i32;
                        }
                        // Central pawns are worth a little more in the middle game.
                        s.mg += centre_bonus(v, c) * w.pawn_centre / 1000;
                    } else {
                        // Riders get their centrality from live mobility; leapers from here.
                        let k = if rider[t] {
                            per_mille(w.rider_centre)
                        } else {
                            (base[t] as f64 / 40.0).clamp(2.0, 10.0) * per_mille(w.leaper_centre)
                        };
                        let cap = base[t] as f64 / 5.0;
                        s.mg = (k * centr).clamp(-cap, cap).round() as i32;
                        s.eg = (per_mille(w.centre_eg) * k * centr)
                            .clamp(-cap, cap)
                            .round() as i32;
                        if !dist.is_empty() && maxd > 0.0 && dist[c as usize] != u16::MAX {
                            let p = (maxd - dist[c as usize] as f64) / maxd;
                            s.eg += (gain * per_mille(w.piece_advance_eg) * p * p).round() as i32;
                        }
                    }
                    // A fitted table's residual over these terms (two armies facing each other).
                    if let Some(adj) = v.square_adjust.as_ref().filter(|_| armies == 2) {
                        let i = squares::index(v, t, army as usize, c);
                        let [mg, eg] = adj.get(i).copied().unwrap_or_default();
                        s.mg += mg;
                        s.eg += eg;
                    }
                    pst[idx] = s;
                }
            }
        }
        let mut neighbours = vec![[NO_CELL; 8]; nc];
        let mut beside = vec![attacks::EMPTY; nc];
        for &c in &cells {
            let mut k = 0;
            for dy in -1..=1 {
                for dx in -1..=1 {
                    if (dx, dy) == (0, 0) {
                        continue;
                    }
                    if let Some(n) = v.geo.offset(c, dx, dy, 0) {
                        neighbours[c as usize][k] = n;
                        k += 1;
                        if coords[n as usize].1 == coords[c as usize].1 {
                            attacks::set(&mut beside[c as usize], n);
                        }
                    }
                }
            }
        }
        // Passed pawns (two players, ranks toward the other side).
        let mut front_span = Vec::new();
        let mut passed = Vec::new();
        let mut progress = Vec::new();
        let mut ahead = Vec::new();
        if players == 2 && pawn_like.iter().any(|&b| b) {
            front_span = vec![[0u64; BITS_WORDS]; 2 * nc];
            for army in 0..2usize {
                for &c in &cells {
                    let (x, y, z) = coords[c as usize];
                    let b = &mut front_span[army * nc + c as usize];
                    for &d in &cells {
                        let (dx, dy, dz) = coords[d as usize];
                        let ahead = if army == 0 { dy > y } else { dy < y };
                        if ahead && (dx - x).abs() <= 1 && (dz - z).abs() <= 1 {
                            attacks::set(b, d);
                        }
                    }
                }
            }
            ahead = vec![NO_CELL; 2 * nc];
            for army in 0..2usize {
                let dy = if army == 0 { 1 } else { -1 };
                for &c in &cells {
                    if let Some(n) = v.geo.offset(c, 0, dy, 0) {
                        ahead[army * nc + c as usize] = n;
                    }
                }
            }
            passed = vec![Score::default(); 2 * nt * nc];
            progress = vec![0u8; 2 * nt * nc];
            for army in 0..2usize {
                for t in 0..nt {
                    if !pawn_like[t] {
                        continue;
                    }
                    let dist = promotion_distance(v, army as Player, t as PieceType);
                    let maxd = dist
                        .iter()
                        .copied()
                        .filter(|&d| d != u16::MAX)
                        .max()
                        .unwrap_or(0) as f64;
                    let gain = v.pieces[t]
                        .promotion
                        .as_ref()
                        .map(|p| {
                            p.to.iter().map(|&u| base[u as usize]).max().unwrap_or(0) - base[t]
                        })
                        .unwrap_or(0)
                        .max(0) as f64;
                    if maxd == 0.0 {
                        continue;
                    }
                    for &c in &cells {
                        let d = dist[c as usize];
                        if d == u16::MAX {
                            continue;
                        }
                        let p = (maxd - d as f64) / maxd;
                        progress[(army * nt + t) * nc + c as usize] = (p * 16.0).round() as u8;
                        passed[(army * nt + t) * nc + c as usize] = Score {
                            mg: (gain * per_mille(w.passed_mg) * p * p).round() as i32
                                + w.passed_base_mg,
                            eg: (gain * per_mille(w.passed_eg) * p * p).round() as i32
                                + w.passed_base_eg,
                        };
                    }
                }
            }
        }
        // Phase material from the start position.
        let mut phase_total = 0;
        if let Ok(pos) = crate::fen::parse(va, &v.start_fen) {
            for p in 0..players as Player {
                for t in 0..nt {
                    if !royal[t] && !pawn_like[t] {
                        phase_total += base[t]
                            * (pos.count(p, t as PieceType) + pos.hand(p, t as PieceType) as usize)
                                as i32;
                    }
                }
            }
        }
        if phase_total == 0 {
            phase_total = 1;
        }
        let hand_value: Vec<Score> = value
            .iter()
            .map(|s| Score {
                mg: s.mg + s.mg * w.hand_premium / 1000,
                eg: s.eg + s.eg * w.hand_premium / 1000,
            })
            .collect();
        let royal_region = royal_regions(va, players, &royal);
        let edge = if players == 2 && royal_region.iter().all(|r| r.is_empty()) {
            edge_push(v, &cells, &royal, None)
        } else {
            Vec::new()
        };
        let forward: Vec<bool> = (0..nt)
            .map(|t| {
                !royal[t]
                    && !pawn_like[t]
                    && players == 2
                    && cells
                        .iter()
                        .map(|&c| forward_reach(v, t as PieceType, c))
                        .sum::<i32>()
                        > 0
            })
            .collect();
        let far_push: Vec<Vec<i32>> = if edge.is_empty() || !forward.contains(&true) {
            Vec::new()
        } else {
            (0..2)
                .map(|army| edge_push(v, &cells, &royal, Some(army)))
                .collect()
        };
        let g = &v.geo;
        let max_distance = (g.width.max(g.height).max(g.levels) as i32 - 1).max(1);
        let anti = v.end.checkmated == Verdict::Win
            || (v.tables.royal_types.is_empty() && v.end.stalemated == Verdict::Win);
        // Mating needs about a rook's worth more than the other side (chess: R = 508; makruk's
        // Khon and Met, 250 + 150, mate a bare Khun too).
        let mating_margin = 400;
        let has_pawns = players == 2 && !anti && pawn_like.iter().any(|&b| b);
        let files = (coords
            .iter()
            .map(|c| c.0 as i32 + 1)
            .max()
            .unwrap_or(0)
            .max(0) as usize)
            .min(MAX_FILES);
        EvalParams {
            players,
            ntypes: nt,
            ncells: nc,
            value,
            see_value,
            dearer,
            pieces,
            royal,
            pawn_like,
            rider,
            mob_base,
            mob_weight,
            pst,
            beside,
            neighbours,
            phase_total,
            anti,
            bare_king: v.end.bare_king,
            coords,
            mating_margin,
            front_span,
            passed,
            progress,
            ahead,
            bound,
            file_rider,
            has_pawns,
            drops: v.drops,
            hand_value,
            royal_region,
            threats: players == 2 && !anti,
            files,
            edge_push: edge,
            far_push,
            forward,
            max_distance,
            lines: lines::ManLines::new(&v.tables),
            w,
            nnue: None,
        }
    }

    /// Whether the pawn cache keeps type `t`'s material and piece squares: pawn-like men, unless
    /// they are riders counting their mobility without attack maps.
    #[inline]
    fn cached_in_pawns(&self, t: usize) -> bool {
        self.pawn_like[t] && (self.threats || !self.rider[t])
    }

    #[inline]
    pub fn pst_at(&self, army: Player, t: PieceType, c: Cell) -> Score {
        self.pst[(army as usize * self.ntypes + t as usize) * self.ncells + c as usize]
    }
}

/// The colour of a grid cell: parity of x + y + z.
#[inline]
fn colour(coords: &[(i8, i8, i8)], c: Cell) -> i32 {
    let (x, y, z) = coords[c as usize];
    (x as i32 + y as i32 + z as i32) & 1
}

/// Types whose every move (from every cell, army 0) keeps the colour (parity of x + y + z) of
/// its cell: bishops, ferzes, alfils. Pawn-like and royal men are left out.
fn colour_bound(
    v: &Variant,
    cells: &[Cell],
    coords: &[(i8, i8, i8)],
    royal: &[bool],
    pawn_like: &[bool],
) -> Vec<bool> {
    (0..v.pieces.len())
        .map(|t| {
            if royal[t] || pawn_like[t] {
                return false;
            }
            let mut moves = false;
            for &c in cells {
                for a in v.tables.atoms(0, t as PieceType, c) {
                    let path = v.tables.cells(a);
                    for &x in &path[(a.prefix as usize + a.min as usize).min(path.len())..] {
                        if !v.geo.is_grid(x) || colour(coords, x) != colour(coords, c) {
                            return false;
                        }
                        moves = true;
                    }
                }
            }
            moves
        })
        .collect()
}

/// The type rides (more than two cells) along its own file somewhere: a rook, not a bishop.
fn slides_along_files(v: &Variant, cells: &[Cell], t: PieceType) -> bool {
    cells.iter().any(|&c| {
        let (x, _, z) = v.geo.coords(c);
        v.tables.atoms(0, t, c).iter().any(|a| {
            let path = v.tables.cells(a);
            a.flags & (LEAPS | CANNON | GRASSHOPPER) == 0
                && path.len() > 2
                && path.iter().all(|&d| {
                    v.geo.is_grid(d) && {
                        let (dx, _, dz) = v.geo.coords(d);
                        dx == x && dz == z
                    }
                })
        })
    })
}

/// Per cell, how far toward the edge and the corners a royal man there stands, 0 (the middle) to
/// 100: 2·(E − e) + (C − k), scaled, where e is the number of royal steps to the nearest *edge*
/// cell (one where the royal type has fewer moves on an empty board than its most) and k to the
/// nearest *corner* (its fewest), E and C their largest values. Empty when every cell offers the
/// same moves (a torus: no edge to drive to). Stockfish's PushToEdges, from the move tables.
/// With `far` an army, only that army's far rank is the edge and its corners there the corners
/// (Fairy-Stockfish's push to the opposing edge, for the Khon and Met).
fn edge_push(v: &Variant, cells: &[Cell], royal: &[bool], far: Option<Player>) -> Vec<i32> {
    let Some(t) = royal.iter().position(|&r| r) else {
        return Vec::new();
    };
    let t = t as PieceType;
    let nc = v.geo.num_cells();
    let grid: Vec<Cell> = cells
        .iter()
        .copied()
        .filter(|&c| v.geo.is_grid(c))
        .collect();
    let mob: Vec<f64> = (0..nc as Cell)
        .map(|c| empty_mobility(v, 0, t, c))
        .collect();
    let most = grid.iter().map(|&c| mob[c as usize]).fold(0.0, f64::max);
    let fewest = grid
        .iter()
        .map(|&c| mob[c as usize])
        .fold(f64::MAX, f64::min);
    if grid.is_empty() || fewest >= most {
        return Vec::new();
    }
    // Breadth-first royal steps from every cell of a set.
    let steps = |from: &dyn Fn(Cell) -> bool| -> Vec<i32> {
        let mut d = vec![i32::MAX; nc];
        let mut queue = std::collections::VecDeque::new();
        for &c in grid.iter().filter(|&&c| from(c)) {
            d[c as usize] = 0;
            queue.push_back(c);
        }
        while let Some(c) = queue.pop_front() {
            for x in empty_board_moves(v, 0, t, c) {
                if (x as usize) < nc && v.geo.is_grid(x) && d[x as usize] == i32::MAX {
                    d[x as usize] = d[c as usize] + 1;
                    queue.push_back(x);
                }
            }
        }
        d
    };
    let (edge, corner) = match far {
        None => (
            steps(&|c| mob[c as usize] < most),
            steps(&|c| mob[c as usize] <= fewest),
        ),
        Some(army) => {
            let top = grid.iter().map(|&c| advancement(v, army, c)).max();
            let on_top = |c: Cell| Some(advancement(v, army, c)) == top;
            let fewest_top = grid
                .iter()
                .filter(|&&c| on_top(c))
                .map(|&c| mob[c as usize])
                .fold(f64::MAX, f64::min);
            (
                steps(&on_top),
                steps(&|c| on_top(c) && mob[c as usize] <= fewest_top),
            )
        }
    };
    let reach = |d: &[i32]| {
        grid.iter()
            .map(|&c| d[c as usize])
            .filter(|&x| x < i32::MAX)
            .max()
            .unwrap_or(0)
    };
    let (e_max, c_max) = (reach(&edge), reach(&corner));
    let full = (2 * e_max + c_max).max(1);
    (0..nc)
        .map(|c| {
            if edge[c] == i32::MAX || corner[c] == i32::MAX {
                0
            } else {
                100 * (2 * (e_max - edge[c]) + (c_max - corner[c])) / full
            }
        })
        .collect()
}

/// The cells a man of `army` and type `t` on `c` could move to on an empty board, by its
/// unconditional moves (a ride from its first cell on, a lame move past its leg).
fn empty_board_moves(
    v: &Variant,
    army: Player,
    t: PieceType,
    c: Cell,
) -> impl Iterator<Item = Cell> + '_ {
    v.tables
        .atoms(army, t, c)
        .iter()
        .filter(|a| a.cond == 0)
        .flat_map(move |a| {
            let path = v.tables.cells(a);
            path[(a.prefix as usize + a.min as usize).min(path.len())..]
                .iter()
                .copied()
        })
}

/// Forward steps minus backward steps over the moves of a man of army 0 on `c`, on an empty
/// board: positive for a man that attacks more ahead than behind.
fn forward_reach(v: &Variant, t: PieceType, c: Cell) -> i32 {
    let from = advancement(v, 0, c);
    empty_board_moves(v, 0, t, c)
        .filter(|&x| v.geo.is_grid(x))
        .map(|x| (advancement(v, 0, x) - from).signum())
        .sum()
}

/// Per army (two players), the cells the royal men can reach from their start cells with their
/// own moves on an empty board, if that is at most 1/`PALACE_FRACTION` of the board (a palace).
fn royal_regions(va: &std::sync::Arc<Variant>, players: usize, royal: &[bool]) -> Vec<Vec<Cell>> {
    let v: &Variant = va;
    let mut out = vec![Vec::new(); 2];
    if players != 2 {
        return out;
    }
    let Ok(pos) = crate::fen::parse(va, &v.start_fen) else {
        return out;
    };
    let nc = v.geo.num_cells();
    let grid = v.geo.cells().filter(|&c| v.geo.is_grid(c)).count();
    for (army, region) in out.iter_mut().enumerate() {
        let mut seen = vec![false; nc];
        let mut queue = std::collections::VecDeque::new();
        for (t, _) in royal.iter().enumerate().filter(|(_, r)| **r) {
            for &c in pos.cells_of(army as Player, t as PieceType) {
                if !seen[c as usize] {
                    seen[c as usize] = true;
                    queue.push_back((t as PieceType, c));
                }
            }
        }
        if queue.is_empty() {
            continue;
        }
        let mut cells = Vec::new();
        while let Some((t, c)) = queue.pop_front() {
            cells.push(c);
            if cells.len() * PALACE_FRACTION > grid {
                break;
            }
            for x in empty_board_moves(v, army as Player, t, c) {
                if (x as usize) < nc && !seen[x as usize] {
                    seen[x as usize] = true;
                    queue.push_back((t, x));
                }
            }
        }
        if cells.len() * PALACE_FRACTION <= grid {
            cells.sort_unstable();
            *region = cells;
        }
    }
    out
}

/// How far a cell is from `army`'s own side (0 = its first rank), for two-sided boards.
fn advancement(v: &Variant, army: Player, c: Cell) -> i32 {
    let (_, y, _) = v.geo.coords(c);
    match (v.players, army) {
        (2, 1) => v.geo.height as i32 - 1 - y as i32,
        (2, _) => y as i32,
        _ => 0,
    }
}

/// Files between a cell and the central file(s) (two players; 0 on them), for the royal man's
/// middle-game place: off the centre, behind the pawns that stay home.
fn royal_file_offset(v: &Variant, c: Cell) -> i32 {
    if v.players != 2 {
        return 0;
    }
    ((centre_offset2(v, c) - 1) / 2).max(0)
}

/// Twice a cell's file distance from the board's centre line: 0 or 1 on the central file(s),
/// width − 1 on the edge.
fn centre_offset2(v: &Variant, c: Cell) -> i32 {
    let (x, _, _) = v.geo.coords(c);
    (2 * x as i32 - (v.geo.width as i32 - 1)).abs()
}

/// Small middle-game bonus for pawns near the centre files.
fn centre_bonus(v: &Variant, c: Cell) -> i32 {
    (6 - 3 * centre_offset2(v, c)).max(-4)
}

/// Steps (in the man's own moves on an empty board) from each cell to its promotion zone.
fn promotion_distance(v: &Variant, army: Player, t: PieceType) -> Vec<u16> {
    let nc = v.geo.num_cells();
    let mut d = vec![u16::MAX; nc];
    let Some(pr) = &v.pieces[t as usize].promotion else {
        return d;
    };
    let Some(zone) = pr.zone.get(army as usize) else {
        return d;
    };
    // Reverse BFS: predecessors of each cell.
    let mut preds: Vec<Vec<Cell>> = vec![Vec::new(); nc];
    for c in v.geo.cells().filter(|&c| v.geo.is_grid(c)) {
        for x in empty_board_moves(v, army, t, c) {
            preds[x as usize].push(c);
        }
    }
    let mut queue = std::collections::VecDeque::new();
    for c in zone.iter() {
        if (c as usize) < nc {
            d[c as usize] = 0;
            queue.push_back(c);
        }
    }
    while let Some(c) = queue.pop_front() {
        let nd = d[c as usize] + 1;
        for &p in &preds[c as usize] {
            if d[p as usize] == u16::MAX {
                d[p as usize] = nd;
                queue.push_back(p);
            }
        }
    }
    d
}

/// Live destinations of the man on `c` (empty or enemy cells reachable now), for rider mobility
/// where no attack maps are built.
#[inline]
fn mobility(pos: &Position, c: Cell) -> i32 {
    let mut n = 0;
    attacks::scan(pos, c, |_, fl| n += (fl & attacks::REACH != 0) as i32);
    n
}

const MAX_FILES: usize = 32;

/// Per player, how many pawn-like men stand on each file (index `x + 1` for file `x`; index 0
/// and `MAX_FILES + 1` stay empty, the neighbours of the edge files).
type Files = [[u8; MAX_FILES + 2]; 2];

fn pawn_files(pos: &Position, ep: &EvalParams) -> Files {
    let mut files = [[0u8; MAX_FILES + 2]; 2];
    for (p, f) in files.iter_mut().enumerate() {
        for t in (0..ep.ntypes).filter(|&t| ep.pawn_like[t]) {
            for &c in pos.cells_of(p as Player, t as PieceType) {
                let x = ep.coords[c as usize].0;
                if (0..MAX_FILES as i8).contains(&x) {
                    f[x as usize + 1] = f[x as usize + 1].saturating_add(1);
                }
            }
        }
    }
    files
}

/// Doubled pawn-like men (behind another of their side on the same file) and isolated ones (no
/// friendly pawn-like man on either neighbouring file), per player.
fn doubled_isolated(ep: &EvalParams, files: &Files) -> [Score; 2] {
    let w = &ep.w;
    let mut out = [Score::default(); 2];
    for (o, f) in out.iter_mut().zip(files) {
        for x in 1..=ep.files {
            let n = f[x] as i32;
            if n == 0 {
                continue;
            }
            if n > 1 {
                o.mg += w.doubled_mg * (n - 1);
                o.eg += w.doubled_eg * (n - 1);
            }
            if f[x - 1] == 0 && f[x + 1] == 0 {
                o.mg += w.isolated_mg * n;
                o.eg += w.isolated_eg * n;
            }
        }
    }
    out
}

/// File riders on files without own pawn-like men (`pawned(p, x)`: player `p` has one on file
/// `x`): open, or half-open when only the enemy's stand there.
fn open_files(
    pos: &Position,
    ep: &EvalParams,
    pawned: impl Fn(usize, usize) -> bool,
) -> [Score; 2] {
    let w = &ep.w;
    let mut out = [Score::default(); 2];
    for (p, o) in out.iter_mut().enumerate() {
        for t in (0..ep.ntypes).filter(|&t| ep.file_rider[t]) {
            for &c in pos.cells_of(p as Player, t as PieceType) {
                let x = ep.coords[c as usize].0;
                if !(0..MAX_FILES as i8).contains(&x) || pawned(p, x as usize) {
                    continue;
                }
                if !pawned(1 - p, x as usize) {
                    o.mg += w.open_file_mg;
                    o.eg += w.open_file_eg;
                } else {
                    o.mg += w.semi_open_mg;
                    o.eg += w.semi_open_eg;
                }
            }
        }
    }
    out
}

/// Pressure of player `p` on the other side's men: a man attacked by a pawn-like man (unless a
/// pawn-like man itself), by a cheaper man, or attacked and undefended.
fn threat_score<const N: usize>(
    pos: &Position,
    ep: &EvalParams,
    p: usize,
    att: &[[u64; N]; 2],
    patt: &[u64; N],
    lesser: &[u64; N],
) -> Score {
    let them = 1 - p;
    let w = &ep.w;
    let mut s = Score::default();
    for t in 0..ep.ntypes {
        if ep.royal[t] {
            continue;
        }
        let v = ep.see_value[t];
        let hit = attacks::and(
            &attacks::type_set(pos, them as Player, t as PieceType),
            &att[p],
        );
        for x in attacks::cells(hit) {
            let defended = attacks::has(&att[them], x);
            if attacks::has(patt, x) && !ep.pawn_like[t] {
                s.mg += w.threat_by_pawn_mg + (v / 4).min(120);
                s.eg += w.threat_by_pawn_eg + (v / 6).min(80);
            } else if !defended || attacks::has(lesser, x) {
                s.mg += w.threat_mg + (v / 10).min(60);
                s.eg += w.threat_eg + (v / 12).min(50);
            }
            if !defended {
                s.mg += w.hanging_mg;
                s.eg += w.hanging_eg;
            }
        }
    }
    s
}

#[inline]
fn chebyshev(ep: &EvalParams, a: Cell, b: Cell) -> i32 {
    let (ax, ay, az) = ep.coords[a as usize];
    let (bx, by, bz) = ep.coords[b as usize];
    ((ax - bx).abs().max((ay - by).abs()).max((az - bz).abs())) as i32
}

/// The static evaluation, in centipawns, for the side to move: the game's net, the hand-made
/// terms, or both added (a residual net).
pub fn evaluate(pos: &Position, ep: &EvalParams) -> i32 {
    match &ep.nnue {
        Some(nn) if nn.residual() => evaluate_terms(pos, ep) + nn.evaluate(pos),
        Some(nn) if nn.judges(pos) => with_terms(ep, nn.evaluate(pos), || evaluate_terms(pos, ep)),
        _ => evaluate_terms(pos, ep),
    }
}

/// A pure net's score `net` with the hand-made terms' share (`Weights::net_terms`) mixed in.
#[inline]
pub fn with_terms(ep: &EvalParams, net: i32, terms: impl FnOnce() -> i32) -> i32 {
    match ep.w.net_terms {
        0 => net,
        s => (net * (1000 - s) + terms() * s) / 1000,
    }
}

/// The hand-made terms' evaluation, nets or not.
pub fn evaluate_terms(pos: &Position, ep: &EvalParams) -> i32 {
    if ep.ncells <= u64::CELLS {
        evaluate_in::<1>(pos, ep, None)
    } else if ep.ncells <= u128::CELLS {
        evaluate_in::<2>(pos, ep, None)
    } else if ep.ncells <= lines::MAX_CELLS {
        evaluate_in::<4>(pos, ep, None)
    } else {
        evaluate_in::<BITS_WORDS>(pos, ep, None)
    }
}

/// `evaluate_terms`, with what the pawn-like men alone decide read from (or kept in) `cache`.
pub fn evaluate_cached(pos: &Position, ep: &EvalParams, cache: &mut PawnCache) -> i32 {
    if ep.ncells <= u64::CELLS {
        evaluate_in::<1>(pos, ep, cache.entry::<1>(pos, ep))
    } else if ep.ncells <= u128::CELLS {
        evaluate_in::<2>(pos, ep, cache.entry::<2>(pos, ep))
    } else if ep.ncells <= lines::MAX_CELLS {
        evaluate_in::<4>(pos, ep, cache.entry::<4>(pos, ep))
    } else {
        evaluate_terms(pos, ep)
    }
}

/// `evaluate` with cell sets of `N` words: two up to 128 cells and four up to 256, where the
/// position's masks and `lines` give the sets without walks; `pe` the pawn cache's entry, if any.
fn evaluate_in<const N: usize>(pos: &Position, ep: &EvalParams, pe: Option<&PawnEntry>) -> i32 {
    let mut tl = Tally::default();
    let royal_cell = cheap_terms::<N>(pos, ep, pe, &mut tl);
    if ep.anti {
        return combine(pos, ep, &tl, &royal_cell);
    }
    if ep.threats {
        attack_terms::<N>(pos, ep, &royal_cell, &mut tl);
    }
    safety_terms(pos, ep, pe, &royal_cell, &mut tl);
    combine(pos, ep, &tl, &royal_cell)
}

/// Per-player sums the final score is made of.
#[derive(Default)]
struct Tally {
    total: [Score; 4],
    material: [i32; 4],
    npm: [i32; 4],
    pawns: [i32; 4],
    men: [i32; 4],
    /// Cell colours the pieces (not pawn-like, not royal) can ever reach: bit 0 and bit 1 for
    /// colour-bound men on each colour, both for any other piece or a man in hand.
    colours: [u8; 4],
    danger: [i32; 4],
    zone_attackers: [i32; 2],
    zone_weight: [i32; 2],
    /// Passed men (player, army, cell, bonus), for the path terms once attacks are known.
    passed: ArrayVec<PassedMan, 64>,
}

/// A passed man, as `passed_paths` needs it.
#[derive(Clone, Copy)]
struct PassedMan {
    player: u8,
    army: u8,
    cell: Cell,
    bonus: Score,
}

/// Material, piece squares, passed men, royal proximity and men in hand (and rider mobility where
/// no attack maps are built); returns each player's royal cell.
fn cheap_terms<const N: usize>(
    pos: &Position,
    ep: &EvalParams,
    pe: Option<&PawnEntry>,
    tl: &mut Tally,
) -> [Cell; 4] {
    let players = ep.players.min(4);
    let nt = ep.ntypes;
    let mut royal_cell = [NO_CELL; 4];
    for (p, rc) in royal_cell.iter_mut().enumerate().take(players) {
        for &t in &pos.v.tables.royal_types {
            if let Some(&c) = pos.cells_of(p as Player, t).first() {
                *rc = c;
                break;
            }
        }
    }
    // Pawn-like men per player, for passed pawns (two players), unless the pawn cache has
    // their shape.
    let passed_on = !ep.passed.is_empty();
    let pawns = if passed_on && pe.is_none() {
        pawn_sets::<N>(pos)
    } else {
        [[0; N]; 2]
    };
    let threats_on = ep.threats;
    // The path terms need the attack maps.
    let path_on = threats_on && (ep.w.passed_free != 0 || ep.w.passed_step != 0);
    for p in 0..players {
        let pl = p as Player;
        let mut s = Score::default();
        // A passed man's bonus, and the man kept for the path terms.
        let passed_man = |c: Cell, t: usize, s: &mut Score, kept: &mut ArrayVec<PassedMan, 64>| {
            let army = pos.at(c).army();
            let (b, bonus) = passed_term(pos, ep, &royal_cell, p, army as usize, t, c);
            s.mg += b.mg;
            s.eg += b.eg;
            if path_on {
                // Past 64 passed men the rest go without the path terms.
                let _ = kept.try_push(PassedMan {
                    player: p as u8,
                    army,
                    cell: c,
                    bonus,
                });
            }
        };
        for t in 0..nt {
            let ti = t as PieceType;
            let cells = pos.cells_of(pl, ti);
            let inhand = if pos.v.drops {
                pos.hand(pl, ti) as i32
            } else {
                0
            };
            if cells.is_empty() && inhand == 0 {
                continue;
            }
            let val = ep.value[t];
            let royal = ep.royal[t];
            let tropism = !royal && !ep.pawn_like[t] && players == 2;
            let pawn = passed_on && ep.pawn_like[t];
            // Without attack maps, riders count their live destinations here.
            let rider_mobility = !threats_on && ep.rider[t];
            // The pawn cache has the pawn-like men's material and squares, and which are passed.
            let cached = pe.is_some() && ep.cached_in_pawns(t);
            if let Some(e) = pe.filter(|_| cached && pawn) {
                for c in e.passed[p].cells().filter(|&c| pos.at(c).kind() == ti) {
                    passed_man(c, t, &mut s, &mut tl.passed);
                }
            }
            for &c in cells.iter().filter(|_| !cached) {
                let army = pos.at(c).army();
                let ps = ep.pst_at(army, ti, c);
                s.mg += val.mg + ps.mg;
                s.eg += val.eg + ps.eg;
                if pawn && army < 2 {
                    let passed = match pe {
                        Some(e) => e.passed[p].has(c),
                        None => {
                            let (passed, phalanx) = pawn_shape(ep, &pawns, p, army as usize, t, c);
                            s.mg += phalanx.mg;
                            s.eg += phalanx.eg;
                            passed
                        }
                    };
                    if passed {
                        passed_man(c, t, &mut s, &mut tl.passed);
                    }
                }
                if rider_mobility {
                    let m = mobility(pos, c) - ep.mob_base[t];
                    s.mg += ep.mob_weight[t].mg * m;
                    s.eg += ep.mob_weight[t].eg * m;
                }
                if tropism {
                    let them = 1 - p;
                    let k = royal_cell[them];
                    if k != NO_CELL {
                        let d = chebyshev(ep, c, k);
                        if d <= 2 {
                            tl.danger[them] += (3 - d) * (ep.see_value[t] / 100).clamp(1, 9);
                        }
                    }
                }
            }
            let n = cells.len() as i32 + inhand;
            if inhand > 0 {
                let hv = ep.hand_value[t];
                s.mg += hv.mg * inhand;
                s.eg += hv.eg * inhand;
                if !royal && players == 2 {
                    // Men in hand can be dropped next to the enemy royal man.
                    let w = (ep.see_value[t] / 300).clamp(1, 3);
                    tl.danger[1 - p] += inhand.min(2) * w;
                }
            }
            if royal {
                continue;
            }
            if !ep.pawn_like[t] && n > 0 {
                tl.colours[p] |= if ep.bound[t] && inhand == 0 {
                    cells.iter().fold(0, |m, &c| m | 1 << colour(&ep.coords, c))
                } else {
                    3
                };
            }
            if ep.bound[t] && cells.len() >= 2 {
                // Men of a colour-bound type on both colours cover the whole board.
                let first = colour(&ep.coords, cells[0]);
                if cells[1..].iter().any(|&c| colour(&ep.coords, c) != first) {
                    s.mg += ep.w.pair_mg;
                    s.eg += ep.w.pair_eg;
                }
            }
            tl.men[p] += n;
            tl.material[p] += ep.see_value[t] * n;
            if ep.pawn_like[t] {
                tl.pawns[p] += n;
            } else {
                tl.npm[p] += ep.see_value[t] * n;
            }
        }
        if let Some(e) = pe {
            s.mg += e.phalanx[p].mg + e.men[p].mg;
            s.eg += e.phalanx[p].eg + e.men[p].eg;
        }
        tl.total[p] = s;
    }
    royal_cell
}

/// What the pawn-like men alone decide in a two-player game of at most 256 cells, kept by
/// their key (`PawnCache`): the evaluation reads it instead of working it out again.
#[derive(Clone, Copy, Default)]
pub struct PawnEntry {
    key: u64,
    /// Per player: his passed pawn-like men, the phalanx bonuses, doubled and isolated men, and
    /// the files (bit `x`) his pawn-like men stand on.
    passed: [Wide; 2],
    /// Per player: his pawn-like men's material and piece squares.
    men: [Score; 2],
    phalanx: [Score; 2],
    structure: [Score; 2],
    files: [u64; 2],
}

impl PawnEntry {
    fn new<const N: usize>(pos: &Position, ep: &EvalParams, key: u64) -> PawnEntry {
        let mut e = PawnEntry {
            key,
            ..PawnEntry::default()
        };
        for (p, sum) in e.men.iter_mut().enumerate() {
            for t in (0..ep.ntypes).filter(|&t| ep.cached_in_pawns(t)) {
                for &c in pos.cells_of(p as Player, t as PieceType) {
                    let ps = ep.pst_at(pos.at(c).army(), t as PieceType, c);
                    sum.mg += ep.value[t].mg + ps.mg;
                    sum.eg += ep.value[t].eg + ps.eg;
                }
            }
        }
        let pawns = pawn_sets::<N>(pos);
        for p in (0..2).filter(|_| !ep.passed.is_empty()) {
            for t in (0..ep.ntypes).filter(|&t| ep.pawn_like[t]) {
                for &c in pos.cells_of(p as Player, t as PieceType) {
                    let army = pos.at(c).army() as usize;
                    if army >= 2 {
                        continue;
                    }
                    let (passed, phalanx) = pawn_shape(ep, &pawns, p, army, t, c);
                    if passed {
                        e.passed[p].toggle(c);
                    }
                    e.phalanx[p].mg += phalanx.mg;
                    e.phalanx[p].eg += phalanx.eg;
                }
            }
        }
        if ep.has_pawns {
            let files = pawn_files(pos, ep);
            e.structure = doubled_isolated(ep, &files);
            for (m, f) in e.files.iter_mut().zip(&files) {
                *m = (0..MAX_FILES).fold(0, |m, x| m | ((f[x + 1] != 0) as u64) << x);
            }
        }
        e
    }
}

/// A search thread's pawn cache: entries by the pawn-like men's key.
pub struct PawnCache {
    entries: Vec<PawnEntry>,
}

impl PawnCache {
    const SIZE: usize = 1 << 12;

    pub fn new() -> PawnCache {
        PawnCache {
            entries: vec![PawnEntry::default(); Self::SIZE],
        }
    }

    /// The key of `pos`'s pawn-like men; never 0, so an empty slot matches no position (not even
    /// one without pawn-like men).
    #[inline]
    fn key(pos: &Position) -> u64 {
        (pos.men_key(0, true) ^ pos.men_key(1, true)) | 1
    }

    /// The entry of `pos`'s pawn-like men, made if it is not kept (`None` where the evaluation
    /// keeps no such entries: more than two players or more cells than `N` words hold; `N` is
    /// the evaluation's set width).
    #[inline]
    fn entry<const N: usize>(&mut self, pos: &Position, ep: &EvalParams) -> Option<&PawnEntry> {
        if ep.players != 2 || ep.ncells > 64 * N.min(4) {
            return None;
        }
        let key = Self::key(pos);
        let slot = &mut self.entries[(key >> 32) as usize & (Self::SIZE - 1)];
        if slot.key != key {
            *slot = PawnEntry::new::<N>(pos, ep, key);
        }
        Some(slot)
    }
}

impl Default for PawnCache {
    fn default() -> Self {
        Self::new()
    }
}

/// A passed pawn-like man of player `p` (army `army`, type `t`) on `c`: its bonus, less when
/// blocked, and in the endgame more when the own royal man is nearer than the enemy's; and the
/// bonus before those adjustments (for the path terms).
#[inline]
fn passed_term(
    pos: &Position,
    ep: &EvalParams,
    royal_cell: &[Cell; 4],
    p: usize,
    army: usize,
    t: usize,
    c: Cell,
) -> (Score, Score) {
    let w = &ep.w;
    let nc = ep.ncells;
    let b = ep.passed[(army * ep.ntypes + t) * nc + c as usize];
    let (mut mg, mut eg) = (b.mg, b.eg);
    let next = ep.ahead[army * nc + c as usize];
    if next != NO_CELL && !pos.at(next).is_empty() {
        mg -= mg * w.passed_blocked / 1000;
        eg -= eg * w.passed_blocked / 1000;
    }
    let (own, enemy) = (royal_cell[p], royal_cell[1 - p]);
    if own != NO_CELL && enemy != NO_CELL {
        let d = (chebyshev(ep, c, enemy) - chebyshev(ep, c, own)).clamp(-4, 4);
        eg += b.eg * w.passed_king_eg * d / 1000;
    }
    (Score { mg, eg }, b)
}

/// A pawn-like man of player `p` (army `army`, type `t`) on `c`, with the pawn-like men of each
/// player: whether it is passed (no enemy one ahead on its own or a neighbouring file), and its
/// phalanx bonus (one of its own beside it on the rank).
#[inline]
fn pawn_shape<const N: usize>(
    ep: &EvalParams,
    pawns: &[[u64; N]; 2],
    p: usize,
    army: usize,
    t: usize,
    c: Cell,
) -> (bool, Score) {
    let passed = !meets(&ep.front_span[army * ep.ncells + c as usize], &pawns[1 - p]);
    let mut s = Score::default();
    if meets(&ep.beside[c as usize], &pawns[p]) {
        let k = 4 + ep.progress[(army * ep.ntypes + t) * ep.ncells + c as usize] as i32;
        s.mg += ep.w.phalanx_mg * k / 4;
        s.eg += ep.w.phalanx_eg * k / 4;
    }
    (passed, s)
}

/// Each player's pawn-like men as a set.
fn pawn_sets<const N: usize>(pos: &Position) -> [[u64; N]; 2] {
    std::array::from_fn(|p| attacks::types_set(pos, p as Player, pos.v.pawn_like))
}

/// Pawn structure, royal shelter and zone attackers, palace men (two players).
fn safety_terms(
    pos: &Position,
    ep: &EvalParams,
    pe: Option<&PawnEntry>,
    royal_cell: &[Cell; 4],
    tl: &mut Tally,
) {
    if ep.players != 2 {
        return;
    }
    let w = &ep.w;
    if ep.has_pawns {
        let (structure, open) = match pe {
            Some(e) => (
                e.structure,
                open_files(pos, ep, |p, x| e.files[p] >> x & 1 != 0),
            ),
            None => {
                let files = pawn_files(pos, ep);
                let open = open_files(pos, ep, |p, x| files[p][x + 1] != 0);
                (doubled_isolated(ep, &files), open)
            }
        };
        for (t, (s, o)) in tl.total.iter_mut().zip(structure.iter().zip(open)) {
            t.mg += s.mg + o.mg;
            t.eg += s.eg + o.eg;
        }
    }
    // Royal safety (middle game): shelter of own men around the royal man against nearby attackers.
    for (p, &k) in royal_cell.iter().enumerate().take(2) {
        if k == NO_CELL {
            continue;
        }
        let mut shelter = 0;
        for &n in &ep.neighbours[k as usize] {
            if n == NO_CELL {
                break;
            }
            let q = pos.at(n);
            if !q.is_empty() && q.owner() as usize == p {
                shelter += 1;
            }
        }
        let d = (tl.danger[p] - shelter).max(0);
        tl.total[p].mg -= (d * d * w.proximity_scale / 2000).min(400) - w.shelter * shelter.min(3);
        if tl.zone_attackers[p] >= 2 {
            let z = tl.zone_weight[p] as i64;
            tl.total[p].mg -= (z * z * w.zone_scale as i64 / 1_024_000).min(500) as i32;
        }
        // A confined royal man (palace): own men inside its region defend it, enemy men
        // inside it attack it.
        let region = &ep.royal_region[pos.at(k).army().min(1) as usize];
        if !region.is_empty() {
            let (mut def, mut att) = (0, 0);
            for &c in region {
                let q = pos.at(c);
                if q.is_empty() || ep.royal[q.kind() as usize] {
                    continue;
                }
                if q.owner() as usize == p {
                    def += 1;
                } else {
                    att += (ep.see_value[q.kind() as usize] / 200).clamp(1, 4);
                }
            }
            let def = def.min(4);
            tl.total[p].mg += w.palace_defender_mg * def - w.palace_intruder_mg * att;
            tl.total[p].eg += w.palace_defender_eg * def - w.palace_intruder_eg * att;
        }
    }
}

/// Two players: threats, safe mobility and royal-zone attackers from each man's attack and move
/// sets (pawn-like men first, so the pieces know which cells enemy pawns cover).
fn attack_terms<const N: usize>(
    pos: &Position,
    ep: &EvalParams,
    royal_cell: &[Cell; 4],
    tl: &mut Tally,
) {
    let nt = ep.ntypes;
    let lines = ep.lines.as_ref();
    let men: [[u64; N]; 2] = std::array::from_fn(|p| attacks::player_set(pos, p as Player, nt));
    let mut occ = men[0];
    attacks::or(&mut occ, &men[1]);
    // Any attack, pawn-like attacks, and enemy men attacked by a cheaper man.
    let mut att = [[0u64; N]; 2];
    let mut patt = [[0u64; N]; 2];
    let mut lesser = [[0u64; N]; 2];
    // Cells attacked at least twice.
    let mut att2 = [[0u64; N]; 2];
    // Each royal man's zone: its cell and neighbours.
    let mut zone = [[0u64; N]; 2];
    for p in 0..2 {
        let k = royal_cell[p];
        if k == NO_CELL {
            continue;
        }
        attacks::set(&mut zone[p], k);
        for &n in &ep.neighbours[k as usize] {
            if n == NO_CELL {
                break;
            }
            attacks::set(&mut zone[p], n);
        }
    }
    // Where each side's pieces could check the enemy royal man from, and which of those cells
    // they can reach now (per type: one safe check of a type is what counts).
    let mut checks = [CheckCells::new(), CheckCells::new()];
    if ep.w.safe_check != 0 {
        for (p, ch) in checks.iter_mut().enumerate() {
            let k = royal_cell[1 - p];
            if k != NO_CELL {
                ch.fill(pos, ep, p as Player, k, &occ);
            }
        }
    }
    // Empty cells pawn-like men can step to now, with the man that would step there.
    let mut pushes: ArrayVec<(u8, Cell, Piece), 64> = ArrayVec::new();
    let push_on = ep.w.push_threat_mg != 0 || ep.w.push_threat_eg != 0;
    for p in 0..2 {
        for t in 0..nt {
            if !ep.pawn_like[t] {
                continue;
            }
            for &c in pos.cells_of(p as Player, t as PieceType) {
                let man = pos.at(c);
                let (a, r) = attacks::man_sets(pos, lines, &occ, &men[1 - p], c, man);
                attacks::add(&mut att[p], &mut att2[p], &a);
                attacks::or(&mut patt[p], &a);
                if push_on {
                    let steps: [u64; N] = std::array::from_fn(|i| r[i] & !occ[i]);
                    for x in attacks::cells(steps) {
                        let _ = pushes.try_push((p as u8, x, man));
                    }
                }
            }
        }
    }
    // Pawn-like men defended by their own kind.
    for (p, own) in patt.iter().enumerate() {
        for t in (0..nt).filter(|&t| ep.pawn_like[t]) {
            for &c in pos.cells_of(p as Player, t as PieceType) {
                let army = pos.at(c).army() as usize;
                if army < 2 && attacks::has(own, c) {
                    let k = 4 + ep.progress[(army * nt + t) * ep.ncells + c as usize] as i32;
                    tl.total[p].mg += ep.w.supported_mg * k / 4;
                    tl.total[p].eg += ep.w.supported_eg * k / 4;
                }
            }
        }
    }
    for p in 0..2 {
        let them = 1 - p;
        for t in 0..nt {
            let cells = pos.cells_of(p as Player, t as PieceType);
            if ep.pawn_like[t] || cells.is_empty() {
                continue;
            }
            let royal = ep.royal[t];
            // Enemy men worth more than this type by over 50: a threat when attacked.
            let dearer = attacks::types_set(pos, them as Player, ep.dearer[t]);
            let mut chk = checks[p].of_type(t as PieceType);
            for &c in cells {
                let (a, r) = attacks::man_sets(pos, lines, &occ, &men[them], c, pos.at(c));
                if let Some((from, reached)) = chk.as_mut() {
                    attacks::or(reached, &attacks::and(&r, from));
                }
                attacks::add(&mut att[p], &mut att2[p], &a);
                if royal {
                    continue;
                }
                attacks::or(&mut lesser[p], &attacks::and(&a, &dearer));
                let hits = attacks::count_and(&a, &zone[them]);
                if hits > 0 {
                    tl.zone_attackers[them] += 1;
                    tl.zone_weight[them] +=
                        (ep.see_value[t] / 8).clamp(10, 110) + ep.w.zone_hit * hits.min(4);
                }
                // Safe mobility: destinations no enemy pawn-like man covers.
                let m = attacks::count_and_not(&r, &patt[them]) - ep.mob_base[t];
                tl.total[p].mg += ep.mob_weight[t].mg * m;
                tl.total[p].eg += ep.mob_weight[t].eg * m;
            }
        }
    }
    for (p, ch) in checks.iter().enumerate() {
        // A type that can check from a cell the defender does not cover joins the royal-zone attack.
        let them = 1 - p;
        let safe = ch
            .types
            .iter()
            .filter(|e| e.reached.iter().zip(&att[them]).any(|(r, d)| r & !d != 0));
        let n = safe.count() as i32;
        tl.zone_attackers[them] += n;
        tl.zone_weight[them] += ep.w.safe_check * n;
    }
    // Contested cells the enemy does not hold strongly: room taken from its men.
    if ep.w.restricted_mg != 0 || ep.w.restricted_eg != 0 {
        for p in 0..2 {
            let them = 1 - p;
            let strong: [u64; N] =
                std::array::from_fn(|i| patt[them][i] | (att2[them][i] & !att2[p][i]));
            let contested = attacks::and(&att[p], &att[them]);
            let n = attacks::count_and_not(&contested, &strong);
            tl.total[p].mg += ep.w.restricted_mg * n;
            tl.total[p].eg += ep.w.restricted_eg * n;
        }
    }
    passed_paths(pos, ep, &att, tl);
    if !pushes.is_empty() {
        push_threats(pos, ep, &pushes, &occ, &att, &patt, tl);
    }
    for p in 0..2 {
        let mut t = threat_score(pos, ep, p, &att, &patt[p], &lesser[p]);
        if p == pos.side as usize {
            t.mg = t.mg * ep.w.threat_mover / 1000;
            t.eg = t.eg * ep.w.threat_mover / 1000;
        }
        tl.total[p].mg += t.mg;
        tl.total[p].eg += t.eg;
    }
}

/// A pawn-like man that can step to a cell no enemy pawn-like man attacks (nor any enemy man, unless
/// the side defends it) threatens the enemy pieces it would attack from there: `push_threat_mg` /
/// `push_threat_eg` per step and piece (royal men left out: checks are the search's business).
fn push_threats<const N: usize>(
    pos: &Position,
    ep: &EvalParams,
    pushes: &[(u8, Cell, Piece)],
    occ: &[u64; N],
    att: &[[u64; N]; 2],
    patt: &[[u64; N]; 2],
    tl: &mut Tally,
) {
    // Per player, the enemy men worth threatening: neither pawn-like nor royal.
    let targets: [[u64; N]; 2] =
        std::array::from_fn(|p| attacks::types_set(pos, 1 - p as Player, ep.pieces));
    for &(p, x, man) in pushes {
        let (p, them) = (p as usize, 1 - p as usize);
        if attacks::has(&patt[them], x)
            || (attacks::has(&att[them], x) && !attacks::has(&att[p], x))
        {
            continue;
        }
        let a = attacks::man_attacks(pos, ep.lines.as_ref(), occ, x, man);
        let n = attacks::count_and(&a, &targets[p]);
        tl.total[p].mg += ep.w.push_threat_mg * n;
        tl.total[p].eg += ep.w.push_threat_eg * n;
    }
}

/// Passed men whose way ahead (own file, to the board's edge) no enemy man holds or attacks earn
/// `passed_free` ‰ of their bonus; failing that, one whose next cell is empty and unattacked earns
/// `passed_step` ‰: a path the enemy cannot stop is what makes a passed man dangerous.
fn passed_paths<const N: usize>(
    pos: &Position,
    ep: &EvalParams,
    att: &[[u64; N]; 2],
    tl: &mut Tally,
) {
    let w = &ep.w;
    let nc = ep.ncells;
    let Tally { passed, total, .. } = tl;
    for pm in passed.iter() {
        let p = pm.player as usize;
        let them = &att[1 - p];
        let unsafe_cell = |x: Cell| {
            let q = pos.at(x);
            attacks::has(them, x) || (!q.is_empty() && q.owner() as usize != p)
        };
        let first = ep.ahead[pm.army as usize * nc + pm.cell as usize];
        if first == NO_CELL {
            continue;
        }
        let mut free = true;
        let mut x = first;
        while x != NO_CELL {
            if unsafe_cell(x) {
                free = false;
                break;
            }
            x = ep.ahead[pm.army as usize * nc + x as usize];
        }
        let k = if free {
            w.passed_free
        } else if pos.at(first).is_empty() && !attacks::has(them, first) {
            w.passed_step
        } else {
            continue;
        };
        total[p].mg += pm.bonus.mg * k / 1000;
        total[p].eg += pm.bonus.eg * k / 1000;
    }
}

/// Cells from which one side's men of a type would attack the enemy royal man (with the board as
/// it is), and those among them its men of that type can reach now.
struct CheckCells<const N: usize> {
    types: ArrayVec<CheckType<N>, 8>,
}

struct CheckType<const N: usize> {
    t: PieceType,
    from: [u64; N],
    reached: [u64; N],
}

impl<const N: usize> CheckCells<N> {
    fn new() -> CheckCells<N> {
        CheckCells {
            types: ArrayVec::new(),
        }
    }

    /// Reads the attack-to tables of royal cell `k` for the men of `p` (own army): leaps, and
    /// lines up to and including their first occupied cell (`occ` holds every man). Pawn-like
    /// and royal types are left out; so are lame and hopping paths.
    fn fill(&mut self, pos: &Position, ep: &EvalParams, p: Player, k: Cell, occ: &[u64; N]) {
        let tb = &pos.v.tables;
        // The types worth asking about, as a mask over the tables' type bits.
        let mut wanted = 0u64;
        for t in 0..ep.ntypes.min(64) {
            if !ep.pawn_like[t] && !ep.royal[t] && pos.count(p, t as PieceType) > 0 {
                wanted |= 1 << t;
            }
        }
        if wanted == 0 {
            return;
        }
        // On boards of at most 256 cells the tables are masks (`masks::AttackMasks`).
        match &tb.masks {
            Some(BoardMasks::Small(mk)) if N == 1 => return self.fill_from(mk, p, k, occ, wanted),
            Some(BoardMasks::Narrow(mk)) if N == 2 => return self.fill_from(mk, p, k, occ, wanted),
            Some(BoardMasks::Wide(mk)) if N == 4 => return self.fill_from(mk, p, k, occ, wanted),
            _ => {}
        }
        let mut slot = [u8::MAX; 64];
        for &(src, mask) in tb.leaps_to(p, k) {
            self.add(&mut slot, mask & wanted, |f| attacks::set(f, src));
        }
        for r in tb.rays_to(p, k) {
            if r.mask & wanted == 0 {
                continue;
            }
            for &c in &tb.path[r.start as usize..r.start as usize + r.len as usize] {
                self.add(&mut slot, r.mask & wanted, |f| attacks::set(f, c));
                if !pos.at_table(c).is_empty() {
                    break;
                }
            }
        }
    }

    /// `fill` from the tables' masks `mk`.
    #[inline(always)]
    fn fill_from<M: CellMask>(
        &mut self,
        mk: &AttackMasks<M>,
        p: Player,
        k: Cell,
        occ: &[u64; N],
        wanted: u64,
    ) {
        let mut slot = [u8::MAX; 64];
        for &(types, src) in mk.leaps_to(p, k) {
            let src = src.to_words();
            self.add(&mut slot, types & wanted, |f| attacks::or(f, &src));
        }
        let occ = M::from_words(occ);
        for r in mk.rays_to(p, k).iter().filter(|r| r.types & wanted != 0) {
            let ride = mk.reach(r, occ).to_words();
            self.add(&mut slot, r.types & wanted, |f| attacks::or(f, &ride));
        }
    }

    /// Applies `f` to the `from` set of each type in `mask` (an entry is made for a type the
    /// first time it is met, while there is room; `slot` maps types to entries).
    fn add(&mut self, slot: &mut [u8; 64], mut mask: u64, f: impl Fn(&mut [u64; N])) {
        while mask != 0 {
            let t = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if slot[t] == u8::MAX {
                if self.types.is_full() {
                    continue;
                }
                slot[t] = self.types.len() as u8;
                self.types.push(CheckType {
                    t: t as PieceType,
                    from: [0; N],
                    reached: [0; N],
                });
            }
            f(&mut self.types[slot[t] as usize].from);
        }
    }

    /// The check cells of type `t` and the set of those reached, if the type has any.
    fn of_type(&mut self, t: PieceType) -> Option<(&[u64; N], &mut [u64; N])> {
        self.types
            .iter_mut()
            .find(|e| e.t == t)
            .map(|e| (&e.from, &mut e.reached))
    }
}

/// Driving a lone defence to the edge (two players, first player's view): when one side has no
/// pawn-like men and the other leads it in non-pawn material by the mating margin, the leader
/// gains `mopup_edge` times the defending royal man's `edge_push` (`far_push` toward its own far
/// side when its pieces are forward men and no rider) in hundredths, and
/// `mopup_close` scaled by how near its own royal man stands to it: the gradient that lets the
/// search mate (within a count, in makruk) where no mate is in sight yet.
fn mop_up(pos: &Position, ep: &EvalParams, tl: &Tally, royal_cell: &[Cell; 4]) -> i32 {
    if ep.edge_push.is_empty() {
        return 0;
    }
    let strong = if tl.npm[0] >= tl.npm[1] { 0 } else { 1 };
    let weak = 1 - strong;
    let (ks, kw) = (royal_cell[strong], royal_cell[weak]);
    if tl.pawns[weak] != 0
        || tl.npm[strong] - tl.npm[weak] < ep.mating_margin
        || tl.colours[strong] & 3 != 3
        || ks == NO_CELL
        || kw == NO_CELL
    {
        return 0;
    }
    // Forward men without a rider mate only where they face: drive the defence there.
    let (mut forward, mut rider) = (false, false);
    for t in (0..ep.ntypes).filter(|&t| !ep.pawn_like[t] && !ep.royal[t]) {
        let (pl, ti) = (strong as Player, t as PieceType);
        if pos.count(pl, ti) > 0 || (pos.v.drops && pos.hand(pl, ti) > 0) {
            forward |= ep.forward[t];
            rider |= ep.rider[t];
        }
    }
    let push = if forward && !rider {
        &ep.far_push[strong]
    } else {
        &ep.edge_push
    };
    let edge = ep.w.mopup_edge * push[kw as usize] / 100;
    let d = chebyshev(ep, ks, kw).clamp(1, ep.max_distance);
    let close = ep.w.mopup_close * (ep.max_distance - d) / (ep.max_distance - 1).max(1);
    let bonus = edge + close;
    if strong == 0 { bonus } else { -bonus }
}

/// The game phase `combine` tapers by, 256 (all non-pawn material of the start) to 0: the
/// weight of the middle-game scores (`chatrang tune squares` needs it outside an evaluation).
pub fn phase(pos: &Position, ep: &EvalParams) -> i32 {
    let mut npm = 0;
    for p in 0..ep.players.min(4) as Player {
        for t in (0..ep.ntypes).filter(|&t| !ep.pawn_like[t]) {
            let n = pos.count(p, t as PieceType) + pos.hand(p, t as PieceType) as usize;
            npm += ep.see_value[t] * n as i32;
        }
    }
    taper(npm, ep)
}

/// The phase from both sides' non-pawn material (see `phase`).
#[inline]
fn taper(npm: i32, ep: &EvalParams) -> i32 {
    (npm.min(ep.phase_total) * 256) / ep.phase_total
}

/// The final score from the tallies: side to move against the others, endgame scaling and the
/// bare-king rules, tapered by phase.
fn combine(pos: &Position, ep: &EvalParams, tl: &Tally, royal_cell: &[Cell; 4]) -> i32 {
    let players = ep.players.min(4);
    let us = pos.side as usize;
    let (total, material, npm, pawns, men) = (&tl.total, &tl.material, &tl.npm, &tl.pawns, &tl.men);
    let npm_all: i32 = npm.iter().sum();
    let phase = taper(npm_all, ep);

    if ep.anti {
        // Losing games: fewer men is better.
        let mine = material[us];
        let others: i32 = (0..players)
            .filter(|&p| p != us)
            .map(|p| material[p])
            .sum::<i32>()
            / (players as i32 - 1).max(1);
        return (others - mine) / 2 + ep.w.tempo;
    }

    let (mut mg, mut eg);
    if players == 2 {
        let them = 1 - us;
        mg = total[us].mg - total[them].mg;
        eg = total[us].eg - total[them].eg;
        // Endgame scaling: the side ahead cannot win without pawns and enough material.
        let strong = if eg >= 0 { us } else { them };
        let weak = 1 - strong;
        match ep.bare_king {
            BareKing::Shatranj | BareKing::Immediate if men[weak] == 0 && men[strong] > 0 => {
                let b = 1500;
                if strong == us {
                    eg += b;
                    mg += b;
                } else {
                    eg -= b;
                    mg -= b;
                }
            }
            BareKing::Shatranj | BareKing::Immediate if men[weak] > 0 => {
                // Baring the opponent wins: material tells, and fewer enemy men is better.
                let bonus = 25 * (4 - men[weak]).max(0) * (men[strong] > men[weak]) as i32;
                if strong == us {
                    eg += bonus;
                } else {
                    eg -= bonus;
                }
            }
            _ => {
                // The middle-game part shrinks alike: with so little material the phase still
                // gives it some weight, and the pieces' middle-game values would keep the edge.
                if pawns[strong] == 0 && tl.colours[strong] & 3 != 3 && men[weak] == 0 {
                    // Colour-bound men of one colour never attack the other colour, where a
                    // lone royal man can always step: no mate.
                    eg /= 16;
                    mg /= 16;
                } else if pawns[strong] == 0 && npm[strong] - npm[weak] < ep.mating_margin {
                    let k = if npm[strong] - npm[weak] <= 0 { 16 } else { 6 };
                    eg /= k;
                    mg /= k;
                }
            }
        }
        let mop = mop_up(pos, ep, tl, royal_cell);
        eg += if us == 0 { mop } else { -mop };
    } else {
        let k = (players - 1) as i32;
        let (mut om, mut oe) = (0, 0);
        for p in (0..players).filter(|&p| p != us) {
            om += total[p].mg;
            oe += total[p].eg;
        }
        mg = total[us].mg - om / k;
        eg = total[us].eg - oe / k;
    }
    (mg * phase + eg * (256 - phase)) / 256 + ep.w.tempo
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::two_player_playouts;

    /// The static evaluation of positions of one game, by FEN.
    fn evaluator(game: &str) -> impl Fn(&str) -> i32 {
        let v = crate::variants::build(game, "").unwrap();
        let ep = EvalParams::new(&v);
        move |f| evaluate(&crate::fen::parse(&v, f).unwrap(), &ep)
    }

    /// On boards of at most 256 cells the evaluation reads the men from the position's masks and
    /// each man's sets and the check rays from `lines`; in every such two-player game, along
    /// playouts, its terms add up to what the man lists and the walk over the compiled moves give
    /// (nine-word sets, no lines).
    #[test]
    fn attack_terms_from_masks_equal_those_from_the_walk() {
        fn compare<const N: usize>(pos: &Position, ep: &EvalParams, walk: &EvalParams, id: &str) {
            let mut a = Tally::default();
            let royal = cheap_terms::<N>(pos, ep, None, &mut a);
            attack_terms::<N>(pos, ep, &royal, &mut a);
            let mut b = Tally::default();
            let royal = cheap_terms::<BITS_WORDS>(pos, walk, None, &mut b);
            attack_terms::<BITS_WORDS>(pos, walk, &royal, &mut b);
            let fen = crate::fen::to_fen(pos);
            assert_eq!(
                evaluate_in::<N>(pos, ep, None),
                evaluate_in::<BITS_WORDS>(pos, walk, None),
                "{id} {fen}"
            );
            assert_eq!(a.total, b.total, "{id} {fen}");
            assert_eq!(a.zone_attackers, b.zone_attackers, "{id} {fen}");
            assert_eq!(a.zone_weight, b.zone_weight, "{id} {fen}");
        }
        let mut ep: Option<(String, EvalParams, EvalParams)> = None;
        let mut games = std::collections::HashSet::new();
        let small = |v: &crate::variant::Variant| v.geo.num_cells() <= lines::MAX_CELLS;
        two_player_playouts(4, 120, 0x2545_f491_4f6c_dd1d, small, |id, pos| {
            if ep.as_ref().is_none_or(|(g, _, _)| g != id) {
                let walk = EvalParams {
                    lines: None,
                    ..EvalParams::new(&pos.v)
                };
                ep = Some((id.to_string(), EvalParams::new(&pos.v), walk));
            }
            let (_, ep, walk) = ep.as_ref().unwrap();
            if !ep.threats {
                return;
            }
            games.insert(id.to_string());
            if ep.ncells <= u64::CELLS {
                compare::<1>(pos, ep, walk, id);
            } else if ep.ncells <= u128::CELLS {
                compare::<2>(pos, ep, walk, id);
            } else {
                compare::<4>(pos, ep, walk, id);
            }
        });
        assert!(games.len() >= 20, "only {} games", games.len());
        for wide in ["kabir", "acedrex", "turkish3", "turkish4", "tsuishogi"] {
            assert!(games.contains(wide), "{wide} not compared");
        }
    }

    /// The pawn cache changes nothing: along playouts in every two-player game, the evaluation
    /// with the cache (its entries made earlier in the playout, or anew) equals the one without.
    #[test]
    fn pawn_cache_gives_the_evaluation_without_it() {
        let mut state: Option<(String, EvalParams, PawnCache)> = None;
        let mut hits = 0;
        two_player_playouts(
            3,
            100,
            0x1234_5678_9abc_def1,
            |_| true,
            |id, pos| {
                if state.as_ref().is_none_or(|(g, _, _)| g != id) {
                    state = Some((id.to_string(), EvalParams::new(&pos.v), PawnCache::new()));
                }
                let (_, ep, cache) = state.as_mut().unwrap();
                let key = PawnCache::key(pos);
                hits += cache.entries.iter().any(|e| e.key == key) as usize;
                let cached = evaluate_cached(pos, ep, cache);
                let fen = crate::fen::to_fen(pos);
                assert_eq!(cached, evaluate(pos, ep), "{id} {fen}");
            },
        );
        // Entries were read back, not only made.
        assert!(hits > 1000, "{hits}");
    }

    /// The mop-up's edge table, from the royal man's moves: 100 in a corner, 0 in the middle,
    /// Stockfish's PushToEdges shape between; none where no cell differs (a torus) or the royal
    /// man keeps to a palace.
    #[test]
    fn mop_up_edge_push_from_the_royal_moves() {
        let ep = |g: &str| EvalParams::new(&crate::variants::build(g, "").unwrap());
        let chess = ep("chess");
        let v = crate::variants::build("chess", "").unwrap();
        let at = |s: &str| chess.edge_push[v.geo.parse_cell(s).unwrap() as usize];
        assert_eq!((at("a1"), at("h8"), at("d4"), at("e5")), (100, 100, 0, 0));
        assert!(at("b1") > at("c1") && at("c1") > at("d1") && at("d1") > at("c3"));
        assert!(at("b2") < at("b1"));
        assert!(ep("torus").edge_push.is_empty());
        assert!(ep("xiangqi").edge_push.is_empty());
    }

    /// With a rook or more ahead and no enemy pawns, the leader's score rises as the lone royal
    /// man nears a corner and its own royal man nears it; not while the defender keeps a pawn.
    #[test]
    fn mop_up_drives_the_lone_royal_to_the_corner() {
        let eval = evaluator("chess");
        // Royal men two steps apart, the lone one in the middle or in the corner.
        let centre = eval("8/8/8/4k3/8/4K3/8/R7 w - - 0 1");
        let corner = eval("7k/8/5K2/8/8/8/8/R7 w - - 0 1");
        let apart = eval("7k/8/8/8/8/8/8/R5K1 w - - 0 1");
        assert!(corner > centre + 50, "{corner} {centre}");
        assert!(corner > apart + 50, "{corner} {apart}");
        // A defending pawn switches the term off: the corner gains far less.
        let pawn_centre = eval("8/1p6/8/4k3/8/4K3/8/R7 w - - 0 1");
        let pawn_corner = eval("7k/1p6/5K2/8/8/8/8/R7 w - - 0 1");
        assert!(
            (corner - centre) - (pawn_corner - pawn_centre) > 50,
            "{corner} {centre} {pawn_corner} {pawn_centre}"
        );
    }

    /// Makruk's Khon attacks three cells ahead and two behind; with the Met (and no rider) it
    /// mates only on the far side, so the mop-up drives the lone Khun to the Khon's far rank and
    /// its corners there (Fairy-Stockfish's KSFK), not to the nearest edge.
    #[test]
    fn mop_up_drives_the_lone_royal_to_where_forward_men_face() {
        let v = crate::variants::build("makruk", "").unwrap();
        let ep = EvalParams::new(&v);
        let forward: Vec<&str> = (0..ep.ntypes)
            .filter(|&t| ep.forward[t])
            .map(|t| v.pieces[t].letter.as_str())
            .collect();
        assert_eq!(forward, ["S"]);
        let chess = EvalParams::new(&crate::variants::build("chess", "").unwrap());
        assert!(!chess.forward.contains(&true));
        let eval = evaluator("makruk");
        // The same men, the defence in the Khon's far corner or in its near one, for either side.
        let (far, near) = (
            "7k/8/5K2/8/8/8/2M5/3S4 w - - 0 1",
            "8/8/8/8/8/5K2/2M5/3S3k w - - 0 1",
        );
        for (far, near) in [
            (far.to_string(), near.to_string()),
            (symmetry::flipped(far), symmetry::flipped(near)),
        ] {
            let (far, near) = (eval(&far), eval(&near));
            assert!(far > near + 50, "{far} {near}");
        }
        // A rook beside them mates on any edge: both corners score alike (but for piece squares).
        let rook_far = eval("7k/8/5K2/8/8/8/2M5/R2S4 w - - 0 1");
        let rook_near = eval("8/8/8/8/8/5K2/2M5/R2S3k w - - 0 1");
        assert!((rook_far - rook_near).abs() < 40, "{rook_far} {rook_near}");
    }

    /// Colour-bound men all on one colour cannot mate a bare royal man (two bishops on one
    /// colour, makruk's Mets): the ending is scaled down as drawn and no mop-up applies.
    #[test]
    fn colour_bound_men_of_one_colour_cannot_mate() {
        let eval = evaluator("chess");
        let both = eval("8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1");
        let one = eval("8/8/8/4k3/8/8/8/2B1K1B1 w - - 0 1");
        assert!(both > 500, "{both}");
        assert!(one < both / 4, "{one} {both}");
        let eval = evaluator("makruk");
        let both = eval("8/8/8/4k3/8/8/8/MM2K1M1 w - - 0 1");
        let one = eval("8/8/8/4k3/8/8/8/M1M1K1M1 w - - 0 1");
        assert!(both > 300, "{both}");
        assert!(one < both / 4, "{one} {both}");
    }

    /// The derived values of the orthodox pieces land near their usual values.
    #[test]
    fn derived_values_of_chess_pieces() {
        let v = crate::variants::build("chess", "").unwrap();
        let cells: Vec<Cell> = v.geo.cells().collect();
        let derived: Vec<i32> = (0..v.pieces.len())
            .map(|t| {
                let m: f64 = cells
                    .iter()
                    .map(|&c| expected_mobility(&v, 0, t as PieceType, c))
                    .sum::<f64>()
                    / cells.len() as f64;
                derived_value(m)
            })
            .collect();
        eprintln!("derived {derived:?}");
        let by = |l: &str| derived[v.pieces.iter().position(|p| p.letter == l).unwrap()];
        assert!((250..=400).contains(&by("N")), "N {}", by("N"));
        assert!((250..=450).contains(&by("B")), "B {}", by("B"));
        assert!((400..=650).contains(&by("R")), "R {}", by("R"));
        assert!((750..=1150).contains(&by("Q")), "Q {}", by("Q"));
        assert!(by("B") < by("R") && by("R") < by("Q") && by("N") < by("Q"));
    }

    /// The royal region is the palace where the royal man is confined, and nothing in chess.
    #[test]
    fn royal_region_is_the_palace() {
        let v = crate::variants::build("chess", "").unwrap();
        let ep = EvalParams::new(&v);
        assert!(ep.royal_region.iter().all(|r| r.is_empty()));
        // A 9x10 game whose general stays in a 3x3 palace (if registered).
        if let Ok(v) = crate::variants::build("xiangqi", "") {
            let ep = EvalParams::new(&v);
            for (army, r) in ep.royal_region.iter().enumerate() {
                let names: Vec<String> = r.iter().map(|&c| v.geo.name(c)).collect();
                assert_eq!(names.len(), 9, "{names:?}");
                let rank = if army == 0 { '1' } else { '9' };
                assert!(names.iter().any(|n| n == &format!("e{rank}")), "{names:?}");
            }
        }
    }

    #[test]
    fn start_position_is_balanced() {
        let v = crate::variants::build("chess", "").unwrap();
        let ep = EvalParams::new(&v);
        let pos = crate::fen::parse(&v, &v.start_fen).unwrap();
        assert_eq!(evaluate(&pos, &ep), ep.w.tempo);
        let pos = crate::fen::parse(
            &v,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        )
        .unwrap();
        assert_eq!(evaluate(&pos, &ep), ep.w.tempo);
    }

    fn eval_of(game: &str, fen: &str) -> i32 {
        let v = crate::variants::build(game, "").unwrap();
        let ep = EvalParams::new(&v);
        evaluate(&crate::fen::parse(&v, fen).unwrap(), &ep)
    }

    /// A game's fitted weights replace the shared ones in its evaluation; other games keep those.
    #[test]
    fn game_weights_replace_the_shared_ones() {
        let fitted = crate::variants::chess::fitted_weights();
        let chess = crate::variants::chess::chess_weights();
        let shatranj = crate::variants::shatranj_family::shatranj::shatranj_weights();
        assert_ne!(fitted, Weights::default());
        assert_ne!(chess, fitted);
        let makruk = crate::variants::regional::thai::makruk_weights();
        let capablanca = crate::variants::large::capablanca::capablanca_weights();
        assert_ne!(capablanca, chess);
        let shared = Weights::default();
        assert_ne!(shatranj, shared);
        assert_ne!(makruk, shared);
        for (game, want) in [
            ("chess", &chess),
            ("capablanca", &capablanca),
            ("shatranj", &shatranj),
            ("makruk", &makruk),
            ("thai", &makruk),
            // Same men as shatranj, but not fitted: the shared set.
            ("medieval", &shared),
            ("xiangqi", &shared),
        ] {
            let ep = EvalParams::new(&crate::variants::build(game, "").unwrap());
            assert_eq!(&ep.w, want, "{game}");
        }
        // Courier has a set of its own.
        let ep = EvalParams::new(&crate::variants::build("courier", "").unwrap());
        assert_ne!(ep.w, fitted);
        assert_ne!(ep.w, Weights::default());
    }

    /// Material is each man's value scaled per phase: pawn-like men by `pawn_mg` / `pawn_eg`,
    /// other pieces by `piece_mg` / `piece_eg`; the royal man has none.
    #[test]
    fn material_weights_scale_pawns_and_pieces_by_phase() {
        let v = crate::variants::build("chess", "").unwrap();
        let w = Weights {
            pawn_mg: 500,
            pawn_eg: 1500,
            piece_mg: 2000,
            piece_eg: 250,
            ..Weights::default()
        };
        let (shared, ep) = (EvalParams::new(&v), EvalParams::with_weights(&v, w));
        for (token, want) in [("P", (500, 1500)), ("N", (2000, 250)), ("Q", (2000, 250))] {
            let t = v.piece_by_token(token).unwrap() as usize;
            let base = ep.see_value[t];
            assert!(base > 0, "{token}");
            let got = ep.value[t];
            assert_eq!(
                (got.mg, got.eg),
                (base * want.0 / 1000, base * want.1 / 1000),
                "{token}"
            );
            assert_ne!(got, shared.value[t], "{token}");
        }
        let k = v.piece_by_token("K").unwrap() as usize;
        assert_eq!(ep.value[k], Score::default());
    }

    /// What one term adds to a chess position's evaluation: the evaluation with `set` applied to
    /// the shared weights minus the evaluation under the shared weights (±1 for rounding).
    fn term_gain(fen: &str, set: impl Fn(&mut Weights)) -> i32 {
        let v = crate::variants::build("chess", "").unwrap();
        let pos = crate::fen::parse(&v, fen).unwrap();
        let mut w = Weights::default();
        set(&mut w);
        evaluate(&pos, &EvalParams::with_weights(&v, w))
            - evaluate(&pos, &EvalParams::with_weights(&v, Weights::default()))
    }

    fn assert_near(got: i32, want: i32) {
        assert!((got - want).abs() <= 1, "{got} vs {want}");
    }

    /// Bishops are colour-bound (so are shatranj's ferz and alfil); knights, rooks, queens and
    /// pawns are not; rooks and queens slide along files, bishops do not.
    #[test]
    fn colour_bound_and_file_riders_come_from_the_move_tables() {
        let v = crate::variants::build("chess", "").unwrap();
        let ep = EvalParams::new(&v);
        let of = |l: &str| v.pieces.iter().position(|p| p.letter == l).unwrap();
        for (l, bound, file) in [
            ("P", false, false),
            ("N", false, false),
            ("B", true, false),
            ("R", false, true),
            ("Q", false, true),
            ("K", false, false),
        ] {
            assert_eq!(ep.bound[of(l)], bound, "{l}");
            assert_eq!(ep.file_rider[of(l)], file, "{l}");
        }
        let v = crate::variants::build("shatranj", "").unwrap();
        let ep = EvalParams::new(&v);
        let bound: Vec<&str> = (0..v.pieces.len())
            .filter(|&t| ep.bound[t])
            .map(|t| v.pieces[t].letter.as_str())
            .collect();
        assert_eq!(bound.len(), 2, "{bound:?}");
    }

    /// Two bishops on both colours earn the pair bonus; two on one colour do not.
    #[test]
    fn bishop_pair_on_both_colours_is_a_bonus() {
        let pair = |w: &mut Weights| {
            w.pair_mg = 50;
            w.pair_eg = 50;
        };
        assert_near(term_gain("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", pair), 50);
        assert_near(term_gain("4k3/8/8/8/8/8/8/2B1KB2 b - - 0 1", pair), -50);
        assert_near(term_gain("4k3/8/8/8/8/8/8/1B2KB2 w - - 0 1", pair), 0);
    }

    /// A rook on a file without own pawns: open (no pawns at all) or semi-open (enemy pawns).
    #[test]
    fn rook_on_open_or_semi_open_file_is_a_bonus() {
        let open = |w: &mut Weights| {
            w.open_file_mg = 30;
            w.open_file_eg = 30;
            w.semi_open_mg = 10;
            w.semi_open_eg = 10;
        };
        // a-file: no pawns; b-file: a black pawn; c-file: a white pawn.
        assert_near(term_gain("4k3/1p6/8/8/8/8/2P5/R3K3 w - - 0 1", open), 30);
        assert_near(term_gain("4k3/1p6/8/8/8/8/2P5/1R2K3 w - - 0 1", open), 10);
        assert_near(term_gain("4k3/1p6/8/8/8/8/2P5/2R1K3 w - - 0 1", open), 0);
    }

    /// A passed pawn with a man on the cell ahead loses part of its bonus.
    #[test]
    fn blocked_passed_pawn_is_worth_less() {
        let blocked = |w: &mut Weights| w.passed_blocked = 500;
        let free = "7k/8/8/3P4/8/8/8/4K3 w - - 0 1";
        let stopped = "7k/8/3N4/3P4/8/8/8/4K3 w - - 0 1";
        assert_near(term_gain(free, blocked), 0);
        let g = term_gain(stopped, blocked);
        assert!(g < -5, "{g}");
    }

    /// A passed pawn whose way to the last rank no enemy man holds or attacks earns the free-path
    /// share of its bonus; one whose path is watched further up but whose next cell is safe earns
    /// the step share; one whose next cell is attacked earns neither.
    #[test]
    fn passed_pawn_with_a_free_path_is_worth_more() {
        let free = |w: &mut Weights| w.passed_free = 500;
        let step = |w: &mut Weights| w.passed_step = 500;
        // Nothing watches d6..d8.
        let open = "7k/8/8/3P4/8/8/8/4K3 w - - 0 1";
        // The black rook on a8 watches d8 (the path), not d6.
        let watched = "r6k/8/8/3P4/8/8/8/4K3 w - - 0 1";
        // A black knight on e8 attacks d6, the next cell.
        let stopped = "4n2k/8/8/3P4/8/8/8/4K3 w - - 0 1";
        assert!(term_gain(open, free) > 5);
        assert_near(term_gain(open, step), 0);
        assert_near(term_gain(watched, free), 0);
        assert!(term_gain(watched, step) > 5);
        assert_near(term_gain(stopped, free), 0);
        assert_near(term_gain(stopped, step), 0);
    }

    /// A pawn that can step to a safe cell from which it would attack an enemy piece threatens
    /// it; not when an enemy pawn guards that cell, and not the royal man.
    #[test]
    fn safe_pawn_push_attacking_a_piece_is_a_threat() {
        let push = |w: &mut Weights| {
            w.push_threat_mg = 30;
            w.push_threat_eg = 30;
        };
        // e3-e4 would attack the knight on d5 (and nothing guards e4); the white rook keeps the
        // endgame from being scaled down.
        let threat = "4k3/8/8/3n4/8/4P3/8/R3K3 w - - 0 1";
        // The same with a black pawn on f5 guarding e4.
        let guarded = "4k3/8/8/3n1p2/8/4P3/8/R3K3 w - - 0 1";
        // d3-d4 (defended by the rook) would attack the knight on e5, but not the royal man there.
        let knight = "7k/8/8/4n3/R7/3P4/8/4K3 w - - 0 1";
        let royal = "8/8/8/4k3/R7/3P4/8/4K3 w - - 0 1";
        let g = term_gain(threat, push);
        assert!(g > 20, "{g}");
        assert_near(term_gain(guarded, push), 0);
        assert!(term_gain(knight, push) > 20);
        assert_near(term_gain(royal, push), 0);
    }

    /// A cell both sides attack scores for a side unless the enemy holds it strongly: with a
    /// pawn-like man, or with two men against one.
    #[test]
    fn contested_cells_not_held_strongly_restrict_the_enemy() {
        let restricted = |w: &mut Weights| {
            w.restricted_mg = 10;
            w.restricted_eg = 10;
        };
        // The rooks contest a1 and e5: two each (the h-pawns keep the endgame from being scaled).
        let even = "7k/7p/8/r7/8/8/7P/4R1K1 w - - 0 1";
        // A black pawn on d6 holds e5: White no longer scores it, Black still does.
        let pawn = "7k/7p/3p4/r7/8/8/7P/4R1K1 w - - 0 1";
        // A white knight on f3 makes e5 two against one (Black no longer scores it) and contests
        // g5 with the black rook (both score it).
        let two = "7k/7p/8/r7/8/5N2/7P/4R1K1 w - - 0 1";
        assert_near(term_gain(even, restricted), 0);
        assert_near(term_gain(pawn, restricted), -10);
        assert_near(term_gain(two, restricted), 10);
    }

    /// Endgame: a passed pawn is worth more when the own royal man is nearer to it than the enemy's.
    #[test]
    fn passed_pawn_escorted_by_its_royal_man_is_worth_more() {
        let escort = |w: &mut Weights| w.passed_king_eg = 100;
        assert!(term_gain("7k/8/8/3PK3/8/8/8/8 w - - 0 1", escort) > 5);
        assert!(term_gain("K7/8/8/3Pk3/8/8/8/8 w - - 0 1", escort) < -5);
    }

    /// Pawns defended by a pawn, or beside one on the same rank, are connected; an advanced
    /// connected pawn earns more.
    #[test]
    fn connected_pawns_are_a_bonus() {
        let supported = |w: &mut Weights| {
            w.supported_mg = 8;
            w.supported_eg = 8;
        };
        let phalanx = |w: &mut Weights| {
            w.phalanx_mg = 8;
            w.phalanx_eg = 8;
        };
        // d3 defends e4: one supported pawn.
        let chain = "4k3/8/8/8/4P3/3P4/8/4K3 w - - 0 1";
        assert!(term_gain(chain, supported) >= 8);
        assert_near(term_gain(chain, phalanx), 0);
        // d4 and e4 side by side: two phalanx pawns, none supported.
        let side = "4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1";
        assert!(term_gain(side, phalanx) >= 16);
        assert_near(term_gain(side, supported), 0);
        let advanced = "4k3/8/3PP3/8/8/8/8/4K3 w - - 0 1";
        assert!(term_gain(advanced, phalanx) > term_gain(side, phalanx));
    }

    /// The side to move's own threats count at `threat_mover` per mille; the other side's in full.
    #[test]
    fn mover_threats_are_scaled() {
        let none = |w: &mut Weights| w.threat_mover = 0;
        // White to move threatens the undefended knight on a5 with the rook; Black threatens nothing.
        let fen = "4k3/8/8/n7/8/8/8/R3K3 w - - 0 1";
        assert!(term_gain(fen, none) < 0);
        // With Black to move, White's threats are not the mover's: unchanged.
        assert_near(term_gain("4k3/8/8/n7/8/8/8/R3K3 b - - 0 1", none), 0);
    }

    /// The chess position `worse` evaluates more than `margin` below `better` (same side to move).
    fn assert_below_by(worse: &str, better: &str, margin: i32) {
        let (w, b) = (eval_of("chess", worse), eval_of("chess", better));
        assert!(w < b - margin, "{w} vs {b}");
    }

    /// A piece attacked by a pawn is a threat its owner pays for: the knight on e4 under the d5
    /// pawn is worth much less than with the pawn one step back.
    #[test]
    fn man_attacked_by_a_pawn_is_a_threat() {
        assert_below_by(
            "rnbqkb1r/ppp2ppp/8/3p4/4N3/8/PPPP1PPP/R1BQKB1R w KQkq - 0 1",
            "rnbqkb1r/ppp2ppp/3p4/8/4N3/8/PPPP1PPP/R1BQKB1R w KQkq - 0 1",
            40,
        );
    }

    /// An undefended man under attack costs more than the same man defended.
    #[test]
    fn hanging_man_is_a_threat() {
        // The black rook on a8 attacks the knight on a4 (defended by b3 in the second).
        assert_below_by(
            "rnbqkbnr/1ppppppp/8/8/N7/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
            "rnbqkbnr/1ppppppp/8/8/N7/1P6/P1PPPPPP/R1BQKBNR w KQkq - 0 1",
            20,
        );
    }

    /// Two pieces bearing on the royal man's zone are danger for its side: queen h5 and rook f1
    /// hit f7/h7, against the same queen with the rook on e1, away from the king.
    /// A type that can check from a cell the defender does not cover counts as a royal-zone
    /// attacker: the queen's check on d8 (with the knight on g5, two attackers) is danger; with a
    /// black knight covering d8 there is no safe check and, one attacker short, no penalty.
    #[test]
    fn safe_checks_add_to_the_royal_zone_attack() {
        let set = |w: &mut Weights| w.safe_check = 100;
        assert!(term_gain("6k1/5ppp/8/6N1/8/8/5PPP/3Q2K1 b - - 0 1", set) < 0);
        assert_eq!(
            term_gain("6k1/5ppp/2n5/6N1/8/8/5PPP/3Q2K1 b - - 0 1", set),
            0
        );
    }

    /// In the middle game the royal man is better off the central files (castled).
    #[test]
    fn royal_man_off_the_central_files_is_a_bonus() {
        let set = |w: &mut Weights| w.royal_file_mg = 10;
        let castled = term_gain("rnbqk2r/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1RK1 w kq - 0 1", set);
        assert!((10..=20).contains(&castled), "{castled}");
        assert_eq!(
            term_gain(
                "rnbqk2r/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1",
                set
            ),
            0
        );
    }

    #[test]
    fn pieces_attacking_the_royal_zone_are_danger() {
        assert_below_by(
            "r1b2rk1/ppq2ppp/2n5/3p3Q/8/2N5/PP4PP/R4RK1 b - - 0 1",
            "r1b2rk1/ppq2ppp/2n5/3p3Q/8/2N5/PP4PP/R3R1K1 b - - 0 1",
            30,
        );
    }
}

#[cfg(test)]
mod symmetry {
    use super::*;

    /// The FEN with colours swapped and the board turned over (ranks reversed); no castling or
    /// en-passant fields.
    pub(super) fn flipped(fen: &str) -> String {
        let mut f = fen.split_whitespace();
        let board = f.next().unwrap();
        let side = f.next().unwrap();
        let swap = |c: char| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        };
        let ranks: Vec<String> = board
            .split('/')
            .rev()
            .map(|r| r.chars().map(swap).collect())
            .collect();
        format!(
            "{} {} - - 0 1",
            ranks.join("/"),
            if side == "w" { "b" } else { "w" }
        )
    }

    /// The evaluation is the same for the side to move whichever colour it plays: a position and
    /// its mirror image with colours swapped score alike (a one-sided term would break this).
    #[test]
    fn evaluation_is_colour_symmetric() {
        let cases = [
            (
                "chess",
                "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w - - 0 1",
            ),
            ("chess", "6k1/5pp1/7p/3P4/1R6/6P1/5PKP/2r5 b - - 0 1"),
            (
                "chess",
                "r4rk1/1b2qppp/p3p3/1p1nP3/3N4/P1B5/1P3PPP/R2Q1RK1 w - - 0 1",
            ),
            (
                "chess",
                "2kr3r/ppp2ppp/2n5/3q4/3P4/2P1B3/P4PPP/R2QR1K1 b - - 0 1",
            ),
            (
                "shatranj",
                "r1b1kb1r/ppp1pppp/2n5/3q4/3P4/2N5/PPP1PPPP/R1B1KB1R w - - 0 1",
            ),
            (
                "xiangqi",
                "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKABR1 b - - 0 1",
            ),
            (
                "capablanca",
                "r1abqkb1cr/pppp1ppppp/2n2n4/4p5/4P5/2N2N4/PPPP1PPPPP/RA1BQKBC1R w - - 0 1",
            ),
        ];
        for (g, fen) in cases {
            let v = crate::variants::build(g, "").unwrap();
            let ep = EvalParams::new(&v);
            let a = evaluate(&crate::fen::parse(&v, fen).unwrap(), &ep);
            let b = evaluate(&crate::fen::parse(&v, &flipped(fen)).unwrap(), &ep);
            assert_eq!(a, b, "{g} {fen}");
        }
    }
}
