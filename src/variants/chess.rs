//! Orthodox chess (FIDE rules), the default game and the base of several others.

use super::{Entry, Opts, common};
use crate::geometry::Geometry;
use crate::piece::{PieceDef, PieceType};
use crate::position::Position;
use crate::variant::{GameResult, HookFlags, Outcome, Rules, Variant, VariantBuilder};

/// FIDE's dead-position draws by material: K v K, K+minor v K, and bishops all on one colour.
pub struct InsufficientMaterial {
    pub knight: PieceType,
    pub bishop: PieceType,
}

impl InsufficientMaterial {
    pub fn is_dead(&self, pos: &Position) -> bool {
        let mut minors = 0;
        let mut bishop_colours = [false; 2];
        for player in 0..2u8 {
            for t in 0..pos.v.pieces.len() as PieceType {
                let n = pos.count(player, t);
                if n == 0 || pos.v.pieces[t as usize].royal {
                    continue;
                }
                if t == self.knight {
                    minors += n;
                } else if t == self.bishop {
                    for &c in pos.cells_of(player, t) {
                        let (x, y, _) = pos.v.geo.coords(c);
                        bishop_colours[((x + y) % 2) as usize] = true;
                    }
                } else {
                    return false;
                }
            }
        }
        let bishops = bishop_colours.iter().filter(|&&b| b).count();
        (minors == 0 && bishops <= 1) || (minors == 1 && bishops == 0)
    }
}

impl Rules for InsufficientMaterial {
    fn outcome(&self, pos: &Position, nlegal: usize) -> Option<Outcome> {
        (nlegal > 0 && self.is_dead(pos)).then_some(Outcome {
            result: GameResult::Draw,
            reason: "insufficient material",
        })
    }
}

pub const ENTRY: Entry = Entry {
    id: "chess",
    name: "Orthodox chess",
    options: &[],
    build,
};

pub fn build_with(start: &str) -> Result<Variant, String> {
    let mut b = VariantBuilder::new("chess", "Orthodox chess", Geometry::rect(8, 8));
    let g = b.geo().clone();
    let p = b.piece(common::fide_pawn(&g, vec![]));
    let n = b.piece(PieceDef::new("knight", "N", "N").value(300));
    let bi = b.piece(PieceDef::new("bishop", "B", "B").value(320));
    let r = b.piece(PieceDef::new("rook", "R", "R").value(500));
    let q = b.piece(PieceDef::new("queen", "Q", "Q").value(900));
    b.piece(PieceDef::new("king", "K", "K").royal());
    b.piece_mut(p).promotion = common::pawn(&g, "", vec![q, r, bi, n]).promotion;
    common::castle_both_sides(&mut b, 'e', ('g', 'f'), ('c', 'd'));
    b.start(start);
    let e = b.end();
    e.nmove = 50;
    b.rules(
        Box::new(InsufficientMaterial {
            knight: n,
            bishop: bi,
        }),
        HookFlags {
            outcome: true,
            ..Default::default()
        },
    );
    b.build()
}

fn build(_o: &Opts) -> Result<Variant, String> {
    build_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
}
