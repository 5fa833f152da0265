use std::io::{self, Write};
use std::time::Instant;

use clap::{Parser, Subcommand};

use chatrang::{fen, notation, perft, uci, variants};

#[derive(Parser)]
#[command(name = "chatrang", version, about = "A multi-variant chess engine (UCI)")]
struct Cli {
    #[command(subcommand)]
    cmd: Option<Cmd>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run the UCI protocol loop (the default).
    Uci,
    /// Count leaf nodes of the legal-move tree.
    Perft {
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Game options, `key=value` separated by commas or spaces.
        #[arg(long, default_value = "")]
        options: String,
        #[arg(long)]
        fen: Option<String>,
        /// Moves to play from the position first.
        #[arg(long, num_args = 1.., allow_hyphen_values = false)]
        moves: Vec<String>,
        #[arg(long)]
        depth: u32,
        /// Print the count under each root move.
        #[arg(long)]
        divide: bool,
    },
    /// List the games with board sizes, players and options.
    Variants,
}

fn main() {
    let cli = Cli::parse();
    let code = match cli.cmd {
        None | Some(Cmd::Uci) => {
            let stdin = io::stdin();
            let mut out = io::stdout();
            uci::run(stdin.lock(), &mut out);
            0
        }
        Some(Cmd::Perft {
            variant,
            options,
            fen: f,
            moves,
            depth,
            divide,
        }) => match run_perft(&variant, &options, f.as_deref(), &moves, depth, divide) {
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
    };
    let _ = io::stdout().flush();
    std::process::exit(code);
}

fn run_perft(
    variant: &str,
    options: &str,
    f: Option<&str>,
    moves: &[String],
    depth: u32,
    div: bool,
) -> Result<(), String> {
    let v = variants::build(variant, options)?;
    let mut pos = fen::parse(&v, f.unwrap_or(&v.start_fen))?;
    for mv in moves.iter().flat_map(|m| m.split_whitespace()) {
        let m = notation::parse_move(&mut pos, mv)?;
        pos.make(m);
    }
    let t = Instant::now();
    let nodes = if div {
        let mut total = 0;
        for (m, n) in perft::divide(&mut pos, depth.max(1)) {
            println!("{m}: {n}");
            total += n;
        }
        total
    } else {
        perft::perft(&mut pos, depth)
    };
    let secs = t.elapsed().as_secs_f64();
    println!("nodes {nodes}");
    println!("time {:.3} s", secs);
    println!("nps {:.0}", nodes as f64 / secs.max(1e-9));
    Ok(())
}

fn list_variants() {
    println!("{:<14} {:<7} {:<3} {:<40} options", "id", "board", "pl", "name");
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
        println!("{:<14} {:<7} {:<3} {:<40} {}", e.id, board, players, e.name, opts.join(" "));
    }
}
