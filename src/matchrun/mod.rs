//! `chatrang match`: engines play each other in any game chatrang knows, with chatrang's own
//! rules as referee.
//!
//! # Design
//! A game is played by [`play_game`] around two ideas that keep it open to later games:
//! - **Seats.** Each game has a list of seats (player indices `0..players`), each taken by an
//!   engine. The loop asks the referee which seat acts ([`Referee::to_move`]), never assumes
//!   that turns alternate or that there are two players; clocks, scores and adjudication
//!   counters are kept per seat. Games of three or four engines rotate the engines over the
//!   seats from game to game.
//! - **The referee.** [`Referee`] checks and plays moves and says when the game is over
//!   ([`referee::ChatrangReferee`] uses our move generator and `outcome::outcome`). Chance
//!   (dice) enters through [`Referee::chance`]: before a seat acts, the referee may play a
//!   chance event which is sent to the engines in the move list like a move.
//!
//! An engine that crashes, hangs past its time, or plays an illegal move loses that game
//! (logged on stderr, and in the PGN), is restarted for its next game, and the match goes on.

pub mod engine;
pub mod openings;
pub mod pgn;
pub mod referee;
pub mod stats;
pub mod tc;
pub mod xboard;

use std::collections::VecDeque;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::variant::Variant;
use crate::variants;
use engine::{Engine, EngineError, EngineSpec, Proto, Score};
use openings::{Opening, Rng};
use pgn::{PgnGame, PgnMove};
pub use referee::{ChatrangReferee, GameEnd, Referee};
use stats::{Sprt, SprtResult, Wld};
use tc::{MoveLimit, PlayerClock};

/// Resign adjudication: both engines agree the score is below `-cp` (for the loser) for
/// `moves` moves each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub cp: i32,
    pub moves: u32,
}

/// Draw adjudication: every engine's |score| <= `cp` for `moves` moves each, from full move
/// `after` on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub cp: i32,
    pub moves: u32,
    pub after: u32,
}

#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub engines: Vec<EngineSpec>,
    pub variant: String,
    pub variant_options: String,
    pub limit: MoveLimit,
    /// Allowed lateness before a loss on time.
    pub margin_ms: u64,
    /// Longest wait for a move without a clock (nodes or depth limits).
    pub move_timeout_ms: u64,
    /// Games per encounter per round (played in pairs with colours swapped).
    pub games: u32,
    pub rounds: u32,
    /// FEN/EPD text (one position a line).
    pub openings: Option<String>,
    pub random_plies: u32,
    pub seed: u64,
    pub concurrency: usize,
    pub pgn_out: Option<String>,
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
    /// Draw by adjudication after this many plies (0 = never).
    pub max_plies: u32,
    pub sprt: Option<Sprt>,
    /// Live progress line on stderr.
    pub progress: bool,
    pub event: String,
}

impl Default for MatchConfig {
    fn default() -> Self {
        MatchConfig {
            engines: Vec::new(),
            variant: "chess".into(),
            variant_options: String::new(),
            limit: MoveLimit::default(),
            margin_ms: 100,
            move_timeout_ms: 60_000,
            games: 2,
            rounds: 1,
            openings: None,
            random_plies: 0,
            seed: 1,
            concurrency: 1,
            pgn_out: None,
            resign: None,
            draw: None,
            max_plies: 1000,
            sprt: None,
            progress: true,
            event: "chatrang match".into(),
        }
    }
}

/// One game to play: who sits where, from which opening.
#[derive(Clone, Debug)]
struct Job {
    number: usize,
    round: u32,
    /// Engine index per seat.
    seats: Vec<usize>,
    opening: Opening,
}

/// A played game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub number: usize,
    pub round: u32,
    pub seats: Vec<usize>,
    pub end: GameEnd,
    pub pgn: PgnGame,
    /// Seats that forfeited by rule (illegal move, crash, time), with the reason.
    pub forfeit: Option<(usize, String)>,
}

pub struct MatchResult {
    pub games: Vec<GameRecord>,
    /// Points per engine.
    pub points: Vec<f64>,
    pub played: Vec<u32>,
    /// `pair[i][j]`: results of engine i against engine j (two-player games).
    pub pair: Vec<Vec<Wld>>,
    pub sprt: Option<(f64, SprtResult)>,
    pub names: Vec<String>,
}

impl MatchResult {
    /// Record of engine `i` against all others.
    pub fn total(&self, i: usize) -> Wld {
        let mut t = Wld::default();
        for w in &self.pair[i] {
            t.wins += w.wins;
            t.losses += w.losses;
            t.draws += w.draws;
        }
        t
    }
}

struct Shared {
    result: MatchResult,
    pgn: Option<std::fs::File>,
    finished: usize,
}

fn build_jobs(cfg: &MatchConfig, v: &Arc<Variant>) -> Result<Vec<Job>, String> {
    let n = cfg.engines.len();
    let players = v.players as usize;
    let encounters: Vec<Vec<usize>> = if players == 2 {
        let mut e = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                e.push(vec![i, j]);
            }
        }
        e
    } else {
        if n != players {
            return Err(format!(
                "{} is a game of {players} players: give exactly {players} engines",
                v.id
            ));
        }
        vec![(0..n).collect()]
    };
    let book = match &cfg.openings {
        Some(t) => openings::load(v, t)?,
        None => Vec::new(),
    };
    let mut jobs = Vec::new();
    let mut opening_no = 0usize;
    let mut current = Opening::default();
    for r in 0..cfg.rounds {
        for enc in &encounters {
            for g in 0..cfg.games {
                if (g as usize).is_multiple_of(players) {
                    let fen = (!book.is_empty()).then(|| book[opening_no % book.len()].clone());
                    current = if cfg.random_plies > 0 {
                        let mut rng = Rng::new(cfg.seed ^ (opening_no as u64 + 1) << 20);
                        openings::random_line(v, fen.as_deref(), cfg.random_plies, &mut rng)
                    } else {
                        Opening {
                            fen,
                            moves: Vec::new(),
                        }
                    };
                    opening_no += 1;
                }
                let k = g as usize % players;
                let seats: Vec<usize> = (0..players).map(|s| enc[(s + k) % players]).collect();
                jobs.push(Job {
                    number: jobs.len() + 1,
                    round: r + 1,
                    seats,
                    opening: current.clone(),
                });
            }
        }
    }
    Ok(jobs)
}

/// Checks the configuration and that every engine starts and plays the variant.
pub fn preflight(cfg: &MatchConfig) -> Result<Arc<Variant>, String> {
    let v = variants::build(&cfg.variant, &cfg.variant_options)?;
    if cfg.engines.len() < 2 {
        return Err("a match needs at least two engines".into());
    }
    if cfg.limit.is_empty() {
        return Err("give a limit: --tc, --movetime, --nodes or --depth".into());
    }
    if cfg.games == 0 || cfg.rounds == 0 {
        return Err("games and rounds must be at least 1".into());
    }
    if cfg.sprt.is_some() && cfg.engines.len() != 2 {
        return Err("SPRT needs exactly two engines".into());
    }
    if let Some(x) = cfg.engines.iter().find(|e| e.proto == Proto::Xboard) {
        if cfg.limit.nodes.is_some() {
            return Err(format!("{} speaks xboard, which has no node limit", x.name));
        }
        // The xboard dialogue knows two sides (`time`/`otim`, white and black).
        if v.players != 2 {
            return Err(format!(
                "{} speaks xboard, which plays two-player games only",
                x.name
            ));
        }
    }
    let mut names: Vec<&str> = cfg.engines.iter().map(|e| e.name.as_str()).collect();
    names.sort();
    names.dedup();
    if names.len() != cfg.engines.len() {
        return Err("engine names must differ (name=...)".into());
    }
    for spec in &cfg.engines {
        let mut e = Engine::start(spec)?;
        e.configure(&cfg.variant, &cfg.variant_options, v.geo.height)?;
    }
    Ok(v)
}

/// Plays the match. `preflight` is run first; per-game failures of engines are results, not
/// errors.
pub fn run_match(cfg: &MatchConfig) -> Result<MatchResult, String> {
    let v = preflight(cfg)?;
    let jobs = build_jobs(cfg, &v)?;
    let total = jobs.len();
    let n = cfg.engines.len();
    let pgn = match &cfg.pgn_out {
        Some(p) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| format!("cannot open {p}: {e}"))?,
        ),
        None => None,
    };
    let shared = Mutex::new(Shared {
        result: MatchResult {
            games: Vec::new(),
            points: vec![0.0; n],
            played: vec![0; n],
            pair: vec![vec![Wld::default(); n]; n],
            sprt: None,
            names: cfg.engines.iter().map(|e| e.name.clone()).collect(),
        },
        pgn,
        finished: 0,
    });
    let queue = Mutex::new(VecDeque::from(jobs));
    let stop = AtomicBool::new(false);
    let tty = std::io::stderr().is_terminal();
    std::thread::scope(|s| {
        for w in 0..cfg.concurrency.max(1) {
            let (queue, shared, stop, v) = (&queue, &shared, &stop, &v);
            s.spawn(move || {
                let mut engines: Vec<Option<Engine>> = (0..n).map(|_| None).collect();
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let job = {
                        let mut q = queue.lock().unwrap_or_else(|e| e.into_inner());
                        q.pop_front()
                    };
                    let Some(job) = job else { break };
                    let rec = play_game(cfg, v, &job, &mut engines, w as u64);
                    let mut sh = shared.lock().unwrap_or_else(|e| e.into_inner());
                    record(cfg, &mut sh, rec, total, tty, stop);
                }
            });
        }
    });
    if cfg.progress && tty {
        eprintln!();
    }
    let mut sh = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    sh.result.games.sort_by_key(|g| g.number);
    Ok(sh.result)
}

fn record(
    cfg: &MatchConfig,
    sh: &mut Shared,
    rec: GameRecord,
    total: usize,
    tty: bool,
    stop: &AtomicBool,
) {
    sh.finished += 1;
    let r = &mut sh.result;
    for (seat, &e) in rec.seats.iter().enumerate() {
        r.points[e] += rec.end.points[seat];
        r.played[e] += 1;
    }
    if rec.seats.len() == 2 {
        let (a, b) = (rec.seats[0], rec.seats[1]);
        let pa = rec.end.points[0];
        let wa = &mut r.pair[a][b];
        if pa == 1.0 {
            wa.wins += 1;
        } else if pa == 0.0 {
            wa.losses += 1;
        } else {
            wa.draws += 1;
        }
        r.pair[b][a] = r.pair[a][b].flipped();
    }
    if let Some((seat, why)) = &rec.forfeit {
        eprintln!(
            "{}warning: game {}: {} ({}) loses: {why}",
            if tty && cfg.progress { "\r\n" } else { "" },
            rec.number,
            r.names[rec.seats[*seat]],
            seat_name(*seat, rec.seats.len())
        );
    }
    if let Some(f) = sh.pgn.as_mut() {
        let first = rec
            .pgn
            .tag("FEN")
            .is_none_or(|f| f.split_whitespace().nth(1) != Some("b"));
        let num = rec
            .pgn
            .tag("FEN")
            .and_then(|f| f.split_whitespace().nth(5))
            .and_then(|x| x.parse().ok())
            .unwrap_or(1);
        let _ = f.write_all(rec.pgn.write(first, num).as_bytes());
        let _ = f.flush();
    }
    if let Some(sp) = cfg.sprt {
        let w = r.pair[0][1];
        let status = sp.status(&w);
        r.sprt = Some((sp.llr(&w), status));
        if status != SprtResult::Continue {
            stop.store(true, Ordering::Relaxed);
        }
    }
    if cfg.progress {
        let line = progress_line(cfg, r, &rec, sh.finished, total);
        if tty {
            eprint!("\r{line:<100}");
        } else {
            eprintln!("{line}");
        }
    }
    r.games.push(rec);
}

fn progress_line(
    cfg: &MatchConfig,
    r: &MatchResult,
    rec: &GameRecord,
    done: usize,
    total: usize,
) -> String {
    let names: Vec<&str> = rec.seats.iter().map(|&e| r.names[e].as_str()).collect();
    let mut s = format!(
        "game {done}/{total} {} {} ({})",
        names.join(" vs "),
        rec.end.pgn_result(),
        rec.end.reason
    );
    if r.names.len() == 2 {
        let w = r.pair[0][1];
        let (elo, m) = stats::elo_with_margin(&w);
        s += &format!(
            " | {} {:.1}-{:.1} (+{} -{} ={}) Elo {} +/- {}",
            r.names[0],
            w.points(),
            w.games() as f64 - w.points(),
            w.wins,
            w.losses,
            w.draws,
            fmt_elo(elo),
            fmt_elo(m)
        );
    }
    if let (Some(sp), Some((llr, _))) = (cfg.sprt, r.sprt) {
        let (lo, hi) = sp.bounds();
        s += &format!(" LLR {llr:.2} [{lo:.2}, {hi:.2}]");
    }
    s
}

fn fmt_elo(x: f64) -> String {
    if x.is_nan() {
        "inf".into()
    } else if x.is_finite() {
        // No "-0.0".
        format!("{:.1}", if x.abs() < 0.05 { 0.0 } else { x })
    } else if x > 0.0 {
        "inf".into()
    } else {
        "-inf".into()
    }
}

fn seat_name(seat: usize, players: usize) -> String {
    match (players, seat) {
        (2, 0) => "White".into(),
        (2, 1) => "Black".into(),
        _ => format!("player {}", seat + 1),
    }
}

/// The final table: per engine games, score, Elo with the 95% margin and LOS against the
/// rest; the SPRT state when one runs.
pub fn table(cfg: &MatchConfig, r: &MatchResult) -> String {
    let mut s = String::new();
    let two_player = r.pair.iter().flatten().any(|w| w.games() > 0);
    s += &format!(
        "{:<4} {:<20} {:>8} {:>8} {:>6} {:>8} {:>11} {:>7} {:>6}\n",
        "rank", "name", "Elo", "+/-", "games", "score", "W-L-D", "draws", "LOS"
    );
    let mut order: Vec<usize> = (0..r.names.len()).collect();
    order.sort_by(|&a, &b| {
        let sa = r.points[a] / r.played[a].max(1) as f64;
        let sb = r.points[b] / r.played[b].max(1) as f64;
        sb.partial_cmp(&sa).unwrap_or(std::cmp::Ordering::Equal)
    });
    for (rank, &i) in order.iter().enumerate() {
        let games = r.played[i];
        let pct = 100.0 * r.points[i] / games.max(1) as f64;
        if two_player {
            let w = r.total(i);
            let (elo, m) = stats::elo_with_margin(&w);
            s += &format!(
                "{:<4} {:<20} {:>8} {:>8} {:>6} {:>7.1}% {:>11} {:>6.1}% {:>5.1}%\n",
                rank + 1,
                r.names[i],
                fmt_elo(elo),
                fmt_elo(m),
                games,
                pct,
                format!("{}-{}-{}", w.wins, w.losses, w.draws),
                100.0 * w.draws as f64 / games.max(1) as f64,
                100.0 * stats::los(&w)
            );
        } else {
            s += &format!(
                "{:<4} {:<20} {:>8} {:>8} {:>6} {:>7.1}%\n",
                rank + 1,
                r.names[i],
                "-",
                "-",
                games,
                pct
            );
        }
    }
    if r.names.len() == 2 && two_player {
        let w = r.pair[0][1];
        let (elo, m) = stats::elo_with_margin(&w);
        s += &format!(
            "\n{} vs {}: {:.1}-{:.1} (+{} -{} ={}), Elo difference {} +/- {}, LOS {:.1}%\n",
            r.names[0],
            r.names[1],
            w.points(),
            w.games() as f64 - w.points(),
            w.wins,
            w.losses,
            w.draws,
            fmt_elo(elo),
            fmt_elo(m),
            100.0 * stats::los(&w)
        );
    }
    if let Some(sp) = cfg.sprt {
        let w = r.pair[0][1];
        let (lo, hi) = sp.bounds();
        let llr = sp.llr(&w);
        let verdict = match sp.status(&w) {
            SprtResult::H1 => "H1 accepted",
            SprtResult::H0 => "H0 accepted",
            SprtResult::Continue => "no decision yet",
        };
        s += &format!(
            "SPRT: elo0={} elo1={} alpha={} beta={}: LLR {llr:.3} [{lo:.3}, {hi:.3}] {verdict}\n",
            sp.elo0, sp.elo1, sp.alpha, sp.beta
        );
    }
    let forfeits = r.games.iter().filter(|g| g.forfeit.is_some()).count();
    if forfeits > 0 {
        s += &format!("{forfeits} game(s) lost by rule (illegal move, crash or time)\n");
    }
    s
}

/// Makes sure the worker has a working instance of engine `e`, set up for the variant.
fn ensure_engine<'a>(
    cfg: &MatchConfig,
    engines: &'a mut [Option<Engine>],
    e: usize,
    ranks: u8,
) -> Result<&'a mut Engine, String> {
    if engines[e].as_ref().is_some_and(|x| !x.healthy) {
        engines[e] = None;
    }
    if engines[e].is_none() {
        let mut en = Engine::start(&cfg.engines[e])?;
        en.configure(&cfg.variant, &cfg.variant_options, ranks)?;
        engines[e] = Some(en);
    }
    let en = engines[e].as_mut().ok_or("no engine")?;
    if let Err(err) = en.new_game() {
        en.healthy = false;
        return Err(err.to_string());
    }
    Ok(en)
}

/// Per-seat adjudication counters.
#[derive(Clone, Copy, Default)]
struct Adj {
    losing: u32,
    winning: u32,
    drawish: u32,
}

fn go_command(cfg: &MatchConfig, proto: Proto, clocks: &[PlayerClock]) -> String {
    let mut s = String::from("go");
    let l = &cfg.limit;
    if let Some(c) = l.clock {
        let t = |i: usize| clocks.get(i).map_or(0, |k| k.left_ms.max(0));
        // USI: btime is the first player's (sente's) clock.
        let (a, b, ai, bi) = match proto {
            Proto::Uci | Proto::Xboard => ("wtime", "btime", "winc", "binc"),
            Proto::Usi => ("btime", "wtime", "binc", "winc"),
        };
        s += &format!(" {a} {} {b} {}", t(0), t(1));
        if c.inc_ms > 0 {
            s += &format!(" {ai} {} {bi} {}", c.inc_ms, c.inc_ms);
        }
        if c.moves > 0
            && let Some(k) = clocks.first()
        {
            s += &format!(" movestogo {}", k.moves_to_go.max(1));
        }
    }
    if let Some(mt) = l.movetime_ms {
        s += &format!(" movetime {mt}");
    }
    if let Some(nodes) = l.nodes {
        s += &format!(" nodes {nodes}");
    }
    if let Some(d) = l.depth {
        s += &format!(" depth {d}");
    }
    s
}

/// Plays one game; never fails (engine failures are losses of their seat).
fn play_game(
    cfg: &MatchConfig,
    v: &Arc<Variant>,
    job: &Job,
    engines: &mut [Option<Engine>],
    worker: u64,
) -> GameRecord {
    let players = job.seats.len();
    let mut moves: Vec<PgnMove> = Vec::new();
    let mut forfeit: Option<(usize, String)> = None;
    let started = chrono_like_date();
    let mut rf = match ChatrangReferee::new(v, job.opening.fen.as_deref()) {
        Ok(r) => r,
        Err(e) => {
            // A bad opening cannot happen after load(); still, never panic.
            let end = GameEnd::draw(players, format!("bad opening: {e}"));
            return finish(cfg, v, job, None, moves, end, None, &started);
        }
    };
    for m in &job.opening.moves {
        if rf.play(m, Proto::Uci).is_err() {
            break;
        }
        moves.push(PgnMove {
            text: m.clone(),
            comment: "book".into(),
        });
    }
    // Start every seat's engine; one that fails loses at once.
    for (seat, &e) in job.seats.iter().enumerate() {
        if let Err(err) = ensure_engine(cfg, engines, e, v.geo.height) {
            let why = format!("engine failed to start: {err}");
            forfeit = Some((seat, why.clone()));
            let end = GameEnd::loss(players, seat, why);
            return finish(cfg, v, job, Some(&rf), moves, end, forfeit, &started);
        }
    }
    let mut clocks: Vec<PlayerClock> = match cfg.limit.clock {
        Some(c) => vec![PlayerClock::new(&c); players],
        None => Vec::new(),
    };
    let mut adj = vec![Adj::default(); players];
    let mut chance_seed = cfg.seed ^ (job.number as u64) << 32 ^ worker;
    let end = loop {
        if let Some(end) = rf.outcome() {
            break end;
        }
        if cfg.max_plies > 0 && rf.plies() >= cfg.max_plies as usize {
            break GameEnd::draw(players, "adjudication: move limit".into());
        }
        chance_seed = chance_seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1);
        if let Some(ev) = rf.chance(chance_seed) {
            moves.push(PgnMove {
                text: ev,
                comment: "chance".into(),
            });
            continue;
        }
        let seat = rf.to_move();
        let Some(&e) = job.seats.get(seat) else {
            break GameEnd::draw(players, "referee error: no such seat".into());
        };
        let Some(en) = engines[e].as_mut() else {
            break GameEnd::loss(players, seat, "engine missing".into());
        };
        let proto = en.spec.proto;
        let go = go_command(cfg, proto, &clocks);
        let wait = match (cfg.limit.clock, cfg.limit.movetime_ms) {
            (Some(_), _) => (clocks[seat].left_ms.max(0) as u64).saturating_add(cfg.margin_ms),
            (None, Some(mt)) => mt.saturating_add(cfg.margin_ms),
            (None, None) => cfg.move_timeout_ms,
        };
        let deadline = Instant::now()
            .checked_add(Duration::from_millis(wait.max(1)))
            .unwrap_or_else(|| Instant::now() + Duration::from_secs(1 << 30));
        let reply = match en.go(&rf.position_command(proto), &go, deadline) {
            Ok(r) => r,
            Err(err) => {
                en.healthy &= !matches!(err, EngineError::Crashed(_));
                let why = match err {
                    EngineError::Timeout => "loses on time".to_string(),
                    EngineError::Crashed(s) => format!("engine crashed ({s})"),
                    EngineError::Protocol(s) => format!("protocol error ({s})"),
                };
                forfeit = Some((seat, why.clone()));
                break GameEnd::loss(players, seat, why);
            }
        };
        // Clock.
        if let Some(c) = cfg.limit.clock
            && !clocks[seat].charge(&c, reply.elapsed_ms, cfg.margin_ms)
        {
            let why = "loses on time".to_string();
            forfeit = Some((seat, why.clone()));
            break GameEnd::loss(players, seat, why);
        }
        if cfg.limit.clock.is_none()
            && let Some(mt) = cfg.limit.movetime_ms
            && reply.elapsed_ms > mt.saturating_add(cfg.margin_ms)
        {
            let why = format!("loses on time ({} ms for movetime {mt})", reply.elapsed_ms);
            forfeit = Some((seat, why.clone()));
            break GameEnd::loss(players, seat, why);
        }
        if reply.bestmove == engine::RESIGNS {
            break GameEnd::loss(players, seat, "resigns".into());
        }
        let fen_before = rf.fen();
        let text = match rf.play(&reply.bestmove, proto) {
            Ok(t) => t,
            Err(_) => {
                let why = format!("illegal move '{}' in {fen_before}", reply.bestmove);
                forfeit = Some((seat, why.clone()));
                break GameEnd::loss(players, seat, why);
            }
        };
        let mut comment = String::new();
        if let Some(sc) = reply.score {
            comment += &sc.pgn();
            if let Some(d) = reply.depth {
                comment += &format!("/{d}");
            }
            comment.push(' ');
        }
        comment += &format!("{:.3}s", reply.elapsed_ms as f64 / 1000.0);
        moves.push(PgnMove { text, comment });
        // Adjudication by scores.
        if let Some(end) = adjudicate(cfg, &mut adj, seat, reply.score, &rf) {
            break end;
        }
    };
    finish(cfg, v, job, Some(&rf), moves, end, forfeit, &started)
}

fn adjudicate(
    cfg: &MatchConfig,
    adj: &mut [Adj],
    seat: usize,
    score: Option<Score>,
    rf: &ChatrangReferee,
) -> Option<GameEnd> {
    let players = adj.len();
    let a = &mut adj[seat];
    match score {
        None => *a = Adj::default(),
        Some(s) => {
            let cp = s.cp();
            if let Some(rr) = cfg.resign {
                a.losing = if cp <= -rr.cp { a.losing + 1 } else { 0 };
                a.winning = if cp >= rr.cp { a.winning + 1 } else { 0 };
            }
            if let Some(dr) = cfg.draw {
                let full = rf.position().fullmove;
                a.drawish = if cp.abs() <= dr.cp && full >= dr.after {
                    a.drawish + 1
                } else {
                    0
                };
            }
        }
    }
    if let Some(rr) = cfg.resign
        && players == 2
    {
        for s in 0..2 {
            if adj[s].losing >= rr.moves && adj[1 - s].winning >= rr.moves {
                return Some(GameEnd::loss(2, s, "adjudication: resigns".into()));
            }
        }
    }
    if let Some(dr) = cfg.draw
        && adj.iter().all(|a| a.drawish >= dr.moves)
    {
        return Some(GameEnd::draw(players, "adjudication: draw".into()));
    }
    None
}

/// Today's date as `YYYY.MM.DD` (UTC), without a date library.
fn chrono_like_date() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let days = (secs / 86400) as i64;
    // Civil from days (H. Hinnant).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    format!("{y:04}.{m:02}.{d:02}")
}

#[allow(clippy::too_many_arguments)]
fn finish(
    cfg: &MatchConfig,
    v: &Arc<Variant>,
    job: &Job,
    rf: Option<&ChatrangReferee>,
    moves: Vec<PgnMove>,
    end: GameEnd,
    forfeit: Option<(usize, String)>,
    date: &str,
) -> GameRecord {
    let names: Vec<String> = job
        .seats
        .iter()
        .map(|&e| cfg.engines[e].name.clone())
        .collect();
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), cfg.event.clone()),
        ("Site".into(), "chatrang".into()),
        ("Date".into(), date.to_string()),
        ("Round".into(), format!("{}.{}", job.round, job.number)),
    ];
    for (seat, n) in names.iter().enumerate() {
        let key = match (names.len(), seat) {
            (2, 0) => "White".to_string(),
            (2, 1) => "Black".to_string(),
            _ => format!("Player{}", seat + 1),
        };
        tags.push((key, n.clone()));
    }
    tags.push(("Result".into(), end.pgn_result().into()));
    tags.push(("Variant".into(), v.id.clone()));
    if !cfg.variant_options.is_empty() {
        tags.push(("VariantOptions".into(), cfg.variant_options.clone()));
    }
    if let Some(r) = rf
        && !r.standard_start()
    {
        tags.push(("FEN".into(), r.start_fen()));
        tags.push(("SetUp".into(), "1".into()));
    }
    tags.push(("TimeControl".into(), cfg.limit.pgn()));
    tags.push(("PlyCount".into(), moves.len().to_string()));
    let termination = if forfeit.is_some() {
        if end.reason.contains("time") {
            "time forfeit"
        } else {
            "rules infraction"
        }
    } else if end.reason.starts_with("adjudication") {
        "adjudication"
    } else {
        "normal"
    };
    tags.push(("Termination".into(), termination.into()));
    let final_comment = match end.winner() {
        Some(w) if names.len() == 2 => format!("{} wins: {}", seat_name(w, 2), end.reason),
        Some(w) => format!("{} wins: {}", names[w], end.reason),
        None if end.points.iter().all(|&p| p == end.points[0]) => {
            format!("Draw: {}", end.reason)
        }
        None => match &forfeit {
            Some((s, _)) => format!("{} loses: {}", names[*s], end.reason),
            None => end.reason.clone(),
        },
    };
    let pgn = PgnGame {
        tags,
        moves,
        final_comment,
        result: end.pgn_result().into(),
    };
    GameRecord {
        number: job.number,
        round: job.round,
        seats: job.seats.clone(),
        end,
        pgn,
        forfeit,
    }
}
