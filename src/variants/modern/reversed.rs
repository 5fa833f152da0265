//! Reversed Minor Pieces: orthodox chess with bishops and knights swapped in the array.

use super::super::{Entry, Opts, chess};
use crate::variant::Variant;

pub const START: &str = "rbnqknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNQKNBR w KQkq - 0 1";

pub const ENTRY: Entry = Entry {
    id: "reversed",
    name: "Reversed Minor Pieces",
    options: &[],
    build,
};

fn build(_o: &Opts) -> Result<Variant, String> {
    chess::orthodox(ENTRY.id, ENTRY.name, START)
}
