//! A small efficiently updatable network (NNUE) for two-player games without drops: one hidden
//! layer of `HIDDEN` units per player's view, fed by one input per (own or enemy man, type, cell
//! as that player sees it) — per king bucket, where the net has them: the region of the board
//! the viewer's royal man stands in picks its own set of inputs, so the net can weigh every man
//! by where it stands against that king —, and one output. A game ships a net as data (`nets/`); the engine
//! evaluates with it where it has one, and the hand-made terms everywhere else (docs/eval.md,
//! "Networks").
//!
//! Integer arithmetic as the nets are trained (`chatrang tune net`): the hidden units are kept in
//! `i16` at scale `QA`, squared and clipped (`SCReLU`), and weighed by `i16` output weights at
//! scale `QB`; the output times `SCALE` is the score in centipawns. A net has as many hidden units
//! as its file says (a multiple of `simd::TILE` up to `MAX_HIDDEN`); the vector arithmetic is in
//! `simd`.

use std::sync::Arc;

use super::simd;
use crate::geometry::Cell;
use crate::piece::Player;
use crate::position::{Change, MAX_CHANGES, Position};
use crate::variant::Variant;

/// Most hidden units per view a net may have.
pub const MAX_HIDDEN: usize = 512;

/// Whether a net may have `hidden` units per view: the kernels work in whole tiles, the
/// accumulators hold `MAX_HIDDEN`. The error says what is allowed.
pub fn check_hidden(hidden: usize) -> Result<(), String> {
    if hidden == 0 || hidden > MAX_HIDDEN || !hidden.is_multiple_of(simd::TILE) {
        return Err(format!("a multiple of {} up to {MAX_HIDDEN}", simd::TILE));
    }
    Ok(())
}

/// Hidden units per view of a net trained without saying (`chatrang tune net --hidden`).
pub const HIDDEN: usize = 256;
/// Scale of the hidden layer's weights and units (a unit clips at `QA`, 1.0 in training).
pub const QA: i32 = 255;
/// Scale of the output weights.
pub const QB: i32 = 64;
/// Centipawns per unit of the trained output.
pub const SCALE: i32 = 400;

/// Largest |output weight|: a clipped unit times it stays within an `i16` (`simd::dot`).
const OUT_MAX: i32 = i16::MAX as i32 / QA;

const MAGIC: &[u8; 4] = b"CRNN";
/// The version written; version 3 files (no king buckets) are still read.
const VERSION: u32 = 4;

/// One view's hidden units, room for the widest net (a net uses the first `Network::hidden`).
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Row(pub [i16; MAX_HIDDEN]);

impl Default for Row {
    fn default() -> Row {
        Row([0; MAX_HIDDEN])
    }
}

/// The hidden units of both players' views (`v[player]`), before the activation, and the king
/// bucket each view's units were summed in.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Accumulator {
    pub v: [Row; 2],
    pub kb: [u8; 2],
}

/// A trained net, quantised.
pub struct Network {
    /// The game it was trained for (its id), for messages.
    pub game: String,
    pub types: usize,
    pub cells: usize,
    /// Hidden units per view.
    pub hidden: usize,
    /// The net's score is added to the game's hand-made evaluation (trained on what the terms
    /// miss) instead of replacing it.
    pub residual: bool,
    /// Per cell as the viewer sees it, the king bucket of the viewer's royal man standing there;
    /// empty: one bucket (no king buckets).
    pub king_map: Vec<u8>,
    /// Per input, its `hidden` weights into the hidden units: input `((bucket * 2 + enemy) *
    /// types + type) * cells + cell` (`bucket`: the viewer's king bucket; `enemy`: the man is
    /// the other player's; `cell` as the viewing player sees it).
    ft: Vec<i16>,
    bias: Vec<i16>,
    /// Per output bucket (`Inputs::bucket`: by the men on the board), its output layer.
    out: Vec<Output>,
}

/// One output bucket's layer: the weights of the side to move's units, then the other side's
/// (`hidden` each), and the bias.
#[derive(Clone, PartialEq, Eq)]
struct Output {
    w: Vec<i16>,
    bias: i32,
}

/// Most output buckets a net may have.
pub const MAX_BUCKETS: usize = 16;
/// Most king buckets a net may have.
pub const MAX_KING_BUCKETS: usize = 32;

/// How many king buckets a map of cells to buckets has (1 for an empty map).
pub fn king_buckets(map: &[u8]) -> usize {
    map.iter().map(|&b| b as usize + 1).max().unwrap_or(1)
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Network({}, {} types x {} cells x {} king buckets x {})",
            self.game,
            self.types,
            self.cells,
            king_buckets(&self.king_map),
            self.hidden
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

    /// `n` numbers of a row of weights.
    fn row(&mut self, n: usize) -> Result<Vec<i16>, String> {
        let b = self.take(2 * n)?;
        Ok(b.chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
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
        if version != VERSION && version != 3 {
            return Err(format!(
                "net file version {version}, expected 3 or {VERSION}"
            ));
        }
        let name_len = r.u32()? as usize;
        if name_len > 64 {
            return Err("bad net file header".into());
        }
        let game = String::from_utf8(r.take(name_len)?.to_vec())
            .map_err(|_| "bad game name in the net file".to_string())?;
        let (types, cells, hidden) = (r.u32()? as usize, r.u32()? as usize, r.u32()? as usize);
        check_hidden(hidden).map_err(|e| format!("net of {hidden} hidden units, expected {e}"))?;
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
        let kings = if version == 3 { 1 } else { r.u32()? as usize };
        if !(1..=MAX_KING_BUCKETS).contains(&kings) {
            return Err(format!("bad net file: {kings} king buckets"));
        }
        let king_map = if kings > 1 {
            r.take(cells)?.to_vec()
        } else {
            Vec::new()
        };
        if king_buckets(&king_map) != kings {
            return Err("bad net file: its king map does not use its king buckets".into());
        }
        let inputs = kings * 2 * types * cells;
        let expected = (inputs + 1 + 2 * buckets) * 2 * hidden + 4 * buckets;
        if r.0.len() != expected {
            return Err(format!(
                "net file of {} bytes after its header, expected {expected}",
                r.0.len()
            ));
        }
        let ft = r.row(inputs * hidden)?;
        let bias = r.row(hidden)?;
        let rows = (0..buckets)
            .map(|_| r.row(2 * hidden))
            .collect::<Result<Vec<_>, String>>()?;
        if rows
            .iter()
            .flatten()
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
            hidden,
            residual: flags & 1 != 0,
            king_map,
            ft,
            bias,
            out,
        })
    }

    /// The file's bytes, little-endian: magic, version, game id, dimensions, flags (1:
    /// residual), output buckets, king buckets and (more than one) the king map's byte per cell,
    /// then the input rows, the hidden bias, each bucket's two output rows and each bucket's
    /// output bias.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(2 * (self.ft.len() + self.out.len() * 3 * self.hidden) + 64);
        b.extend_from_slice(MAGIC);
        for x in [VERSION, self.game.len() as u32] {
            b.extend_from_slice(&x.to_le_bytes());
        }
        b.extend_from_slice(self.game.as_bytes());
        let head = [
            self.types,
            self.cells,
            self.hidden,
            self.residual as usize,
            self.out.len(),
            king_buckets(&self.king_map),
        ];
        for x in head {
            b.extend_from_slice(&(x as u32).to_le_bytes());
        }
        b.extend_from_slice(&self.king_map);
        let rows = self.ft.iter().chain(&self.bias);
        for x in rows.chain(self.out.iter().flat_map(|o| &o.w)) {
            b.extend_from_slice(&x.to_le_bytes());
        }
        for o in &self.out {
            b.extend_from_slice(&o.bias.to_le_bytes());
        }
        b
    }

    /// A net from trained float weights (`ft[input][unit]`, `bias[unit]`,
    /// `out[bucket][view][unit]`, `out_bias[bucket]`: as many buckets as both give; as many
    /// units as `bias` has, which the caller keeps a multiple of `simd::TILE` up to
    /// `MAX_HIDDEN`), rounded to the integer scales; weights beyond what the scales hold are
    /// clipped. Not residual.
    #[allow(clippy::too_many_arguments)]
    pub fn quantise(
        game: &str,
        types: usize,
        cells: usize,
        king_map: &[u8],
        ft: &[f32],
        bias: &[f32],
        out: &[f32],
        out_bias: &[f32],
    ) -> Network {
        let q = |x: f32, s: i32, lim: i32| (x * s as f32).round().clamp(-lim as f32, lim as f32);
        let row = |w: &[f32], s: i32, lim: i32| w.iter().map(|&f| q(f, s, lim) as i16).collect();
        let hidden = bias.len();
        Network {
            game: game.to_string(),
            types,
            cells,
            hidden,
            residual: false,
            king_map: king_map.to_vec(),
            ft: row(ft, QA, i16::MAX as i32),
            bias: row(bias, QA, i16::MAX as i32),
            out: out
                .chunks_exact(2 * hidden)
                .zip(out_bias)
                .map(|(w, &b)| Output {
                    w: row(w, QB, OUT_MAX),
                    bias: q(b, QA * QB, i32::MAX) as i32,
                })
                .collect(),
        }
    }

    /// The float weights `quantise` would turn back into this net (to the quantiser's step):
    /// (input weights, hidden biases, per output bucket its weights, output biases). A start for
    /// training on from this net (`chatrang tune net --init`).
    pub fn floats(&self) -> (Vec<f32>, Vec<f32>, Vec<f32>, Vec<f32>) {
        let row = |w: &[i16], s: i32| w.iter().map(|&x| x as f32 / s as f32).collect::<Vec<_>>();
        (
            row(&self.ft, QA),
            row(&self.bias, QA),
            self.out.iter().flat_map(|o| row(&o.w, QB)).collect(),
            self.out
                .iter()
                .map(|o| o.bias as f32 / (QA * QB) as f32)
                .collect(),
        )
    }

    /// Whether this net fits game `v`: two players, no drops, the same types and cells (and for
    /// king buckets, one royal man a side).
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
        Inputs::with_king_map(v, &self.king_map)?;
        Ok(())
    }
}

/// A game's inputs: for each player's view, one per (king bucket, own or enemy man, type, cell
/// as the viewer sees it). The engine and the trainer both index through here, so they agree.
#[derive(Debug)]
pub struct Inputs {
    pub types: usize,
    pub cells: usize,
    /// Men on the board at the start (the most the output buckets count to).
    pub start_men: usize,
    /// Per player, each cell as that player sees it (the second player's flipped by rank).
    view: [Vec<Cell>; 2],
    /// Per cell as the viewer sees it, the king bucket of the viewer's royal man there; empty:
    /// one bucket.
    king_map: Vec<u8>,
    /// Per type, whether its men are royal (a royal man's move may change its king bucket).
    royal: Vec<bool>,
}

impl Inputs {
    /// The inputs of game `v` without king buckets: two players and no drops (a man in hand
    /// has no cell).
    pub fn new(v: &Variant) -> Result<Inputs, String> {
        Self::with_king_map(v, &[])
    }

    /// The inputs of game `v` with the king buckets of `king_map` (empty: none). King buckets
    /// need one royal type and one royal man a side at the start: the bucket follows that man.
    pub fn with_king_map(v: &Variant, king_map: &[u8]) -> Result<Inputs, String> {
        if v.players != 2 || v.drops {
            return Err(format!(
                "{}: nets are for two-player games without drops",
                v.id
            ));
        }
        let n = v.geo.num_cells();
        let kings = king_buckets(king_map);
        if !king_map.is_empty() {
            if king_map.len() != n || kings > MAX_KING_BUCKETS {
                return Err(format!("{}: a king map of {} cells", v.id, king_map.len()));
            }
            // The royal type's letter, once in each case on the starting board.
            let board = v.start_fen.split(' ').next().unwrap_or("");
            let one_each = |t: &crate::piece::PieceType| {
                let l = &v.pieces[*t as usize].letter;
                board.matches(l.to_uppercase().as_str()).count() == 1
                    && board.matches(l.to_lowercase().as_str()).count() == 1
            };
            if v.tables.royal_types.len() != 1 || !v.tables.royal_types.iter().all(one_each) {
                return Err(format!("{}: king buckets need one royal man a side", v.id));
            }
        }
        if kings * 2 * v.pieces.len() * n > u16::MAX as usize {
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
            king_map: king_map.to_vec(),
            royal: v.pieces.iter().map(|p| p.royal).collect(),
        })
    }

    /// The king map of `kf` file groups by `kr` rank groups on `v`'s board, as each player sees
    /// it: bucket = (file · kf / files) · kr + min(rank, kr − 1), ranks counted from the viewer's
    /// own first rank; empty (no buckets) for 1 by 1.
    pub fn grid_king_map(v: &Variant, kf: usize, kr: usize) -> Vec<u8> {
        if kf * kr <= 1 {
            return Vec::new();
        }
        let w = v.geo.width.max(1) as usize;
        v.geo
            .cells()
            .map(|c| {
                let (x, y, _) = v.geo.coords(c);
                ((x as usize * kf / w) * kr + (y as usize).min(kr - 1)) as u8
            })
            .collect()
    }

    /// The king map these inputs are bucketed by (empty: one bucket).
    pub fn king_map(&self) -> &[u8] {
        &self.king_map
    }

    /// How many king buckets.
    pub fn kings(&self) -> usize {
        king_buckets(&self.king_map)
    }

    /// How many inputs a view has.
    pub fn count(&self) -> usize {
        self.kings() * 2 * self.types * self.cells
    }

    /// The king bucket of `viewer`'s view of `pos`: where the viewer's royal man stands.
    #[inline]
    pub fn king_bucket(&self, pos: &Position, viewer: usize) -> usize {
        if self.king_map.is_empty() {
            return 0;
        }
        pos.royals(viewer as crate::piece::Player)
            .next()
            .map_or(0, |c| {
                self.king_map[self.view[viewer][c as usize] as usize] as usize
            })
    }

    /// The king bucket of `viewer`'s view after a move's board `changes`, from `kb` before it.
    #[inline]
    fn king_bucket_after(&self, changes: &[Change], viewer: usize, kb: usize) -> usize {
        if self.king_map.is_empty() {
            return 0;
        }
        changes
            .iter()
            .find(|ch| {
                ch.added
                    && ch.piece.owner() as usize == viewer
                    && self.royal[ch.piece.kind() as usize]
            })
            .map_or(kb, |ch| {
                self.king_map[self.view[viewer][ch.cell as usize] as usize] as usize
            })
    }

    /// The input of a man `p` on `cell` in `viewer`'s view with its royal man in bucket `kb`.
    #[inline]
    pub fn index(&self, viewer: usize, kb: usize, p: crate::piece::Piece, cell: Cell) -> usize {
        let enemy = (p.owner() as usize != viewer) as usize;
        ((kb * 2 + enemy) * self.types + p.kind() as usize) * self.cells
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
        let kb = self.king_bucket(pos, viewer);
        for c in 0..pos.board_cells() as Cell {
            let p = pos.at(c);
            if !p.is_empty() {
                out.push(self.index(viewer, kb, p, c) as u16);
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
            inputs: Inputs::with_king_map(v, &net.king_map)?,
            net,
        })
    }

    /// The weights of a man of `p` on `cell` in `viewer`'s view, king bucket `kb`.
    #[inline]
    fn input(&self, viewer: usize, kb: usize, p: crate::piece::Piece, cell: Cell) -> &[i16] {
        let h = self.net.hidden;
        &self.net.ft[self.inputs.index(viewer, kb, p, cell) * h..][..h]
    }

    /// Both views' units from the men on the board.
    pub fn refresh(&self, pos: &Position, acc: &mut Accumulator) {
        for viewer in 0..2 {
            self.refresh_view(pos, acc, viewer);
        }
    }

    /// `viewer`'s units from the men on the board.
    fn refresh_view(&self, pos: &Position, acc: &mut Accumulator, viewer: usize) {
        let kb = self.inputs.king_bucket(pos, viewer);
        acc.kb[viewer] = kb as u8;
        let row = &mut acc.v[viewer].0[..self.net.hidden];
        row.copy_from_slice(&self.net.bias);
        // The men's rows a batch at a time, each tile of units summed in registers.
        let mut batch = arrayvec::ArrayVec::<&[i16], 16>::new();
        for c in 0..pos.board_cells() as Cell {
            let p = pos.at(c);
            if !p.is_empty() {
                batch.push(self.input(viewer, kb, p, c));
                if batch.is_full() {
                    simd::accumulate(row, &batch, &[]);
                    batch.clear();
                }
            }
        }
        simd::accumulate(row, &batch, &[]);
    }

    /// `to` as `from` after one move's board changes; returns the views (bit per player) whose
    /// royal man changed king bucket, whose units in `to` are stale and must be refreshed.
    #[inline]
    pub fn apply(&self, changes: &[Change], from: &Accumulator, to: &mut Accumulator) -> u8 {
        let h = self.net.hidden;
        to.kb = from.kb;
        let mut stale = 0;
        for (viewer, row) in to.v.iter_mut().enumerate() {
            let kb = from.kb[viewer] as usize;
            if self.inputs.king_bucket_after(changes, viewer, kb) != kb {
                stale |= 1 << viewer;
                continue;
            }
            // One pass over the units: the earlier row plus the added men's minus the removed.
            let (mut adds, mut subs) = (ChangeRows::new(), ChangeRows::new());
            for ch in changes {
                let w = self.input(viewer, kb, ch.piece, ch.cell);
                if ch.added { adds.push(w) } else { subs.push(w) }
            }
            simd::update(&mut row.0[..h], &from.v[viewer].0[..h], &adds, &subs);
        }
        stale
    }

    /// The score in centipawns for `side` from both views' units, with `men` men on the board.
    #[inline]
    pub fn output(&self, acc: &Accumulator, side: Player, men: usize) -> i32 {
        let n = &self.net;
        let b = self.inputs.bucket(men, n.out.len());
        let us = side as usize & 1;
        let o = &n.out[b];
        let h = n.hidden;
        let sum = simd::dot(&acc.v[us].0[..h], &o.w[..h], QA as i16)
            + simd::dot(&acc.v[1 - us].0[..h], &o.w[h..], QA as i16);
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

/// The weight rows of one move's board changes in one view, added or removed (a move changes
/// at most `MAX_CHANGES` men).
type ChangeRows<'a> = arrayvec::ArrayVec<&'a [i16], MAX_CHANGES>;

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
                        let stale = nn.apply(changes, &done[k - 1].1, &mut rest[0].1);
                        if stale != 0 {
                            // A royal man changed king bucket: its view starts afresh, which
                            // needs the board, so only at the position itself.
                            if k < l {
                                for e in &mut self.entries[k..l] {
                                    e.0 = u64::MAX;
                                }
                                nn.refresh(pos, &mut self.entries[l].1);
                                break;
                            }
                            for viewer in (0..2).filter(|v| stale >> v & 1 != 0) {
                                nn.refresh_view(pos, &mut rest[0].1, viewer);
                            }
                        }
                        rest[0].0 = key_at(k);
                    }
                }
            }
            self.entries[l].0 = pos.st.key;
        }
        nn.output(&self.entries[l].1, pos.side, Inputs::men(pos))
    }
}

/// Checks shared by the games that ship a net.
#[cfg(test)]
pub(crate) mod shipped_tests {
    use crate::eval::{self, EvalParams};
    use crate::variant::Variant;
    use std::sync::Arc;

    /// Asserts the game ships a net (its file parsed) and the net fits it.
    pub fn assert_own_net_fits(v: &Variant) {
        let net = v
            .net
            .as_ref()
            .unwrap_or_else(|| panic!("{} ships a net", v.id));
        assert_eq!(net.check(v), Ok(()));
    }

    /// The game's evaluation with its own net, which must fit it.
    pub fn with_own_net(v: &Arc<Variant>) -> EvalParams {
        let ep = EvalParams::new(v).with_net(v.net.clone(), v).unwrap();
        assert!(ep.nnue.is_some(), "{} evaluates with its net", v.id);
        ep
    }

    /// Asserts the net judges `fen` (the terms adding only their `net_terms` share); the net's
    /// own score.
    pub fn net_judge(v: &Arc<Variant>, ep: &EvalParams, fen: &str) -> i32 {
        let pos = crate::fen::parse(v, fen).unwrap();
        let nn = ep.nnue.as_ref().unwrap();
        assert!(nn.judges(&pos));
        let net = nn.evaluate(&pos);
        let mixed = eval::with_terms(ep, net, || eval::evaluate_terms(&pos, ep));
        assert_eq!(eval::evaluate(&pos, ep), mixed);
        net
    }

    /// Asserts the game's own net scores `up` (the mover a man up) above `up_min`, and leaves
    /// `bare` (the opponent with nothing but royal men) to the terms, which see the win.
    pub fn assert_net_sees_material_and_terms_the_bare_king(
        v: &Arc<Variant>,
        up: &str,
        up_min: i32,
        bare: &str,
    ) {
        let ep = with_own_net(v);
        let score = net_judge(v, &ep, up);
        assert!(score > up_min, "the net sees the man: {score}");
        let terms = terms_judge(v, &ep, bare);
        assert!(terms > 300, "the terms see the bare king: {terms}");
    }

    /// Asserts the game's score of `fen` is its own net's alone (no `net_terms` share), where the
    /// hand-made terms would differ.
    pub fn assert_the_net_judges_alone(v: &Arc<Variant>, fen: &str) {
        let ep = with_own_net(v);
        let pos = crate::fen::parse(v, fen).unwrap();
        let net = ep.nnue.as_ref().unwrap().evaluate(&pos);
        assert_ne!(net, eval::evaluate_terms(&pos, &ep));
        assert_eq!(eval::evaluate(&pos, &ep), net);
    }

    /// Asserts the net leaves `fen` (a side with nothing but royal men) to the terms; the
    /// terms' score.
    pub fn terms_judge(v: &Arc<Variant>, ep: &EvalParams, fen: &str) -> i32 {
        let pos = crate::fen::parse(v, fen).unwrap();
        assert!(!ep.nnue.as_ref().unwrap().judges(&pos));
        let terms = eval::evaluate_terms(&pos, ep);
        assert_eq!(eval::evaluate(&pos, ep), terms);
        terms
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::{MoveList, legal_moves};
    use crate::{fen, variants};

    /// A net of small pseudo-random weights for game `v`, with the king buckets of `king_map`.
    fn random_net(v: &Variant, king_map: &[u8]) -> Network {
        random_net_of(v, king_map, HIDDEN)
    }

    /// `random_net` with `hidden` units.
    fn random_net_of(v: &Variant, king_map: &[u8], hidden: usize) -> Network {
        let (types, cells) = (v.pieces.len(), v.geo.num_cells());
        let kings = king_buckets(king_map);
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            ((x >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * 0.2
        };
        let ft: Vec<f32> = (0..kings * 2 * types * cells * hidden)
            .map(|_| next())
            .collect();
        let bias: Vec<f32> = (0..hidden).map(|_| next() + 0.3).collect();
        let out: Vec<f32> = (0..4 * 2 * hidden).map(|_| next() * 10.0).collect();
        Network::quantise(
            &v.id,
            types,
            cells,
            king_map,
            &ft,
            &bias,
            &out,
            &[0.05, 0.1, -0.1, 0.0],
        )
    }

    #[test]
    fn net_files_round_trip_and_bad_ones_are_errors() {
        let v = variants::build("chess", "").unwrap();
        let net = random_net(&v, &[]);
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
        // Any width up to the widest reads back; a width the kernels' tiles do not divide, or
        // one past the widest, is refused.
        let wide = random_net_of(&v, &[], MAX_HIDDEN).to_bytes();
        assert_eq!(Network::parse(&wide).unwrap().hidden, MAX_HIDDEN);
        let width_at = 4 + 4 + 4 + "chess".len() + 2 * 4;
        for bad in [simd::TILE / 2, 2 * MAX_HIDDEN] {
            let mut odd = wide.clone();
            odd[width_at..width_at + 4].copy_from_slice(&(bad as u32).to_le_bytes());
            assert!(Network::parse(&odd).unwrap_err().contains("hidden units"));
        }
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
    /// and courier's twelve files; with and without king buckets, whose royal men cross from one
    /// to another), the units worked out move by move, or over several moves at once, equal those
    /// worked out afresh; the score is the side to move's and mirrors with the board.
    #[test]
    fn incremental_units_equal_a_refresh_along_every_line() {
        /// Evaluates at every node (`every`), or only at the top and the leaves three plies
        /// below, so that the units are worked out over the whole line at once.
        fn walk(nn: &Nnue, stack: &mut AccStack, pos: &mut Position, depth: u32, every: bool) {
            if every || depth.is_multiple_of(3) {
                let mut fresh = Accumulator::default();
                nn.refresh(pos, &mut fresh);
                assert_eq!(
                    stack.evaluate(nn, pos),
                    nn.output(&fresh, pos.side, Inputs::men(pos))
                );
                let l = pos.history().len();
                assert!(stack.entries[l].1 == fresh, "{}", fen::to_fen(pos));
            }
            if depth == 0 {
                return;
            }
            let mut list = MoveList::new();
            legal_moves(pos, &mut list);
            for &m in list.iter().rev().take(12) {
                pos.make(m);
                walk(nn, stack, pos, depth - 1, every);
                pos.unmake(m);
            }
            pos.make_null();
            walk(nn, stack, pos, 0, every);
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
            let nets = [
                random_net(&v, &[]),
                random_net(&v, &Inputs::grid_king_map(&v, 4, 2)),
                random_net_of(&v, &[], simd::TILE),
                random_net_of(&v, &[], MAX_HIDDEN),
            ];
            for net in nets {
                let nn = Nnue::new(Arc::new(net), &v).unwrap();
                for every in [true, false] {
                    let mut pos = fen::parse(&v, f).unwrap();
                    pos.track_changes(true);
                    let mut stack = AccStack::new(pos.history().len() + 8);
                    walk(&nn, &mut stack, &mut pos, 3, every);
                }
            }
        }
        let v = variants::build("chess", "").unwrap();
        for map in [Vec::new(), Inputs::grid_king_map(&v, 4, 2)] {
            let nn = Nnue::new(Arc::new(random_net(&v, &map)), &v).unwrap();
            // The same men with colours and ranks swapped score the same for the side to move.
            let a = fen::parse(&v, "4k3/8/8/3q4/8/2N5/PP6/4K3 w - - 0 1").unwrap();
            let b = fen::parse(&v, "4k3/pp6/2n5/8/3Q4/8/8/4K3 b - - 0 1").unwrap();
            assert_eq!(nn.evaluate(&a), nn.evaluate(&b));
            assert_ne!(nn.evaluate(&a), 0);
        }
    }

    /// King buckets group the files in equal shares and the ranks from the viewer's own first
    /// rank; each player's bucket follows his own royal man as he sees the board.
    #[test]
    fn king_buckets_follow_each_players_royal_man() {
        let v = variants::build("chess", "").unwrap();
        let map = Inputs::grid_king_map(&v, 4, 2);
        assert_eq!(king_buckets(&map), 8);
        let cell = |name: &str| v.geo.parse_cell(name).unwrap() as usize;
        assert_eq!(map[cell("a1")], 0);
        assert_eq!(map[cell("e1")], 4);
        assert_eq!(map[cell("e2")], 5);
        assert_eq!(map[cell("g1")], 6);
        assert_eq!(map[cell("h8")], 7);
        assert!(Inputs::grid_king_map(&v, 1, 1).is_empty());
        let inputs = Inputs::with_king_map(&v, &map).unwrap();
        assert_eq!(inputs.count(), 8 * 768);
        let start = fen::parse(&v, &v.start_fen).unwrap();
        assert_eq!(inputs.king_bucket(&start, 0), 4);
        assert_eq!(inputs.king_bucket(&start, 1), 4);
        let castled = fen::parse(&v, "2kr3r/8/8/8/8/8/8/5RK1 w - - 0 1").unwrap();
        assert_eq!(inputs.king_bucket(&castled, 0), 6);
        assert_eq!(inputs.king_bucket(&castled, 1), 2);
        // A map must cover the board.
        assert!(Inputs::with_king_map(&v, &map[..10]).is_err());
    }

    /// A bucketed net's file keeps its king map; files of version 3 (before king buckets) still
    /// read, as nets of one bucket.
    #[test]
    fn king_bucketed_net_files_round_trip_and_version_3_still_reads() {
        let v = variants::build("chess", "").unwrap();
        let net = random_net(&v, &Inputs::grid_king_map(&v, 4, 2));
        let bytes = net.to_bytes();
        let back = Network::parse(&bytes).unwrap();
        assert_eq!(back.king_map, net.king_map);
        assert_eq!(back.to_bytes(), bytes);
        assert!(Network::parse(&bytes[..bytes.len() - 2]).is_err());
        // The same net without buckets, written as version 3: version, no king fields.
        let plain = random_net(&v, &[]).to_bytes();
        let head = 4 + 4 + 4 + "chess".len() + 5 * 4;
        let mut v3 = plain[..head].to_vec();
        v3[4..8].copy_from_slice(&3u32.to_le_bytes());
        v3.extend_from_slice(&plain[head + 4..]);
        let old = Network::parse(&v3).unwrap();
        assert!(old.king_map.is_empty());
        assert_eq!(old.to_bytes(), plain);
    }
}
