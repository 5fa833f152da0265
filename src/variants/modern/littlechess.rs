//! Little Chess: K+3P against K+3P under orthodox rules.

use super::super::{Entry, Opts, chess};
use crate::variant::Variant;

pub const START: &str = "4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1";

pub const ENTRY: Entry = Entry {
    id: "littlechess",
    name: "Little Chess",
    options: &[],
    build,
};

fn build(_o: &Opts) -> Result<Variant, String> {
    chess::orthodox(ENTRY.id, ENTRY.name, START)
}
