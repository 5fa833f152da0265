//! Fitting the evaluation weights (`eval::Weights`) to reference scores.
//!
//! Two steps, with a labelling step between them done by a reference engine
//! (`scripts/tune_label.py`):
//! 1. `sample`: self-play games at a few nodes per move from randomised openings; quiet positions
//!    (not in check, no capture that wins material by static exchange) are written as
//!    `variant;fen` lines.
//! 2. `fit`: from `variant;fen;score` lines (score in centipawns for the side to move), local
//!    search over the weights that minimises the mean squared difference between the win
//!    probabilities of our static evaluation (times a factor per game) and of the reference score
//!    (docs/eval.md, "Weights and tuning").

use std::collections::HashMap;
use std::io::Write;
use std::sync::Arc;

use rayon::prelude::*;

use crate::eval::{EvalParams, Weights, evaluate};
use crate::movegen::{MoveList, legal_moves};
use crate::moves::MoveKind;
use crate::outcome::outcome_with;
use crate::position::Position;
use crate::search::{Control, Limits, Searcher, see};
use crate::variant::Variant;
use crate::{fen, variants};

/// Settings of the self-play that samples positions (also `chatrang tune sample`'s options).
#[derive(clap::Args)]
pub struct SampleConfig {
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Nodes per move.
    #[arg(long, default_value_t = 3000)]
    pub nodes: u64,
    /// Random plies at the start of each game.
    #[arg(long, default_value_t = 8)]
    pub random_plies: usize,
    /// Keep about one position in this many plies.
    #[arg(long, default_value_t = 6)]
    pub every: u64,
    #[arg(long, default_value_t = 300)]
    pub max_plies: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// A small xorshift generator (reproducible samples without a dependency).
pub(crate) struct Rng(pub u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
}

/// Not in check, no promotion available, and every capture loses or breaks even by static
/// exchange (one the SEE cannot judge counts as winning): the static evaluation should match a
/// search here.
pub fn is_quiet(pos: &mut Position, ep: &EvalParams) -> bool {
    if pos.in_check() {
        return false;
    }
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    !list.is_empty()
        && list.iter().all(|&m| {
            let tactical = crate::search::is_tactical(pos, m);
            m.kind != MoveKind::Promotion
                && (!tactical || see::see(pos, ep, m).is_some_and(|x| x <= 0))
        })
}

/// Plays `cfg.games` self-play games of `variant` and writes the sampled quiet positions as
/// `variant;fen` lines; returns how many were written.
pub fn sample(
    variant: &str,
    options: &str,
    cfg: &SampleConfig,
    out: &mut dyn Write,
) -> Result<usize, String> {
    let v = variants::build(variant, options)?;
    let searcher = Searcher::new(16);
    let ep = searcher.eval_params(&v);
    let mut rng = Rng(cfg.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let limits = Limits {
        nodes: Some(cfg.nodes.max(1)),
        ..Default::default()
    };
    let mut written = 0;
    for _ in 0..cfg.games {
        let mut pos = fen::parse(&v, &v.start_fen)?;
        searcher.clear();
        for ply in 0..cfg.max_plies {
            let mut list = MoveList::new();
            legal_moves(&mut pos, &mut list);
            if outcome_with(&mut pos, &list).is_some() || list.is_empty() {
                break;
            }
            if ply >= cfg.random_plies
                && rng.next().is_multiple_of(cfg.every.max(1))
                && is_quiet(&mut pos, &ep)
            {
                writeln!(out, "{variant};{}", fen::to_fen(&pos)).map_err(|e| e.to_string())?;
                written += 1;
            }
            let m = if ply < cfg.random_plies {
                list[(rng.next() % list.len() as u64) as usize]
            } else {
                let ctl = Control::new(false);
                match searcher.search(&pos, &limits, &ctl, &mut |_| {}).best {
                    Some(m) => m,
                    None => break,
                }
            };
            pos.make(m);
        }
    }
    Ok(written)
}

/// Positions of one game with their reference scores.
pub struct GameSet {
    pub variant: Arc<Variant>,
    pub positions: Vec<Position>,
    /// Reference win probability of the side to move.
    pub target: Vec<f64>,
    /// Factor on our scores that matches the reference's scale in this game (`fit_scales`).
    pub scale: f64,
}

/// Win probability of a score in centipawns (the usual logistic with 400 cp per factor of ten).
pub fn win_probability(cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-cp / 400.0))
}

/// Reads `variant;fen;score` lines (blank lines and `#` comments skipped); scores beyond
/// `max_score` (mates, decided games) are left out.
pub fn load(text: &str, max_score: i32) -> Result<Vec<GameSet>, String> {
    let mut sets: Vec<GameSet> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.splitn(3, ';');
        let (Some(game), Some(f), Some(score)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(format!("line {}: expected variant;fen;score", n + 1));
        };
        let score: i32 = score
            .trim()
            .parse()
            .map_err(|_| format!("line {}: bad score '{score}'", n + 1))?;
        if score.abs() > max_score {
            continue;
        }
        let i = match index.get(game) {
            Some(&i) => i,
            None => {
                let v = variants::build(game, "").map_err(|e| format!("line {}: {e}", n + 1))?;
                sets.push(GameSet {
                    variant: v,
                    positions: Vec::new(),
                    target: Vec::new(),
                    scale: 1.0,
                });
                index.insert(game.to_string(), sets.len() - 1);
                sets.len() - 1
            }
        };
        let set = &mut sets[i];
        let pos = fen::parse(&set.variant, f).map_err(|e| format!("line {}: {e}", n + 1))?;
        set.positions.push(pos);
        set.target.push(win_probability(score as f64));
    }
    Ok(sets)
}

/// Sum of squared win-probability differences of one game's positions under `w`, with our
/// scores multiplied by `scale`.
fn scaled_error(set: &GameSet, w: &Weights, scale: f64) -> f64 {
    let ep = EvalParams::with_weights(&set.variant, w.clone());
    // Summed in a fixed order: a parallel sum's rounding varies from run to run, and the local
    // search would take such noise for progress.
    let terms: Vec<f64> = set
        .positions
        .par_iter()
        .zip(&set.target)
        .map(|(p, &t)| {
            let e = win_probability(evaluate(p, &ep) as f64 * scale);
            (e - t) * (e - t)
        })
        .collect();
    terms.iter().sum()
}

/// Mean squared error over all games (each with its own scale), every position weighing the same.
pub fn error(sets: &[GameSet], w: &Weights) -> f64 {
    let n: usize = sets.iter().map(|s| s.positions.len()).sum();
    let sum: f64 = sets.iter().map(|s| scaled_error(s, w, s.scale)).sum();
    sum / n.max(1) as f64
}

/// Per game: (variant id, positions, mean squared error).
pub fn errors_by_game(sets: &[GameSet], w: &Weights) -> Vec<(String, usize, f64)> {
    sets.iter()
        .map(|s| {
            let n = s.positions.len();
            let e = scaled_error(s, w, s.scale) / n.max(1) as f64;
            (s.variant.id.clone(), n, e)
        })
        .collect()
}

/// Sets each game's factor on our scores to the one that best matches the reference's scale
/// under `w` (golden-section search): engines scale centipawns differently per game.
pub fn fit_scales(sets: &mut [GameSet], w: &Weights) {
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for set in sets.iter_mut() {
        let (mut a, mut b) = (0.2f64, 4.0f64);
        for _ in 0..30 {
            let c = b - g * (b - a);
            let d = a + g * (b - a);
            if scaled_error(set, w, c) < scaled_error(set, w, d) {
                b = d;
            } else {
                a = c;
            }
        }
        set.scale = (a + b) / 2.0;
    }
}

/// The index in `Weights::NAMES` of the named weight; an unknown name is an error.
fn weight_index(name: &str) -> Result<usize, String> {
    Weights::NAMES
        .iter()
        .position(|w| *w == name)
        .ok_or_else(|| format!("no weight named {name}"))
}

/// The indices in `Weights::NAMES` of the named weights; an unknown name is an error.
pub fn weight_indices(names: &[String]) -> Result<Vec<usize>, String> {
    names.iter().map(|n| weight_index(n)).collect()
}

/// The indices of every weight but the named ones (`fit`'s `fixed` when only those may move).
pub fn all_but(names: &[String]) -> Result<Vec<usize>, String> {
    let free = weight_indices(names)?;
    Ok((0..Weights::NAMES.len())
        .filter(|i| !free.contains(i))
        .collect())
}

/// `name=value` assignments as (index in `Weights::NAMES`, value); an unknown name or a value
/// that is not an integer is an error.
pub fn parse_values(assignments: &[String]) -> Result<Vec<(usize, i32)>, String> {
    assignments
        .iter()
        .map(|a| parse_assignment(a, weight_index))
        .collect()
}

/// The `name=value` items of an option's value, separated by commas or spaces (`<empty>`: none).
pub fn assignment_items(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|a| !a.is_empty() && *a != "<empty>")
}

/// One `name=value` item as (the name's index by `index`, value); a missing `=`, an unknown
/// name or a value that is not an integer is an error.
pub fn parse_assignment(
    a: &str,
    index: impl Fn(&str) -> Result<usize, String>,
) -> Result<(usize, i32), String> {
    let (name, value) = a
        .split_once('=')
        .ok_or_else(|| format!("{a}: expected name=value"))?;
    let i = index(name.trim())?;
    let v: i32 = value
        .trim()
        .parse()
        .map_err(|_| format!("{a}: the value is not an integer"))?;
    Ok((i, v))
}

/// `w` with parsed assignments laid over it.
pub fn apply_values(mut w: Weights, values: &[(usize, i32)]) -> Weights {
    let mut slots = w.slots();
    for &(i, v) in values {
        *slots[i] = v;
    }
    w
}

/// `w` with the `name=value` assignments applied.
pub fn with_values(w: Weights, assignments: &[String]) -> Result<Weights, String> {
    Ok(apply_values(w, &parse_values(assignments)?))
}

/// Local search: each weight in turn is moved by its step while that lowers the error; steps
/// halve after a pass without progress; the weights at the `fixed` indices keep their start
/// values. `log` receives a line per pass.
pub fn fit(
    sets: &[GameSet],
    start: &Weights,
    passes: usize,
    fixed: &[usize],
    log: &mut dyn FnMut(&str),
) -> Weights {
    let mut w = start.clone();
    let mut steps: Vec<i32> = w
        .clone()
        .slots()
        .iter()
        .map(|x| (x.abs() / 5).max(1))
        .collect();
    let mut best = error(sets, &w);
    for pass in 0..passes {
        let mut improved = false;
        for (i, &step) in steps.iter().enumerate() {
            if fixed.contains(&i) {
                continue;
            }
            for dir in [1, -1] {
                let mut moved = false;
                loop {
                    let mut t = w.clone();
                    *t.slots()[i] += dir * step;
                    let e = error(sets, &t);
                    if e < best {
                        best = e;
                        w = t;
                        moved = true;
                        improved = true;
                    } else {
                        break;
                    }
                }
                if moved {
                    break;
                }
            }
        }
        log(&format!("pass {}: error {best:.6}", pass + 1));
        if !improved {
            if steps.iter().all(|&s| s == 1) {
                break;
            }
            for s in &mut steps {
                *s = (*s / 2).max(1);
            }
        }
    }
    w
}

/// What `fit_squares` found: the adjustments (as `Variant::square_adjust`) and the error on the
/// fitting and held-out positions before and after.
pub struct SquareFit {
    pub table: Vec<[i32; 2]>,
    pub train: (f64, f64),
    pub held_out: (f64, f64),
}

/// Fits a piece-square adjustment per (type, cell as the first army sees it, phase) to one
/// game's reference scores, on top of its evaluation under `w` (the game's own table, if any,
/// included): the residual the hand-made terms leave. The adjustments enter the score linearly
/// (tapered by `eval::phase`), so full-batch gradient descent (Adam) on the squared
/// win-probability error finds them. Each type's shift is free; `l2` pulls the cells' deviations
/// from it toward zero. Every tenth position is held out to show whether the fit generalises.
/// Only two-player games.
pub fn fit_squares(set: &GameSet, w: &Weights, steps: usize, l2: f64) -> Result<SquareFit, String> {
    let v = &set.variant;
    if v.players != 2 {
        return Err(format!(
            "{}: piece squares are fitted for two players only",
            v.id
        ));
    }
    let ep = EvalParams::with_weights(v, w.clone());
    let nc = v.geo.num_cells();
    let nt = v.pieces.len();
    // Per position: our score, its phase, and each man's (parameter, +1 ours / -1 theirs) twice:
    // its cell's and its type's. The type's shift (a change of value, which the cells would
    // otherwise share) is not pulled toward zero; only the cells' deviations from it are.
    struct Sample {
        eval: f64,
        phase: f64,
        men: Vec<(usize, f64)>,
        target: f64,
    }
    let samples: Vec<Sample> = set
        .positions
        .par_iter()
        .zip(&set.target)
        .map(|(p, &target)| {
            let mut men = Vec::new();
            for c in v.geo.cells() {
                let man = p.at(c);
                if man.is_empty() {
                    continue;
                }
                let army = man.army();
                let sign = if army == p.side { 1.0 } else { -1.0 };
                let t = man.kind() as usize;
                men.push((crate::eval::squares::index(v, t, army as usize, c), sign));
                men.push((nt * nc + t, sign));
            }
            Sample {
                eval: evaluate(p, &ep) as f64,
                phase: crate::eval::phase(p, &ep) as f64 / 256.0,
                men,
                target,
            }
        })
        .collect();
    let held = |i: usize| i % 10 == 9;
    let k = set.scale;
    // theta[2 * i] middle game, theta[2 * i + 1] endgame; cells first, then the types' shifts.
    let cells = nt * nc;
    let mut theta = vec![0.0f64; 2 * (cells + nt)];
    let errors = |theta: &[f64]| {
        let (mut tr, mut ho, mut ntr, mut nho) = (0.0, 0.0, 0usize, 0usize);
        for (i, s) in samples.iter().enumerate() {
            let d = delta(s.phase, &s.men, theta);
            let e = win_probability(k * (s.eval + d)) - s.target;
            if held(i) {
                ho += e * e;
                nho += 1;
            } else {
                tr += e * e;
                ntr += 1;
            }
        }
        (tr / ntr.max(1) as f64, ho / nho.max(1) as f64)
    };
    fn delta(phase: f64, men: &[(usize, f64)], theta: &[f64]) -> f64 {
        men.iter()
            .map(|&(i, sign)| sign * (phase * theta[2 * i] + (1.0 - phase) * theta[2 * i + 1]))
            .sum()
    }
    let before = errors(&theta);
    let n = (0..samples.len()).filter(|&i| !held(i)).count().max(1) as f64;
    let (b1, b2, rate, eps) = (0.9f64, 0.999f64, 1.0, 1e-8);
    let mut m1 = vec![0.0f64; theta.len()];
    let mut m2 = vec![0.0f64; theta.len()];
    let slope = 10f64.ln() / 400.0 * k;
    for step in 1..=steps {
        let mut grad: Vec<f64> = theta
            .iter()
            .enumerate()
            .map(|(j, t)| if j < 2 * cells { 2.0 * l2 * t } else { 0.0 })
            .collect();
        for s in samples
            .iter()
            .enumerate()
            .filter(|(i, _)| !held(*i))
            .map(|(_, s)| s)
        {
            let p = win_probability(k * (s.eval + delta(s.phase, &s.men, &theta)));
            let g = 2.0 * (p - s.target) * p * (1.0 - p) * slope / n;
            for &(j, sign) in &s.men {
                grad[2 * j] += g * sign * s.phase;
                grad[2 * j + 1] += g * sign * (1.0 - s.phase);
            }
        }
        let (c1, c2) = (1.0 - b1.powi(step as i32), 1.0 - b2.powi(step as i32));
        for j in 0..theta.len() {
            m1[j] = b1 * m1[j] + (1.0 - b1) * grad[j];
            m2[j] = b2 * m2[j] + (1.0 - b2) * grad[j] * grad[j];
            theta[j] -= rate * (m1[j] / c1) / ((m2[j] / c2).sqrt() + eps);
        }
    }
    // Each cell takes its type's shift, rounded as the engine will use it; then measured again.
    // A cell no man stood on has no deviation (nothing moved it), so it gets the shift alone: a
    // man reaching it later (a promotion, another arrangement) keeps his type's new value.
    let mut fitted = vec![0.0f64; theta.len()];
    for i in 0..cells {
        for ph in 0..2 {
            fitted[2 * i + ph] = (theta[2 * i + ph] + theta[2 * (cells + i / nc) + ph]).round();
        }
    }
    let after = errors(&fitted);
    let old = v.square_adjust.as_deref().unwrap_or(&[]);
    let table = (0..cells)
        .map(|i| {
            let [mg, eg] = old.get(i).copied().unwrap_or_default();
            [mg + fitted[2 * i] as i32, eg + fitted[2 * i + 1] as i32]
        })
        .collect();
    Ok(SquareFit {
        table,
        train: (before.0, after.0),
        held_out: (before.1, after.1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sampled_positions_are_quiet_and_parse() {
        let cfg = SampleConfig {
            games: 2,
            nodes: 200,
            random_plies: 4,
            every: 3,
            max_plies: 40,
            seed: 7,
        };
        let mut out = Vec::new();
        let n = sample("chess", "", &cfg, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), n);
        assert!(n > 0);
        let v = variants::build("chess", "").unwrap();
        let ep = EvalParams::new(&v);
        for line in text.lines() {
            let (game, f) = line.split_once(';').unwrap();
            assert_eq!(game, "chess");
            let mut pos = fen::parse(&v, f).unwrap();
            assert!(is_quiet(&mut pos, &ep), "{f}");
        }
    }

    #[test]
    fn position_with_a_winning_capture_is_not_quiet() {
        let v = variants::build("chess", "").unwrap();
        let ep = EvalParams::new(&v);
        let mut pos = fen::parse(&v, "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1").unwrap();
        assert!(!is_quiet(&mut pos, &ep));
        // A promotion is not quiet either; the same men without it are.
        let mut pos = fen::parse(&v, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert!(!is_quiet(&mut pos, &ep));
        let mut pos = fen::parse(&v, "4k3/8/P7/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert!(is_quiet(&mut pos, &ep));
    }

    /// Reference scores made by the evaluation itself under a larger tempo.
    fn tempo_data() -> Vec<GameSet> {
        let v = variants::build("chess", "").unwrap();
        let mut target = Weights::default();
        target.tempo += 40;
        let ep = EvalParams::with_weights(&v, target);
        let fens = [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "8/5k2/8/3P4/8/8/5K2/8 w - - 0 1",
            "8/5k2/8/3P4/8/8/5K2/8 b - - 0 1",
        ];
        let mut text = String::new();
        for f in fens {
            let pos = fen::parse(&v, f).unwrap();
            text += &format!("chess;{f};{}\n", evaluate(&pos, &ep));
        }
        load(&text, 2000).unwrap()
    }

    #[test]
    fn fitting_lowers_the_error_toward_the_reference() {
        // The fit must move the tempo weight toward the reference's and lower the error.
        let sets = tempo_data();
        let start = Weights::default();
        let before = error(&sets, &start);
        let fitted = fit(&sets, &start, 3, &[], &mut |_| {});
        assert!(error(&sets, &fitted) < before / 2.0);
        assert!(fitted.tempo > start.tempo);
    }

    #[test]
    fn square_fit_finds_a_planted_cell_for_either_side() {
        // The reference likes a white knight on d4 by 80 (for the side to move: -80 when Black
        // moves); everywhere else it agrees with our evaluation.
        let v = variants::build("chess", "").unwrap();
        let ep = EvalParams::new(&v);
        let mut text = String::new();
        for c in v.geo.cells() {
            let (x, y, _) = v.geo.coords(c);
            if [(4, 0), (4, 7), (0, 1), (1, 1), (0, 6), (1, 6)].contains(&(x, y)) {
                continue;
            }
            for side in ["w", "b"] {
                let mut rows = vec![String::from("8"); 8];
                rows[7 - y as usize] = format!("{}N{}", x, 7 - x).replace('0', "");
                rows[7] = "4K3".into();
                rows[0] = "4k3".into();
                rows[6] = if y == 1 {
                    rows[6].clone()
                } else {
                    "PP6".into()
                };
                rows[1] = if y == 6 {
                    rows[1].clone()
                } else {
                    "pp6".into()
                };
                let f = format!("{} {side} - - 0 1", rows.join("/"));
                let Ok(pos) = fen::parse(&v, &f) else {
                    continue;
                };
                let sign = if side == "w" { 1 } else { -1 };
                let planted = if v.geo.name(c) == "d4" { 80 * sign } else { 0 };
                text += &format!("chess;{f};{}\n", evaluate(&pos, &ep) + planted);
            }
        }
        let sets = load(&text, 2000).unwrap();
        assert!(sets[0].positions.len() > 100, "{}", sets[0].positions.len());
        let own = v.eval_weights.clone().unwrap_or_default();
        let fit = fit_squares(&sets[0], &own, 400, 0.0).unwrap();
        assert!(fit.train.1 < fit.train.0 / 10.0, "{:?}", fit.train);
        let n = v.piece_by_token("N").unwrap() as usize;
        let d4 = v.geo.parse_cell("d4").unwrap() as usize;
        // The table holds chess's own grids plus what this fit found.
        let own_table = v.square_adjust.clone().unwrap();
        let found = |i: usize| {
            let ([a, b], [c, d]) = (fit.table[i], own_table[i]);
            [a - c, b - d]
        };
        let [mg, eg] = found(n * v.geo.num_cells() + d4);
        // One knight leaves the phase near the endgame: the endgame number carries it.
        assert!((70..=90).contains(&eg), "{mg} {eg}");
        let e5 = v.geo.parse_cell("e5").unwrap() as usize;
        let [_, other] = found(n * v.geo.num_cells() + e5);
        assert!(other.abs() <= 5, "{other}");
        // No knight stood on a2, b2 or a7: each takes the knights' shift alone, the same number.
        let unseen =
            |name: &str| found(n * v.geo.num_cells() + v.geo.parse_cell(name).unwrap() as usize);
        assert_eq!(unseen("a2"), unseen("b2"));
        assert_eq!(unseen("a2"), unseen("a7"));
        // Without a pull (l2 = 0) the d4 bonus is split between the shift and the cells, so the
        // shift is not zero: the unseen cells carry it.
        assert_ne!(unseen("a2"), [0, 0]);
        // No queen stood anywhere in this data: her shift is zero, so is every cell of hers.
        let q = v.piece_by_token("Q").unwrap() as usize;
        let nc = v.geo.num_cells();
        assert!((q * nc..(q + 1) * nc).all(|i| found(i) == [0, 0]));
    }

    #[test]
    fn set_replaces_start_values_by_name() {
        let w = with_values(
            Weights::default(),
            &["tempo=3".to_string(), " passed_free = 250".to_string()],
        )
        .unwrap();
        assert_eq!((w.tempo, w.passed_free), (3, 250));
        assert_eq!(w.pawn_mg, Weights::default().pawn_mg);
        assert!(with_values(Weights::default(), &["tempo".to_string()]).is_err());
        assert!(with_values(Weights::default(), &["nosuch=1".to_string()]).is_err());
        assert!(with_values(Weights::default(), &["tempo=x".to_string()]).is_err());
    }

    #[test]
    fn free_weights_leave_every_other_one_fixed() {
        let fixed = all_but(&["tempo".to_string(), "pawn_mg".to_string()]).unwrap();
        assert_eq!(fixed.len(), Weights::NAMES.len() - 2);
        assert!(!fixed.contains(&weight_index("tempo").unwrap()));
        assert!(fixed.contains(&weight_index("pawn_eg").unwrap()));
        assert!(all_but(&["nosuch".to_string()]).is_err());
    }

    #[test]
    fn fixed_weights_keep_their_start_values() {
        // The same data with the tempo fixed: other weights may move to make up, the tempo not.
        let sets = tempo_data();
        let start = Weights::default();
        let tempo = weight_indices(&["tempo".to_string()]).unwrap();
        let fitted = fit(&sets, &start, 3, &tempo, &mut |_| {});
        assert_eq!(fitted.tempo, start.tempo);
        assert_ne!(fitted, start);
    }

    #[test]
    fn bad_data_lines_are_errors() {
        assert!(load("chess;8/8/8/8/8/8/8/8 w - - 0 1", 2000).is_err());
        assert!(
            load(
                "chess;rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;x",
                2000
            )
            .is_err()
        );
        assert!(load("nosuchgame;8/8 w;10", 2000).is_err());
        let ok = load(
            "# comment\nchess;rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;3000\n",
            2000,
        )
        .unwrap();
        assert_eq!(ok.iter().map(|s| s.positions.len()).sum::<usize>(), 0);
    }
}
