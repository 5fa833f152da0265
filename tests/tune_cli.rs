//! `chatrang tune fit` and `tune squares` from the command line: fixed weights stay, unknown names
//! and mixed games are errors.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const EXE: &str = env!("CARGO_BIN_EXE_chatrang");

/// A small labelled file: quiet chess positions with made-up reference scores.
fn data_file(tag: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("chatrang_tune_{tag}_{}.txt", std::process::id()));
    let lines = [
        "chess;rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1;-60",
        "chess;r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3;80",
        "chess;8/5k2/8/3P4/8/8/5K2/8 w - - 0 1;250",
        "chess;8/5k2/8/3P4/8/8/5K2/8 b - - 0 1;-40",
    ];
    std::fs::write(&p, lines.join("\n")).unwrap();
    p
}

fn fit(file: &Path, extra: &[&str]) -> Output {
    Command::new(EXE)
        .args(["tune", "fit", file.to_str().unwrap(), "--passes", "2"])
        .args(extra)
        .output()
        .unwrap()
}

/// The printed weights mark changed ones with `// was`.
fn changed(out: &Output, name: &str) -> bool {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .any(|l| l.trim_start().starts_with(&format!("{name} = ")) && l.contains("// was"))
}

#[test]
fn fit_leaves_fixed_weights_alone() {
    let f = data_file("fixed");
    let free = fit(&f, &[]);
    assert!(free.status.success(), "{free:?}");
    assert!(
        changed(&free, "tempo"),
        "{}",
        String::from_utf8_lossy(&free.stdout)
    );
    let fixed = fit(&f, &["--fixed", "tempo,pawn_mg"]);
    assert!(fixed.status.success(), "{fixed:?}");
    assert!(!changed(&fixed, "tempo"));
    assert!(!changed(&fixed, "pawn_mg"));
    let _ = std::fs::remove_file(f);
}

#[test]
fn fit_rejects_an_unknown_fixed_weight() {
    let f = data_file("bad");
    let out = fit(&f, &["--fixed", "tempo,no_such_weight"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no weight named no_such_weight"), "{err}");
    let _ = std::fs::remove_file(f);
}

#[test]
fn squares_prints_grids_for_one_game_and_refuses_mixed_games() {
    let f = data_file("squares");
    let out = Command::new(EXE)
        .args(["tune", "squares", f.to_str().unwrap(), "--steps", "20"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("held out  error"), "{text}");
    assert!(text.contains("\"P\""), "{text}");
    let mixed =
        std::env::temp_dir().join(format!("chatrang_tune_mixed_{}.txt", std::process::id()));
    let mut lines = std::fs::read_to_string(&f).unwrap();
    lines += "\nshatranj;rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1;10\n";
    std::fs::write(&mixed, lines).unwrap();
    let out = Command::new(EXE)
        .args(["tune", "squares", mixed.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("exactly one game"), "{err}");
    let _ = std::fs::remove_file(f);
    let _ = std::fs::remove_file(mixed);
}
