//! Alpha-beta search for every game: iterative deepening, principal-variation search with
//! aspiration windows, quiescence, a shared transposition table and lazy SMP threads.
//!
//! Every node asks the game's own end rules (`outcome::outcome_with`) whether the game is over,
//! so checkmate and stalemate verdicts, bare-king, move-count, repetition and hook-defined results
//! score correctly in every game. Mate scores are `MATE - plies`.

pub mod bench;
mod correction;
mod ordering;
pub mod params;
pub mod see;
pub mod shape;
mod threats;
pub mod time;
pub mod tt;

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use arrayvec::ArrayVec;

use crate::eval::nnue::{AccStack, Network};
use crate::eval::{EvalParams, PawnCache, evaluate_cached, with_terms};
use crate::geometry::{Cell, NO_CELL};
use crate::movegen::{MAX_MOVES, MoveList, legal_moves, pseudo_legal, pseudo_tactical};
use crate::moves::{Move, MoveKind};
use crate::outcome::{
    judged_lazily_unless_bare, judged_without_moves, legality_is_royal_safety, no_side_bare,
    outcome_unless_moves, outcome_with, outcome_without_moves,
};
use crate::piece::PieceType;
use crate::position::Position;
use crate::variant::{GameResult, Outcome, Variant};
use correction::{Correction, Slots};
use params::SearchParams;
use shape::{Event, TreeShape};

pub use ordering::is_tactical;
pub use time::{Budget, Limits};
use tt::{BOUND_EXACT, BOUND_LOWER, BOUND_NONE, BOUND_UPPER, TT};

pub const MAX_PLY: usize = 128;
pub const MATE: i32 = 32000;
/// Scores beyond this are mates (or game wins by other rules) in at most `MATE - MATE_BOUND` plies.
pub const MATE_BOUND: i32 = MATE - 2 * MAX_PLY as i32;
pub const INF: i32 = 32001;
/// Stack of each search thread: move lists live on it (32 KB each per ply).
pub const STACK_SIZE: usize = 128 << 20;
/// Most search threads (`Threads`, `--threads`).
pub const MAX_THREADS: usize = 1024;
const NO_EVAL: i32 = -32002;

/// Shared between the protocol thread and a running search.
pub struct Control {
    pub stop: AtomicBool,
    pub pondering: AtomicBool,
    start: Instant,
    /// Microseconds after `start` at which `ponderhit` arrived (0 = none).
    hit_us: AtomicU64,
}

impl Control {
    pub fn new(ponder: bool) -> Arc<Control> {
        Arc::new(Control {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(ponder),
            start: Instant::now(),
            hit_us: AtomicU64::new(0),
        })
    }

    pub fn stop(&self) {
        self.stop.store(true, Relaxed);
    }

    pub fn ponderhit(&self) {
        let us = self.start.elapsed().as_micros() as u64;
        self.hit_us.store(us.max(1), Relaxed);
        self.pondering.store(false, Relaxed);
    }

    pub fn stopped(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// Milliseconds since the search started, or since `ponderhit` (our clock runs from then).
    pub fn clock_ms(&self) -> u64 {
        let now = self.start.elapsed().as_micros() as u64;
        now.saturating_sub(self.hit_us.load(Relaxed)) / 1000
    }

    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }
}

/// One line of search output.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: i32,
    pub seldepth: i32,
    pub multipv: usize,
    pub score: i32,
    /// `BOUND_EXACT`, or `BOUND_LOWER`/`BOUND_UPPER` for an aspiration fail.
    pub bound: u8,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
    pub pv: Vec<Move>,
    /// All lines of the last iteration (MultiPV), best first.
    pub lines: Vec<(i32, Vec<Move>)>,
    /// The tree's shape, summed over the threads.
    pub shape: TreeShape,
}

/// Formats a score for UCI: `cp X` or `mate N`.
pub fn score_string(s: i32) -> String {
    if s >= MATE_BOUND {
        format!("mate {}", (MATE - s + 1) / 2)
    } else if s <= -MATE_BOUND {
        format!("mate -{}", (MATE + s) / 2)
    } else {
        format!("cp {s}")
    }
}

/// Which net the evaluation uses (the `UseNNUE` and `EvalFile` options).
#[derive(Clone, Debug, Default)]
pub enum NetChoice {
    /// The game's own net, if it ships one.
    #[default]
    Own,
    /// The hand-made terms in every game.
    Off,
    /// This net in the games it fits; the game's own elsewhere.
    File(Arc<Network>),
}

impl NetChoice {
    /// The net game `v` is evaluated with under this choice.
    pub fn for_game(&self, v: &Variant) -> Option<Arc<Network>> {
        match self {
            NetChoice::Own => v.net.clone(),
            NetChoice::Off => None,
            NetChoice::File(n) if n.check(v).is_ok() => Some(Arc::clone(n)),
            NetChoice::File(_) => v.net.clone(),
        }
    }
}

/// The engine: its hash table, thread count and evaluation data per game.
pub struct Searcher {
    pub tt: Arc<TT>,
    pub threads: usize,
    /// Milliseconds kept back per move for latency.
    pub overhead_ms: u64,
    evals: Mutex<Option<(Arc<Variant>, Arc<EvalParams>)>>,
    net: NetChoice,
    /// Weights (index in `Weights::NAMES`, value) laid over each game's own (the `EvalWeights`
    /// option: tuning and trials without a rebuild).
    eval_overrides: Vec<(usize, i32)>,
    /// Margins (index in `SearchParams::NAMES`, value) laid over each game's own (the
    /// `SearchParams` option).
    param_overrides: Vec<(usize, i32)>,
    /// Each thread's tables from the last search, by thread id.
    learned: Mutex<Vec<Learned>>,
}

/// What a thread learns while searching a game, kept for its next search of the same game
/// (a game's moves follow each other: the history of the last search still orders well).
pub(crate) struct Learned {
    variant: Arc<Variant>,
    /// Quiet-move history per side: `side * (types * cells) + type * cells + to`.
    history: Vec<i32>,
    counter: Vec<Move>,
    /// Continuation histories: quiet-move scores given the move `CONT_PLIES[k]` plies back
    /// (`cont[k]`), indexed `prev_hidx * counter.len() + hidx`; empty when too large.
    cont: [Vec<i16>; CONT_PLIES.len()],
    /// Capture history: tactical moves by (mover type, destination, victim type or none);
    /// empty when too large.
    capture: Vec<i16>,
    corr: Correction,
}

impl Learned {
    fn new(v: &Arc<Variant>) -> Learned {
        let players = v.players as usize;
        // Drop games: drops have history slots of their own, after the board moves'.
        let hs = v.pieces.len() * v.geo.num_cells() * (1 + v.drops as usize);
        let len = if hs * hs <= MAX_CONT { hs * hs } else { 0 };
        Learned {
            variant: Arc::clone(v),
            history: vec![0; players * hs],
            counter: vec![Move::NONE; hs],
            cont: std::array::from_fn(|_| vec![0; len]),
            capture: {
                let nt = v.pieces.len();
                let len = nt * v.geo.num_cells() * (nt + 1);
                vec![0; if len <= MAX_CONT { len } else { 0 }]
            },
            corr: Correction::new(players),
        }
    }
}

impl Searcher {
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher {
            tt: Arc::new(TT::new(hash_mb)),
            threads: 1,
            overhead_ms: 10,
            evals: Mutex::new(None),
            net: NetChoice::Own,
            eval_overrides: Vec::new(),
            param_overrides: Vec::new(),
            learned: Mutex::new(Vec::new()),
        }
    }

    /// Lays margins (from `SearchParams::parse`) over every game's own search margins.
    pub fn set_search_params(&mut self, values: Vec<(usize, i32)>) {
        self.param_overrides = values;
    }

    /// The search margins used in game `v`: its own (or the defaults) under the overrides.
    pub fn search_params(&self, v: &Variant) -> SearchParams {
        v.search_params
            .unwrap_or_default()
            .with_values(&self.param_overrides)
    }

    /// The net the evaluation uses from now on.
    pub fn set_net(&mut self, net: NetChoice) {
        self.net = net;
        *self.evals.lock().unwrap() = None;
    }

    pub fn net(&self) -> &NetChoice {
        &self.net
    }

    /// Lays weights (from `tune::parse_values`) over every game's own (none: the games' own
    /// sets).
    pub fn set_eval_overrides(&mut self, values: Vec<(usize, i32)>) {
        self.eval_overrides = values;
        *self.evals.lock().unwrap() = None;
    }

    /// A searcher with a table of `hash_mb` MB, or an error when the memory cannot be had.
    pub fn try_new(hash_mb: usize) -> Result<Searcher, String> {
        let mut s = Searcher::new(1);
        s.resize(hash_mb)?;
        Ok(s)
    }

    /// A new table of `hash_mb` MB; on failure the present one stays.
    pub fn resize(&mut self, hash_mb: usize) -> Result<(), String> {
        self.tt = Arc::new(TT::try_new(hash_mb)?);
        Ok(())
    }

    /// Forgets everything learned: the hash table and each thread's history tables.
    pub fn clear(&self) {
        self.tt.clear();
        self.learned.lock().unwrap().clear();
    }

    /// Evaluation data of a game, computed once per variant.
    pub fn eval_params(&self, v: &Arc<Variant>) -> Arc<EvalParams> {
        let mut g = self.evals.lock().unwrap();
        if let Some((vv, ep)) = &*g
            && Arc::ptr_eq(vv, v)
        {
            return Arc::clone(ep);
        }
        let own = v.eval_weights.clone().unwrap_or_default();
        let w = crate::tune::apply_values(own, &self.eval_overrides);
        let terms = EvalParams::with_weights(v, w);
        let ep = Arc::new(match self.net.for_game(v) {
            // `for_game` gives only nets that fit.
            Some(n) => terms.clone().with_net(Some(n), v).unwrap_or(terms),
            None => terms,
        });
        *g = Some((Arc::clone(v), Arc::clone(&ep)));
        ep
    }

    /// Searches `pos` within `limits`; `report` receives the main thread's iteration lines.
    /// Runs its threads with large stacks; returns when the search ends (limits or `ctl.stop`).
    pub fn search(
        &self,
        pos: &Position,
        limits: &Limits,
        ctl: &Arc<Control>,
        report: &mut (dyn FnMut(&Info) + Send),
    ) -> SearchResult {
        let mut root = pos.clone();
        let mut list = MoveList::new();
        legal_moves(&mut root, &mut list);
        if !limits.searchmoves.is_empty() {
            list.retain(|m| limits.searchmoves.contains(m));
        }
        if list.is_empty() {
            return SearchResult::default();
        }
        self.tt.new_search();
        let ep = self.eval_params(&pos.v);
        let threads = self.threads.max(1);
        let budget = time::budget(limits, self.overhead_ms);
        let params = self.search_params(&pos.v);
        let sh = Shared::new(&self.tt, ctl, &ep, params, limits, budget, threads, &list);
        let sh = &sh;
        let main_report = &mut *report;
        let mut kept: Vec<Option<Learned>> = std::mem::take(&mut *self.learned.lock().unwrap())
            .into_iter()
            .map(Some)
            .collect();
        kept.resize_with(threads, || None);
        let mut learned = Vec::with_capacity(threads);
        let (res, helper_won) = std::thread::scope(|s| {
            let mut helpers = Vec::new();
            for (id, slot) in kept.iter_mut().enumerate().skip(1) {
                let p = pos.clone();
                let l = slot.take();
                let h = std::thread::Builder::new()
                    .stack_size(STACK_SIZE)
                    .spawn_scoped(s, move || {
                        let mut w = Worker::new(id, sh, p, l);
                        w.iterate(&mut |_| {});
                        (w.result(), w.learned)
                    })
                    .expect("spawn search thread");
                helpers.push(h);
            }
            let p = pos.clone();
            let l = kept[0].take();
            let main = std::thread::Builder::new()
                .stack_size(STACK_SIZE)
                .spawn_scoped(s, move || {
                    let mut w = Worker::new(0, sh, p, l);
                    w.iterate(main_report);
                    sh.done.store(true, Relaxed);
                    (w.result(), w.learned)
                })
                .expect("spawn search thread");
            let (mut res, l) = main.join().expect("search thread panicked");
            learned.push(l);
            let mut helper_won = false;
            let mut shape = res.shape.clone();
            for h in helpers {
                let Ok((r, l)) = h.join() else {
                    break;
                };
                learned.push(l);
                shape.add(&r.shape);
                // A helper that completed a deeper iteration wins (not with MultiPV, whose lines
                // come from the main thread): its search saw further.
                if sh.multipv == 1
                    && r.best.is_some()
                    && r.depth > res.depth
                    && r.score.abs() < MATE_BOUND
                {
                    res = SearchResult {
                        nodes: res.nodes,
                        lines: vec![(r.score, r.pv.clone())],
                        ..r
                    };
                    helper_won = true;
                }
            }
            res.nodes = sh.total_nodes();
            res.shape = shape;
            (res, helper_won)
        });
        *self.learned.lock().unwrap() = learned;
        if helper_won {
            // The last line shown is the one the best move comes from.
            let ms = ctl.elapsed_ms();
            report(&Info {
                depth: res.depth,
                seldepth: res.depth,
                multipv: 1,
                score: res.score,
                bound: BOUND_EXACT,
                nodes: res.nodes,
                nps: res.nodes * 1000 / ms.max(1),
                time_ms: ms,
                hashfull: self.tt.hashfull(),
                pv: res.pv.clone(),
            });
        }
        res
    }
}

struct Shared<'a> {
    tt: &'a TT,
    ctl: &'a Control,
    ep: &'a EvalParams,
    params: SearchParams,
    /// Late-move reductions by depth and move number, from `params`.
    lmr: Vec<[i32; 64]>,
    limits: &'a Limits,
    budget: Option<Budget>,
    /// Set by the main thread when it ends: helpers stop.
    done: AtomicBool,
    /// Set when the main thread completes its first iteration: from then on a stop for time
    /// leaves a searched best move.
    main_completed: AtomicBool,
    /// Nodes near the root some thread is searching (none with one thread).
    crumbs: Vec<Crumb>,
    nodes: Vec<NodeCount>,
    root_moves: Vec<Move>,
    multipv: usize,
}

impl<'a> Shared<'a> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        tt: &'a TT,
        ctl: &'a Control,
        ep: &'a EvalParams,
        params: SearchParams,
        limits: &'a Limits,
        budget: Option<Budget>,
        threads: usize,
        root_moves: &MoveList,
    ) -> Shared<'a> {
        Shared {
            tt,
            ctl,
            ep,
            params,
            lmr: params.lmr_table(),
            limits,
            budget,
            done: AtomicBool::new(false),
            main_completed: AtomicBool::new(false),
            crumbs: if threads > 1 {
                (0..CRUMBS).map(|_| Crumb::default()).collect()
            } else {
                Vec::new()
            },
            nodes: (0..threads).map(|_| NodeCount::default()).collect(),
            root_moves: root_moves.to_vec(),
            multipv: limits.multipv.max(1),
        }
    }

    fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.0.load(Relaxed)).sum()
    }
}

/// Slots of the table of nodes being searched (a power of two).
const CRUMBS: usize = 1024;
/// Plies from the root within which threads mark the nodes they search.
const CRUMB_PLIES: usize = 8;

/// A node near the root that a thread is searching: `owner` is its id + 1 (0: free).
#[derive(Default)]
struct Crumb {
    owner: AtomicUsize,
    key: AtomicU64,
}

/// A thread's mark on a node while it searches its moves, cleared when dropped. `other` tells
/// that another thread was already searching the node: the late moves are then reduced more, so
/// the threads spread over different subtrees (Stockfish 11's breadcrumbs).
struct Holding<'a> {
    owned: Option<&'a Crumb>,
    other: bool,
}

impl<'a> Holding<'a> {
    fn new(crumbs: &'a [Crumb], id: usize, key: u64, ply: usize) -> Holding<'a> {
        let mut h = Holding {
            owned: None,
            other: false,
        };
        if ply >= CRUMB_PLIES || crumbs.is_empty() {
            return h;
        }
        let c = &crumbs[key as usize & (CRUMBS - 1)];
        // Load then store, not a compare-exchange: two threads may both take a free slot at
        // once; the last one's mark stands, and a mark is only a hint for the reductions.
        match c.owner.load(Relaxed) {
            0 => {
                c.owner.store(id + 1, Relaxed);
                c.key.store(key, Relaxed);
                h.owned = Some(c);
            }
            o => h.other = o != id + 1 && c.key.load(Relaxed) == key,
        }
        h
    }
}

impl Drop for Holding<'_> {
    fn drop(&mut self) {
        if let Some(c) = self.owned {
            c.owner.store(0, Relaxed);
        }
    }
}

/// A thread's node count, alone on its cache line: each thread writes its own every 64 nodes,
/// and counts sharing a line would make the cores fight over it.
#[derive(Default)]
#[repr(align(64))]
struct NodeCount(AtomicU64);

#[derive(Clone, Debug)]
struct RootMove {
    m: Move,
    score: i32,
    prev: i32,
    seldepth: i32,
    pv: Vec<Move>,
    /// Nodes spent below this move over the whole search (time management).
    effort: u64,
}

#[derive(Clone, Copy, Default)]
struct Frame {
    eval: i32,
    mv: Move,
    /// History index of the move played from this ply (usize::MAX: none / null move).
    hidx: usize,
    null: bool,
    /// The move a singular-extension search leaves out at this ply.
    excluded: Move,
    /// The move played from this ply is a capture or promotion.
    tactical: bool,
    /// Double extensions on the path to this ply.
    doubles: u8,
}

pub(crate) struct Worker<'a> {
    id: usize,
    sh: &'a Shared<'a>,
    pos: Position,
    nodes: u64,
    /// Every counted node again, by remaining depth, and the cutoffs.
    shape: TreeShape,
    stopped: bool,
    seldepth: i32,
    root_depth: i32,
    completed: i32,
    ncells: usize,
    killers: Vec<[Move; 2]>,
    /// History, counter-move, capture-history and correction tables, kept for the next search.
    learned: Learned,
    stack: Vec<Frame>,
    pv: Vec<Move>,
    pv_len: Vec<usize>,
    root: Vec<RootMove>,
    pv_idx: usize,
    rep_rule: bool,
    /// The game's outcome hook may judge repetitions (perpetual check...): ask it at repetitions.
    rep_hook: bool,
    filter_hook: bool,
    /// The game may report a running count (`Rules::count_left`): static evaluations fade
    /// under a count that starts inside the search.
    count_hook: bool,
    /// The root's count (plies left) and history length, to tell its count from a new one.
    root_count: Option<i32>,
    root_plies: usize,
    null_ok_game: bool,
    /// The game's end is judged without the moves out of check (`outcome::judged_without_moves`).
    prune_blind: bool,
    /// Recent static evaluations by position key (a miss evaluates and overwrites).
    ecache: Vec<(u64, i32)>,
    /// What the pawn-like men alone decide, by their key.
    pawns: PawnCache,
    /// The net's units along the line, where a net evaluates.
    units: Option<Box<AccStack>>,
    /// `prune_blind`, and legality is only the royal man's safety (no drop-mate, stalemate-move
    /// or game filter rule): moves are tested as they are tried.
    lazy_legal: bool,
    /// A game judged by its moves only through a bare-king rule or a stalemate that is not a
    /// draw (shatranj, courier, acedrex...), with legality only the royal man's safety: where no
    /// side is bare, a node out of check needs only to know that one legal move exists, and the
    /// others are tested as they are tried (`outcome::outcome_unless_moves`).
    lazy_when_armed: bool,
}

/// A running count fades the static evaluation linearly over its last this many plies (about the
/// search's horizon at short time controls).
const COUNT_FADE: i32 = 16;

/// Entries of each thread's evaluation cache (a power of two).
const ECACHE_SIZE: usize = 1 << 16;
/// The key of an unused evaluation-cache entry (a real position's key is this with odds 2^-64).
const EMPTY_KEY: u64 = u64::MAX;

/// Largest continuation-history table (entries); bigger games go without.
const MAX_CONT: usize = 1 << 21;
/// How many plies back the move of each continuation history was played.
const CONT_PLIES: [usize; 4] = [1, 2, 4, 6];
/// Weights of the continuation histories in the move order (Stockfish's: the reply to the last
/// move counts twice) and in pruning and reductions (only the two latest moves).
const ORDER_WEIGHT: [i32; 4] = [2, 1, 1, 1];
const PRUNE_WEIGHT: [i32; 4] = [1, 1, 0, 0];

/// Mixed into the key of a node searched with a move excluded (singular extensions).
const EXCLUSION_KEY: u64 = 0x9e37_79b9_7f4a_7c15;

/// Deepest quiescence line below the horizon.
const MAX_QPLY: usize = 16;

/// Quiescence tries one `Special` capture per (from, to, piece): games whose captures carry an
/// extra choice (a placement cell in `aux`) would otherwise multiply the capture tree by it.
fn dedupe_special(list: &mut MoveList) {
    if !list.iter().any(|m| m.kind == MoveKind::Special) {
        return;
    }
    let mut k = 0;
    for i in 0..list.len() {
        let m = list[i];
        let dup = m.kind == MoveKind::Special
            && list[..k].iter().any(|p| {
                p.kind == MoveKind::Special
                    && p.from == m.from
                    && p.to == m.to
                    && p.piece == m.piece
            });
        if !dup {
            list[k] = m;
            k += 1;
        }
    }
    list.truncate(k);
}

/// History bonus of a move that cut at `depth`.
#[inline]
fn history_bonus(depth: i32) -> i32 {
    (depth * depth * 16).min(1600)
}

/// Bound of every history entry.
const HISTORY_MAX: i32 = 16384;

/// A history entry moved by `bonus` with gravity: the closer it is to ±`HISTORY_MAX`, the less
/// it moves.
#[inline]
fn gravity(h: i32, bonus: i32) -> i32 {
    (h + bonus - h * bonus.abs() / HISTORY_MAX).clamp(-HISTORY_MAX, HISTORY_MAX)
}

#[inline]
fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

#[inline]
/// The stored score, if its bound settles the window.
fn tt_cutoff(h: &tt::Hit, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let s = score_from_tt(h.score, ply);
    let settles = match h.bound {
        BOUND_LOWER => s >= beta,
        BOUND_UPPER => s <= alpha,
        BOUND_EXACT => true,
        _ => false,
    };
    settles.then_some(s)
}

fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

impl<'a> Worker<'a> {
    fn new(
        id: usize,
        sh: &'a Shared<'a>,
        mut pos: Position,
        learned: Option<Learned>,
    ) -> Worker<'a> {
        let v = Arc::clone(&pos.v);
        let nc = v.geo.num_cells();
        let players = v.players as usize;
        let prune_blind = judged_without_moves(&v);
        let root = sh
            .root_moves
            .iter()
            .map(|&m| RootMove {
                m,
                score: -INF,
                prev: -INF,
                seldepth: 0,
                pv: vec![m],
                effort: 0,
            })
            .collect();
        Worker {
            id,
            sh,
            nodes: 0,
            shape: TreeShape::default(),
            stopped: false,
            seldepth: 0,
            root_depth: 0,
            completed: 0,
            ncells: nc,
            killers: vec![[Move::NONE; 2]; MAX_PLY + 2],
            learned: learned
                .filter(|l| Arc::ptr_eq(&l.variant, &v))
                .unwrap_or_else(|| Learned::new(&v)),
            stack: vec![
                Frame {
                    eval: NO_EVAL,
                    hidx: usize::MAX,
                    ..Default::default()
                };
                MAX_PLY + 4
            ],
            pv: vec![Move::NONE; (MAX_PLY + 2) * (MAX_PLY + 2)],
            pv_len: vec![0; MAX_PLY + 2],
            root,
            pv_idx: 0,
            rep_rule: v.end.repetition > 0,
            rep_hook: v.hooks.outcome,
            filter_hook: v.hooks.filter_legal,
            count_hook: v.hooks.count_left,
            root_count: v
                .hooks
                .count_left
                .then(|| v.rules.count_left(&pos))
                .flatten(),
            root_plies: pos.history().len(),
            null_ok_game: players == 2,
            prune_blind,
            ecache: vec![(EMPTY_KEY, 0); ECACHE_SIZE],
            pawns: PawnCache::new(),
            units: sh.ep.nnue.as_ref().map(|_| {
                pos.track_changes(true);
                Box::new(AccStack::new(pos.history().len() + MAX_PLY + 8))
            }),
            lazy_legal: prune_blind && legality_is_royal_safety(&v),
            lazy_when_armed: judged_lazily_unless_bare(&v),
            pos,
        }
    }

    /// The static evaluation, from the cache when this position was evaluated lately.
    #[inline]
    fn eval_cached(&mut self) -> i32 {
        let key = self.pos.st.key;
        let i = key as usize & (ECACHE_SIZE - 1);
        if self.ecache[i].0 == key {
            return self.ecache[i].1;
        }
        let e = self.evaluate_now();
        self.ecache[i] = (key, e);
        e
    }

    /// The static evaluation, worked out now (as `eval::evaluate`): the net's from the units
    /// along the line, the hand-made terms with the pawn cache, or both.
    #[inline]
    fn evaluate_now(&mut self) -> i32 {
        let ep: &'a EvalParams = self.sh.ep;
        match (&ep.nnue, &mut self.units) {
            (Some(nn), Some(units)) if nn.judges(&self.pos) => {
                let net = units.evaluate(nn, &self.pos);
                let (pos, pawns) = (&self.pos, &mut self.pawns);
                if nn.residual() {
                    net + evaluate_cached(pos, ep, pawns)
                } else {
                    with_terms(ep, net, || evaluate_cached(pos, ep, pawns))
                }
            }
            _ => evaluate_cached(&self.pos, ep, &mut self.pawns),
        }
    }

    /// The static evaluation of a node out of check: (correction slot, raw evaluation — the
    /// hash entry's `tt_eval` when it has one —, raw with the correction history's adjustment;
    /// mate-range scores stay as they are).
    #[inline]
    fn static_eval(&mut self, tt_eval: Option<i32>) -> (Slots, i32, i32) {
        let raw = match tt_eval {
            Some(e) if e != NO_EVAL => e,
            _ => self.eval_cached(),
        };
        if raw.abs() >= MATE_BOUND {
            return (Slots::NONE, raw, raw);
        }
        if self.count_hook
            && let Some(left) = self.pos.v.rules.count_left(&self.pos)
        {
            // A count the moves since the root started (taking the last enemy man...): the
            // score fades toward the draw over its last plies, so a short count shows before
            // the horizon reaches its end. The root's own count does not fade: leaves at
            // different plies would then differ by their depth alone (shallow, reduced lines
            // looking best), and the search could no longer mate within it. These scores
            // depend on the game's history, so they neither feed nor read the correction.
            let ply = self.pos.history().len().saturating_sub(self.root_plies) as i32;
            let new_count = self.root_count.is_none_or(|r| r - ply != left);
            let fade = if new_count {
                left.clamp(0, COUNT_FADE)
            } else {
                COUNT_FADE
            };
            return (Slots::NONE, raw, raw * fade / COUNT_FADE);
        }
        let slot = self.learned.corr.slot(&self.pos);
        let corrected = self
            .learned
            .corr
            .apply(slot, raw)
            .clamp(-MATE_BOUND + 1, MATE_BOUND - 1);
        (slot, raw, corrected)
    }

    /// Counts a node with `depth` plies left (0 in quiescence).
    #[inline]
    fn count_node(&mut self, depth: i32) {
        self.nodes += 1;
        self.shape.node(depth);
        if self.nodes & 63 == 0 {
            self.poll();
        }
    }

    /// Counts a PV node's outcome (`Event::PvNodes` on): its hash move (`NONE`: none), the first
    /// move it searched, the move that raised alpha last (`NONE`: none did) and its bound.
    fn count_pv_node(&mut self, tt_move: Move, first: Move, best: Move, bound: u8) {
        self.shape.event(Event::PvNodes);
        if tt_move.is_none() {
            self.shape.event(Event::PvNoMove);
        }
        if !best.is_none() && best != first {
            self.shape.event(Event::PvLater);
        }
        if bound == BOUND_UPPER {
            self.shape.event(Event::PvFailLow);
        } else if bound == BOUND_LOWER {
            self.shape.event(Event::PvFailHigh);
        }
    }

    /// Counts a late move's reduction of `r` plies (none when `r` is 0).
    #[inline]
    fn count_reduction(&mut self, r: i32) {
        if r > 0 {
            self.shape.event(Event::Reduced);
            self.shape.events(Event::Reduction, r as u64);
        }
    }

    fn poll(&mut self) {
        let sh = self.sh;
        sh.nodes[self.id].0.store(self.nodes, Relaxed);
        if sh.ctl.stopped() || sh.done.load(Relaxed) {
            self.stopped = true;
            return;
        }
        // Every thread enforces the limits: with more threads than cores the main thread may
        // not run for a long while.
        if let Some(n) = sh.limits.nodes
            && sh.total_nodes() >= n
        {
            self.stop_all();
            return;
        }
        if let Some(b) = sh.budget
            && !sh.ctl.pondering.load(Relaxed)
            && sh.main_completed.load(Relaxed)
            && sh.ctl.clock_ms() >= b.maximum
        {
            self.stop_all();
        }
    }

    fn stop_all(&mut self) {
        self.stopped = true;
        self.sh.done.store(true, Relaxed);
    }

    fn outcome_score(&self, o: Outcome, ply: usize) -> i32 {
        match o.result {
            GameResult::Draw => 0,
            GameResult::Win(p) if p == self.pos.side => MATE - ply as i32,
            GameResult::Win(_) => -(MATE - ply as i32),
        }
    }

    /// Index of a move in the history tables (type of the mover, destination; drops after all
    /// board moves).
    #[inline]
    fn hidx(&self, m: Move) -> usize {
        if m.kind == MoveKind::Drop {
            let nt = self.sh.ep.ntypes;
            let to = if (m.to as usize) < self.ncells {
                m.to as usize
            } else {
                0
            };
            return ((nt + m.piece as usize) * self.ncells + to)
                .min(self.learned.counter.len() - 1);
        }
        let t = if m.from != NO_CELL
            && (m.from as usize) < self.ncells
            && !self.pos.at(m.from).is_empty()
        {
            self.pos.at(m.from).kind()
        } else {
            m.piece
        } as usize;
        let to = if (m.to as usize) < self.ncells {
            m.to as usize
        } else {
            0
        };
        (t * self.ncells + to).min(self.learned.counter.len() - 1)
    }

    #[inline]
    fn hist(&self, hidx: usize) -> i32 {
        let side = self.pos.side as usize;
        self.learned.history[side * self.learned.counter.len() + hidx]
    }

    /// Where the continuation histories of the moves `CONT_PLIES` back start (`usize::MAX`:
    /// no such move, or no tables): fixed for a node, so its move loop reads them once.
    #[inline]
    fn cont_bases(&self, ply: usize) -> [usize; CONT_PLIES.len()] {
        let mut out = [usize::MAX; CONT_PLIES.len()];
        if self.learned.cont[0].is_empty() {
            return out;
        }
        for (o, back) in out.iter_mut().zip(CONT_PLIES) {
            if ply >= back {
                let p = self.stack[ply - back].hidx;
                if p != usize::MAX {
                    *o = p * self.learned.counter.len();
                }
            }
        }
        out
    }

    /// History of a quiet move: per side, plus each continuation history (from `cont_bases`)
    /// times its weight (`ORDER_WEIGHT` for the move order, `PRUNE_WEIGHT` for pruning and
    /// reductions).
    #[inline]
    fn quiet_score(
        &self,
        bases: &[usize; CONT_PLIES.len()],
        hidx: usize,
        weight: [i32; CONT_PLIES.len()],
    ) -> i32 {
        let mut h = self.hist(hidx);
        for (k, &b) in bases.iter().enumerate() {
            if weight[k] != 0 && b != usize::MAX {
                h += self.learned.cont[k][b + hidx] as i32 * weight[k];
            }
        }
        h
    }

    fn cont_update(&mut self, ply: usize, hidx: usize, bonus: i32) {
        for (k, b) in self.cont_bases(ply).into_iter().enumerate() {
            if b != usize::MAX {
                let e = &mut self.learned.cont[k][b + hidx];
                *e = gravity(*e as i32, bonus) as i16;
            }
        }
    }

    /// Capture-history slot of a tactical move (usize::MAX: no table).
    #[inline]
    fn capture_idx(&self, m: Move) -> usize {
        let table = &self.learned.capture;
        if table.is_empty() {
            return usize::MAX;
        }
        let nt = self.sh.ep.ntypes;
        let victim_cell = if m.kind == MoveKind::EnPassant {
            self.pos.st.ep_victim
        } else {
            m.to
        };
        let victim = if (victim_cell as usize) < self.ncells && !self.pos.at(victim_cell).is_empty()
        {
            self.pos.at(victim_cell).kind() as usize
        } else {
            nt
        };
        (self.hidx(m) * (nt + 1) + victim.min(nt)).min(table.len() - 1)
    }

    #[inline]
    fn capture_hist(&self, m: Move) -> i32 {
        match self.capture_idx(m) {
            usize::MAX => 0,
            i => self.learned.capture[i] as i32,
        }
    }

    fn capture_update(&mut self, i: usize, bonus: i32) {
        if let Some(e) = self.learned.capture.get_mut(i) {
            *e = gravity(*e as i32, bonus) as i16;
        }
    }

    /// A quiet move that cut: history, continuation histories, killers and counter-move.
    fn reward_quiet(&mut self, ply: usize, m: Move, hidx: usize, bonus: i32) {
        self.hist_update(hidx, bonus);
        self.cont_update(ply, hidx, bonus);
        if self.killers[ply][0] != m {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = m;
        }
        let prev = self.stack[ply - 1].hidx;
        if prev != usize::MAX {
            self.learned.counter[prev] = m;
        }
    }

    fn hist_update(&mut self, hidx: usize, bonus: i32) {
        let side = self.pos.side as usize;
        let h = &mut self.learned.history[side * self.learned.counter.len() + hidx];
        *h = gravity(*h, bonus);
    }

    /// Non-pawn material of the side to move (null-move zugzwang guard). In drop games a man in
    /// hand is a spare move (zugzwang is rare): it counts, and any piece in hand allows the null move.
    fn null_material_ok(&self) -> bool {
        let ep = self.sh.ep;
        let side = self.pos.side;
        let mut total = 0;
        let mut strong = false;
        for t in 0..ep.ntypes {
            if ep.royal[t] {
                continue;
            }
            if ep.drops && self.pos.hand(side, t as PieceType) > 0 {
                return true;
            }
            if ep.pawn_like[t] {
                continue;
            }
            let n = self.pos.count(side, t as PieceType) as i32;
            if n > 0 {
                total += n * ep.see_value[t];
                strong |= ep.see_value[t] >= 250;
            }
        }
        strong && total >= 400
    }

    /// Plies back to the latest earlier occurrence of this position (within the reversible
    /// plies, as `Position::repetitions` counts), if any.
    fn repetition_distance(&self) -> Option<usize> {
        let h = self.pos.history();
        let limit = (self.pos.st.halfmove as usize).min(h.len());
        let players = self.pos.v.players as usize;
        let key = self.pos.st.key;
        let mut i = players;
        while i <= limit {
            if h[h.len() - i].key == key {
                return Some(i);
            }
            i += players;
        }
        None
    }

    /// Score of a position that repeats the one `d` plies back, judged by the game's outcome
    /// hook: the cycle is replayed (as if both sides kept repeating) until the hook gives a
    /// verdict or the game's repetition count is certainly reached; no verdict = draw.
    fn repetition_score(&mut self, d: usize, ply: usize) -> Option<i32> {
        let mut cycle: ArrayVec<Move, 128> = ArrayVec::new();
        {
            let h = self.pos.history();
            let n = h.len();
            // The move into the state k plies back is that state's `last` (k = 0: the current one).
            for k in (0..d).rev() {
                let m = if k == 0 {
                    self.pos.st.last
                } else {
                    h[n - k].last
                };
                if m.is_none() || cycle.try_push(m).is_err() {
                    // A null move in the cycle (or a very long cycle): a plain draw.
                    return Some(0);
                }
            }
        }
        let v = Arc::clone(&self.pos.v);
        let rounds = if v.end.repetition > 0 {
            (v.end.repetition as usize).saturating_sub(2)
        } else {
            4
        };
        let mut verdict = v.rules.outcome(&self.pos, 1);
        let mut made = 0;
        for _ in 0..rounds {
            if verdict.is_some() {
                break;
            }
            for &m in &cycle {
                self.pos.make(m);
                made += 1;
            }
            verdict = v.rules.outcome(&self.pos, 1);
        }
        for k in (0..made).rev() {
            self.pos.unmake(cycle[k % cycle.len()]);
        }
        Some(verdict.map_or(0, |o| self.outcome_score(o, ply)))
    }

    fn result(&self) -> SearchResult {
        let best = &self.root[0];
        let mut pv = best.pv.clone();
        if pv.len() < 2 {
            // Complete the ponder move from the hash table.
            let mut p = self.pos.clone();
            p.make(best.m);
            if let Some(h) = self.sh.tt.probe(p.st.key) {
                let mut l = MoveList::new();
                legal_moves(&mut p, &mut l);
                if l.contains(&h.mv) {
                    pv = vec![best.m, h.mv];
                }
            }
        }
        let score = if best.score > -INF {
            best.score
        } else {
            best.prev
        };
        SearchResult {
            best: Some(best.m),
            ponder: pv.get(1).copied(),
            score,
            depth: self.completed,
            nodes: self.nodes,
            shape: self.shape.clone(),
            lines: self
                .root
                .iter()
                .take(self.sh.multipv)
                .map(|r| (if r.score > -INF { r.score } else { r.prev }, r.pv.clone()))
                .collect(),
            pv,
        }
    }

    fn info(&self, depth: i32, idx: usize, bound: u8) -> Info {
        let r = &self.root[idx];
        let nodes = self.sh.total_nodes().max(self.nodes);
        let ms = self.sh.ctl.elapsed_ms();
        Info {
            depth,
            seldepth: r.seldepth.max(depth),
            multipv: idx + 1,
            score: if r.score > -INF { r.score } else { r.prev },
            bound,
            nodes,
            nps: nodes * 1000 / ms.max(1),
            time_ms: ms,
            hashfull: self.sh.tt.hashfull(),
            pv: r.pv.clone(),
        }
    }

    fn iterate(&mut self, report: &mut (dyn FnMut(&Info) + Send)) {
        let limits = self.sh.limits;
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as i32 - 4)
            .clamp(1, MAX_PLY as i32 - 4);
        let multipv = self.sh.multipv.min(self.root.len());
        // Initial order: captures first (MVV-LVA), so even an instant stop plays something sensible.
        let mut keyed: Vec<(i32, RootMove)> = self
            .root
            .drain(..)
            .map(|r| (ordering::static_score(&self.pos, self.sh.ep, r.m), r))
            .collect();
        keyed.sort_by_key(|(k, _)| -*k);
        self.root = keyed.into_iter().map(|(_, r)| r).collect();
        let mut last_best = self.root[0].m;
        let mut stable = 0;
        let mut depth = 1 + (self.id as i32 & 1);
        while depth <= max_depth {
            self.root_depth = depth;
            for r in &mut self.root {
                r.prev = if r.score > -INF { r.score } else { r.prev };
                r.score = -INF;
            }
            for pv_idx in 0..multipv {
                self.pv_idx = pv_idx;
                self.seldepth = 0;
                let prev = self.root[pv_idx].prev;
                let mut delta = self.sh.params.aspiration;
                let (mut alpha, mut beta) = if depth >= 4 && prev.abs() < MATE_BOUND {
                    ((prev - delta).max(-INF), (prev + delta).min(INF))
                } else {
                    (-INF, INF)
                };
                loop {
                    let v = self.root_search(alpha, beta, depth);
                    self.root[pv_idx..].sort_by_key(|r| -r.score);
                    if self.stopped {
                        break;
                    }
                    if v <= alpha {
                        beta = (alpha + beta) / 2;
                        alpha = (v - delta).max(-INF);
                        if self.id == 0 && self.sh.ctl.elapsed_ms() > 2000 {
                            report(&self.info(depth, pv_idx, BOUND_UPPER));
                        }
                    } else if v >= beta {
                        beta = (v + delta).min(INF);
                        if self.id == 0 && self.sh.ctl.elapsed_ms() > 2000 {
                            report(&self.info(depth, pv_idx, BOUND_LOWER));
                        }
                    } else {
                        break;
                    }
                    delta += delta / 2 + 10;
                    if delta > 1000 {
                        alpha = -INF;
                        beta = INF;
                    }
                }
                self.root[..=pv_idx].sort_by_key(|r| -r.score);
                if self.stopped {
                    break;
                }
            }
            if self.id == 0 && (!self.stopped || depth == 1) {
                for k in 0..multipv {
                    if k == 0 || self.root[k].score > -INF {
                        report(&self.info(depth, k, BOUND_EXACT));
                    }
                }
            }
            if self.stopped {
                break;
            }
            self.completed = depth;
            if self.id == 0 {
                self.sh.main_completed.store(true, Relaxed);
            }
            if limits.depth.is_some() && depth >= max_depth {
                // Any thread reaching the requested depth ends the search, except under MultiPV,
                // whose lines come from the main thread: a helper then only stops itself.
                if self.id == 0 || self.sh.multipv == 1 {
                    self.stop_all();
                }
                break;
            }
            if self.id != 0 {
                // Helpers search every other depth (odd helpers the odd ones), so they run ahead
                // of the main thread and fill the table for it instead of repeating its work.
                depth += 1;
                if (depth + self.id as i32) % 2 == 1 && depth < max_depth {
                    depth += 1;
                }
                continue;
            }
            // Main thread: limits.
            let best = &self.root[0];
            if let Some(m) = limits.mate
                && best.score >= MATE - 2 * m as i32
            {
                break;
            }
            if best.m == last_best {
                stable += 1;
            } else {
                stable = 0;
                last_best = best.m;
            }
            if let Some(b) = self.sh.budget
                && !self.sh.ctl.pondering.load(Relaxed)
            {
                let factor =
                    time::optimum_factor(stable, best.effort, self.nodes, self.sh.params.time_pct);
                let used = self.sh.ctl.clock_ms() as f64;
                if !b.fixed && used >= b.optimum as f64 * factor {
                    break;
                }
                if used >= b.maximum as f64 {
                    break;
                }
                // A single legal move under a clock: no need to think long. A fixed time
                // (`go movetime`, or `searchmoves` naming one move) is used in full, as in Stockfish.
                if !b.fixed && self.root.len() == 1 && depth >= 4 && !limits.infinite {
                    break;
                }
            }
            depth += 1;
        }
        self.sh.nodes[self.id].0.store(self.nodes, Relaxed);
    }

    fn root_search(&mut self, mut alpha: i32, beta: i32, depth: i32) -> i32 {
        let mut best = -INF;
        self.stack[0].eval = if self.pos.in_check() {
            NO_EVAL
        } else {
            self.evaluate_now()
        };
        let start = self.pv_idx;
        let in_check = self.pos.in_check();
        for i in start..self.root.len() {
            let m = self.root[i].m;
            self.count_node(depth);
            let hidx = self.hidx(m);
            let tactical = ordering::is_tactical(&self.pos, m);
            self.stack[0].mv = m;
            self.stack[0].hidx = hidx;
            self.stack[0].tactical = tactical;
            self.pos.make(m);
            let gives_check = self.pos.in_check();
            let new_depth = depth - 1 + gives_check as i32;
            let nodes_before = self.nodes;
            let mut v;
            if i == start {
                v = -self.search(-beta, -alpha, new_depth, 1, false, gives_check);
            } else {
                let mut r = 0;
                if depth >= 3 && !tactical && !in_check && !gives_check && i > start + 3 {
                    r = (self.sh.lmr[depth.min(63) as usize][(i - start).min(63)] - 1)
                        .clamp(0, new_depth - 1);
                    self.count_reduction(r);
                }
                v = -self.search(-alpha - 1, -alpha, new_depth - r, 1, true, gives_check);
                if v > alpha && r > 0 {
                    self.shape.event(Event::Researched);
                    let n0 = self.shape.open(Event::ResearchNodes, self.nodes);
                    v = -self.search(-alpha - 1, -alpha, new_depth, 1, true, gives_check);
                    self.shape.close(Event::ResearchNodes, n0, self.nodes);
                }
                if v > alpha && v < beta {
                    let n0 = self.shape.open(Event::PvResearchNodes, self.nodes);
                    v = -self.search(-beta, -alpha, new_depth, 1, false, gives_check);
                    self.shape.close(Event::PvResearchNodes, n0, self.nodes);
                }
            }
            self.pos.unmake(m);
            self.root[i].effort += self.nodes - nodes_before;
            if self.stopped {
                break;
            }
            let rm = &mut self.root[i];
            if i == start || v > alpha {
                rm.score = v;
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(m);
                let len = self.pv_len[1];
                rm.pv
                    .extend_from_slice(&self.pv[(MAX_PLY + 2) + 1..(MAX_PLY + 2) + len.max(1)]);
            } else {
                rm.score = -INF;
            }
            if v > best {
                best = v;
            }
            if v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
        best
    }

    #[inline]
    fn pv_update(&mut self, ply: usize, m: Move) {
        let w = MAX_PLY + 2;
        self.pv[ply * w + ply] = m;
        let child = self.pv_len[ply + 1].max(ply + 1);
        for j in ply + 1..child {
            self.pv[ply * w + j] = self.pv[(ply + 1) * w + j];
        }
        self.pv_len[ply] = child;
    }

    /// A null-window search of this node at `bound` with `m` left out (the singular searches).
    fn search_without(
        &mut self,
        m: Move,
        bound: i32,
        depth: i32,
        ply: usize,
        cut: bool,
        in_check: bool,
    ) -> i32 {
        self.stack[ply].excluded = m;
        let n0 = self.shape.open(Event::SingularNodes, self.nodes);
        let v = self.search(bound - 1, bound, depth, ply, cut, in_check);
        self.shape.close(Event::SingularNodes, n0, self.nodes);
        self.stack[ply].excluded = Move::NONE;
        v
    }

    fn search(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        cut: bool,
        in_check: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv_len[ply] = ply;
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, in_check);
        }
        self.count_node(depth);
        if self.stopped {
            return 0;
        }
        if ply as i32 > self.seldepth {
            self.seldepth = ply as i32;
        }
        if ply >= MAX_PLY {
            return self.evaluate_now();
        }
        // A repetition inside the search (or of a game position) is scored as a draw, or as the
        // game's own rules judge the cycle if it went on (perpetual check).
        if self.rep_hook {
            if let Some(d) = self.repetition_distance()
                && let Some(s) = self.repetition_score(d, ply)
            {
                return s;
            }
        } else if self.rep_rule && self.pos.repetitions() >= 1 {
            return 0;
        }
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let excluded = self.stack[ply].excluded;
        // A singular-extension search must not see this node's own entry (it left a move out).
        let key = self.pos.st.key ^ ((excluded != Move::NONE) as u64 * EXCLUSION_KEY);
        let hit = self.sh.tt.probe(key);
        let tt_move = hit.map_or(Move::NONE, |h| h.mv);
        if let Some(h) = hit
            && !pv_node
            && h.depth >= depth
            && let Some(s) = tt_cutoff(&h, ply, alpha, beta)
        {
            // A quiet hash move that cuts again earns its history as if it had been searched.
            if s >= beta && tt_move != Move::NONE && !ordering::is_tactical(&self.pos, tt_move) {
                let hidx = self.hidx(tt_move);
                self.reward_quiet(ply, tt_move, hidx, history_bonus(depth));
            }
            return s;
        }

        // Where the game ends only by mate, drawn stalemate, the move-count rule and verdicts that
        // need no moves, the pruning below may run before the moves are generated (a stalemate
        // it prunes keeps its eval).
        let blind = self.prune_blind && !in_check;
        let armed = !in_check && self.lazy_when_armed && no_side_bare(&self.pos);
        let mut list = MoveList::new();
        let end = if blind {
            outcome_without_moves(&self.pos)
        } else if armed {
            outcome_unless_moves(&mut self.pos, &mut list)
        } else {
            self.legal_moves_or_end(&mut list)
        };
        if let Some(o) = end {
            return self.outcome_score(o, ply);
        }
        let ep = self.sh.ep;
        let (corr_slot, raw_eval, static_eval) = if in_check {
            (Slots::NONE, NO_EVAL, NO_EVAL)
        } else {
            self.static_eval(hit.filter(|h| h.bound != BOUND_NONE).map(|h| h.eval))
        };
        let eval = if in_check {
            NO_EVAL
        } else {
            let mut e = static_eval;
            if let Some(h) = hit {
                let s = score_from_tt(h.score, ply);
                if s.abs() < MATE_BOUND
                    && ((h.bound == BOUND_LOWER && s > e) || (h.bound == BOUND_UPPER && s < e))
                {
                    e = s;
                }
            }
            e
        };
        self.stack[ply].eval = eval;
        // Children reached before the move loop (null move, ProbCut) inherit the line's double
        // extensions; the loop sets each move's own.
        self.stack[ply + 1].doubles = self.stack[ply].doubles;
        let improving = !in_check && ply >= 2 && eval > self.stack[ply - 2].eval;

        if !pv_node
            && !in_check
            && excluded == Move::NONE
            && eval.abs() < MATE_BOUND
            && beta.abs() < MATE_BOUND
        {
            // Reverse futility.
            if depth <= self.sh.params.rfp_depth
                && eval
                    - (self.sh.params.rfp_margin - self.sh.params.rfp_improving * improving as i32)
                        * depth
                    >= beta
            {
                self.shape.event(Event::Rfp);
                return eval;
            }
            // Null move, not in pawn-only or weak-piece endings.
            if depth >= self.sh.params.nmp_depth
                && eval >= beta
                && self.null_ok_game
                && !self.stack[ply - 1].null
                && self.null_material_ok()
            {
                let r = self.sh.params.nmp_base
                    + depth / 4
                    + ((eval - beta) / self.sh.params.nmp_eval_div).min(3);
                self.shape.event(Event::NullTry);
                self.stack[ply].null = true;
                self.stack[ply].mv = Move::NONE;
                self.stack[ply].hidx = usize::MAX;
                self.pos.make_null();
                let n0 = self.shape.open(Event::NullNodes, self.nodes);
                let v = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, !cut, false);
                self.shape.close(Event::NullNodes, n0, self.nodes);
                self.pos.unmake_null();
                self.stack[ply].null = false;
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    self.shape.event(Event::NullCut);
                    return if v >= MATE_BOUND { beta } else { v };
                }
            }
        }
        // Out of check in such a game, legality waits until a move is tried: most nodes are cut
        // before their last moves would have been tested.
        let lazy = (blind && self.lazy_legal) || armed;
        let royals = if lazy {
            self.royal_cells()
        } else {
            ArrayVec::new()
        };
        if lazy && !armed {
            pseudo_legal(&self.pos, &mut list);
        } else if blind && let Some(o) = self.legal_moves_or_end(&mut list) {
            return self.outcome_score(o, ply);
        }
        // ProbCut: a good capture whose reduced search beats beta by a margin cuts the node.
        if !pv_node
            && !in_check
            && excluded == Move::NONE
            && depth >= self.sh.params.probcut_depth
            && beta.abs() < MATE_BOUND
            && static_eval.abs() < MATE_BOUND
        {
            let pb = beta + self.sh.params.probcut_margin;
            let settled = hit.is_some_and(|h| {
                h.depth >= depth - 3
                    && score_from_tt(h.score, ply) < pb
                    && h.bound & BOUND_UPPER != 0
            });
            let legality = lazy.then_some(&royals);
            if !settled
                && let Some(v) =
                    self.probcut(&list, pb, pb - static_eval, depth, ply, cut, legality)
            {
                self.shape.event(Event::ProbcutCut);
                self.sh.tt.store(
                    key,
                    Move::NONE,
                    score_to_tt(v, ply),
                    raw_eval,
                    depth - 3,
                    BOUND_LOWER,
                );
                return v;
            }
        }
        // Internal iterative reduction: no hash move, search shallower.
        if tt_move.is_none() && depth >= 4 && (pv_node || cut) {
            self.shape.event(Event::Iir);
            depth -= 1;
        }

        let prev_hidx = self.stack[ply - 1].hidx;
        let counter = if prev_hidx != usize::MAX {
            self.learned.counter[prev_hidx]
        } else {
            Move::NONE
        };
        let killers = self.killers[ply];
        let bases = self.cont_bases(ply);
        let mut scores: ArrayVec<i32, MAX_MOVES> = ArrayVec::new();
        for &m in &list {
            let s = if m == tt_move {
                i32::MAX
            } else {
                let s = ordering::static_score(&self.pos, ep, m);
                if s != 0 {
                    // Within its band (good or losing captures), capture history breaks ties.
                    s + self.capture_hist(m) / 16
                } else if m == killers[0] {
                    ordering::KILLER
                } else if m == killers[1] {
                    ordering::KILLER - 1
                } else if m == counter {
                    ordering::KILLER - 2
                } else {
                    // The escape bonus waits for the first quiet move's turn (most cut nodes
                    // never get there): `add_escapes`.
                    self.quiet_score(&bases, self.hidx(m), ORDER_WEIGHT)
                }
            };
            scores.push(s);
        }

        let holding = Holding::new(&self.sh.crumbs, self.id, key, ply);
        let orig_alpha = alpha;
        let mut best = -INF;
        let mut best_move = Move::NONE;
        let mut quiets: ArrayVec<usize, 64> = ArrayVec::new();
        let mut captures: ArrayVec<usize, 32> = ArrayVec::new();
        let mut n = 0usize;
        let lmp_limit =
            (self.sh.params.lmp_base + depth * depth) as usize * if improving { 2 } else { 1 };
        let tt_capture = tt_move != Move::NONE && ordering::is_tactical(&self.pos, tt_move);
        let mut escapes = false;
        // The first move searched, for the PV nodes' counts.
        let mut first = Move::NONE;
        for i in 0..list.len() {
            let mut bi = ordering::best_from(&scores, i);
            if !escapes && ordering::is_quiet_score(scores[bi]) {
                escapes = true;
                self.add_escapes(&list, &mut scores, i);
                bi = ordering::best_from(&scores, i);
            }
            list.swap(i, bi);
            scores.swap(i, bi);
            let m = list[i];
            if m == excluded {
                continue;
            }
            // Further variants of one Special capture (another placement cell...) are pruned and
            // reduced like quiet moves: only the first counts as tactical.
            let variant = m.kind == MoveKind::Special
                && i > 0
                && list[i - 1].kind == MoveKind::Special
                && list[i - 1].from == m.from
                && list[i - 1].to == m.to
                && list[i - 1].piece == m.piece;
            let tactical = !variant && ordering::is_tactical(&self.pos, m);
            let hidx = self.hidx(m);
            n += 1;
            if best > -MATE_BOUND && !in_check && !tactical && m != tt_move && !pv_node {
                if depth <= self.sh.params.lmp_depth && n > lmp_limit {
                    self.shape.event(Event::PrunedQuiet);
                    continue;
                }
                // The depth this move would be searched at after its late-move reduction:
                // the pruning margins follow it.
                let hs = self.quiet_score(&bases, hidx, PRUNE_WEIGHT);
                let lmr_depth = (depth - 1 - self.sh.lmr[depth.min(63) as usize][n.min(63)]
                    + hs / self.sh.params.lmr_history)
                    .max(0);
                // Quiet moves with a bad history, futile ones and ones that lose material by
                // static exchange (by the full depth: by the reduced one it cut sacrifices that
                // mate); but a quiet check may still turn the game: it is searched.
                let prune = (lmr_depth < 3 && hs < -self.sh.params.hist_prune * depth)
                    || (lmr_depth <= self.sh.params.futility_depth
                        && eval
                            + self.sh.params.futility_base
                            + self.sh.params.futility_mul * lmr_depth
                            <= alpha)
                    || (depth <= self.sh.params.see_quiet_depth
                        && see::see_below(
                            &self.pos,
                            ep,
                            m,
                            -self.sh.params.see_quiet * depth * depth,
                        ) == Some(true));
                if prune && !self.gives_check(m) {
                    self.shape.event(Event::PrunedQuiet);
                    continue;
                }
            }
            // Losing captures at low depth.
            if best > -MATE_BOUND
                && !in_check
                && tactical
                && m != tt_move
                && !pv_node
                && depth <= self.sh.params.see_capture_depth
                && scores[i] < 0
                && see::see_below(&self.pos, ep, m, -self.sh.params.see_capture * depth)
                    == Some(true)
            {
                self.shape.event(Event::PrunedCapture);
                continue;
            }
            // Singular extension (Fairy-Stockfish's rules): the hash move is extended when every
            // other move fails well below its score, by two plies off the PV when they fail 93
            // below that (at most three such on a line); when even the others beat beta, or a
            // hash score at beta is matched by another move, the node is cut (multi-cut). These
            // pay at depth 10 and beyond, not at 8 (docs/eval.md, "Node odds at four times").
            // Plies the singular search grants the hash move (0: not singular).
            let mut singular_ext = 0;
            if m == tt_move
                && depth >= self.sh.params.singular_depth
                && excluded == Move::NONE
                && (ply as i32) < 2 * self.root_depth
                && let Some(h) = hit
                && h.bound & BOUND_LOWER != 0
                && h.depth >= depth - 3
                && score_from_tt(h.score, ply).abs() < MATE_BOUND
            {
                let tt_score = score_from_tt(h.score, ply);
                let sbeta = tt_score - self.sh.params.singular_mul * depth;
                self.shape.event(Event::Singular);
                let v = self.search_without(m, sbeta, (depth - 1) / 2, ply, cut, in_check);
                if self.stopped {
                    return 0;
                }
                if v < sbeta {
                    let double = !pv_node
                        && v < sbeta - self.sh.params.double_margin
                        && self.stack[ply].doubles < 3;
                    singular_ext = 1 + double as i32;
                    self.shape.event(if double {
                        Event::Doubled
                    } else {
                        Event::Extended
                    });
                } else if sbeta >= beta {
                    self.shape.event(Event::Multicut);
                    return sbeta;
                } else if tt_score >= beta {
                    let v = self.search_without(m, beta, (depth + 3) / 2, ply, cut, in_check);
                    if self.stopped {
                        return 0;
                    }
                    if v >= beta {
                        self.shape.event(Event::Multicut);
                        return beta;
                    }
                }
            }
            self.stack[ply].mv = m;
            self.stack[ply].hidx = hidx;
            self.stack[ply].tactical = tactical;
            if !self.make_if_legal(m, lazy.then_some(&royals)) {
                n -= 1;
                continue;
            }
            let gives_check = self.pos.in_check();
            // Extensions stop at twice the root depth. Checks are extended from
            // `check_ext_depth` on, but not those that lose material by static exchange (one the
            // exchange cannot judge is). The exchange is read before the move, so only checks
            // that pass the cheaper tests and that a singular extension has not already extended
            // pay for the extra unmake and make (the singular search ran only within the
            // extendable plies).
            let extendable = (ply as i32) < 2 * self.root_depth;
            let check_ext = singular_ext == 0
                && extendable
                && gives_check
                && depth >= self.sh.params.check_ext_depth
                && {
                    self.pos.unmake(m);
                    let losing = see::see_below(&self.pos, ep, m, 0) == Some(true);
                    self.pos.make(m);
                    !losing
                };
            self.shape.events(Event::CheckExt, check_ext as u64);
            let ext = singular_ext.max(check_ext as i32);
            self.stack[ply + 1].doubles = self.stack[ply].doubles + (ext == 2) as u8;
            let new_depth = depth - 1 + ext;
            let mut v;
            if n == 1 {
                first = m;
                v = -self.search(
                    -beta,
                    -alpha,
                    new_depth,
                    ply + 1,
                    !pv_node && !cut,
                    gives_check,
                );
            } else {
                let mut r = 0;
                if depth >= 3 && !tactical && n > 1 + pv_node as usize {
                    r = self.sh.lmr[depth.min(63) as usize][n.min(63)];
                    r -= pv_node as i32;
                    r += cut as i32;
                    r += !improving as i32;
                    r += holding.other as i32;
                    // A capture as hash move: quiet alternatives rarely beat it.
                    r += tt_capture as i32;
                    if scores[i] >= ordering::KILLER - 2 {
                        r -= 1;
                    }
                    if gives_check || in_check {
                        r -= 1;
                    }
                    // Read afresh: a singular search since the pruning may have moved it.
                    r -= self.quiet_score(&bases, hidx, PRUNE_WEIGHT) / self.sh.params.lmr_history;
                    r = r.clamp(0, (new_depth - 1).max(0));
                    self.count_reduction(r);
                }
                v = -self.search(
                    -alpha - 1,
                    -alpha,
                    new_depth - r,
                    ply + 1,
                    true,
                    gives_check,
                );
                if v > alpha && r > 0 {
                    self.shape.event(Event::Researched);
                    let n0 = self.shape.open(Event::ResearchNodes, self.nodes);
                    v = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, !cut, gives_check);
                    self.shape.close(Event::ResearchNodes, n0, self.nodes);
                }
                if pv_node && v > alpha && v < beta {
                    let n0 = self.shape.open(Event::PvResearchNodes, self.nodes);
                    v = -self.search(-beta, -alpha, new_depth, ply + 1, false, gives_check);
                    self.shape.close(Event::PvResearchNodes, n0, self.nodes);
                }
            }
            self.pos.unmake(m);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    best_move = m;
                    if pv_node {
                        self.pv_update(ply, m);
                    }
                    if v >= beta {
                        self.shape.cut(n, !tactical);
                        let bonus = history_bonus(depth);
                        for &c in &captures {
                            self.capture_update(c, -bonus);
                        }
                        if tactical {
                            self.capture_update(self.capture_idx(m), bonus);
                        } else {
                            self.reward_quiet(ply, m, hidx, bonus);
                            for &q in &quiets {
                                self.hist_update(q, -bonus);
                                self.cont_update(ply, q, -bonus);
                            }
                        }
                        break;
                    }
                    alpha = v;
                }
            }
            if !tactical {
                let _ = quiets.try_push(hidx);
            } else {
                let _ = captures.try_push(self.capture_idx(m));
            }
        }
        if best == -INF {
            // Only the excluded move was legal, or (lazy legality) none: the game's verdict.
            if excluded != Move::NONE {
                return alpha;
            }
            return match outcome_with(&mut self.pos, &MoveList::new()) {
                Some(o) => self.outcome_score(o, ply),
                None => 0,
            };
        }
        let bound = if best >= beta {
            BOUND_LOWER
        } else if best > orig_alpha {
            BOUND_EXACT
        } else {
            BOUND_UPPER
        };
        // Singular searches have null windows, so no PV node leaves a move out.
        if pv_node {
            self.count_pv_node(tt_move, first, best_move, bound);
        }
        // Every move failed low: the quiet move that led here was a good answer to the one
        // before it (its continuation history learns so).
        if bound == BOUND_UPPER
            && excluded == Move::NONE
            && prev_hidx != usize::MAX
            && !self.stack[ply - 1].tactical
        {
            self.cont_update(ply - 1, prev_hidx, history_bonus(depth));
        }
        // The correction history learns from searches that settled the score on the side the
        // static evaluation did not bound, and from quiet best moves only.
        if !in_check
            && excluded == Move::NONE
            && best.abs() < MATE_BOUND
            && (best_move.is_none() || !ordering::is_tactical(&self.pos, best_move))
            && !(bound == BOUND_LOWER && best <= static_eval)
            && !(bound == BOUND_UPPER && best >= static_eval)
            && corr_slot != Slots::NONE
        {
            self.learned.corr.update(corr_slot, best - raw_eval, depth);
        }
        self.sh.tt.store(
            key,
            best_move,
            score_to_tt(best, ply),
            raw_eval,
            depth,
            bound,
        );
        best
    }

    /// Adds the escape bonus (`threats`) to the scores of the quiet moves from `i` on: the
    /// enemy's attacks are worked out only once a node comes to its quiet moves.
    fn add_escapes(&self, list: &MoveList, scores: &mut [i32], i: usize) {
        let ep = self.sh.ep;
        let Some(threats) = threats::Threats::new(&self.pos, ep) else {
            return;
        };
        for (&m, s) in list[i..].iter().zip(&mut scores[i..]) {
            if ordering::is_quiet_score(*s) {
                *s += threats.score(&self.pos, ep, m);
            }
        }
    }

    /// ProbCut's captures: each one whose static exchange wins at least `gain` (what lifts the
    /// static evaluation to `pb`) is tried with a quiescence search, then a search 4 plies
    /// shallower; the first to hold `pb` is the score. `legality` as for `make_if_legal`.
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        list: &MoveList,
        pb: i32,
        gain: i32,
        depth: i32,
        ply: usize,
        cut: bool,
        legality: Option<&ArrayVec<Cell, 8>>,
    ) -> Option<i32> {
        let ep = self.sh.ep;
        for &m in list {
            if !ordering::is_tactical(&self.pos, m)
                || ordering::static_score(&self.pos, ep, m) < 0
                || see::see_below(&self.pos, ep, m, gain) != Some(false)
            {
                continue;
            }
            self.stack[ply].mv = m;
            self.stack[ply].hidx = self.hidx(m);
            self.stack[ply].tactical = true;
            if !self.make_if_legal(m, legality) {
                continue;
            }
            self.shape.event(Event::ProbcutTry);
            let check = self.pos.in_check();
            let n0 = self.shape.open(Event::ProbcutNodes, self.nodes);
            let mut v = -self.qsearch(-pb, -pb + 1, ply + 1, check);
            if v >= pb {
                v = -self.search(-pb, -pb + 1, depth - 4, ply + 1, !cut, check);
            }
            self.shape.close(Event::ProbcutNodes, n0, self.nodes);
            self.pos.unmake(m);
            if self.stopped {
                return None;
            }
            if v >= pb {
                return Some(v);
            }
        }
        None
    }

    /// A pseudo-legal move (side to move not in check) that cannot expose a royal man: not a
    /// royal man's move, and leaving no cell aligned with a royal man (nor entering a hopper's
    /// line). Others need the full test after `make`.
    #[inline]
    fn quick_legal(&self, m: Move, royals: &[Cell]) -> bool {
        let v = &*self.pos.v;
        if royals.is_empty() {
            return true;
        }
        if v.hooks.after_make
            || v.hooks.extra_attacks
            || !matches!(m.kind, MoveKind::Normal | MoveKind::Promotion)
        {
            return false;
        }
        let t = &v.tables;
        if v.pieces[self.pos.at(m.from).kind() as usize].royal {
            return false;
        }
        royals.iter().all(|&k| {
            let al = &t.aligned[k as usize];
            !al.contains(m.from) && (!t.has_hoppers || !al.contains(m.to))
        })
    }

    /// Whether the pseudo-legal move `m` checks (make, test, unmake).
    fn gives_check(&mut self, m: Move) -> bool {
        self.pos.make(m);
        let c = self.pos.in_check();
        self.pos.unmake(m);
        c
    }

    /// The side to move's royal cells, for `quick_legal`.
    fn royal_cells(&self) -> ArrayVec<Cell, 8> {
        let mut royals = ArrayVec::new();
        for k in self.pos.royals(self.pos.side) {
            let _ = royals.try_push(k);
        }
        royals
    }

    /// Makes the pseudo-legal move `m` if it is legal (`royals`: the mover's royal cells; `None`
    /// when `m` is known legal); false, with the position unchanged, if it is not.
    #[inline]
    fn make_if_legal(&mut self, m: Move, royals: Option<&ArrayVec<Cell, 8>>) -> bool {
        let us = self.pos.side;
        let quick = royals.is_none_or(|r| self.quick_legal(m, r));
        self.pos.make(m);
        if !quick && self.pos.royal_attacked(us) {
            self.pos.unmake(m);
            return false;
        }
        true
    }

    /// Generates the legal moves into `list`; the game's verdict if it is over here.
    fn legal_moves_or_end(&mut self, list: &mut MoveList) -> Option<Outcome> {
        legal_moves(&mut self.pos, list);
        outcome_with(&mut self.pos, list)
    }

    fn qsearch(&mut self, alpha: i32, beta: i32, ply: usize, in_check: bool) -> i32 {
        self.qsearch_at(alpha, beta, ply, in_check, 0)
    }

    /// Quiescence `qd` plies below the horizon.
    fn qsearch_at(
        &mut self,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
        qd: usize,
    ) -> i32 {
        self.pv_len[ply] = ply;
        self.count_node(0);
        if self.stopped {
            return 0;
        }
        if ply as i32 > self.seldepth {
            self.seldepth = ply as i32;
        }
        let ep = self.sh.ep;
        // Games whose captures never end (a taken man comes back): a hard floor.
        if ply >= MAX_PLY || qd >= MAX_QPLY {
            return self.evaluate_now();
        }
        let pv_node = beta - alpha > 1;
        let key = self.pos.st.key;
        let hit = self.sh.tt.probe(key);
        if let Some(h) = hit
            && !pv_node
            && let Some(s) = tt_cutoff(&h, ply, alpha, beta)
        {
            return s;
        }
        let mut list = MoveList::new();
        let mut best;
        let stand;
        let mut raw = NO_EVAL;
        if in_check {
            legal_moves(&mut self.pos, &mut list);
            if list.is_empty() {
                return match outcome_with(&mut self.pos, &list) {
                    Some(o) => self.outcome_score(o, ply),
                    None => 0,
                };
            }
            best = -INF;
            stand = NO_EVAL;
        } else {
            (_, raw, stand) = self.static_eval(hit.map(|h| h.eval));
            if stand >= beta {
                return stand;
            }
            if stand > alpha {
                alpha = stand;
            }
            best = stand;
            if self.filter_hook {
                legal_moves(&mut self.pos, &mut list);
            } else {
                pseudo_tactical(&self.pos, &mut list);
            }
            list.retain(|m| ordering::is_tactical(&self.pos, *m));
            dedupe_special(&mut list);
        }
        // The hash move first (it is searched even if its exchange looks losing).
        let tt_move = hit.map_or(Move::NONE, |h| h.mv);
        let mut scores: ArrayVec<i32, MAX_MOVES> = ArrayVec::new();
        for &m in &list {
            scores.push(if m == tt_move {
                i32::MAX
            } else {
                ordering::static_score(&self.pos, ep, m)
            });
        }
        let orig_alpha = alpha;
        let mut best_move = Move::NONE;
        let need_legality = !in_check && !self.filter_hook;
        let royals = if need_legality {
            self.royal_cells()
        } else {
            ArrayVec::new()
        };
        for i in 0..list.len() {
            ordering::pick_best(&mut list, &mut scores, i);
            let m = list[i];
            if !in_check {
                // Delta pruning and losing captures.
                let gain = ordering::capture_gain(&self.pos, ep, m);
                if m.kind != MoveKind::Promotion && stand + gain + self.sh.params.qs_delta <= alpha
                    || scores[i] < 0
                {
                    self.shape.event(Event::QPruned);
                    continue;
                }
            }
            if !self.make_if_legal(m, need_legality.then_some(&royals)) {
                continue;
            }
            self.stack[ply].mv = m;
            self.stack[ply].hidx = usize::MAX;
            let gives_check = self.pos.in_check();
            let v = -self.qsearch_at(-beta, -alpha, ply + 1, gives_check, qd + 1);
            self.pos.unmake(m);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    best_move = m;
                    if v >= beta {
                        break;
                    }
                    alpha = v;
                }
            }
        }
        if in_check && best == -INF {
            // Every evasion was pruned (cannot happen: none are); be safe.
            best = -(MATE - ply as i32);
        }
        let bound = if best >= beta {
            BOUND_LOWER
        } else if best > orig_alpha && pv_node {
            BOUND_EXACT
        } else {
            BOUND_UPPER
        };
        self.sh
            .tt
            .store(key, best_move, score_to_tt(best, ply), raw, 0, bound);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::{fen, variants};

    #[test]
    fn search_params_option_lies_over_the_games_own_set() {
        let mut v = variants::chess::build_with("8/8/8/4k3/8/8/8/4K3 w - - 0 1").unwrap();
        let own = SearchParams {
            rfp_margin: 150,
            qs_delta: 120,
            ..SearchParams::default()
        };
        let mut s = Searcher::new(1);
        assert_eq!(s.search_params(&v), SearchParams::default());
        v.search_params = Some(own);
        assert_eq!(s.search_params(&v), own);
        s.set_search_params(SearchParams::parse("rfp_margin=90").unwrap());
        let p = s.search_params(&v);
        assert_eq!((p.rfp_margin, p.qs_delta), (90, 120));
        // A bad setting is refused (before it reaches the searcher) and the last one stays.
        assert!(SearchParams::parse("rfp_margin=1").is_err());
        assert_eq!(s.search_params(&v).rfp_margin, 90);
    }

    #[test]
    fn a_thread_arriving_at_a_node_another_thread_searches_sees_its_mark() {
        let crumbs: Vec<Crumb> = (0..CRUMBS).map(|_| Crumb::default()).collect();
        let key = 0x1234_5678_9abc_def0;
        let first = Holding::new(&crumbs, 0, key, 3);
        assert!(!first.other);
        assert!(Holding::new(&crumbs, 1, key, 3).other);
        // Not the thread's own mark, nor another position in the slot.
        assert!(!Holding::new(&crumbs, 0, key, 3).other);
        assert!(!Holding::new(&crumbs, 1, key ^ (CRUMBS as u64) << 20, 3).other);
        // Deep nodes are not marked; with one thread there is no table.
        assert!(!Holding::new(&crumbs, 1, key, CRUMB_PLIES).other);
        assert!(!Holding::new(&[], 1, key, 0).other);
        drop(first);
        assert!(!Holding::new(&crumbs, 1, key, 3).other);
    }

    fn history_mass(s: &Searcher) -> i64 {
        let l = s.learned.lock().unwrap();
        l.iter()
            .flat_map(|l| &l.history)
            .map(|&h| h.abs() as i64)
            .sum()
    }

    /// Every node counted is counted once by its remaining depth, with one thread or several.
    #[test]
    fn the_tree_shape_counts_every_node_once_by_its_remaining_depth() {
        let chess = variants::build("chess", "").unwrap();
        let pos = fen::parse(&chess, &chess.start_fen).unwrap();
        for threads in [1, 2] {
            let s = Searcher::new(threads);
            let r = s.search(&pos, &Limits::depth(7), &Control::new(false), &mut |_| {});
            let sh = &r.shape;
            assert_eq!(sh.total(), r.nodes, "{threads} threads");
            assert!(sh.nodes[0] > 0 && sh.nodes[1] > 0);
            // The root's iterations count their 20 moves at depths 1 to 7, as nodes.
            assert!(sh.nodes[7] >= 20);
            assert!(sh.cuts >= sh.first_cuts && sh.first_cuts > sh.cuts / 2);
        }
    }

    #[test]
    fn the_tree_shape_counts_each_mechanism_within_its_tries() {
        let chess = variants::build("chess", "").unwrap();
        let fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9";
        let pos = fen::parse(&chess, fen).unwrap();
        let s = Searcher::new(1);
        let r = s.search(&pos, &Limits::depth(10), &Control::new(false), &mut |_| {});
        let e = |ev: Event| r.shape.events[ev as usize];
        for ev in [
            Event::Rfp,
            Event::NullCut,
            Event::Reduced,
            Event::Researched,
            Event::PrunedQuiet,
            Event::QPruned,
        ] {
            assert!(e(ev) > 0, "{ev:?} never counted");
        }
        assert!(e(Event::NullCut) <= e(Event::NullTry));
        assert!(e(Event::ProbcutCut) <= e(Event::ProbcutTry));
        assert!(e(Event::Extended) + e(Event::Doubled) + e(Event::Multicut) <= e(Event::Singular));
        assert!(e(Event::Researched) <= e(Event::Reduced));
        // Every reduction takes at least a ply off.
        assert!(e(Event::Reduction) >= e(Event::Reduced));
        // The nodes under one mechanism are part of the tree.
        for ev in [
            Event::NullNodes,
            Event::ProbcutNodes,
            Event::SingularNodes,
            Event::ResearchNodes,
            Event::PvResearchNodes,
        ] {
            assert!(e(ev) < r.nodes, "{ev:?}");
        }
        assert!(e(Event::NullNodes) >= e(Event::NullTry));
        // Every PV node's outcome is one of three; a later best move needs one that raised alpha.
        assert!(e(Event::PvNodes) > 0);
        assert!(e(Event::PvNoMove) <= e(Event::PvNodes));
        assert!(e(Event::PvFailLow) + e(Event::PvFailHigh) <= e(Event::PvNodes));
        assert!(e(Event::PvLater) + e(Event::PvFailLow) <= e(Event::PvNodes));
    }

    /// Checks are extended from `check_ext_depth` on: from depth 1 by default, never when the
    /// search does not reach that depth.
    #[test]
    fn check_extensions_start_at_their_depth() {
        let chess = variants::build("chess", "").unwrap();
        let fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9";
        let pos = fen::parse(&chess, fen).unwrap();
        let extended = |params: &str| {
            let mut s = Searcher::new(1);
            s.set_search_params(SearchParams::parse(params).unwrap());
            let r = s.search(&pos, &Limits::depth(8), &Control::new(false), &mut |_| {});
            r.shape.events[Event::CheckExt as usize]
        };
        assert!(extended("") > 0);
        assert_eq!(extended("check_ext_depth=16"), 0);
    }

    /// A one-thread searcher that has searched chess's start position to `depth`, and the position.
    fn searched_from_start(depth: i32) -> (Searcher, Position) {
        let chess = variants::build("chess", "").unwrap();
        let pos = fen::parse(&chess, &chess.start_fen).unwrap();
        let s = Searcher::new(1);
        s.search(
            &pos,
            &Limits::depth(depth),
            &Control::new(false),
            &mut |_| {},
        );
        (s, pos)
    }

    #[test]
    fn history_is_kept_between_searches_of_one_game_and_forgotten_on_clear() {
        let (s, pos) = searched_from_start(7);
        let after_deep = history_mass(&s);
        assert!(after_deep > 0);
        // A depth-1 search on top keeps what the deep one learned (a fresh table would hold
        // only its few small bonuses).
        s.search(&pos, &Limits::depth(1), &Control::new(false), &mut |_| {});
        assert!(history_mass(&s) * 2 > after_deep);
        s.clear();
        assert_eq!(history_mass(&s), 0);
        assert!(s.learned.lock().unwrap().is_empty());
        s.search(&pos, &Limits::depth(1), &Control::new(false), &mut |_| {});
        assert!(history_mass(&s) * 4 < after_deep);
    }

    /// Every continuation history, down to the one of the move six plies back, learns from a
    /// search, both ways, and stays within the gravity bounds.
    #[test]
    fn continuation_histories_learn_down_to_six_plies_back() {
        let (s, _) = searched_from_start(8);
        let l = s.learned.lock().unwrap();
        assert_eq!(l[0].cont.len(), CONT_PLIES.len());
        for table in &l[0].cont {
            assert!(table.iter().any(|&h| h > 0));
            assert!(table.iter().any(|&h| h < 0));
            assert!(
                table
                    .iter()
                    .all(|&h| (-HISTORY_MAX..=HISTORY_MAX).contains(&(h as i32)))
            );
        }
    }

    #[test]
    fn capture_history_learns_within_its_bounds() {
        let chess = variants::build("chess", "").unwrap();
        // Open, tactical middle game: many captures cut.
        let pos = fen::parse(
            &chess,
            "r1bqk2r/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQkq - 0 7",
        )
        .unwrap();
        let s = Searcher::new(1);
        s.search(&pos, &Limits::depth(8), &Control::new(false), &mut |_| {});
        let l = s.learned.lock().unwrap();
        assert!(l[0].capture.iter().any(|&h| h > 0));
        assert!(l[0].capture.iter().any(|&h| h < 0));
        assert!(
            l[0].capture
                .iter()
                .all(|&h| (-HISTORY_MAX..=HISTORY_MAX).contains(&(h as i32)))
        );
    }

    /// Runs `f` on a fresh worker for `fen` (its own thread: the search needs a deep stack).
    fn with_worker<R: Send>(fen: &str, f: impl FnOnce(&mut Worker) -> R + Send) -> R {
        with_worker_to(fen, 64, f)
    }

    /// `with_worker` whose search limit is `depth`.
    fn with_worker_to<R: Send>(
        fen: &str,
        depth: i32,
        f: impl FnOnce(&mut Worker) -> R + Send,
    ) -> R {
        let chess = variants::build("chess", "").unwrap();
        let mut pos = fen::parse(&chess, fen).unwrap();
        let s = Searcher::new(1);
        let ep = s.eval_params(&chess);
        let ctl = Control::new(false);
        let limits = Limits::depth(depth);
        let mut root = MoveList::new();
        legal_moves(&mut pos, &mut root);
        let params = s.search_params(&chess);
        let sh = Shared::new(&s.tt, &ctl, &ep, params, &limits, None, 1, &root);
        std::thread::scope(|sc| {
            std::thread::Builder::new()
                .stack_size(STACK_SIZE)
                .spawn_scoped(sc, || f(&mut Worker::new(0, &sh, pos, None)))
                .unwrap()
                .join()
                .unwrap()
        })
    }

    /// ProbCut's captures at `beta` (depth 6, as a child of the root).
    fn probcut_at(fen: &str, beta: i32) -> Option<i32> {
        with_worker(fen, |w| {
            let mut list = MoveList::new();
            legal_moves(&mut w.pos, &mut list);
            let (_, _, stand) = w.static_eval(None);
            let pb = beta + w.sh.params.probcut_margin;
            w.probcut(&list, pb, pb - stand, 6, 1, true, None)
        })
    }

    #[test]
    fn probcut_cuts_when_a_capture_wins_beyond_the_margin() {
        // White takes the undefended queen on d5 with the pawn: far above a level beta.
        let fen = "rnb1kbnr/ppp1pppp/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3";
        let v = probcut_at(fen, 0).expect("the queen capture holds beta + margin");
        assert!(v >= SearchParams::default().probcut_margin);
        // Not when beta is already beyond what the capture wins.
        assert_eq!(probcut_at(fen, 1500), None);
    }

    #[test]
    fn root_effort_counts_the_nodes_below_each_root_move() {
        // White's queen is attacked by a pawn: saving it takes most of the search.
        let fen = "rnbqkbnr/pppp1ppp/8/8/4p3/3Q4/PPPP1PPP/RNB1KBNR w KQkq - 0 3";
        with_worker_to(fen, 7, |w| {
            w.iterate(&mut |_| {});
            let total: u64 = w.root.iter().map(|r| r.effort).sum();
            // Every node but the root's own visits of its moves lies below some root move.
            assert!(
                total < w.nodes && total * 10 > w.nodes * 9,
                "{total} of {}",
                w.nodes
            );
            let best = &w.root[0];
            assert!(w.root[1..].iter().all(|r| r.effort < best.effort));
        })
    }

    #[test]
    fn probcut_needs_a_capture() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(probcut_at(start, -500), None);
    }

    #[test]
    fn history_of_another_game_is_not_reused() {
        let chess = variants::build("chess", "").unwrap();
        let shatranj = variants::build("shatranj", "").unwrap();
        let s = Searcher::new(1);
        let pos = fen::parse(&chess, &chess.start_fen).unwrap();
        s.search(&pos, &Limits::depth(6), &Control::new(false), &mut |_| {});
        let pos = fen::parse(&shatranj, &shatranj.start_fen).unwrap();
        s.search(&pos, &Limits::depth(1), &Control::new(false), &mut |_| {});
        let l = s.learned.lock().unwrap();
        assert!(Arc::ptr_eq(&l[0].variant, &shatranj));
    }
}
