use std::io::{self, Write};
use std::time::Instant;

use clap::{Parser, Subcommand};

use chatrang::moves::Move;
use chatrang::position::Position;
use chatrang::search::{self, Control, Limits, Searcher, bench};
use chatrang::{fen, notation, perft, uci, usi, variants};

/// `--threads`: 1 to `MAX_THREADS`, as the UCI `Threads` option.
fn thread_count(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=search::MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{s}' is not a thread count from 1 to {}",
            search::MAX_THREADS
        )),
    }
}

/// `println!` that ignores a closed stdout (e.g. piped into `head`) instead of panicking.
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

#[derive(Parser)]
#[command(
    name = "chatrang",
    version,
    about = "A multi-variant chess engine (UCI)"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Option<Cmd>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run the UCI protocol loop (the default; a first command `usi` switches to USI).
    Uci,
    /// Run the USI protocol loop (shogi GUIs).
    Usi,
    /// Count leaf nodes of the legal-move tree.
    Perft {
        #[command(flatten)]
        at: PositionArgs,
        #[arg(long)]
        depth: u32,
        /// Print the count under each root move.
        #[arg(long)]
        divide: bool,
    },
    /// List the games with board sizes, players and options.
    Variants,
    /// Search fixed positions of several games to a fixed depth; prints total nodes and speed.
    Bench {
        /// Search depth of every position.
        #[arg(default_value_t = 9)]
        depth: i32,
        #[arg(long, default_value_t = 1, value_parser = thread_count)]
        threads: usize,
        #[arg(long, default_value_t = 16)]
        hash: usize,
        /// Only the orthodox chess positions (the regression signature of the tests).
        #[arg(long)]
        chess_only: bool,
        /// Most games (chess included) to take start positions from.
        #[arg(long, default_value_t = 12)]
        games: usize,
        /// Positions from a file instead, one FEN per line (blank lines and `#` comments skipped).
        #[arg(long, conflicts_with = "chess_only")]
        fens: Option<String>,
        /// The game of the `--fens` positions.
        #[arg(long, default_value = "chess")]
        variant: String,
        #[command(flatten)]
        net: NetArgs,
    },
    /// Play engines against each other, with chatrang's rules as referee (see README).
    Match(Box<MatchArgs>),
    /// Draw a position as SVG or PNG (by the file extension of -o); the last move is marked.
    Render {
        #[command(flatten)]
        at: PositionArgs,
        /// Output file: .svg or .png.
        #[arg(short = 'o', long)]
        output: String,
        /// Cell size in pixels.
        #[arg(long, default_value_t = 48)]
        cell: u32,
    },
    /// Fit the evaluation weights to reference scores (docs/eval.md, "Tuning").
    #[command(subcommand)]
    Tune(TuneCmd),
    /// Analyse a position: iterative deepening lines with scores and principal variations.
    Analyse {
        #[command(flatten)]
        at: PositionArgs,
        #[arg(long)]
        depth: Option<i32>,
        /// Milliseconds to think (default: 5000 unless a depth is given).
        #[arg(long)]
        movetime: Option<u64>,
        #[arg(long, default_value_t = 1)]
        multipv: usize,
        #[arg(long, default_value_t = 1, value_parser = thread_count)]
        threads: usize,
        #[arg(long, default_value_t = 64)]
        hash: usize,
    },
}

#[derive(Subcommand)]
enum TuneCmd {
    /// Self-play at a few nodes per move; prints sampled quiet positions as `variant;fen` lines.
    Sample {
        #[arg(long, default_value = "chess")]
        variant: String,
        #[arg(long, default_value = "")]
        options: String,
        #[command(flatten)]
        cfg: chatrang::tune::SampleConfig,
    },
    /// Fit the weights to `variant;fen;score` lines; prints the error per game and the weights.
    Fit {
        /// Data files (scores in centipawns for the side to move).
        #[arg(required = true)]
        data: Vec<String>,
        /// Most passes of the local search (0: only report the error of the current weights).
        #[arg(long, default_value_t = 8)]
        passes: usize,
        /// Positions whose reference |score| is above this are left out.
        #[arg(long, default_value_t = 1500)]
        max_score: i32,
        /// Start from this game's weights (default: the shared ones).
        #[arg(long)]
        start: Option<String>,
        /// Weights the search leaves as they start, comma-separated names (those the sampled
        /// quiet positions cannot determine, such as the threat weights).
        #[arg(long, value_delimiter = ',')]
        fixed: Vec<String>,
        /// Only these weights move (comma-separated names); the others stay fixed.
        #[arg(long, value_delimiter = ',', conflicts_with = "fixed")]
        free: Vec<String>,
        /// Start values replacing the starting set's, `name=value` comma-separated (a new term
        /// starts away from 0, so that its steps are not 1).
        #[arg(long, value_delimiter = ',')]
        set: Vec<String>,
    },
    /// Training positions from refereed games (`chatrang match` PGN with scores in the move
    /// comments): prints `variant;fen;score;result` lines.
    Pgn {
        #[arg(required = true)]
        files: Vec<String>,
        #[command(flatten)]
        cfg: chatrang::train::PgnPositions,
    },
    /// Train a net on `variant;fen;score;result` lines of one game; writes it to `--out` after
    /// every epoch.
    Net {
        #[arg(required = true)]
        data: Vec<String>,
        #[arg(long)]
        out: String,
        /// Train a correction added to the game's hand-made evaluation, not a whole evaluation.
        #[arg(long)]
        residual: bool,
        /// Train on from this net's weights (its hidden units and output buckets set the shape;
        /// `--hidden` and `--buckets` are ignored) instead of small random ones.
        #[arg(long)]
        init: Option<String>,
        #[command(flatten)]
        cfg: chatrang::train::TrainConfig,
    },
    /// Fit piece-square adjustments over one game's own evaluation to `variant;fen;score` lines;
    /// prints the errors and the grids for the game's file.
    Squares {
        /// Data files of one game (scores in centipawns for the side to move).
        #[arg(required = true)]
        data: Vec<String>,
        /// Gradient steps (full batch).
        #[arg(long, default_value_t = 1000)]
        steps: usize,
        /// Pull toward the type's shift: this times the sum of the squared deviations of the
        /// cells from their type's shift joins the error (the shifts themselves are free).
        #[arg(long, default_value_t = 1e-9)]
        l2: f64,
        /// Positions whose reference |score| is above this are left out.
        #[arg(long, default_value_t = 1500)]
        max_score: i32,
    },
}

/// Which evaluation a subcommand searches with.
#[derive(clap::Args)]
struct NetArgs {
    /// Evaluate with this net (in the games it fits) instead of each game's own.
    #[arg(long)]
    eval_file: Option<String>,
    /// The hand-made evaluation in every game, nets or not.
    #[arg(long, conflicts_with = "eval_file")]
    no_nnue: bool,
}

impl NetArgs {
    fn choice(&self) -> Result<chatrang::search::NetChoice, String> {
        use chatrang::search::NetChoice;
        if self.no_nnue {
            return Ok(NetChoice::Off);
        }
        let Some(path) = &self.eval_file else {
            return Ok(NetChoice::Own);
        };
        Ok(NetChoice::File(std::sync::Arc::new(read_net(path)?)))
    }
}

/// The net in file `path`, or why not.
fn read_net(path: &str) -> Result<chatrang::eval::nnue::Network, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    chatrang::eval::nnue::Network::parse(&bytes).map_err(|e| format!("{path}: {e}"))
}

/// The position a subcommand works on: a game, its options, a FEN and moves played from it.
#[derive(clap::Args)]
struct PositionArgs {
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Game options, `key=value` separated by commas or spaces.
    #[arg(long, default_value = "")]
    options: String,
    /// The position (default: the game's start position).
    #[arg(long)]
    fen: Option<String>,
    /// Moves to play from the position first.
    #[arg(long, num_args = 1.., allow_hyphen_values = false)]
    moves: Vec<String>,
}

impl PositionArgs {
    /// The position after the moves, and the last move played.
    fn position(&self) -> Result<(Position, Option<Move>), String> {
        let v = variants::build(&self.variant, &self.options)?;
        let mut pos = fen::parse(&v, self.fen.as_deref().unwrap_or(&v.start_fen))?;
        let mut last = None;
        for mv in self.moves.iter().flat_map(|m| m.split_whitespace()) {
            let m = notation::parse_move(&mut pos, mv)?;
            last = Some(m);
            pos.make(m);
        }
        Ok((pos, last))
    }
}

#[derive(clap::Args)]
struct MatchArgs {
    /// An engine: `cmd=<program> name=<name> [proto=uci|usi|xboard] [variant=<its name>]
    /// [option.<Name>=<value> ...]`; `cmd=self` is this program. Give it once per engine.
    #[arg(long = "engine", num_args = 1.., action = clap::ArgAction::Append, required = true)]
    engine: Vec<String>,
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Game options `key=value` (sent as VariantOptions to engines that take them).
    #[arg(long, default_value = "")]
    options: String,
    /// Clock: `[moves/]base[+inc]` in seconds, e.g. `10+0.1` or `40/60`.
    #[arg(long)]
    tc: Option<String>,
    /// Fixed milliseconds per move.
    #[arg(long)]
    movetime: Option<u64>,
    /// Nodes per move.
    #[arg(long)]
    nodes: Option<u64>,
    /// Depth per move.
    #[arg(long)]
    depth: Option<u32>,
    /// Milliseconds an engine may overstep its time before it loses on time.
    #[arg(long, default_value_t = 100)]
    margin: u64,
    /// Longest wait in ms for a move under node or depth limits.
    #[arg(long, default_value_t = 60000)]
    timeout: u64,
    /// Games per encounter per round (pairs play each opening with colours swapped).
    #[arg(long, default_value_t = 2)]
    games: u32,
    #[arg(long, default_value_t = 1)]
    rounds: u32,
    /// FEN/EPD file, one position a line.
    #[arg(long)]
    openings: Option<String>,
    /// Random book plies from each opening.
    #[arg(long, default_value_t = 0)]
    random_plies: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Append the games to this PGN file.
    #[arg(long)]
    pgn: Option<String>,
    /// Resign when both engines agree the score is below -CP for --resign-moves moves.
    #[arg(long)]
    resign_score: Option<i32>,
    #[arg(long, default_value_t = 3)]
    resign_moves: u32,
    /// Draw when every engine's |score| <= CP for --draw-moves moves after --draw-after.
    #[arg(long)]
    draw_score: Option<i32>,
    #[arg(long, default_value_t = 8)]
    draw_moves: u32,
    #[arg(long, default_value_t = 40)]
    draw_after: u32,
    /// Draw by adjudication after this many plies (0 = never).
    #[arg(long, default_value_t = 1000)]
    max_plies: u32,
    /// SPRT: `elo0=0,elo1=5,alpha=0.05,beta=0.05`; stops when the LLR crosses a bound.
    #[arg(long)]
    sprt: Option<String>,
    /// No progress line.
    #[arg(long)]
    quiet: bool,
    #[arg(long, default_value = "chatrang match")]
    event: String,
}

fn run_match(a: MatchArgs) -> Result<(), String> {
    use chatrang::matchrun::{self, DrawRule, MatchConfig, ResignRule, engine::EngineSpec, tc};
    // Clap flattens repeated multi-value options: regroup the items per `--engine`.
    let mut groups: Vec<Vec<String>> = Vec::new();
    let mut inside = false;
    for arg in std::env::args().skip(1) {
        if arg == "--engine" {
            groups.push(Vec::new());
            inside = true;
        } else if let Some(rest) = arg.strip_prefix("--engine=") {
            groups.push(vec![rest.to_string()]);
            inside = true;
        } else if arg.starts_with("--") {
            inside = false;
        } else if inside && let Some(g) = groups.last_mut() {
            g.push(arg);
        }
    }
    // (`a.engine` holds the same items, flattened; clap checked that at least one was given.)
    let _ = &a.engine;
    let engines = groups
        .iter()
        .map(|items| EngineSpec::parse(items))
        .collect::<Result<Vec<_>, _>>()?;
    let openings = match &a.openings {
        Some(p) => Some(std::fs::read_to_string(p).map_err(|e| format!("cannot read {p}: {e}"))?),
        None => None,
    };
    let cfg = MatchConfig {
        engines,
        variant: a.variant,
        variant_options: a.options,
        limit: tc::MoveLimit {
            clock: a.tc.as_deref().map(tc::Clock::parse).transpose()?,
            movetime_ms: a.movetime,
            nodes: a.nodes,
            depth: a.depth,
        },
        margin_ms: a.margin,
        move_timeout_ms: a.timeout,
        games: a.games,
        rounds: a.rounds,
        openings,
        random_plies: a.random_plies,
        seed: a.seed,
        concurrency: a.concurrency,
        pgn_out: a.pgn,
        resign: a.resign_score.map(|cp| ResignRule {
            cp,
            moves: a.resign_moves,
        }),
        draw: a.draw_score.map(|cp| DrawRule {
            cp,
            moves: a.draw_moves,
            after: a.draw_after,
        }),
        max_plies: a.max_plies,
        sprt: a
            .sprt
            .as_deref()
            .map(matchrun::stats::Sprt::parse)
            .transpose()?,
        progress: !a.quiet,
        event: a.event,
    };
    let r = matchrun::run_match(&cfg)?;
    out!("{}", matchrun::table(&cfg, &r));
    Ok(())
}

fn run_render(at: &PositionArgs, output: &str, cell: u32) -> Result<(), String> {
    let (pos, last) = at.position()?;
    let opts = chatrang::render::Options {
        cell: cell.clamp(16, 200),
        last,
    };
    let bytes = if output.to_ascii_lowercase().ends_with(".png") {
        chatrang::render::png(&pos, &opts)
    } else if output.to_ascii_lowercase().ends_with(".svg") {
        chatrang::render::svg(&pos, &opts).into_bytes()
    } else {
        return Err("the output file must end in .svg or .png".into());
    };
    std::fs::write(output, bytes).map_err(|e| format!("cannot write {output}: {e}"))
}

fn main() {
    let cli = Cli::parse();
    let code = match cli.cmd {
        None | Some(Cmd::Uci) => {
            let stdin = io::stdin();
            uci::run(stdin.lock(), uci::stdout_sink());
            0
        }
        Some(Cmd::Usi) => {
            let stdin = io::stdin();
            usi::run(stdin.lock(), uci::stdout_sink());
            0
        }
        Some(Cmd::Perft { at, depth, divide }) => match run_perft(&at, depth, divide) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("error: {e}");
                2
            }
        },
        Some(Cmd::Variants) => {
            list_variants();
            0
        }
        Some(Cmd::Bench {
            depth,
            threads,
            hash,
            chess_only,
            games,
            fens,
            variant,
            net,
        }) => {
            let list = match &fens {
                Some(path) => bench::positions_from_file(path, &variant),
                None if chess_only => Ok(bench::positions(1)),
                None => Ok(bench::positions(games.max(1))),
            };
            match net
                .choice()
                .and_then(|net| list.and_then(|list| run_bench(&list, depth, threads, hash, &net)))
            {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("error: {e}");
                    2
                }
            }
        }
        Some(Cmd::Match(a)) => match run_match(*a) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("error: {e}");
                2
            }
        },
        Some(Cmd::Render { at, output, cell }) => match run_render(&at, &output, cell) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("error: {e}");
                2
            }
        },
        Some(Cmd::Tune(t)) => match run_tune(t) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("error: {e}");
                2
            }
        },
        Some(Cmd::Analyse {
            at,
            depth,
            movetime,
            multipv,
            threads,
            hash,
        }) => match run_analyse(&at, depth, movetime, multipv, threads, hash) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("error: {e}");
                2
            }
        },
    };
    let _ = io::stdout().flush();
    std::process::exit(code);
}

/// The data files, one after another.
fn read_data(files: &[String]) -> Result<String, String> {
    let mut text = String::new();
    for f in files {
        text += &std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?;
        text.push('\n');
    }
    Ok(text)
}

fn run_tune(t: TuneCmd) -> Result<(), String> {
    use chatrang::eval::Weights;
    use chatrang::tune;
    match t {
        TuneCmd::Sample {
            variant,
            options,
            cfg,
        } => {
            let mut out = io::stdout().lock();
            let n = tune::sample(&variant, &options, &cfg, &mut out)?;
            eprintln!("{n} positions");
        }
        TuneCmd::Fit {
            data,
            passes,
            max_score,
            start,
            fixed,
            free,
            set,
        } => {
            let fixed = if free.is_empty() {
                tune::weight_indices(&fixed).map_err(|e| format!("--fixed: {e}"))?
            } else {
                tune::all_but(&free).map_err(|e| format!("--free: {e}"))?
            };
            let text = read_data(&data)?;
            let mut sets = tune::load(&text, max_score)?;
            let w0 = match start {
                Some(g) => variants::build(&g, "")?
                    .eval_weights
                    .clone()
                    .unwrap_or_default(),
                None => Weights::default(),
            };
            let w0 = tune::with_values(w0, &set).map_err(|e| format!("--set: {e}"))?;
            tune::fit_scales(&mut sets, &w0);
            for s in &sets {
                out!("scale {:<14} {:.4}", s.variant.id, s.scale);
            }
            let report = |w: &Weights, label: &str| {
                for (game, n, e) in tune::errors_by_game(&sets, w) {
                    out!("{label} {game:<14} {n:>7} positions  error {e:.6}");
                }
                out!("{label} all            error {:.6}", tune::error(&sets, w));
            };
            report(&w0, "before");
            if passes > 0 {
                let w = tune::fit(&sets, &w0, passes, &fixed, &mut |l| out!("{l}"));
                report(&w, "after ");
                let mut base = w0.clone();
                let mut fitted = w.clone();
                for ((name, a), b) in Weights::NAMES.iter().zip(base.slots()).zip(fitted.slots()) {
                    let mark = if a != b {
                        format!("  // was {a}")
                    } else {
                        String::new()
                    };
                    out!("    {name} = {b},{mark}");
                }
            }
        }
        TuneCmd::Pgn { files, cfg } => {
            let mut out = io::BufWriter::new(io::stdout().lock());
            let mut n = 0;
            for f in &files {
                let text = std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?;
                n += chatrang::train::positions_from_pgn(&text, &cfg, &mut out)
                    .map_err(|e| format!("{f}: {e}"))?;
            }
            eprintln!("{n} positions");
        }
        TuneCmd::Net {
            data,
            out,
            residual,
            init,
            cfg,
        } => {
            let start = init.as_deref().map(read_net).transpose()?;
            let text = read_data(&data)?;
            let d = chatrang::train::load(
                &text,
                residual,
                (cfg.king_files as usize, cfg.king_ranks as usize),
            )?;
            eprintln!("{} positions of {}", d.len(), d.variant.id);
            let mut failed = None;
            chatrang::train::train(&d, &cfg, start.as_ref(), &mut |epoch, fit, held, net| {
                out!("epoch {epoch:>3}  error {fit:.6}  held out {held:.6}");
                if let Err(e) = std::fs::write(&out, net.to_bytes()) {
                    failed = Some(format!("{out}: {e}"));
                }
            })?;
            if let Some(e) = failed {
                return Err(e);
            }
        }
        TuneCmd::Squares {
            data,
            steps,
            l2,
            max_score,
        } => {
            let text = read_data(&data)?;
            let mut sets = tune::load(&text, max_score)?;
            let [set] = sets.as_mut_slice() else {
                return Err("the data must hold positions of exactly one game".into());
            };
            let w = set.variant.eval_weights.clone().unwrap_or_default();
            tune::fit_scales(std::slice::from_mut(set), &w);
            let fit = tune::fit_squares(set, &w, steps, l2)?;
            out!("scale {:<14} {:.4}", set.variant.id, set.scale);
            out!("fitting   error {:.6} -> {:.6}", fit.train.0, fit.train.1);
            out!(
                "held out  error {:.6} -> {:.6}",
                fit.held_out.0,
                fit.held_out.1
            );
            out!(
                "{}",
                chatrang::eval::squares::to_source(&set.variant, &fit.table)
            );
        }
    }
    Ok(())
}

fn run_perft(at: &PositionArgs, depth: u32, div: bool) -> Result<(), String> {
    let (mut pos, _) = at.position()?;
    let t = Instant::now();
    let nodes = if div {
        let mut total = 0;
        for (m, n) in perft::divide(&mut pos, depth.max(1)) {
            out!("{m}: {n}");
            total += n;
        }
        total
    } else {
        perft::perft(&mut pos, depth)
    };
    let secs = t.elapsed().as_secs_f64();
    out!("nodes {nodes}");
    out!("time {:.3} s", secs);
    out!("nps {:.0}", nodes as f64 / secs.max(1e-9));
    Ok(())
}

fn list_variants() {
    out!(
        "{:<14} {:<7} {:<3} {:<40} options",
        "id",
        "board",
        "pl",
        "name"
    );
    for e in variants::all() {
        let (board, players) = match variants::build(e.id, "") {
            Ok(v) => {
                let g = &v.geo;
                let b = if g.levels > 1 {
                    format!("{}x{}x{}", g.width, g.height, g.levels)
                } else {
                    format!("{}x{}", g.width, g.height)
                };
                (b, v.players)
            }
            Err(_) => ("?".into(), 0),
        };
        let opts: Vec<String> = e
            .options
            .iter()
            .map(|o| format!("{}={}", o.key, o.values.join("|")))
            .collect();
        out!(
            "{:<14} {:<7} {:<3} {:<40} {}",
            e.id,
            board,
            players,
            e.name,
            opts.join(" ")
        );
    }
}

fn run_bench(
    list: &[bench::BenchPos],
    depth: i32,
    threads: usize,
    hash: usize,
    net: &chatrang::search::NetChoice,
) -> Result<(), String> {
    let (nodes, ms) = bench::run(list, depth, threads, hash, net, true)?;
    out!("===========================");
    out!("Positions       : {}", list.len());
    out!("Total time (ms) : {ms}");
    out!("Nodes searched  : {nodes}");
    out!("Nodes/second    : {}", nodes * 1000 / ms.max(1));
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn run_analyse(
    at: &PositionArgs,
    depth: Option<i32>,
    movetime: Option<u64>,
    multipv: usize,
    threads: usize,
    hash: usize,
) -> Result<(), String> {
    let (mut pos, _) = at.position()?;
    let mut s = Searcher::try_new(hash)?;
    out!("{}", uci::diagram(&pos));
    s.threads = threads.max(1);
    let limits = Limits {
        depth,
        movetime: movetime.or(if depth.is_none() { Some(5000) } else { None }),
        multipv: multipv.max(1),
        ..Default::default()
    };
    let ctl = Control::new(false);
    let side = if pos.side == 0 {
        "first player (upper case)"
    } else {
        "second player (lower case)"
    };
    out!("\nSide to move: {side}; scores are for the side to move.\n");
    out!(
        "{:>5} {:>3} {:>10} {:>11} {:>7}  pv",
        "depth",
        "pv",
        "score",
        "nodes",
        "ms"
    );
    let p = pos.clone();
    let r = s.search(&pos, &limits, &ctl, &mut |i: &search::Info| {
        let score = if i.score.abs() >= search::MATE_BOUND {
            search::score_string(i.score).replace("mate ", "#")
        } else {
            format!("{:+.2}", i.score as f64 / 100.0)
        };
        out!(
            "{:>5} {:>3} {:>10} {:>11} {:>7}  {}",
            format!("{}/{}", i.depth, i.seldepth),
            i.multipv,
            score,
            i.nodes,
            i.time_ms,
            uci::pv_string(&p, &i.pv)
        );
    });
    match r.best {
        Some(b) => {
            out!(
                "\nbest move {}  ({}, depth {})",
                notation::move_to_string(&pos, b),
                search::score_string(r.score),
                r.depth
            );
            for (k, (sc, pv)) in r.lines.iter().enumerate() {
                out!(
                    "  line {}: {:<10} {}",
                    k + 1,
                    search::score_string(*sc),
                    uci::pv_string(&pos, pv)
                );
            }
        }
        None => {
            let o = chatrang::outcome::outcome(&mut pos);
            out!(
                "\nno legal move: {}",
                o.map_or("game over".to_string(), |o| format!(
                    "{:?} ({})",
                    o.result, o.reason
                ))
            );
        }
    }
    Ok(())
}
