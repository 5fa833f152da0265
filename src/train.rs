//! Training a game's net (`eval::nnue`): positions from refereed games, then gradient descent.
//!
//! 1. `positions_from_pgn`: the games of `chatrang match` (any engines, scores in the move
//!    comments) as `variant;fen;score;result` lines, one per position whose side to move was not
//!    in check and whose move played was quiet; `score` is the mover's reported score in
//!    centipawns and `result` the game's for him (1, 0.5 or 0).
//! 2. `train`: a float net fitted to those lines (Adam on the squared error of win
//!    probabilities: the reference score's, blended with the game's result), quantised to a
//!    `Network` (docs/eval.md, "Networks").

use std::collections::HashMap;
use std::io::Write;
use std::sync::Arc;

use rayon::prelude::*;

use crate::eval::nnue::{self, HIDDEN, Inputs, MAX_BUCKETS, MAX_HIDDEN, Network, SCALE};
use crate::matchrun::pgn;
use crate::position::Position;
use crate::search::is_tactical;
use crate::tune::Rng;
use crate::variant::Variant;
use crate::{fen, notation, variants};

/// Scores beyond this many centipawns (mates, decided games) teach little: left out.
pub const MAX_SCORE: i32 = 3000;

/// The mover's score in a move comment (`+0.31/12 1.200s`), in centipawns; `None` for a mate,
/// a book move or no score.
fn comment_score(comment: &str) -> Option<i32> {
    let head = comment.split(['/', ' ']).next()?;
    if head.contains('M') {
        return None;
    }
    let pawns: f64 = head.parse().ok()?;
    Some((pawns * 100.0).round() as i32)
}

/// Which positions of a game `positions_from_pgn` writes (also `chatrang tune pgn`'s options).
#[derive(clap::Args, Clone, Debug, Default)]
pub struct PgnPositions {
    /// Every position out of check, scored or not (a missing score is written as 0, for a
    /// labeller such as `scripts/fsf_static_label.py` to fill in), instead of the scored quiet
    /// ones.
    #[arg(long)]
    pub all: bool,
    /// With `--all`: from each position also this many random legal moves deep, writing each
    /// position on the way (the unbalanced positions a search meets).
    #[arg(long, default_value_t = 0, requires = "all")]
    pub detour: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Writes the training positions of the games in PGN `text` to `out` (`cfg` says which); returns
/// how many.
pub fn positions_from_pgn(
    text: &str,
    cfg: &PgnPositions,
    out: &mut dyn Write,
) -> Result<usize, String> {
    let games = pgn::parse(text)?;
    let mut built: HashMap<(String, String), Arc<Variant>> = HashMap::new();
    let mut rng = Rng(cfg.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut written = 0;
    let mut line = |pos: &Position, id: &str, score: i32, first: f64| {
        let result = if pos.side == 0 { first } else { 1.0 - first };
        written += 1;
        writeln!(out, "{id};{};{score};{result}", fen::to_fen(pos)).map_err(|e| e.to_string())
    };
    for g in &games {
        let first = match g.result.as_str() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            "1/2-1/2" => 0.5,
            _ => continue,
        };
        let id = g.tag("Variant").unwrap_or("chess").to_string();
        let opts = g.tag("VariantOptions").unwrap_or("").to_string();
        let key = (id.clone(), opts.clone());
        let v = match built.get(&key) {
            Some(v) => Arc::clone(v),
            None => {
                let v = variants::build(&id, &opts)?;
                built.insert(key, Arc::clone(&v));
                v
            }
        };
        if v.players != 2 {
            continue;
        }
        let start = g.tag("FEN").unwrap_or(&v.start_fen);
        let mut pos = fen::parse(&v, start)?;
        for mv in &g.moves {
            let m = notation::parse_move(&mut pos, &mv.text)?;
            let score = comment_score(&mv.comment).filter(|s| s.abs() <= MAX_SCORE);
            if cfg.all {
                if !pos.in_check() {
                    line(&pos, &id, score.unwrap_or(0), first)?;
                }
                detour(&mut pos, cfg.detour, &mut rng, &mut |p| {
                    line(p, &id, 0, first)
                })?;
            } else if let Some(score) = score
                && !pos.in_check()
                && !is_tactical(&pos, m)
            {
                line(&pos, &id, score, first)?;
            }
            pos.make(m);
        }
    }
    Ok(written)
}

/// Plays up to `depth` random legal moves from `pos`, calling `f` with each position reached
/// out of check, and takes them back.
fn detour(
    pos: &mut Position,
    depth: usize,
    rng: &mut Rng,
    f: &mut dyn FnMut(&Position) -> Result<(), String>,
) -> Result<(), String> {
    if depth == 0 {
        return Ok(());
    }
    let mut list = crate::movegen::MoveList::new();
    crate::movegen::legal_moves(pos, &mut list);
    if list.is_empty() {
        return Ok(());
    }
    let m = list[(rng.next() % list.len() as u64) as usize];
    pos.make(m);
    let r =
        if pos.in_check() { Ok(()) } else { f(pos) }.and_then(|_| detour(pos, depth - 1, rng, f));
    pos.unmake(m);
    r
}

/// Training positions of one game, as the net's inputs.
pub struct NetData {
    pub variant: Arc<Variant>,
    inputs: Inputs,
    /// Per position, the side to move's inputs and then the other side's (as many each).
    feats: Vec<u16>,
    /// Where each position's inputs start in `feats` (one more entry than positions).
    starts: Vec<u32>,
    /// The reference score's win probability for the side to move, and the game's result.
    prob: Vec<f32>,
    result: Vec<f32>,
    /// Men on the board of each position (its output bucket).
    men: Vec<u16>,
    /// For a residual net, the hand-made evaluation of each position, in the net's output units
    /// (centipawns / `SCALE`); empty otherwise.
    base: Vec<f32>,
}

impl NetData {
    pub fn len(&self) -> usize {
        self.prob.len()
    }

    pub fn is_empty(&self) -> bool {
        self.prob.is_empty()
    }

    fn residual(&self) -> bool {
        !self.base.is_empty()
    }

    /// The output position `i` starts from: its hand-made evaluation for a residual net, else 0.
    #[inline]
    fn base(&self, i: usize) -> f32 {
        self.base.get(i).copied().unwrap_or(0.0)
    }

    /// Position `i`'s output bucket, of `buckets`.
    #[inline]
    fn bucket(&self, i: usize, buckets: usize) -> usize {
        self.inputs.bucket(self.men[i] as usize, buckets)
    }

    fn views(&self, i: usize) -> (&[u16], &[u16]) {
        let (a, b) = (self.starts[i] as usize, self.starts[i + 1] as usize);
        self.feats[a..b].split_at((b - a) / 2)
    }
}

/// Win probability of a score in centipawns, on the net's scale.
fn sigmoid_cp(cp: f64) -> f64 {
    1.0 / (1.0 + (-cp / SCALE as f64).exp())
}

/// Reads `variant;fen;score;result` lines of one game (blank lines and `#` comments skipped);
/// scores beyond `MAX_SCORE` are left out. For a `residual` net each position also keeps the
/// game's hand-made evaluation, which the net learns to correct. `kings`: the king buckets, as
/// (file groups, rank groups) of `Inputs::grid_king_map`; (1, 1) for none.
pub fn load(text: &str, residual: bool, kings: (usize, usize)) -> Result<NetData, String> {
    let mut data: Option<NetData> = None;
    let mut terms: Option<crate::eval::EvalParams> = None;
    let mut buf = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |what: &str| format!("line {}: {what}", n + 1);
        let parts: Vec<&str> = line.split(';').collect();
        let [game, fen_text, score, result] = parts[..] else {
            return Err(bad("expected variant;fen;score;result"));
        };
        let score: i32 = score.trim().parse().map_err(|_| bad("bad score"))?;
        let result: f32 = result.trim().parse().map_err(|_| bad("bad result"))?;
        if !(0.0..=1.0).contains(&result) {
            return Err(bad("the result must be 0, 0.5 or 1"));
        }
        if score.abs() > MAX_SCORE {
            continue;
        }
        let d = match &mut data {
            Some(d) => {
                if d.variant.id != game {
                    return Err(bad("the data must hold positions of one game"));
                }
                d
            }
            None => {
                let v = variants::build(game, "").map_err(|e| bad(&e))?;
                let map = Inputs::grid_king_map(&v, kings.0, kings.1);
                let inputs = Inputs::with_king_map(&v, &map).map_err(|e| bad(&e))?;
                data.insert(NetData {
                    variant: v,
                    inputs,
                    feats: Vec::new(),
                    starts: vec![0],
                    prob: Vec::new(),
                    result: Vec::new(),
                    men: Vec::new(),
                    base: Vec::new(),
                })
            }
        };
        let pos: Position = fen::parse(&d.variant, fen_text).map_err(|e| bad(&e))?;
        buf.clear();
        d.inputs.of(&pos, pos.side as usize, &mut buf);
        d.inputs.of(&pos, 1 - pos.side as usize, &mut buf);
        d.feats.extend_from_slice(&buf);
        d.starts.push(d.feats.len() as u32);
        d.prob.push(sigmoid_cp(score as f64) as f32);
        d.result.push(result);
        d.men.push(Inputs::men(&pos) as u16);
        if residual {
            let ep = terms.get_or_insert_with(|| crate::eval::EvalParams::new(&d.variant));
            let e = crate::eval::evaluate_terms(&pos, ep);
            d.base.push(e as f32 / SCALE as f32);
        }
    }
    data.ok_or_else(|| "no positions".to_string())
}

/// Settings of `train` (also `chatrang tune net`'s options).
#[derive(clap::Args, Clone, Debug)]
pub struct TrainConfig {
    /// Passes over the data.
    #[arg(long, default_value_t = 30)]
    pub epochs: usize,
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// Adam's step size at the start; it falls tenfold over the last quarter of the epochs
    /// (and again over the last tenth).
    #[arg(long, default_value_t = 0.001)]
    pub lr: f32,
    /// Share of the target taken from the game's result (the rest from the reference score).
    #[arg(long, default_value_t = 0.25)]
    pub wdl: f32,
    /// One block of `HOLD_BLOCK` positions in this many is held out, to show whether the fit
    /// generalises (blocks: a game's positions are alike, so whole games are held out).
    #[arg(long, default_value_t = 50)]
    pub hold_out: usize,
    /// Decoupled weight decay (AdamW) of the hidden and output weights, per step times the step
    /// size: pulls weights the data do not support toward zero.
    #[arg(long, default_value_t = 0.0)]
    pub decay: f32,
    /// Output buckets: the output layer of each share of the way from bare royals to the start's
    /// men (`eval::nnue::Inputs::bucket`).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u8).range(1..=16))]
    pub buckets: u8,
    /// King buckets: the files in this many equal groups (times `--king-ranks`), each group's
    /// own input weights for the men when the viewer's royal man stands there.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=8))]
    pub king_files: u8,
    /// King buckets: the ranks as the viewer's first, second... and the rest (this many groups).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=4))]
    pub king_ranks: u8,
    /// Hidden units per view: a multiple of 64 up to 512 (`eval::nnue::MAX_HIDDEN`).
    #[arg(long, default_value_t = HIDDEN, value_parser = hidden_units)]
    pub hidden: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// `--hidden`'s value: what a net file may hold (`Network::parse`).
fn hidden_units(s: &str) -> Result<usize, String> {
    let n = s.parse::<usize>().unwrap_or(0);
    nnue::check_hidden(n).map(|()| n)
}

/// The sizes of a net's float weights.
#[derive(Clone, Copy)]
struct Shape {
    /// Hidden units per view.
    hidden: usize,
    /// Inputs of a view (every king bucket's).
    inputs: usize,
    /// Inputs of one king bucket.
    per_bucket: usize,
    cells: usize,
    kings: usize,
    buckets: usize,
}

impl Shape {
    fn of(inputs: &Inputs, buckets: usize, hidden: usize) -> Shape {
        Shape {
            hidden,
            inputs: inputs.count(),
            per_bucket: inputs.count() / inputs.kings(),
            cells: inputs.cells,
            kings: inputs.kings(),
            buckets,
        }
    }

    /// How many parts make up a merged input weight: its own, its man's, and with king buckets
    /// its (man, cell)'s.
    fn parts(&self) -> usize {
        if self.kings > 1 { 3 } else { 2 }
    }
}

/// The float net being fitted, or its gradient.
#[derive(Clone)]
struct Params {
    ft: Vec<f32>,
    /// Per (own or enemy, type), weights every cell's input of that man shares (a factor the
    /// few positions of a rare cell learn from all the others): the net's input weights are
    /// `ft` plus these (`merged`).
    factor: Vec<f32>,
    /// With king buckets, per (own or enemy, type, cell), weights every king bucket's input of
    /// that man on that cell shares (empty without).
    plain: Vec<f32>,
    bias: Vec<f32>,
    /// Per output bucket, the side to move's output weights and the other side's.
    out: Vec<f32>,
    out_bias: Vec<f32>,
}

impl Params {
    fn zeros(s: Shape) -> Params {
        let h = s.hidden;
        Params {
            ft: vec![0.0; s.inputs * h],
            factor: vec![0.0; s.per_bucket / s.cells * h],
            plain: vec![0.0; if s.kings > 1 { s.per_bucket * h } else { 0 }],
            bias: vec![0.0; h],
            out: vec![0.0; s.buckets * 2 * h],
            out_bias: vec![0.0; s.buckets],
        }
    }

    /// The shared rows input `f`'s merged weight adds to its own: its man's, and its (man,
    /// cell)'s (`None` without king buckets).
    #[inline]
    fn shared_rows(s: Shape, f: usize) -> (usize, Option<usize>) {
        let within = f % s.per_bucket;
        (within / s.cells, (s.kings > 1).then_some(within))
    }

    /// The weights as the net has them: each input's own plus its shared factors.
    fn merged(&self, s: Shape) -> Params {
        let h = s.hidden;
        let mut p = self.clone();
        for (f, row) in p.ft.chunks_exact_mut(h).enumerate() {
            let (t, c) = Self::shared_rows(s, f);
            for (w, &x) in row.iter_mut().zip(&self.factor[t * h..][..h]) {
                *w += x;
            }
            if let Some(c) = c {
                for (w, &x) in row.iter_mut().zip(&self.plain[c * h..][..h]) {
                    *w += x;
                }
            }
        }
        p.factor.iter_mut().for_each(|x| *x = 0.0);
        p.plain.iter_mut().for_each(|x| *x = 0.0);
        p
    }

    /// A gradient of the merged weights as one of these: each factor's is the sum of its
    /// inputs'.
    fn unmerge_gradient(&mut self, s: Shape) {
        let h = s.hidden;
        for (f, row) in self.ft.chunks_exact(h).enumerate() {
            let (t, c) = Self::shared_rows(s, f);
            for (x, &g) in self.factor[t * h..][..h].iter_mut().zip(row) {
                *x += g;
            }
            if let Some(c) = c {
                for (x, &g) in self.plain[c * h..][..h].iter_mut().zip(row) {
                    *x += g;
                }
            }
        }
    }

    fn add(mut self, o: Params) -> Params {
        for (a, b) in self.slices().into_iter().zip(o.slices_ref()) {
            a.par_iter_mut()
                .zip(b.par_iter())
                .for_each(|(x, y)| *x += y);
        }
        self
    }

    fn slices(&mut self) -> [&mut [f32]; 6] {
        [
            &mut self.ft,
            &mut self.factor,
            &mut self.plain,
            &mut self.bias,
            &mut self.out,
            &mut self.out_bias,
        ]
    }

    fn slices_ref(&self) -> [&[f32]; 6] {
        [
            &self.ft,
            &self.factor,
            &self.plain,
            &self.bias,
            &self.out,
            &self.out_bias,
        ]
    }
}

/// Positions held out together (`TrainConfig::hold_out`): several games' worth.
const HOLD_BLOCK: usize = 512;

/// Largest |weight| of the hidden and output layers: what the quantised net can hold.
const CLIP: f32 = 1.98;

/// Squared and clipped activation.
#[inline]
fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

/// Both views' float hidden units, room for the widest net.
type Units = [[f32; MAX_HIDDEN]; 2];

/// One position's forward pass: its output, and (in `units`) both views' hidden units.
#[inline]
fn forward(p: &Params, views: [&[u16]; 2], bucket: usize, units: &mut Units) -> f32 {
    let h = p.bias.len();
    let mut out = p.out_bias[bucket];
    for (k, feats) in views.iter().enumerate() {
        let u = &mut units[k][..h];
        u.copy_from_slice(&p.bias);
        for &f in *feats {
            let row = &p.ft[f as usize * h..][..h];
            for (a, &w) in u.iter_mut().zip(row) {
                *a += w;
            }
        }
        let w = &p.out[(2 * bucket + k) * h..][..h];
        out += u.iter().zip(w).map(|(&a, &w)| screlu(a) * w).sum::<f32>();
    }
    out
}

/// The target of position `i`: the reference's win probability blended with the result.
#[inline]
fn target(d: &NetData, i: usize, wdl: f32) -> f32 {
    (1.0 - wdl) * d.prob[i] + wdl * d.result[i]
}

/// Adds position `i`'s gradient of the squared error to `g`; returns the error.
fn backward(p: &Params, d: &NetData, i: usize, wdl: f32, g: &mut Params) -> f32 {
    let (us, them) = d.views(i);
    let b = d.bucket(i, p.out_bias.len());
    let h = p.bias.len();
    let mut units = [[0.0; MAX_HIDDEN]; 2];
    let out = d.base(i) + forward(p, [us, them], b, &mut units);
    let prob = 1.0 / (1.0 + (-out).exp());
    let err = prob - target(d, i, wdl);
    let dout = 2.0 * err * prob * (1.0 - prob);
    g.out_bias[b] += dout;
    for (k, feats) in [us, them].iter().enumerate() {
        let w = &p.out[(2 * b + k) * h..][..h];
        let gw = &mut g.out[(2 * b + k) * h..][..h];
        let mut du = [0.0f32; MAX_HIDDEN];
        let du = &mut du[..h];
        for j in 0..h {
            let a = units[k][j];
            gw[j] += dout * screlu(a);
            du[j] = if a > 0.0 && a < 1.0 {
                dout * w[j] * 2.0 * a
            } else {
                0.0
            };
        }
        for (b, &x) in g.bias.iter_mut().zip(du.iter()) {
            *b += x;
        }
        for &f in *feats {
            let row = &mut g.ft[f as usize * h..][..h];
            for (r, &x) in row.iter_mut().zip(du.iter()) {
                *r += x;
            }
        }
    }
    err * err
}

/// Mean squared error of the positions `idx` under `p`.
fn mean_error(p: &Params, d: &NetData, idx: &[usize], wdl: f32) -> f64 {
    let total: f64 = idx
        .par_iter()
        .map(|&i| {
            let (us, them) = d.views(i);
            let mut units = [[0.0; MAX_HIDDEN]; 2];
            let out = d.base(i) + forward(p, [us, them], d.bucket(i, p.out_bias.len()), &mut units);
            let prob = 1.0 / (1.0 + (-out).exp());
            ((prob - target(d, i, wdl)) as f64).powi(2)
        })
        .sum();
    total / idx.len().max(1) as f64
}

/// Uniform in [-a, a).
fn uniform(rng: &mut Rng, a: f32) -> f32 {
    ((rng.next() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * a
}

/// Adam's moments of every weight.
struct Adam {
    m: Params,
    v: Params,
    t: i32,
}

impl Adam {
    /// One step; `parts`: how many float weights make up one merged input weight (each stays
    /// within its share of what the quantised net holds).
    fn step(&mut self, p: &mut Params, g: &Params, lr: f32, scale: f32, decay: f32, parts: usize) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        let update = |w: &mut f32, m: &mut f32, v: &mut f32, g: f32, clip: f32, decay: f32| {
            let g = g * scale;
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            *w -= lr * ((*m / c1) / ((*v / c2).sqrt() + 1e-8) + decay * *w);
            *w = w.clamp(-clip, clip);
        };
        let share = CLIP / parts as f32;
        let clips = [share, share, share, f32::MAX, CLIP, f32::MAX];
        let decays = [decay, decay, decay, 0.0, decay, 0.0];
        let gs = g.slices_ref();
        for (k, (w, (m, v))) in p
            .slices()
            .into_iter()
            .zip(self.m.slices().into_iter().zip(self.v.slices()))
            .enumerate()
        {
            w.par_iter_mut()
                .zip(m.par_iter_mut())
                .zip(v.par_iter_mut())
                .zip(gs[k].par_iter())
                .for_each(|(((w, m), v), &g)| update(w, m, v, g, clips[k], decays[k]));
        }
    }
}

/// What `train` reports before the first epoch (epoch 0) and after each: (epoch, training error,
/// held-out error) and the net as it stands.
pub type EpochReport<'a> = dyn FnMut(usize, f64, f64, &Network) + 'a;

/// The float weights of net `start`, to train on from (its hidden units and output buckets
/// decide the shape); an error if it does not fit `d`'s game, inputs or kind.
fn start_params(d: &NetData, start: &Network) -> Result<(Shape, Params), String> {
    let (ft, bias, out, out_bias) = start.floats();
    let fits = start.types == d.inputs.types
        && start.cells == d.inputs.cells
        && start.king_map == d.inputs.king_map()
        && start.residual == d.residual();
    if !fits {
        return Err(format!(
            "the start net (trained for {}) does not fit these positions of {}: another game, \
             king buckets or kind (--residual)",
            start.game, d.variant.id
        ));
    }
    let shape = Shape::of(&d.inputs, out_bias.len(), start.hidden);
    let p = Params {
        ft,
        bias,
        out,
        out_bias,
        ..Params::zeros(shape)
    };
    Ok((shape, p))
}

/// Small random weights of `cfg`'s shape: a man's input moves each unit a little; the output
/// sums many units. A residual net starts as no correction at all.
fn random_params(d: &NetData, cfg: &TrainConfig, rng: &mut Rng) -> (Shape, Params) {
    let nb = cfg.buckets.clamp(1, MAX_BUCKETS as u8) as usize;
    let shape = Shape::of(&d.inputs, nb, cfg.hidden);
    let mut p = Params::zeros(shape);
    for w in &mut p.ft {
        *w = uniform(rng, 0.1);
    }
    if !d.residual() {
        for w in &mut p.out {
            *w = uniform(rng, 1.0 / (cfg.hidden as f32).sqrt());
        }
    }
    (shape, p)
}

/// Fits a net to `d`, from small random weights or from net `start`'s; `report` is called after
/// every epoch. Returns the quantised net, or why `start` cannot be trained on.
pub fn train(
    d: &NetData,
    cfg: &TrainConfig,
    start: Option<&Network>,
    report: &mut EpochReport,
) -> Result<Network, String> {
    let mut rng = Rng(cfg.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let (shape, mut p) = match start {
        Some(net) => start_params(d, net)?,
        None => random_params(d, cfg, &mut rng),
    };
    let mut adam = Adam {
        m: Params::zeros(shape),
        v: Params::zeros(shape),
        t: 0,
    };
    let hold = cfg.hold_out.max(2);
    let (held, mut fit): (Vec<usize>, Vec<usize>) =
        (0..d.len()).partition(|i| (i / HOLD_BLOCK) % hold == hold - 1);
    let batch = cfg.batch.max(1);
    let chunks = rayon::current_num_threads().max(1);
    let quantise = |p: &Params| {
        let p = p.merged(shape);
        let mut net = Network::quantise(
            &d.variant.id,
            d.inputs.types,
            d.inputs.cells,
            d.inputs.king_map(),
            &p.ft,
            &p.bias,
            &p.out,
            &p.out_bias,
        );
        net.residual = d.residual();
        net
    };
    let merged = p.merged(shape);
    report(
        0,
        mean_error(&merged, d, &fit, cfg.wdl),
        mean_error(&merged, d, &held, cfg.wdl),
        &quantise(&p),
    );
    for epoch in 0..cfg.epochs {
        let progress = epoch as f32 / cfg.epochs.max(1) as f32;
        let lr = cfg.lr
            * if progress >= 0.9 {
                0.01
            } else if progress >= 0.75 {
                0.1
            } else {
                1.0
            };
        for i in (1..fit.len()).rev() {
            let j = (rng.next() % (i as u64 + 1)) as usize;
            fit.swap(i, j);
        }
        let mut total = 0.0f64;
        for b in fit.chunks(batch) {
            let per = b.len().div_ceil(chunks);
            let merged = p.merged(shape);
            let (mut g, err) = b
                .par_chunks(per)
                .map(|part| {
                    let mut g = Params::zeros(shape);
                    let mut err = 0.0f64;
                    for &i in part {
                        err += backward(&merged, d, i, cfg.wdl, &mut g) as f64;
                    }
                    (g, err)
                })
                .reduce_with(|(a, ea), (b, eb)| (a.add(b), ea + eb))
                .unwrap_or_else(|| (Params::zeros(shape), 0.0));
            g.unmerge_gradient(shape);
            total += err;
            adam.step(
                &mut p,
                &g,
                lr,
                1.0 / b.len() as f32,
                cfg.decay,
                shape.parts(),
            );
        }
        let train_err = total / fit.len().max(1) as f64;
        let held_err = mean_error(&p.merged(shape), d, &held, cfg.wdl);
        report(epoch + 1, train_err, held_err, &quantise(&p));
    }
    Ok(quantise(&p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::Nnue;

    #[test]
    fn scores_are_read_from_move_comments() {
        assert_eq!(comment_score("+0.31/12 1.200s"), Some(31));
        assert_eq!(comment_score("-1.05/9 0.027s"), Some(-105));
        assert_eq!(comment_score("+M5/20 0.1s"), None);
        assert_eq!(comment_score("book"), None);
        assert_eq!(comment_score(""), None);
    }

    #[test]
    fn hidden_widths_are_whole_tiles_up_to_the_widest() {
        assert_eq!(hidden_units("64"), Ok(64));
        assert_eq!(hidden_units("512"), Ok(MAX_HIDDEN));
        for bad in ["0", "100", "1024", "wide", "-64"] {
            assert!(
                hidden_units(bad).unwrap_err().contains("multiple of 64"),
                "{bad}"
            );
        }
    }

    /// A refereed game becomes one line per scored quiet move, with the result for the mover.
    #[test]
    fn pgn_games_give_quiet_scored_positions() {
        let text = "[Variant \"chess\"]\n[Result \"0-1\"]\n\n\
            1. e2e4 {book} e7e5 {+0.20/8 0.01s} 2. d1h5 {+0.10/8 0.01s} b8c6 {+0.30/8 0.01s} \
            3. f1c4 {+0.00/8 0.01s} g8f6 {-2.00/8 0.01s} 4. h5f7 {+M1/8 0.01s} 0-1\n";
        let mut out = Vec::new();
        let n = positions_from_pgn(text, &PgnPositions::default(), &mut out).unwrap();
        let lines: Vec<String> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        assert_eq!(n, 5);
        assert_eq!(lines.len(), 5);
        // e7e5: black to move, score +20 for black, black won.
        assert_eq!(
            lines[0],
            "chess;rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1;20;1"
        );
        assert!(lines[1].ends_with(";10;0"), "{}", lines[1]);
        // The mate-scored capture is not a line.
        assert!(lines.iter().all(|l| !l.contains(";M")));
        assert!(
            positions_from_pgn(
                "[Variant \"chess\"]\n[Result \"1-0\"]\n\n1. e2e5 {+0.1/1 0s} 1-0\n",
                &PgnPositions::default(),
                &mut Vec::new()
            )
            .is_err()
        );
        // Every position, and two random moves from each: the book move's position too, the
        // unscored ones at 0; the detours keep the game's result for their side to move.
        let all = PgnPositions {
            all: true,
            detour: 2,
            seed: 1,
        };
        let mut out = Vec::new();
        let n = positions_from_pgn(text, &all, &mut out).unwrap();
        let text_out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text_out.lines().collect();
        assert_eq!(lines.len(), n);
        assert!(n > 8 && n <= 8 * 3, "{n}");
        assert_eq!(
            lines[0],
            "chess;rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;0;0"
        );
        let v = variants::build("chess", "").unwrap();
        for l in &lines {
            let f: Vec<&str> = l.split(';').collect();
            let pos = fen::parse(&v, f[1]).unwrap();
            assert!(!pos.in_check(), "{l}");
            let result: f64 = f[3].parse().unwrap();
            assert_eq!(result, if pos.side == 0 { 0.0 } else { 1.0 }, "{l}");
        }
    }

    /// The engine's integer evaluation of a quantised net is the float net's output within the
    /// rounding of its weights (a dozen centipawns at 256 units, and 2%), each position through its bucket's
    /// output layer, for nets of the default width and the widest.
    #[test]
    fn the_quantised_net_scores_as_the_float_one() {
        for hidden in [HIDDEN, MAX_HIDDEN] {
            quantised_net_scores_as_the_float_one(hidden);
        }
    }

    fn quantised_net_scores_as_the_float_one(hidden: usize) {
        let v = variants::build("chess", "").unwrap();
        let inputs = Inputs::new(&v).unwrap();
        let mut rng = Rng(11);
        let mut p = Params::zeros(Shape::of(&inputs, 3, hidden));
        for w in &mut p.ft {
            *w = uniform(&mut rng, 0.2);
        }
        for w in &mut p.bias {
            *w = 0.3 + uniform(&mut rng, 0.2);
        }
        for w in &mut p.out {
            *w = uniform(&mut rng, 0.5);
        }
        p.out_bias.copy_from_slice(&[0.1, -0.2, 0.3]);
        let net = Network::quantise(
            "chess",
            inputs.types,
            inputs.cells,
            inputs.king_map(),
            &p.ft,
            &p.bias,
            &p.out,
            &p.out_bias,
        );
        let nn = Nnue::new(Arc::new(net), &v).unwrap();
        for f in [
            "r3k2r/p1ppqPb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPpP/R3K2R b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "8/2k5/8/3P4/8/5K2/8/8 w - - 0 1",
            "r4rk1/pp3ppp/2n5/8/8/2N5/PP3PPP/R4RK1 w - - 0 1",
        ] {
            let pos = fen::parse(&v, f).unwrap();
            let (mut us, mut them) = (Vec::new(), Vec::new());
            inputs.of(&pos, pos.side as usize, &mut us);
            inputs.of(&pos, 1 - pos.side as usize, &mut them);
            let mut units = [[0.0; MAX_HIDDEN]; 2];
            let b = inputs.bucket(Inputs::men(&pos), 3);
            let float = forward(&p, [&us, &them], b, &mut units) * SCALE as f32;
            let int = nn.evaluate(&pos) as f32;
            // Each unit's rounding is its own, so the error grows as the root of the units.
            let slack = 12.0 * (hidden as f32 / HIDDEN as f32).sqrt();
            assert!(
                (float - int).abs() < slack + float.abs() * 0.02,
                "{f}: {float} against {int}"
            );
        }
    }

    fn load_plain(text: &str) -> Result<NetData, String> {
        load(text, false, (1, 1))
    }

    #[test]
    fn bad_lines_are_errors() {
        assert!(load_plain("chess;8/8/8/8/8/8/8/8 w - - 0 1;10").is_err());
        assert!(load_plain("chess;not a fen;10;1").is_err());
        assert!(load_plain("chess;4k3/8/8/8/8/8/8/4K3 w - - 0 1;x;1").is_err());
        assert!(load_plain("chess;4k3/8/8/8/8/8/8/4K3 w - - 0 1;10;2").is_err());
        assert!(
            load_plain(
                "shogi;lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1;0;0.5"
            )
            .is_err()
        );
        let two = "chess;4k3/8/8/8/8/8/8/4K3 w - - 0 1;0;0.5\n\
                   makruk;4k3/8/8/8/8/8/8/4K3 w - - 0 1;0;0.5";
        assert!(load_plain(two).is_err());
    }

    /// On positions scored by their material alone, training lowers the error, and the
    /// quantised net's scores follow the material: a queen up is far ahead, a queen down far
    /// behind.
    #[test]
    fn training_learns_material_and_the_quantised_net_agrees_and_trains_on() {
        let v = variants::build("chess", "").unwrap();
        let mut text = String::new();
        let worth = [('Q', 900), ('R', 500), ('B', 330), ('N', 320), ('P', 100)];
        let mut rng = Rng(7);
        for _ in 0..3000 {
            let mut pos = Position::empty(Arc::clone(&v));
            let king = v.piece_by_token("K").unwrap();
            pos.put(4, crate::piece::Piece::new(king, 0, 0));
            pos.put(60, crate::piece::Piece::new(king, 1, 1));
            let mut score = 0;
            for _ in 0..6 {
                let (letter, value) = worth[(rng.next() % 5) as usize];
                let player = (rng.next() % 2) as u8;
                let c = (8 + rng.next() % 48) as crate::geometry::Cell;
                if pos.at(c).is_empty() {
                    let t = v.piece_by_token(&letter.to_string()).unwrap();
                    pos.put(c, crate::piece::Piece::new(t, player, player));
                    score += if player == 0 { value } else { -value };
                }
            }
            let f = fen::to_fen(&pos);
            if fen::parse(&v, &f).is_ok() {
                text += &format!("chess;{f};{score};0.5\n");
            }
        }
        let d = load(&text, false, (1, 1)).unwrap();
        assert!(d.len() > 2000, "{}", d.len());
        let cfg = TrainConfig {
            epochs: 12,
            batch: 256,
            lr: 0.005,
            wdl: 0.0,
            hold_out: 4,
            decay: 0.0,
            buckets: 2,
            king_files: 1,
            king_ranks: 1,
            hidden: 64,
            seed: 3,
        };
        let mut errors = Vec::new();
        let net = train(&d, &cfg, None, &mut |_, t, h, _| errors.push((t, h))).unwrap();
        assert_eq!(errors.len(), cfg.epochs + 1);
        assert!(errors.last().unwrap().1 < errors[0].1 * 0.5, "{errors:?}");
        // Trained on from its own weights for no epochs, the net comes back as it was; on
        // another game's positions it is refused.
        let zero = TrainConfig {
            epochs: 0,
            ..cfg.clone()
        };
        let again = train(&d, &zero, Some(&net), &mut |_, _, _, _| {}).unwrap();
        assert_eq!(again.to_bytes(), net.to_bytes());
        let other = load(
            "capablanca;10/10/4k5/10/10/3K6/10/10 w - - 0 1;0;0.5\n",
            false,
            (1, 1),
        )
        .unwrap();
        assert!(train(&other, &zero, Some(&net), &mut |_, _, _, _| {}).is_err());
        let nn = Nnue::new(Arc::new(net), &v).unwrap();
        let up = fen::parse(&v, "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1").unwrap();
        let down = fen::parse(&v, "4k3/3q4/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert!(nn.evaluate(&up) > 300, "{}", nn.evaluate(&up));
        assert!(nn.evaluate(&down) < -300, "{}", nn.evaluate(&down));
    }
}
