//! A small efficiently updatable network (NNUE) for two-player games without drops: one hidden
//! layer of `HIDDEN` units per player's view, fed by one input per (own or enemy man, type, cell
//! as that player sees it), and one output. A game ships a net as data (`nets/`); the engine
//! evaluates with it where it has one, and the hand-made terms everywhere else (docs/eval.md,
//! "Networks").
//!
//! Integer arithmetic as the nets are trained (`chatrang tune net`): the hidden units are kept in
//! `i16` at scale `QA`, squared and clipped (`SCReLU`), and weighed by `i16` output weights at
//! scale `QB`; the output times `SCALE` is the score in centipawns.

use std::sync::Arc;

use crate::geometry::Cell;
use crate::piece::Player;
use crate::position::{Change, Position};
use crate::variant::Variant;

/// Hidden units per view.
pub const HIDDEN: usize = 256;
/// Scale of the hidden layer's weights and units (a unit clips at `QA`, 1.0 in training).
pub const QA: i32 = 255;
/// Scale of the output weights.
pub const QB: i32 = 64;
/// Centipawns per unit of the trained output.
pub const SCALE: i32 = 400;

/// Largest |output weight|: a clipped unit times it stays within an `i16` (`dot`).
const OUT_MAX: i32 = i16::MAX as i32 / QA;

const MAGIC: &[u8; 4] = b"CRNN";
const VERSION: u32 = 3;

/// One row of hidden-unit numbers (a feature's weights, the biases, a view's units).
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Row(pub [i16; HIDDEN]);

impl Default for Row {
    fn default() -> Row {
        Row([0; HIDDEN])
    }
}

impl Row {
    #[inline]
    fn add(&mut self, w: &Row) {
        for (a, &b) in self.0.iter_mut().zip(&w.0) {
            *a = a.wrapping_add(b);
        }
    }

    #[inline]
    fn sub(&mut self, w: &Row) {
        for (a, &b) in self.0.iter_mut().zip(&w.0) {
            *a = a.wrapping_sub(b);
        }
    }
}

/// The hidden units of both players' views (`v[player]`), before the activation.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Accumulator {
    pub v: [Row; 2],
}

/// A trained net, quantised.
pub struct Network {
    /// The game it was trained for (its id), for messages.
    pub game: String,
    pub types: usize,
    pub cells: usize,
    /// The net's score is added to the game's hand-made evaluation (trained on what the terms
    /// miss) instead of replacing it.
    pub residual: bool,
    /// Per input, its weights into the hidden units: input `(enemy * types + type) * cells +
    /// cell` (`enemy`: the man is the other player's; `cell` as the viewing player sees it).
    ft: Vec<Row>,
    bias: Row,
    /// Per output bucket (`Inputs::bucket`: by the men on the board), its output layer.
    out: Vec<Output>,
}

/// One output bucket's layer: the weights of the side to move's units and of the other side's,
/// and the bias.
#[derive(Clone, PartialEq, Eq)]
struct Output {
    w: [Row; 2],
    bias: i32,
}

/// Most output buckets a net may have.
pub const MAX_BUCKETS: usize = 16;

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Network({}, {} types x {} cells x {HIDDEN})",
            self.game, self.types, self.cells
        )
    }
}

/// Reads little-endian numbers off a byte slice.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        if self.0.len() < n {
            return Err("the net file ends too soon".into());
        }
        let (a, b) = self.0.split_at(n);
        self.0 = b;
        Ok(a)
    }

    fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().unwrap()))
    }

    fn row(&mut self) -> Result<Row, String> {
        let b = self.take(2 * HIDDEN)?;
        let mut r = Row::default();
        for (x, c) in r.0.iter_mut().zip(b.chunks_exact(2)) {
            *x = i16::from_le_bytes([c[0], c[1]]);
        }
        Ok(r)
    }
}

/// A game's own net, parsed once on first use (`Lazy::new(|| shipped(include_bytes!(..)))`).
pub type ShippedNet = once_cell::sync::Lazy<Option<Arc<Network>>>;

/// A game's own net, from its file under `nets/` read with `include_bytes!`, for its
/// [`ShippedNet`]. A file that does not parse leaves the game on its terms, and fails the game's
/// test that its net fits.
pub fn shipped(bytes: &[u8]) -> Option<Arc<Network>> {
    Network::parse(bytes).ok().map(Arc::new)
}

impl Network {
    /// The net in a file's bytes (the format `to_bytes` writes).
    pub fn parse(bytes: &[u8]) -> Result<Network, String> {
        let mut r = Reader(bytes);
        if r.take(4)? != MAGIC {
            return Err("not a chatrang net file".into());
        }
        let version = r.u32()?;
        if version != VERSION {
            return Err(format!("net file version {version}, expected {VERSION}"));
        }
        let name_len = r.u32()? as usize;
        if name_len > 64 {
            return Err("bad net file header".into());
        }
        let game = String::from_utf8(r.take(name_len)?.to_vec())
            .map_err(|_| "bad game name in the net file".to_string())?;
        let (types, cells, hidden) = (r.u32()? as usize, r.u32()? as usize, r.u32()? as usize);
        if hidden != HIDDEN {
            return Err(format!("net of {hidden} hidden units, expected {HIDDEN}"));
        }
        if types == 0 || cells == 0 || types > 64 || cells > crate::geometry::MAX_CELLS {
            return Err(format!("bad net dimensions: {types} types, {cells} cells"));
        }
        let flags = r.u32()?;
        if flags > 1 {
            return Err(format!("unknown net file flags {flags}"));
        }
        let buckets = r.u32()? as usize;
        if !(1..=MAX_BUCKETS).contains(&buckets) {
            return Err(format!("bad net file: {buckets} output buckets"));
        }
        let inputs = 2 * types * cells;
        let expected = (inputs + 1 + 2 * buckets) * 2 * HIDDEN + 4 * buckets;
        if r.0.len() != expected {
            return Err(format!(
                "net file of {} bytes after its header, expected {expected}",
                r.0.len()
            ));
        }
        let ft = (0..inputs)
            .map(|_| r.row())
            .collect::<Result<Vec<_>, _>>()?;
        let bias = r.row()?;
        let rows = (0..buckets)
            .map(|_| Ok([r.row()?, r.row()?]))
            .collect::<Result<Vec<_>, String>>()?;
        if rows
            .iter()
            .flatten()
            .flat_map(|r| r.0)
            .any(|w| w.unsigned_abs() > OUT_MAX as u16)
        {
            return Err(format!("output weights beyond ±{OUT_MAX} in the net file"));
        }
        let out = rows
            .into_iter()
            .map(|w| {
                Ok(Output {
                    w,
                    bias: r.u32()? as i32,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(Network {
            game,
            types,
            cells,
            residual: flags & 1 != 0,
            ft,
            bias,
            out,
        })
    }

    /// The file's bytes, little-endian: magic, version, game id, dimensions, flags (1:
    /// residual), output buckets, then the input rows, the hidden bias, each bucket's two output
    /// rows and each bucket's output bias.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity((self.ft.len() + 3) * 2 * HIDDEN + 64);
        b.extend_from_slice(MAGIC);
        for x in [VERSION, self.game.len() as u32] {
            b.extend_from_slice(&x.to_le_bytes());
        }
        b.extend_from_slice(self.game.as_bytes());
        let head = [
            self.types,
            self.cells,
            HIDDEN,
            self.residual as usize,
            self.out.len(),
        ];
        for x in head {
            b.extend_from_slice(&(x as u32).to_le_bytes());
        }
        let rows = self.ft.iter().chain([&self.bias]);
        for row in rows.chain(self.out.iter().flat_map(|o| &o.w)) {
            for x in row.0 {
                b.extend_from_slice(&x.to_le_bytes());
            }
        }
        for o in &self.out {
            b.extend_from_slice(&o.bias.to_le_bytes());
        }
        b
    }

    /// A net from trained float weights (`ft[input][unit]`, `bias[unit]`,
    /// `out[bucket][view][unit]`, `out_bias[bucket]`: as many buckets as both give), rounded to
    /// the integer scales; weights beyond what the scales hold are clipped. Not residual.
    pub fn quantise(
        game: &str,
        types: usize,
        cells: usize,
        ft: &[f32],
        bias: &[f32],
        out: &[f32],
        out_bias: &[f32],
    ) -> Network {
        let q = |x: f32, s: i32, lim: i32| (x * s as f32).round().clamp(-lim as f32, lim as f32);
        let row = |w: &[f32], s: i32, lim: i32| {
            let mut r = Row::default();
            for (x, &f) in r.0.iter_mut().zip(w) {
                *x = q(f, s, lim) as i16;
            }
            r
        };
        Network {
            game: game.to_string(),
            types,
            cells,
            residual: false,
            ft: ft
                .chunks_exact(HIDDEN)
                .map(|w| row(w, QA, i16::MAX as i32))
                .collect(),
            bias: row(bias, QA, i16::MAX as i32),
            out: out
                .chunks_exact(2 * HIDDEN)
                .zip(out_bias)
                .map(|(w, &b)| Output {
                    w: [
                        row(&w[..HIDDEN], QB, OUT_MAX),
                        row(&w[HIDDEN..], QB, OUT_MAX),
                    ],
                    bias: q(b, QA * QB, i32::MAX) as i32,
                })
                .collect(),
        }
    }

    /// Whether this net fits game `v`: two players, no drops, the same types and cells.
    pub fn check(&self, v: &Variant) -> Result<(), String> {
        Inputs::new(v)?;
        if !(1..=MAX_BUCKETS).contains(&self.out.len()) {
            return Err(format!("a net of {} output buckets", self.out.len()));
        }
        if self.types != v.pieces.len() || self.cells != v.geo.num_cells() {
            return Err(format!(
                "the net ({} types, {} cells, trained for {}) does not fit {} ({} types, {} cells)",
                self.types,
                self.cells,
                self.game,
                v.id,
                v.pieces.len(),
                v.geo.num_cells()
            ));
        }
        Ok(())
    }
}

/// A game's inputs: for each player's view, one per (own or enemy man, type, cell as the viewer
/// sees it). The engine and the trainer both index through here, so they agree.
#[derive(Debug)]
pub struct Inputs {
    pub types: usize,
    pub cells: usize,
    /// Men on the board at the start (the most the output buckets count to).
    pub start_men: usize,
    /// Per player, each cell as that player sees it (the second player's flipped by rank).
    view: [Vec<Cell>; 2],
}

impl Inputs {
    /// The inputs of game `v`: two players and no drops (a man in hand has no cell).
    pub fn new(v: &Variant) -> Result<Inputs, String> {
        if v.players != 2 || v.drops {
            return Err(format!(
                "{}: nets are for two-player games without drops",
                v.id
            ));
        }
        let n = v.geo.num_cells();
        if 2 * v.pieces.len() * n > u16::MAX as usize {
            return Err(format!("{}: too many inputs for a net", v.id));
        }
        let start_men = v.start_fen.split(' ').next().map_or(0, |board| {
            board.chars().filter(|c| c.is_ascii_alphabetic()).count()
        });
        Ok(Inputs {
            types: v.pieces.len(),
            cells: n,
            start_men,
            view: [
                (0..n as Cell).collect(),
                (0..n as Cell).map(|c| v.geo.flip_rank(c)).collect(),
            ],
        })
    }

    /// How many inputs a view has.
    pub fn count(&self) -> usize {
        2 * self.types * self.cells
    }

    /// The input of a man `p` on `cell` in `viewer`'s view.
    #[inline]
    pub fn index(&self, viewer: usize, p: crate::piece::Piece, cell: Cell) -> usize {
        let enemy = (p.owner() as usize != viewer) as usize;
        (enemy * self.types + p.kind() as usize) * self.cells
            + self.view[viewer][cell as usize] as usize
    }

    /// The output bucket of a position with `men` men on the board, of `buckets`: equal shares of
    /// the way from two men to the start's.
    #[inline]
    pub fn bucket(&self, men: usize, buckets: usize) -> usize {
        (men.saturating_sub(2) * buckets / self.start_men.saturating_sub(1).max(1)).min(buckets - 1)
    }

    /// The men on the board of `pos`.
    #[inline]
    pub fn men(pos: &Position) -> usize {
        pos.material_count(0) + pos.material_count(1)
    }

    /// The inputs set in `viewer`'s view of `pos`, appended to `out`.
    pub fn of(&self, pos: &Position, viewer: usize, out: &mut Vec<u16>) {
        for c in 0..pos.board_cells() as Cell {
            let p = pos.at(c);
            if !p.is_empty() {
                out.push(self.index(viewer, p, c) as u16);
            }
        }
    }
}

/// A net bound to one game: the net and the game's inputs.
#[derive(Debug)]
pub struct Nnue {
    pub net: Arc<Network>,
    inputs: Inputs,
}

impl Nnue {
    /// `net` for game `v`, if it fits (`Network::check`).
    pub fn new(net: Arc<Network>, v: &Variant) -> Result<Nnue, String> {
        net.check(v)?;
        Ok(Nnue {
            net,
            inputs: Inputs::new(v)?,
        })
    }

    /// The weights of a man of `p` on `cell` in `viewer`'s view.
    #[inline]
    fn input(&self, viewer: usize, p: crate::piece::Piece, cell: Cell) -> &Row {
        &self.net.ft[self.inputs.index(viewer, p, cell)]
    }

    /// Both views' units from the men on the board.
    pub fn refresh(&self, pos: &Position, acc: &mut Accumulator) {
        acc.v = [self.net.bias; 2];
        for c in 0..pos.board_cells() as Cell {
            let p = pos.at(c);
            if !p.is_empty() {
                for (viewer, row) in acc.v.iter_mut().enumerate() {
                    row.add(self.input(viewer, p, c));
                }
            }
        }
    }

    /// `to` as `from` after one move's board changes.
    #[inline]
    pub fn apply(&self, changes: &[Change], from: &Accumulator, to: &mut Accumulator) {
        *to = *from;
        for ch in changes {
            for (viewer, row) in to.v.iter_mut().enumerate() {
                let w = self.input(viewer, ch.piece, ch.cell);
                if ch.added { row.add(w) } else { row.sub(w) }
            }
        }
    }

    /// The score in centipawns for `side` from both views' units, with `men` men on the board.
    #[inline]
    pub fn output(&self, acc: &Accumulator, side: Player, men: usize) -> i32 {
        let n = &self.net;
        let b = self.inputs.bucket(men, n.out.len());
        let us = side as usize & 1;
        let o = &n.out[b];
        let sum = dot(&acc.v[us], &o.w[0]) as i64 + dot(&acc.v[1 - us], &o.w[1]) as i64;
        let out = (sum / QA as i64) as i32 + o.bias;
        (out as i64 * SCALE as i64 / (QA * QB) as i64) as i32
    }

    /// Whether the net's score adds to the hand-made terms (`Network::residual`).
    #[inline]
    pub fn residual(&self) -> bool {
        self.net.residual
    }

    /// Whether the net judges `pos`: a pure net leaves a position where a side has nothing but
    /// royal men to the hand-made terms, whose mop-up drives the bare royal man to the edge. Its
    /// training games were resigned long before such endings, so chess's net scores a rook up
    /// against a bare king at +73 where the terms give +534.
    #[inline]
    pub fn judges(&self, pos: &Position) -> bool {
        self.net.residual || (0..2).all(|p| !crate::outcome::is_bare(pos, p))
    }

    /// The net's score in centipawns for the side to move, from scratch.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut acc = Accumulator::default();
        self.refresh(pos, &mut acc);
        self.output(&acc, pos.side, Inputs::men(pos))
    }
}

/// Sum over the units of `clip(u)^2 * w`. `clip(u) * w` fits an `i16` and the whole sum an
/// `i32`: |w| <= `OUT_MAX` = 128 (`Network::quantise` clips, `parse` checks), and
/// 255 * 128 * 255 * 256 < 2^31.
#[inline]
fn dot(units: &Row, w: &Row) -> i32 {
    let mut s = 0i32;
    for (&u, &w) in units.0.iter().zip(&w.0) {
        let c = u.clamp(0, QA as i16);
        s += (c.wrapping_mul(w) as i32) * c as i32;
    }
    s
}

/// Each search thread's units along its line, by the position's history length: a position's
/// units are worked out from the nearest earlier one on the line still held, through the moves'
/// recorded board changes (`Position::track_changes`), or afresh.
pub struct AccStack {
    /// (key of the position the units are of, units); `u64::MAX`: none.
    entries: Vec<(u64, Accumulator)>,
}

/// Longest walk back to units held before starting afresh (a refresh costs about as much as
/// this many moves' updates).
const MAX_WALK: usize = 12;

impl AccStack {
    /// Room for lines up to history length `len`; deeper positions are evaluated afresh.
    pub fn new(len: usize) -> AccStack {
        AccStack {
            entries: vec![(u64::MAX, Accumulator::default()); len],
        }
    }

    /// The score of `pos` for the side to move, as `Nnue::evaluate` gives it.
    pub fn evaluate(&mut self, nn: &Nnue, pos: &Position) -> i32 {
        let l = pos.history().len();
        if l >= self.entries.len() {
            return nn.evaluate(pos);
        }
        let key_at = |j: usize| {
            if j == l {
                pos.st.key
            } else {
                pos.history()[j].key
            }
        };
        if self.entries[l].0 != pos.st.key {
            let mut j = l;
            let base = loop {
                if l - j >= MAX_WALK || pos.changes(j).is_none() {
                    break None;
                }
                j -= 1;
                if self.entries[j].0 == key_at(j) {
                    break Some(j);
                }
            };
            match base {
                None => nn.refresh(pos, &mut self.entries[l].1),
                Some(b) => {
                    for k in b + 1..=l {
                        let (done, rest) = self.entries.split_at_mut(k);
                        let changes = pos.changes(k).unwrap_or(&[]);
                        nn.apply(changes, &done[k - 1].1, &mut rest[0].1);
                        rest[0].0 = key_at(k);
                    }
                }
            }
            self.entries[l].0 = pos.st.key;
        }
        nn.output(&self.entries[l].1, pos.side, Inputs::men(pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::{MoveList, legal_moves};
    use crate::{fen, variants};

    /// A net of small pseudo-random weights for game `id`.
    fn random_net(v: &Variant) -> Network {
        let (types, cells) = (v.pieces.len(), v.geo.num_cells());
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            ((x >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * 0.2
        };
        let ft: Vec<f32> = (0..2 * types * cells * HIDDEN).map(|_| next()).collect();
        let bias: Vec<f32> = (0..HIDDEN).map(|_| next() + 0.3).collect();
        let out: Vec<f32> = (0..4 * 2 * HIDDEN).map(|_| next() * 10.0).collect();
        Network::quantise(
            &v.id,
            types,
            cells,
            &ft,
            &bias,
            &out,
            &[0.05, 0.1, -0.1, 0.0],
        )
    }

    #[test]
    fn net_files_round_trip_and_bad_ones_are_errors() {
        let v = variants::build("chess", "").unwrap();
        let net = random_net(&v);
        let bytes = net.to_bytes();
        let back = Network::parse(&bytes).unwrap();
        assert_eq!(back.to_bytes(), bytes);
        assert_eq!(back.game, "chess");
        assert!(Network::parse(&bytes[..bytes.len() - 1]).is_err());
        assert!(Network::parse(b"CRNN").is_err());
        assert!(Network::parse(b"not a net at all").is_err());
        let mut other = bytes.clone();
        other[4] = 9;
        assert!(Network::parse(&other).unwrap_err().contains("version"));
        // An output weight the integer sums cannot hold.
        let mut big = bytes.clone();
        let first_out = bytes.len() - 4 * 4 - 4 * 2 * 2 * HIDDEN;
        big[first_out..first_out + 2].copy_from_slice(&1000i16.to_le_bytes());
        assert!(Network::parse(&big).unwrap_err().contains("output weights"));
        // The net fits chess's board, not capablanca's, nor a drop game.
        assert!(back.check(&v).is_ok());
        for game in ["capablanca", "shogi"] {
            let w = variants::build(game, "").unwrap();
            assert!(back.check(&w).is_err(), "{game}");
        }
    }

    /// The output buckets share the way from bare royals (the first) to the start's men (the
    /// last) equally, in order.
    #[test]
    fn output_buckets_cover_the_men_in_order() {
        let v = variants::build("chess", "").unwrap();
        let inputs = Inputs::new(&v).unwrap();
        assert_eq!(inputs.start_men, 32);
        assert_eq!(inputs.bucket(2, 8), 0);
        assert_eq!(inputs.bucket(32, 8), 7);
        assert_eq!(inputs.bucket(32, 1), 0);
        let all: Vec<usize> = (2..=32).map(|m| inputs.bucket(m, 8)).collect();
        assert!(all.windows(2).all(|w| w[0] <= w[1] && w[1] <= w[0] + 1));
        for b in 0..8 {
            let n = all.iter().filter(|&&x| x == b).count();
            assert!((3..=5).contains(&n), "bucket {b}: {n}");
        }
    }

    /// Along every line of a few plies (captures, promotions, castling, en passant; chess's board
    /// and courier's twelve files), the units worked out move by move equal those worked out
    /// afresh; the score is the side to move's and mirrors with the board.
    #[test]
    fn incremental_units_equal_a_refresh_along_every_line() {
        fn walk(nn: &Nnue, stack: &mut AccStack, pos: &mut Position, depth: u32) {
            let mut fresh = Accumulator::default();
            nn.refresh(pos, &mut fresh);
            assert_eq!(
                stack.evaluate(nn, pos),
                nn.output(&fresh, pos.side, Inputs::men(pos))
            );
            let l = pos.history().len();
            assert!(stack.entries[l].1 == fresh, "{}", fen::to_fen(pos));
            if depth == 0 {
                return;
            }
            let mut list = MoveList::new();
            legal_moves(pos, &mut list);
            for &m in list.iter().take(12) {
                pos.make(m);
                walk(nn, stack, pos, depth - 1);
                pos.unmake(m);
            }
            pos.make_null();
            walk(nn, stack, pos, 0);
            pos.unmake_null();
        }
        for (game, f) in [
            (
                "chess",
                "r3k2r/p1ppqPb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPpP/R3K2R b KQkq e3 0 1",
            ),
            ("chess", "r3k2r/1P6/8/2pP4/8/8/6p1/R3K2R w KQkq c6 0 1"),
            // Twelve files, and a pawn a move from promoting to a Firzan.
            (
                "courier",
                "1n1bmk1wb1nr/1P1ppp1pppp1/r1p1e1f4e/p5p4p/6P4P/4P1F2P2/1PPP1P1PP1p1/RNEBMK1WBE1R w - - 0 9",
            ),
        ] {
            let v = variants::build(game, "").unwrap();
            let nn = Nnue::new(Arc::new(random_net(&v)), &v).unwrap();
            let mut pos = fen::parse(&v, f).unwrap();
            pos.track_changes(true);
            let mut stack = AccStack::new(pos.history().len() + 8);
            walk(&nn, &mut stack, &mut pos, 3);
        }
        let v = variants::build("chess", "").unwrap();
        let nn = Nnue::new(Arc::new(random_net(&v)), &v).unwrap();
        // The same men with colours and ranks swapped score the same for the side to move.
        let a = fen::parse(&v, "4k3/8/8/3q4/8/2N5/PP6/4K3 w - - 0 1").unwrap();
        let b = fen::parse(&v, "4k3/pp6/2n5/8/3Q4/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(nn.evaluate(&a), nn.evaluate(&b));
        assert_ne!(nn.evaluate(&a), 0);
    }
}
