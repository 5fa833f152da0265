//! Faery Chess (permanent special move): orthodox chess in which one agreed man of each army has
//! an extra move for the whole game. Default: the light-squared bishops (f1, c8) also leap as
//! knights; they are their own kind `A` (Fairy-Stockfish's archbishop letter), since after a knight
//! leap they no longer stand on light squares.
//!
//! `special=<man>:<betza>`: the men chosen by kind (`R`: every man of that kind in the start array)
//! or by start square (`b1`, and its mirror `b8` for Black) become kind `A`: their own moves plus
//! the Betza move. Men promoted later are ordinary (`promotion=withspecial` allows `A`, unless `A`
//! is a pawn or a king).

use super::super::{Entry, OptionDef, Opts, chess};
use super::{SpecialMan, fide_board, parse_special};
use crate::variant::{HookFlags, Variant};

pub const START: &str = "rnaqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKANR w KQkq - 0 1";

pub const ENTRY: Entry = Entry {
    id: "faerychess",
    name: "Faery Chess",
    options: &[
        OptionDef {
            key: "special",
            values: &["lightbishop-knight", "*"],
        },
        OptionDef {
            key: "promotion",
            values: &["standard", "withspecial"],
        },
    ],
    build,
};

/// Is the man (letter) on a start cell (file, rank) special?
type Chosen = Box<dyn Fn(u8, u8, char) -> bool>;

fn build(o: &Opts) -> Result<Variant, String> {
    // Which start cells (file, rank) hold special men, and their extra move.
    let (is_special, betza): (Chosen, String) = match o.get("special") {
        "lightbishop-knight" | "" => (
            Box::new(|x, y, _| (x, y) == (5, 0) || (x, y) == (2, 7)),
            "N".to_string(),
        ),
        s => {
            let (man, betza) = parse_special(s)?;
            let f: Chosen = match man {
                SpecialMan::Kind(k) => Box::new(move |_, _, c| c.to_ascii_uppercase() == k),
                SpecialMan::Square(sx, sy) => {
                    Box::new(move |x, y, _| x == sx && (y == sy || y == 7 - sy))
                }
            };
            (f, betza)
        }
    };
    let board = fide_board(|x, y, c| {
        let c = c?;
        Some(if is_special(x, y, c) {
            if c.is_ascii_uppercase() { 'A' } else { 'a' }
        } else {
            c
        })
    });
    // The kind the special men had (the array is symmetric in kinds, so one letter).
    let base = (0..8u8)
        .flat_map(|y| (0..8u8).map(move |x| (x, y)))
        .find_map(|(x, y)| super::fide_array_at(x, y).filter(|&c| is_special(x, y, c)))
        .map(|c| c.to_ascii_uppercase())
        .ok_or("special: no man chosen")?;

    let (mut b, army) = chess::fide_builder(ENTRY.id, ENTRY.name);
    let base_t = match base {
        'P' => army.pawn,
        'N' => army.knight,
        'B' => army.bishop,
        'R' => army.rook,
        'Q' => army.queen,
        _ => army.king,
    };
    let mut def = b.piece_mut(base_t).clone();
    def.name = format!("special {}", def.name);
    def.letter = "A".into();
    def.betza = format!("{} {betza}", def.betza);
    def.value = if def.royal { 0 } else { def.value + 250 };
    let (royal, pawn_like) = (def.royal, def.promotion.is_some());
    let special = b.piece(def);
    if o.is("promotion", "withspecial")
        && !royal
        && !pawn_like
        && let Some(p) = b.piece_mut(army.pawn).promotion.as_mut()
    {
        p.to.push(special);
    }
    chess::standard_castling(&mut b);
    b.start(&format!("{board} w KQkq - 0 1"));
    b.rules(
        Box::new(army.insufficient_material()),
        HookFlags {
            outcome: true,
            ..Default::default()
        },
    );
    b.build()
}
