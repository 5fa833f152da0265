//! Grande Acedrex (Alfonso X, 12x12, as Gollon gives it).
//!
//! First-move privileges are one-time rights keyed to cells (FEN `c1f1j1c12f12j12`): the Rey on
//! f1/f12 may jump two squares (`xmD xmA`), an unmoved Unicornio only leaps as a knight without
//! capturing (`xmN`) and slides as a bishop only once its right is gone (`uB`). A right is lost
//! when a move starts or ends on its cell. A Peon promoting to a Unicornio on c/j creates a new
//! unmoved Unicornio: both players' rights of that cell are set again (they share the cell's FEN
//! token, so the field reads "this cell's man is unmoved" whatever its colour).
//! The Aanca steps one square diagonally and may continue outward orthogonally (`F F>R`).
//! The dice game (`dice=on`) comes later: only `dice=off` is offered for now, and `pass` only
//! matters with dice.

use super::super::{Entry, OptionDef, Opts, common};
use super::{BAREKING_SHATRANJ, STALEMATE_LOSS, shatranj_end};
use crate::geometry::{Cell, Geometry};
use crate::movegen::MoveList;
use crate::moves::{Move, MoveKind};
use crate::piece::{PieceDef, PieceType};
use crate::position::Position;
use crate::variant::{HookFlags, RightDef, Rules, Variant, VariantBuilder};

pub const ENTRY: Entry = Entry {
    id: "acedrex",
    name: "Grande Acedrex",
    options: &[
        OptionDef {
            key: "dice",
            values: &["off"],
        },
        OptionDef {
            key: "pass",
            values: &["allowed", "forbidden"],
        },
        OptionDef {
            key: "kingleap",
            values: &["quiet", "capture", "castlelike"],
        },
        OptionDef {
            key: "aanca",
            values: &["optional", "must_continue"],
        },
        OptionDef {
            key: "fpromo",
            values: &["aanca", "none"],
        },
        OptionDef {
            key: "promoted_unicorn",
            values: &["new", "bishop"],
        },
        STALEMATE_LOSS,
        BAREKING_SHATRANJ,
        OptionDef {
            key: "nmove",
            values: &["70", "N"],
        },
    ],
    build,
};

pub struct AcedrexRules {
    pub rey: PieceType,
    pub unicornio: PieceType,
    /// Promotion target by file of arrival (`None`: the Peon stays a Peon).
    pub promo: Vec<Option<PieceType>>,
    /// Rights of each cell (both players'), set again by a promotion to Unicornio.
    pub cell_rights: Vec<u64>,
}

impl Rules for AcedrexRules {
    fn allow_promotion(&self, pos: &Position, m: Move) -> bool {
        let (x, _, _) = pos.v.geo.coords(m.to);
        let target = self.promo[x as usize];
        match m.kind {
            MoveKind::Promotion => target == Some(m.piece),
            _ => target.is_none(),
        }
    }

    fn after_make(&self, pos: &mut Position, m: Move) {
        if m.kind == MoveKind::Promotion && m.piece == self.unicornio {
            let r = pos.st.rights | self.cell_rights[m.to as usize];
            pos.set_rights(r);
        }
    }

    /// `kingleap=castlelike`: no jump while in check, nor over an attacked middle square.
    fn filter_legal(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.side;
        let geo = &pos.v.geo;
        let mut checked: Option<bool> = None;
        out.retain(|m| {
            if m.from == crate::geometry::NO_CELL || pos.at(m.from).kind() != self.rey {
                return true;
            }
            let (fx, fy, _) = geo.coords(m.from);
            let (tx, ty, _) = geo.coords(m.to);
            if fx.abs_diff(tx).max(fy.abs_diff(ty)) != 2 {
                return true;
            }
            if *checked.get_or_insert_with(|| pos.in_check()) {
                return false;
            }
            let mid: Cell = geo
                .cell_at((fx as i32 + tx as i32) / 2, (fy as i32 + ty as i32) / 2, 0)
                .expect("middle square");
            !pos.attacked_by_enemy(mid, us)
        });
    }
}

fn build(o: &Opts) -> Result<Variant, String> {
    let mut b = VariantBuilder::new("acedrex", "Grande Acedrex", Geometry::rect(12, 12));
    let g = b.geo().clone();
    let p = b.piece(common::pawn(&g, "mfWcfF", vec![]));
    let l = b.piece(PieceDef::new("leon", "L", "H").value(250));
    let z = b.piece(PieceDef::new("zaraffa", "G", "(1,4)").value(250));
    let c = b.piece(PieceDef::new("cocatriz", "B", "B").value(400));
    // With `promoted_unicorn=bishop` a promoted Unicornio gets no right: `uB` is then a bishop.
    let u = b.piece(PieceDef::new("unicornio", "U", "xmN uB").value(400));
    let r = b.piece(PieceDef::new("rogue", "R", "R").value(600));
    let aanca = if o.is("aanca", "must_continue") {
        "F>R"
    } else {
        "F F>R"
    };
    let a = b.piece(PieceDef::new("aanca", "A", aanca).value(800));
    let rey = if o.is("kingleap", "capture") {
        "K xD xA"
    } else {
        "K xmD xmA"
    };
    let k = b.piece(PieceDef::new("rey", "K", rey).royal());
    // Promotion: the piece that starts on the file of arrival; f (the Rey's file) -> Aanca.
    let fpromo = if o.is("fpromo", "none") {
        None
    } else {
        Some(a)
    };
    let promo = vec![
        Some(r),
        Some(l),
        Some(u),
        Some(z),
        Some(c),
        fpromo,
        Some(a),
        Some(c),
        Some(z),
        Some(u),
        Some(l),
        Some(r),
    ];
    let mut pd = common::pawn(&g, "", vec![r, l, u, z, c, a])
        .promotion
        .unwrap();
    pd.optional = true; // the arrival without promotion is allowed only where `promo` says so
    b.piece_mut(p).promotion = Some(pd);
    // First-move rights, in FEN order; Unicornio cells carry one right per player.
    let mut cell_rights = vec![0u64; g.num_cells()];
    for (name, players) in [
        ("c1", &[0u8, 1][..]),
        ("f1", &[0][..]),
        ("j1", &[0, 1][..]),
        ("c12", &[0, 1][..]),
        ("f12", &[1][..]),
        ("j12", &[0, 1][..]),
    ] {
        let cell = common::cell(&g, name);
        for &player in players {
            let i = b.right(RightDef {
                token: name.to_string(),
                player,
                cell: Some(cell),
                lost_on_touch: vec![cell],
                lost_on_check: false,
                field: 2,
            });
            cell_rights[cell as usize] |= 1 << i;
        }
    }
    b.start("rlugbkabgulr/12/12/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/12/12/RLUGBKABGULR w c1f1j1c12f12j12 - 0 1");
    shatranj_end(&mut b, o);
    b.end().nmove = o.num("nmove", 70);
    let new_unicorn = !o.is("promoted_unicorn", "bishop");
    let castlelike = o.is("kingleap", "castlelike");
    b.rules(
        Box::new(AcedrexRules {
            rey: k,
            unicornio: u,
            promo,
            cell_rights,
        }),
        HookFlags {
            allow_promotion: true,
            after_make: new_unicorn,
            filter_legal: castlelike,
            ..Default::default()
        },
    );
    b.build()
}
