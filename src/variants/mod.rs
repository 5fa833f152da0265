//! The games: one file each (or per family), and the registry of ids, options and builders.

pub mod chess;
mod chess_squares;
pub mod common;
pub mod large;
pub mod modern;
pub mod regional;
pub mod shatranj_family;
pub mod shogi_family;
pub mod special;
pub mod xiangqi_family;

use std::sync::Arc;

use crate::variant::Variant;

/// One option key of a game: its values (first = default). A value `N` accepts any number,
/// `*` any text.
pub struct OptionDef {
    pub key: &'static str,
    pub values: &'static [&'static str],
}

/// Chosen options, with defaults filled in.
#[derive(Clone, Debug, Default)]
pub struct Opts {
    pairs: Vec<(String, String)>,
}

impl Opts {
    pub fn get(&self, key: &str) -> &str {
        self.pairs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .unwrap_or("")
    }

    pub fn is(&self, key: &str, value: &str) -> bool {
        self.get(key) == value
    }

    /// A numeric option (`nmove=70`); `default` when the value is not a number.
    pub fn num(&self, key: &str, default: u32) -> u32 {
        self.get(key).parse().unwrap_or(default)
    }

    pub fn pairs(&self) -> &[(String, String)] {
        &self.pairs
    }
}

pub struct Entry {
    pub id: &'static str,
    pub name: &'static str,
    pub options: &'static [OptionDef],
    pub build: fn(&Opts) -> Result<Variant, String>,
}

/// Every game, in the order of the rules index.
pub fn all() -> &'static [&'static Entry] {
    static ALL: once_cell::sync::Lazy<Vec<&'static Entry>> = once_cell::sync::Lazy::new(|| {
        let mut v: Vec<&'static Entry> = vec![&chess::ENTRY];
        for family in [
            shatranj_family::ENTRIES,
            large::ENTRIES,
            regional::ENTRIES,
            modern::ENTRIES,
            xiangqi_family::ENTRIES,
            shogi_family::ENTRIES,
            special::ENTRIES,
        ] {
            v.extend(family.iter());
        }
        v
    });
    &ALL
}

pub fn find(id: &str) -> Option<&'static Entry> {
    all().iter().copied().find(|e| e.id == id)
}

/// Parses `key=value` pairs (separated by commas or spaces) against a game's option table.
pub fn parse_options(e: &Entry, s: &str) -> Result<Opts, String> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for item in s.split([',', ' ']).filter(|x| !x.is_empty()) {
        let (k, v) = item
            .split_once('=')
            .ok_or_else(|| format!("option '{item}' is not key=value"))?;
        let def = e
            .options
            .iter()
            .find(|d| d.key == k)
            .ok_or_else(|| format!("unknown option '{k}' for {}", e.id))?;
        let ok = def.values.iter().any(|&x| {
            x == v || (x == "N" && v.parse::<u32>().is_ok()) || (x == "*" && !v.is_empty())
        });
        if !ok {
            return Err(format!(
                "bad value '{v}' for option '{k}' (expected {})",
                def.values.join("|")
            ));
        }
        pairs.retain(|(pk, _)| pk != k);
        pairs.push((k.to_string(), v.to_string()));
    }
    for d in e.options {
        if !pairs.iter().any(|(k, _)| k == d.key) {
            pairs.push((d.key.to_string(), d.values[0].to_string()));
        }
    }
    Ok(Opts { pairs })
}

/// Fairy-Stockfish names of games we play under another id: (name, our id, options implied).
/// Options given with the alias come after, so they override the implied ones.
pub static ALIASES: &[(&str, &str, &str)] = &[("makruk", "thai", "firstmoves=off,counting=makruk")];

/// Builds a game by id (or alias) with options given as text.
pub fn build(id: &str, options: &str) -> Result<Arc<Variant>, String> {
    if let Some(&(_, real, implied)) = ALIASES.iter().find(|a| a.0 == id) {
        return build(real, &format!("{implied},{options}"));
    }
    let e = find(id).ok_or_else(|| format!("unknown variant '{id}'"))?;
    let opts = parse_options(e, options)?;
    let mut v = (e.build)(&opts)?;
    v.options = opts.pairs.clone();
    Ok(Arc::new(v))
}
