//! `chatrang match`: engines against engines with chatrang as referee; fake engines that break
//! the rules lose by rule; PGN replays; statistics against known values.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use chatrang::fen;
use chatrang::matchrun::engine::{EngineSpec, Proto};
use chatrang::matchrun::stats::{self, Sprt, SprtResult, Wld};
use chatrang::matchrun::tc::{Clock, MoveLimit};
use chatrang::matchrun::{self, MatchConfig, MatchResult, pgn};
use chatrang::notation::parse_move;
use chatrang::outcome::outcome;
use chatrang::variants;

const EXE: &str = env!("CARGO_BIN_EXE_chatrang");

/// A scratch directory for one test, removed when the test is done with it.
struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn tmpdir() -> Scratch {
    static N: AtomicUsize = AtomicUsize::new(0);
    let d = std::env::temp_dir().join(format!(
        "chatrang_match_{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&d).unwrap();
    Scratch(d)
}

fn chatrang(name: &str, opts: &[(&str, &str)]) -> EngineSpec {
    let mut items = vec![format!("cmd={EXE}"), format!("name={name}")];
    for (k, v) in opts {
        items.push(format!("option.{k}={v}"));
    }
    EngineSpec::parse(&items).unwrap()
}

/// A fake UCI engine as a shell script; `on_go` is the shell code run on `go`.
fn fake(dir: &Path, name: &str, on_go: &str) -> EngineSpec {
    let path = dir.join(format!("{name}.sh"));
    let script = format!(
        "while read line; do\n  case \"$line\" in\n    uci) echo \"id name {name}\"; \
         echo \"option name UCI_Variant type combo default chess var chess var shatranj\"; \
         echo uciok;;\n    isready) echo readyok;;\n    go*) {on_go};;\n    quit) exit 0;;\n  \
         esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    EngineSpec::parse(&[format!("cmd=sh {}", path.display()), format!("name={name}")]).unwrap()
}

fn config(engines: Vec<EngineSpec>, variant: &str, nodes: u64) -> MatchConfig {
    MatchConfig {
        engines,
        variant: variant.into(),
        limit: MoveLimit {
            nodes: Some(nodes),
            ..Default::default()
        },
        progress: false,
        max_plies: 300,
        ..Default::default()
    }
}

/// Replays every game of a PGN file with our rules; checks tags, ply count and, for games
/// that ended by the rules, the result.
fn replay_pgn(text: &str) -> usize {
    let games = pgn::parse(text).expect("PGN parses");
    for g in &games {
        for t in [
            "Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant",
        ] {
            assert!(g.tag(t).is_some(), "missing tag {t}");
        }
        assert_eq!(g.tag("Result"), Some(g.result.as_str()));
        let v = variants::build(
            g.tag("Variant").unwrap(),
            g.tag("VariantOptions").unwrap_or(""),
        )
        .unwrap();
        let mut pos = fen::parse(&v, g.tag("FEN").unwrap_or(&v.start_fen)).unwrap();
        for m in &g.moves {
            let mv = parse_move(&mut pos, &m.text)
                .unwrap_or_else(|e| panic!("{e} in {}", fen::to_fen(&pos)));
            pos.make(mv);
            if m.comment != "book" {
                // `{+0.31/12 1.234s}`: optional score/depth, then the time.
                assert!(m.comment.ends_with('s'), "comment '{}'", m.comment);
            }
        }
        assert_eq!(g.tag("PlyCount"), Some(g.moves.len().to_string().as_str()));
        if g.tag("Termination") == Some("normal") {
            let o = outcome(&mut pos).expect("a normal end is a rules end");
            let expect = match o.result {
                chatrang::variant::GameResult::Draw => "1/2-1/2",
                chatrang::variant::GameResult::Win(0) => "1-0",
                chatrang::variant::GameResult::Win(_) => "0-1",
            };
            assert_eq!(g.result, expect, "{}", g.final_comment);
        }
    }
    games.len()
}

fn moves_of(r: &MatchResult, i: usize) -> Vec<String> {
    r.games[i]
        .pgn
        .moves
        .iter()
        .map(|m| m.text.clone())
        .collect()
}

#[test]
fn chess_selfplay_with_nodes_is_deterministic_and_pgn_replays() {
    let d = tmpdir();
    let pgn_path = d.join("chess.pgn");
    let mut cfg = config(
        vec![
            chatrang("a", &[("Hash", "8")]),
            chatrang("b", &[("Hash", "8")]),
        ],
        "chess",
        1500,
    );
    cfg.pgn_out = Some(pgn_path.display().to_string());
    cfg.concurrency = 2;
    let r = matchrun::run_match(&cfg).unwrap();
    assert_eq!(r.games.len(), 2);
    assert!(r.games.iter().all(|g| g.forfeit.is_none()));
    // Same engine settings and node limits: both games of the pair are the same game.
    assert_eq!(moves_of(&r, 0), moves_of(&r, 1));
    assert_eq!(r.games[0].seats, vec![0, 1]);
    assert_eq!(r.games[1].seats, vec![1, 0]);
    assert_eq!(r.played, vec![2, 2]);
    assert!((r.points[0] + r.points[1] - 2.0).abs() < 1e-9);
    let text = std::fs::read_to_string(&pgn_path).unwrap();
    assert_eq!(replay_pgn(&text), 2);
    let table = matchrun::table(&cfg, &r);
    assert!(table.contains("LOS") && table.contains("a vs b"), "{table}");
}

#[test]
fn shatranj_selfplay_with_openings_and_random_plies() {
    let d = tmpdir();
    let pgn_path = d.join("shatranj.pgn");
    let mut cfg = config(
        vec![chatrang("x", &[]), chatrang("y", &[("Hash", "4")])],
        "shatranj",
        800,
    );
    cfg.variant_options = "nmove=70".into();
    // One opening from a file (EPD with operations), then 4 random plies.
    cfg.openings = Some(
        "# comment\nrnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - bm e2e3; id \"x\";\n".into(),
    );
    cfg.random_plies = 4;
    cfg.max_plies = 160;
    cfg.pgn_out = Some(pgn_path.display().to_string());
    let r = matchrun::run_match(&cfg).unwrap();
    assert_eq!(r.games.len(), 2);
    for g in &r.games {
        assert!(g.forfeit.is_none(), "{:?}", g.forfeit);
        assert_eq!(g.pgn.tag("Variant"), Some("shatranj"));
        assert_eq!(g.pgn.tag("VariantOptions"), Some("nmove=70"));
        let book: Vec<_> = g
            .pgn
            .moves
            .iter()
            .take_while(|m| m.comment == "book")
            .collect();
        assert_eq!(book.len(), 4);
    }
    // Both games of the pair start with the same book moves.
    assert_eq!(moves_of(&r, 0)[..4], moves_of(&r, 1)[..4]);
    let text = std::fs::read_to_string(&pgn_path).unwrap();
    assert_eq!(replay_pgn(&text), 2);
}

fn fake_match(on_go: &str, limit: MoveLimit) -> MatchResult {
    let d = tmpdir();
    let mut cfg = config(
        vec![fake(&d, "fake", on_go), chatrang("c", &[])],
        "chess",
        500,
    );
    cfg.limit = limit;
    cfg.margin_ms = 50;
    cfg.move_timeout_ms = 500;
    let r = matchrun::run_match(&cfg).unwrap();
    assert_eq!(r.games.len(), 2, "the match goes on after a forfeit");
    assert_eq!(r.points[0], 0.0, "the fake engine loses every game");
    assert_eq!(r.points[1], 2.0);
    for g in &r.games {
        let (seat, _) = g.forfeit.as_ref().expect("lost by rule");
        assert_eq!(g.seats[*seat], 0);
        assert_ne!(g.pgn.tag("Termination"), Some("normal"));
    }
    r
}

#[test]
fn illegal_move_loses() {
    let r = fake_match(
        "echo 'info depth 1 score cp 0'; echo 'bestmove a1a8'",
        MoveLimit {
            nodes: Some(100),
            ..Default::default()
        },
    );
    for g in &r.games {
        assert!(
            g.forfeit
                .as_ref()
                .unwrap()
                .1
                .contains("illegal move 'a1a8'")
        );
        assert_eq!(g.pgn.tag("Termination"), Some("rules infraction"));
    }
    // The fake had White in game 1: it lost before any move was recorded.
    assert_eq!(r.games[0].pgn.result, "0-1");
    assert!(r.games[0].pgn.moves.is_empty());
    assert_eq!(r.games[1].pgn.result, "1-0");
    assert_eq!(r.games[1].pgn.moves.len(), 1);
}

#[test]
fn garbage_output_is_not_a_move() {
    let r = fake_match(
        "echo 'info score cp x depth'; echo 'bestmove'; echo 'bestmove \u{e9}\u{e9}'",
        MoveLimit {
            nodes: Some(100),
            ..Default::default()
        },
    );
    assert!(r.games.iter().all(|g| g.forfeit.is_some()));
}

#[test]
fn crash_loses() {
    let r = fake_match(
        "exit 3",
        MoveLimit {
            nodes: Some(100),
            ..Default::default()
        },
    );
    for g in &r.games {
        assert!(
            g.forfeit.as_ref().unwrap().1.contains("crash"),
            "{:?}",
            g.forfeit
        );
    }
}

#[test]
fn timeout_loses_on_time() {
    // A clock of 0.3 s: the fake never answers; it loses on time after 0.3 s + margin.
    let t = std::time::Instant::now();
    let r = fake_match(
        ":",
        MoveLimit {
            clock: Some(Clock::parse("0.3").unwrap()),
            ..Default::default()
        },
    );
    for g in &r.games {
        assert!(g.forfeit.as_ref().unwrap().1.contains("time"));
        assert_eq!(g.pgn.tag("Termination"), Some("time forfeit"));
    }
    assert!(t.elapsed().as_secs() < 15);
}

#[test]
fn variant_must_be_advertised() {
    let d = tmpdir();
    let mut cfg = config(vec![fake(&d, "f", ":"), chatrang("c", &[])], "xiangqi", 100);
    cfg.variant = "xiangqi".into();
    let e = matchrun::run_match(&cfg)
        .err()
        .expect("the fake does not play xiangqi");
    assert!(e.contains("xiangqi"), "{e}");
    let cfg = config(vec![chatrang("a", &[]), chatrang("a", &[])], "chess", 100);
    assert!(matchrun::run_match(&cfg).is_err(), "names must differ");
}

#[test]
fn engine_spec_parsing() {
    let s = EngineSpec::parse(&[
        "cmd=fairy-stockfish-lb".into(),
        "proto=usi".into(),
        "option.Hash=16".into(),
        "option.Move Overhead=30".into(),
    ])
    .unwrap();
    assert_eq!(s.name, "fairy-stockfish-lb");
    assert_eq!(s.proto, Proto::Usi);
    assert_eq!(
        s.options[1],
        ("Move Overhead".to_string(), "30".to_string())
    );
    assert!(EngineSpec::parse(&["name=x".into()]).is_err());
    let x = EngineSpec::parse(&["cmd=x".into(), "proto=xboard".into()]).unwrap();
    assert_eq!(x.proto, Proto::Xboard);
    assert!(EngineSpec::parse(&["cmd=x".into(), "proto=winboard1".into()]).is_err());
}

#[test]
fn usi_notation_of_moves_and_positions() {
    use chatrang::matchrun::referee::{ChatrangReferee, Referee, sfen, usi_move};
    let v = variants::build("chess", "").unwrap();
    let mut r = ChatrangReferee::new(&v, None).unwrap();
    // e2e4 in USI coordinates on an 8x8 board: file e = 4th from the right, rank 2 = 'g'.
    assert_eq!(r.play("4g4e", Proto::Usi).unwrap(), "e2e4");
    assert_eq!(
        r.position_command(Proto::Uci),
        "position startpos moves e2e4"
    );
    assert_eq!(
        r.position_command(Proto::Usi),
        "position startpos moves 4g4e"
    );
    assert!(r.play("e2e4", Proto::Uci).is_err());
    let mut pos = fen::parse(&v, &v.start_fen).unwrap();
    let m = parse_move(&mut pos, "g1f3").unwrap();
    assert_eq!(usi_move(&pos, m), "2h3f");
    assert!(sfen(&pos).ends_with(" b - 1"), "{}", sfen(&pos));
}

#[test]
fn cli_match_prints_table() {
    let out = std::process::Command::new(EXE)
        .args([
            "match",
            "--engine",
            "cmd=self",
            "name=one",
            "--engine",
            "cmd=self",
            "name=two",
            "option.Hash=4",
            "--nodes",
            "300",
            "--games",
            "2",
            "--max-plies",
            "60",
            "--resign-score",
            "800",
            "--resign-moves",
            "2",
            "--draw-score",
            "5",
            "--draw-moves",
            "4",
            "--draw-after",
            "10",
        ])
        .output()
        .unwrap();
    let so = String::from_utf8_lossy(&out.stdout);
    let se = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{se}");
    assert!(
        so.contains("one") && so.contains("two") && so.contains("Elo"),
        "{so}"
    );
    assert!(se.contains("game 2/2"), "progress: {se}");
}

#[test]
fn elo_los_and_sprt_known_values() {
    assert!((stats::elo_from_score(0.75) - 190.848_501_887_865).abs() < 1e-9);
    assert!((stats::score_from_elo(190.848_501_887_865) - 0.75).abs() < 1e-12);
    assert_eq!(stats::elo_from_score(0.5), 0.0);
    let w = Wld {
        wins: 20,
        losses: 10,
        draws: 10,
    };
    let (elo, margin) = stats::elo_with_margin(&w);
    assert!((elo - 88.739_499_846_5).abs() < 1e-6, "{elo}");
    assert!((margin - 98.250_338_449_8).abs() < 1e-6, "{margin}");
    // LOS = (1 + erf((W - L) / sqrt(2 (W + L)))) / 2 (reference values from Python's erf).
    assert!((stats::los(&w) - 0.966_055_422_569).abs() < 1e-6);
    let w10 = Wld {
        wins: 10,
        losses: 0,
        draws: 5,
    };
    assert!((stats::los(&w10) - 0.999_217_298_871).abs() < 1e-6);
    assert_eq!(
        stats::los(&Wld {
            wins: 5,
            losses: 5,
            draws: 3
        }),
        0.5
    );
    assert!((stats::erf(1.0) - 0.842_700_792_949_715).abs() < 2e-7);
    assert!((stats::erf(-0.5) + 0.520_499_877_813_047).abs() < 2e-7);
    // SPRT: bounds ln(beta/(1-alpha)) and ln((1-beta)/alpha).
    let sp = Sprt::parse("elo0=0,elo1=10,alpha=0.05,beta=0.05").unwrap();
    let (lo, hi) = sp.bounds();
    assert!((lo + 2.944_438_979_166).abs() < 1e-9 && (hi - 2.944_438_979_166).abs() < 1e-9);
    let r = Wld {
        wins: 60,
        losses: 40,
        draws: 100,
    };
    assert!(
        (sp.llr(&r) - 1.005_491_712_958).abs() < 1e-6,
        "{}",
        sp.llr(&r)
    );
    assert_eq!(sp.status(&r), SprtResult::Continue);
    let strong = Wld {
        wins: 300,
        losses: 150,
        draws: 200,
    };
    assert_eq!(sp.status(&strong), SprtResult::H1);
    assert_eq!(sp.status(&strong.flipped()), SprtResult::H0);
    assert!(Sprt::parse("elo0=5,elo1=0").is_err());
    assert!(Sprt::parse("elo1=5").is_err());
}

#[test]
fn sprt_stops_the_match() {
    // Engine 0 crashes on every move: its LLR (H1 = it is 50 Elo stronger) falls below the
    // lower bound long before the 100 scheduled games, and the match stops with H0.
    let d = tmpdir();
    let mut cfg = config(
        vec![fake(&d, "loser", "exit 1"), chatrang("c", &[])],
        "chess",
        100,
    );
    cfg.games = 2;
    cfg.rounds = 50;
    cfg.sprt = Some(Sprt::parse("elo0=0,elo1=50").unwrap());
    let r = matchrun::run_match(&cfg).unwrap();
    assert!(
        r.games.len() < 100,
        "stopped early after {} games",
        r.games.len()
    );
    assert_eq!(r.sprt.map(|s| s.1), Some(SprtResult::H0));
}

/// A fake xboard engine that logs what it is told to `log`: per game it plays `white` or
/// `black` (xboard coordinates) at its first `go`, by whether it was sent a move first, then
/// resigns.
fn fake_xboard(dir: &Path, white: &str, black: &str) -> (EngineSpec, PathBuf) {
    let log = dir.join("xboard.log");
    let path = dir.join("xboard.sh");
    let script = format!(
        "n=0; moved=0\nwhile read -r line; do\n  echo \"$line\" >> '{}'\n  case \"$line\" in\n    \
         'protover 2') echo 'feature myname=\"stub\" usermove=1 ping=1 setboard=0'; \
         echo 'feature variants=\"normal,xiangqi\" done=1';;\n    \
         ping*) echo \"pong ${{line#ping }}\";;\n    new) n=0; moved=0;;\n    \
         usermove*) n=$((n+1));;\n    \
         go) if [ $moved = 1 ]; then echo resign; elif [ $n = 0 ]; then moved=1; \
         echo '1 15 0 20 {white}'; echo 'move {white}'; else moved=1; echo 'move {black}'; fi;;\n    \
         quit) exit 0;;\n  esac\ndone\n",
        log.display()
    );
    std::fs::write(&path, script).unwrap();
    let spec = EngineSpec::parse(&[
        format!("cmd=sh {}", path.display()),
        "name=xb".into(),
        "proto=xboard".into(),
    ])
    .unwrap();
    (spec, log)
}

#[test]
fn xboard_engine_is_kept_in_force_mode_and_told_its_clock() {
    let d = tmpdir();
    let (xb, log) = fake_xboard(&d, "e2e4", "e7e5");
    let mut cfg = config(vec![xb, chatrang("c", &[("Hash", "8")])], "chess", 0);
    cfg.limit = MoveLimit {
        clock: Some(Clock {
            moves: 0,
            base_ms: 5000,
            inc_ms: 100,
        }),
        ..Default::default()
    };
    let r = matchrun::run_match(&cfg).unwrap();
    // It plays one move a game and resigns at its second turn: both games are chatrang's.
    assert_eq!(r.points, vec![0.0, 2.0]);
    for g in &r.games {
        assert!(
            g.pgn.final_comment.contains("resigns"),
            "{}",
            g.pgn.final_comment
        );
        assert!(g.forfeit.is_none());
    }
    assert_eq!(moves_of(&r, 0)[0], "e2e4");
    assert_eq!(moves_of(&r, 1)[1], "e7e5");
    let told = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = told.lines().collect();
    assert_eq!(&lines[..2], &["xboard", "protover 2"]);
    for l in [
        "accepted usermove",
        "new",
        "force",
        "level 0 0:05 0.1",
        "time 500",
        "go",
    ] {
        assert!(lines.contains(&l), "no '{l}' in {lines:?}");
    }
    // Chess is xboard's `normal`: no variant command; chatrang's moves as usermoves.
    assert!(!lines.iter().any(|l| l.starts_with("variant")));
    let users: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("usermove "))
        .collect();
    assert!(!users.is_empty());
    // Every `go` follows a `force` and the clock (`time`, `otim`) since the last move.
    for (i, l) in lines.iter().enumerate() {
        if *l == "go" {
            assert!(lines[i - 1].starts_with("otim ") && lines[i - 2].starts_with("time "));
        }
    }
}

#[test]
fn xboard_coordinates_count_xiangqi_ranks_from_zero() {
    let d = tmpdir();
    // h2e2 / a6a5 in xboard's coordinates are chatrang's h3e3 / a7a6.
    let (xb, log) = fake_xboard(&d, "h2e2", "a6a5");
    let cfg = config(vec![xb, chatrang("c", &[("Hash", "8")])], "xiangqi", 300);
    let err = matchrun::run_match(&cfg).err().unwrap();
    assert!(err.contains("no node limit"), "{err}");
    let mut cfg = cfg;
    cfg.limit = MoveLimit {
        depth: Some(2),
        ..Default::default()
    };
    let r = matchrun::run_match(&cfg).unwrap();
    assert_eq!(r.points, vec![0.0, 2.0]);
    assert_eq!(moves_of(&r, 0)[0], "h3e3");
    assert_eq!(moves_of(&r, 1)[1], "a7a6");
    let told = std::fs::read_to_string(&log).unwrap();
    assert!(told.lines().any(|l| l == "variant xiangqi"));
    assert!(told.lines().any(|l| l == "sd 2"));
    // Chatrang's replies reach the engine on ranks 0-9.
    for l in told.lines().filter_map(|l| l.strip_prefix("usermove ")) {
        let b = l.as_bytes();
        assert!(
            b.len() == 4 && b[1].is_ascii_digit() && b[3].is_ascii_digit(),
            "{l}"
        );
    }
}

#[test]
fn usi_engine_is_spoken_to_in_usi() {
    // A fake USI engine that always answers 4g4e (e2e4 in USI coordinates): legal as its
    // first move with White, illegal after that.
    let d = tmpdir();
    let path = d.join("usi.sh");
    std::fs::write(
        &path,
        "while read line; do\n  case \"$line\" in\n    usi) echo 'id name fakeusi'; \
         echo 'option name USI_Variant type combo default shogi var shogi var chess'; \
         echo usiok;;\n    isready) echo readyok;;\n    go*) echo 'bestmove 4g4e';;\n    \
         quit) exit 0;;\n  esac\ndone\n",
    )
    .unwrap();
    let usi = EngineSpec::parse(&[
        format!("cmd=sh {}", path.display()),
        "name=usi".into(),
        "proto=usi".into(),
    ])
    .unwrap();
    let cfg = config(vec![usi, chatrang("c", &[])], "chess", 200);
    let r = matchrun::run_match(&cfg).unwrap();
    assert_eq!(r.points, vec![0.0, 2.0]);
    // Game 1: the fake (White) played e2e4, Black replied, then 4g4e was illegal.
    let g = &r.games[0];
    assert_eq!(g.pgn.moves[0].text, "e2e4");
    assert_eq!(g.pgn.moves.len(), 2);
    assert!(
        g.forfeit
            .as_ref()
            .unwrap()
            .1
            .contains("illegal move '4g4e'")
    );
}

#[test]
fn score_adjudication_ends_games() {
    use chatrang::matchrun::{DrawRule, ResignRule};
    // Every score is within 10000 cp of zero: a draw after one move each from move 1.
    let mut cfg = config(vec![chatrang("a", &[]), chatrang("b", &[])], "chess", 200);
    cfg.games = 1;
    cfg.draw = Some(DrawRule {
        cp: 10000,
        moves: 1,
        after: 1,
    });
    let r = matchrun::run_match(&cfg).unwrap();
    let g = &r.games[0];
    assert_eq!(g.end.reason, "adjudication: draw");
    assert_eq!(g.pgn.moves.len(), 2);
    assert_eq!(g.pgn.result, "1/2-1/2");
    assert_eq!(g.pgn.tag("Termination"), Some("adjudication"));
    // A resign threshold of -100000 cp: every score counts as both losing and winning, so
    // after one move each the first seat is adjudicated lost.
    cfg.draw = None;
    cfg.resign = Some(ResignRule {
        cp: -100_000,
        moves: 1,
    });
    let r = matchrun::run_match(&cfg).unwrap();
    let g = &r.games[0];
    assert_eq!(g.end.reason, "adjudication: resigns");
    assert_eq!(g.pgn.result, "0-1");
    assert_eq!(g.pgn.moves.len(), 2);
}

/// Game options go to engines as `VariantOptions`; an engine without it takes them only under an
/// explicit `variant=` (its own name for the game with those rules).
#[test]
fn options_need_variant_options_or_an_explicit_variant_name() {
    let d = tmpdir();
    let mut cfg = config(
        vec![fake(&d, "f", ":"), chatrang("c", &[])],
        "shatranj",
        100,
    );
    cfg.variant_options = "nmove=70".into();
    cfg.move_timeout_ms = 200;
    let e = matchrun::run_match(&cfg)
        .err()
        .expect("the fake has no VariantOptions");
    assert!(e.contains("VariantOptions"), "{e}");
    let mut named = fake(&d, "g", ":");
    named.variant = Some("shatranj".into());
    cfg.engines[0] = named;
    let r = matchrun::run_match(&cfg).expect("an explicit variant name takes the options");
    assert_eq!(r.games.len(), 2);
}
