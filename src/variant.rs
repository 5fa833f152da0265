//! A game as data: board, piece types, start position, rights, castling, end rules, and the
//! hooks for whatever the data cannot say. Each game's file builds one of these.

use crate::cellset::CellSet;
use crate::geometry::{Cell, Geometry};
use crate::movegen::MoveList;
use crate::moves::Move;
use crate::piece::{PieceDef, PieceType, Player};
use crate::position::Position;
use crate::tables::Tables;
use crate::zobrist::Zobrist;

/// A one-time right (castling, first-move privilege), one bit of `Position::rights`.
#[derive(Clone, Debug)]
pub struct RightDef {
    /// How the right is written in its FEN field ("K", "Q", "D", "c1").
    pub token: String,
    pub player: Player,
    /// The cell a man must stand on to use an `x` (privilege) move with this right; `None`: the
    /// right belongs to the player's royal man wherever it stands.
    pub cell: Option<Cell>,
    /// The right is lost when a move starts or ends on any of these cells.
    pub lost_on_touch: Vec<Cell>,
    /// The right is lost when its player is put in check.
    pub lost_on_check: bool,
    /// FEN field that holds it: 2 = the castling field, 6 = a seventh field.
    pub field: u8,
}

/// Castling as a king move: king and rook cells, and the right bit that allows it.
#[derive(Clone, Copy, Debug)]
pub struct CastleRule {
    pub player: Player,
    pub right: usize,
    pub king_from: Cell,
    pub king_to: Cell,
    pub rook_from: Cell,
    pub rook_to: Cell,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    Win(Player),
    Draw,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub result: GameResult,
    pub reason: &'static str,
}

/// The result for the player concerned, relative to him.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Win,
    Draw,
    Loss,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BareKing {
    Off,
    /// The bared side loses unless he can bare the opponent at once (then draw).
    Shatranj,
    /// The bared side loses at once.
    Immediate,
    /// A bare king draws at once (checkmate still comes first; stalemate comes after it).
    Draw,
}

#[derive(Clone, Debug)]
pub struct EndRules {
    /// Result for the side to move when it has no legal move and is in check.
    pub checkmated: Verdict,
    /// Result for the side to move when it has no legal move and is not in check.
    pub stalemated: Verdict,
    pub bare_king: BareKing,
    /// Move-count draw: moves per side without capture or clock-resetting move (0 = none).
    pub nmove: u32,
    /// Occurrences of a position that draw (0 = no repetition rule).
    pub repetition: u32,
    /// A move that leaves the opponent without a legal move while not in check is illegal.
    pub stalemating_illegal: bool,
    /// With `stalemating_illegal`: if every legal move stalemates, they all stay legal (else
    /// none does, and the player has no move).
    pub forced_stalemate_allowed: bool,
}

impl Default for EndRules {
    fn default() -> Self {
        EndRules {
            checkmated: Verdict::Loss,
            stalemated: Verdict::Draw,
            bare_king: BareKing::Off,
            nmove: 0,
            repetition: 3,
            stalemating_illegal: false,
            forced_stalemate_allowed: false,
        }
    }
}

/// Game-specific rules the tables cannot express. Every method has a neutral default; the
/// variant's `HookFlags` tell the core which ones to call, so the rest cost nothing.
pub trait Rules: Send + Sync {
    /// Adds pseudo-legal special moves.
    fn extra_moves(&self, _pos: &Position, _out: &mut MoveList) {}
    /// Removes moves the game forbids, from the list of legal moves (e.g. compulsory capture).
    fn filter_legal(&self, _pos: &Position, _out: &mut MoveList) {}
    /// Can `filter_legal` change anything here? `false` lets perft count this node from the
    /// tables (a cheap test; default: always call the filter).
    fn filter_active(&self, _pos: &Position) -> bool {
        true
    }
    /// May this promotion (or any arrival of a promoting man in its zone) be played here?
    fn allow_promotion(&self, _pos: &Position, _m: Move) -> bool {
        true
    }
    /// Extra effects of a move, after the core made it (the side to move has already changed).
    /// Anything changed must be recorded so `undo_after_make` can restore it.
    fn after_make(&self, _pos: &mut Position, _m: Move) {}
    fn undo_after_make(&self, _pos: &mut Position, _m: Move) {}
    /// A result the generic end rules do not cover, checked before them.
    fn outcome(&self, _pos: &Position, _nlegal: usize) -> Option<Outcome> {
        None
    }
    /// Makes a special move (kind `Special`), including its zobrist updates.
    fn make_special(&self, _pos: &mut Position, _m: Move) {}
    fn unmake_special(&self, _pos: &mut Position, _m: Move) {}
    /// The move string of a special move (kind `Special`) in the position before it;
    /// `None`: written from-to like an ordinary move.
    fn special_name(&self, _pos: &Position, _m: Move) -> Option<String> {
        None
    }
    /// Extra FEN fields after the standard six, written and parsed by the game.
    fn fen_extra(&self, _pos: &Position) -> Option<String> {
        None
    }
    /// Called at the end of FEN parsing with the fields after the standard ones (and after a
    /// seventh rights field, if the game has one): reads them, and sets up any game state the
    /// FEN implies (e.g. the `extra` word). An error rejects the FEN.
    fn fen_parse_extra(&self, _pos: &mut Position, _fields: &[&str]) -> Result<(), String> {
        Ok(())
    }
    /// Attacks the tables cannot express (e.g. a man that jumps a line of its own men): is `x`
    /// attacked by a man of `by`, seeing `vacated` as empty and `x` as not `by`'s? Called by
    /// `Position::attacked_by*` when `HookFlags::extra_attacks` is set; must be cheap.
    fn extra_attack(&self, _pos: &Position, _x: Cell, _by: Player, _vacated: Cell) -> bool {
        false
    }
    /// Plies left before a counting rule running in this position draws the game (`None`: no
    /// count runs). Under a count that began below the search's root (one fewer ply left per
    /// ply tells the root's own count from a new one), the search fades its static evaluation
    /// toward a draw over the count's last plies, so a short count shows before the horizon
    /// reaches its end. Called at every evaluation when `HookFlags::count_left` is set.
    fn count_left(&self, _pos: &Position) -> Option<i32> {
        None
    }
}

#[derive(Clone, Copy, Debug, Default)]
pub struct HookFlags {
    pub extra_moves: bool,
    pub filter_legal: bool,
    pub allow_promotion: bool,
    pub after_make: bool,
    pub outcome: bool,
    /// `Rules::outcome` gives one verdict for any positive move count (and no verdict needs the
    /// moves), so the search may ask it with a count of 1 before generating them.
    pub outcome_blind: bool,
    /// `Rules::extra_attack` adds attacks the tables cannot see (legality then always uses the
    /// full make/test/unmake).
    pub extra_attacks: bool,
    /// `Rules::count_left` may report a running count.
    pub count_left: bool,
}

pub struct NoRules;
impl Rules for NoRules {}

/// How pictures (`chatrang render`) draw the board. Default: squares.
#[derive(Clone, Debug, Default)]
pub struct Drawing {
    /// Men stand on the intersections of lines (xiangqi, janggi), not in squares.
    pub points: bool,
    /// Points boards: a river between rank `r` and `r + 1` (zero based), where files do not run.
    pub river: Option<u8>,
    /// Points boards: palaces drawn with their diagonals, as (file0, rank0, file1, rank1), zero based.
    pub palaces: Vec<(u8, u8, u8, u8)>,
}

pub struct Variant {
    pub id: String,
    pub name: String,
    pub geo: Geometry,
    pub players: u8,
    /// Armies may change owner (conquered armies): attack tests then look at every army.
    pub armies_change_hands: bool,
    pub pieces: Vec<PieceDef>,
    pub start_fen: String,
    pub rights: Vec<RightDef>,
    pub castling: Vec<CastleRule>,
    /// Men in hand may be dropped (hands are shown in the FEN).
    pub drops: bool,
    pub hands_in_fen: bool,
    /// Types a hand may hold, in FEN order.
    pub hand_types: Vec<PieceType>,
    /// Cells where a man of a type may not be dropped, per type and player (e.g. pawns on the last rank).
    pub drop_forbidden: Vec<[CellSet; 2]>,
    /// A captured man goes to the capturer's hand (as its `PieceDef::demotes_to` type, if set).
    pub captures_to_hand: bool,
    /// Some droppable type has `PieceDef::no_drop_mate` (set by `build`).
    pub drop_mate_rule: bool,
    /// Placement phase: while the side to move has men in hand, its only moves are drops (and
    /// the game's `extra_moves`).
    pub must_drop: bool,
    /// Some hand type is royal (set by `build`): such drops get the full legality test.
    pub royal_drops: bool,
    /// FEN in the short form of Fairy-Stockfish's shogi start position: `<board>[hand] <side>
    /// <halfmove> <move number>` without rights and en-passant fields, `[-]` for empty hands.
    /// The full six-field form is read as well.
    pub fen_short: bool,
    /// Royal men count as royal only while their player has exactly one of them (a group of
    /// several royals: no check against that player; e.g. Tamerlane's Shah, Prince, Adventitious King).
    pub sole_royal: bool,
    /// Options chosen, as `key=value`, for display.
    pub options: Vec<(String, String)>,
    pub end: EndRules,
    pub rules: Box<dyn Rules>,
    pub hooks: HookFlags,
    pub tables: Tables,
    pub zobrist: Zobrist,
    /// The pawn-like types, one bit each (`eval::pawn_like_types`): positions keep their men's
    /// keys apart from the other men's.
    pub pawn_like: u64,
    /// How pictures draw the board (display only).
    pub drawing: Drawing,
    /// Evaluation weights fitted to this game (`chatrang tune`); `None`: the shared defaults.
    pub eval_weights: Option<crate::eval::Weights>,
    /// Search margins tuned for this game (`scripts/spsa.py`); `None`: the engine's defaults.
    pub search_params: Option<crate::search::params::SearchParams>,
    /// Piece-square adjustments fitted to this game (`chatrang tune squares`), `[mg, eg]` by
    /// `type * cells + cell` as the first army sees the board (the second's cells are flipped by
    /// rank); added to the evaluation's own piece squares in two-player games.
    pub square_adjust: Option<Vec<[i32; 2]>>,
    /// A net trained for this game (`nets/`, `chatrang tune net`): the engine's evaluation where
    /// it is set (docs/eval.md, "Networks").
    pub net: Option<std::sync::Arc<crate::eval::nnue::Network>>,
}

impl Variant {
    pub fn piece_by_token(&self, token: &str) -> Option<PieceType> {
        self.pieces
            .iter()
            .position(|p| p.letter.eq_ignore_ascii_case(token))
            .map(|i| i as PieceType)
    }

    pub fn num_types(&self) -> usize {
        self.pieces.len()
    }

    pub fn type_of(&self, t: PieceType) -> &PieceDef {
        &self.pieces[t as usize]
    }

    /// The player after `p` in turn order.
    #[inline]
    pub fn next_player(&self, p: Player) -> Player {
        if p + 1 == self.players { 0 } else { p + 1 }
    }

    pub fn options_string(&self) -> String {
        self.options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Builds a `Variant` step by step; `build` compiles the movement tables.
pub struct VariantBuilder {
    v: Variant,
}

impl VariantBuilder {
    pub fn new(id: &str, name: &str, geo: Geometry) -> VariantBuilder {
        VariantBuilder {
            v: Variant {
                id: id.to_string(),
                name: name.to_string(),
                geo,
                players: 2,
                armies_change_hands: false,
                pieces: Vec::new(),
                start_fen: String::new(),
                rights: Vec::new(),
                castling: Vec::new(),
                drops: false,
                hands_in_fen: false,
                hand_types: Vec::new(),
                drop_forbidden: Vec::new(),
                sole_royal: false,
                captures_to_hand: false,
                drop_mate_rule: false,
                must_drop: false,
                royal_drops: false,
                fen_short: false,
                options: Vec::new(),
                end: EndRules::default(),
                rules: Box::new(NoRules),
                hooks: HookFlags::default(),
                tables: Tables::default(),
                zobrist: Zobrist::default(),
                pawn_like: 0,
                drawing: Drawing::default(),
                eval_weights: None,
                search_params: None,
                square_adjust: None,
                net: None,
            },
        }
    }

    pub fn geo(&self) -> &Geometry {
        &self.v.geo
    }

    pub fn piece(&mut self, p: PieceDef) -> PieceType {
        self.v.pieces.push(p);
        (self.v.pieces.len() - 1) as PieceType
    }

    pub fn piece_mut(&mut self, t: PieceType) -> &mut PieceDef {
        &mut self.v.pieces[t as usize]
    }

    pub fn start(&mut self, fen: &str) -> &mut Self {
        self.v.start_fen = fen.to_string();
        self
    }

    pub fn end(&mut self) -> &mut EndRules {
        &mut self.v.end
    }

    pub fn right(&mut self, r: RightDef) -> usize {
        self.v.rights.push(r);
        self.v.rights.len() - 1
    }

    pub fn castle(&mut self, c: CastleRule) {
        self.v.castling.push(c);
    }

    pub fn drops(&mut self, hand_types: Vec<PieceType>) {
        self.v.drops = true;
        self.v.hands_in_fen = true;
        self.v.hand_types = hand_types;
    }

    /// Captured men go to the capturer's hand (demoted per `PieceDef::demotes_to`).
    pub fn captures_to_hand(&mut self) {
        self.v.captures_to_hand = true;
    }

    /// Men in hand must be dropped before any other move (see `Variant::must_drop`).
    pub fn must_drop(&mut self) {
        self.v.must_drop = true;
    }

    /// FEN in Fairy-Stockfish's shogi short form (see `Variant::fen_short`).
    pub fn fen_short(&mut self) {
        self.v.fen_short = true;
    }

    /// See `Variant::sole_royal`.
    pub fn sole_royal(&mut self) {
        self.v.sole_royal = true;
    }

    pub fn rules(&mut self, rules: Box<dyn Rules>, hooks: HookFlags) {
        self.v.rules = rules;
        self.v.hooks = hooks;
    }

    /// How pictures draw the board (e.g. points on intersections for xiangqi-like games).
    pub fn drawing(&mut self, d: Drawing) {
        self.v.drawing = d;
    }

    /// Evaluation weights of this game instead of the shared defaults.
    pub fn eval_weights(&mut self, w: crate::eval::Weights) {
        self.v.eval_weights = Some(w);
    }

    pub fn option(&mut self, key: &str, value: &str) {
        self.v.options.push((key.to_string(), value.to_string()));
    }

    pub fn build(mut self) -> Result<Variant, String> {
        if self.v.rights.len() > 64 {
            return Err("at most 64 rights".into());
        }
        let n = self.v.pieces.len();
        if n > crate::piece::MAX_TYPES {
            return Err("too many piece types".into());
        }
        if self.v.drop_forbidden.len() < n {
            self.v.drop_forbidden.resize(n, [CellSet::EMPTY; 2]);
        }
        self.v.drop_mate_rule = self.v.drops
            && self.v.hand_types.iter().any(|&t| {
                self.v
                    .pieces
                    .get(t as usize)
                    .is_some_and(|p| p.no_drop_mate)
            });
        self.v.royal_drops = self.v.drops
            && self
                .v
                .hand_types
                .iter()
                .any(|&t| self.v.pieces.get(t as usize).is_some_and(|p| p.royal));
        if self.v.captures_to_hand
            && self.v.pieces.iter().any(|p| {
                p.demotes_to
                    .is_some_and(|d| d as usize >= n || !self.v.hand_types.contains(&d))
            })
        {
            return Err("demotes_to names a type that cannot be held in hand".into());
        }
        self.v.tables = Tables::compile(&self.v)?;
        self.v.zobrist = Zobrist::new(&self.v);
        self.v.pawn_like = crate::eval::pawn_like_types(&self.v);
        Ok(self.v)
    }

    pub fn forbid_drops(&mut self, t: PieceType, player: Player, cells: CellSet) {
        let n = self.v.pieces.len();
        if self.v.drop_forbidden.len() < n {
            self.v.drop_forbidden.resize(n, [CellSet::EMPTY; 2]);
        }
        self.v.drop_forbidden[t as usize][player as usize] = cells;
    }
}
