//! The weights of the evaluation's generic formulas. One shared set serves every game, since each
//! term is already scaled by the game's own data (piece values, promotion distances, board shape);
//! a game may carry a set fitted to it (`Variant::eval_weights`). Ratios are in per mille.
//! `chatrang tune` fits them to reference scores (docs/eval.md, "Weights and tuning").

macro_rules! weights {
    ($($(#[$doc:meta])* $name:ident = $val:expr,)*) => {
        /// Evaluation weights (`Default` = the shared, hand-set values).
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Weights {
            $($(#[$doc])* pub $name: i32,)*
        }

        impl Default for Weights {
            fn default() -> Weights {
                Weights { $($name: $val,)* }
            }
        }

        impl Weights {
            /// Field names, in the order of `slots`.
            pub const NAMES: &'static [&'static str] = &[$(stringify!($name)),*];

            /// Every weight, for tuners.
            pub fn slots(&mut self) -> Vec<&mut i32> {
                vec![$(&mut self.$name),*]
            }
        }
    };
}

weights! {
    /// Pawn-like men's material, middle game / endgame (per mille of their value).
    pawn_mg = 900,
    pawn_eg = 1100,
    /// Other pieces' material, middle game / endgame (per mille of their value).
    piece_mg = 1000,
    piece_eg = 1050,
    /// Royal man: middle-game bonus per rank advanced (negative: stay home).
    royal_advance_mg = -12,
    /// Royal man: middle-game bonus per file away from the central file(s) (two players).
    royal_file_mg = 0,
    /// Royal man: endgame bonus per unit of centrality.
    royal_centre_eg = 5,
    /// Pawn-like men's advancement: per mille of the promotion gain times progress squared.
    pawn_advance_mg = 80,
    pawn_advance_eg = 220,
    /// Scale of the central-file bonus of pawn-like men (per mille).
    pawn_centre = 1000,
    /// Centrality of leapers and riders (per mille of the value-derived factor; riders: absolute).
    leaper_centre = 1000,
    rider_centre = 1500,
    /// Endgame centrality as a fraction of the middle game's (per mille).
    centre_eg = 700,
    /// Promoting pieces' endgame advancement (per mille of the gain).
    piece_advance_eg = 50,
    /// Passed pawn-like men: per mille of the gain times progress squared, plus a base.
    passed_mg = 40,
    passed_eg = 250,
    passed_base_mg = 5,
    passed_base_eg = 10,
    /// Mobility per destination beyond the expected count, in tenths.
    mobility_mg = 40,
    mobility_eg = 40,
    /// Leapers' mobility weight as a fraction of riders' (per mille).
    leaper_mobility = 500,
    /// A man attacked by an enemy pawn-like man (plus a share of its value).
    threat_by_pawn_mg = 40,
    threat_by_pawn_eg = 20,
    /// A man attacked by a cheaper man, or attacked and undefended (plus a share of its value).
    threat_mg = 10,
    threat_eg = 10,
    /// A pawn-like man's safe step that would attack an enemy piece, per piece.
    push_threat_mg = 0,
    push_threat_eg = 0,
    /// An attacked, undefended man.
    hanging_mg = 25,
    hanging_eg = 15,
    /// The side to move's own threats, per mille of the above (the mover's threats are partly
    /// spent: it must also answer the other side's).
    threat_mover = 1000,
    /// Cells both sides attack that the enemy does not hold strongly (with a pawn-like man, or with
    /// two men against one): per cell, room taken from its men (Stockfish's `RestrictedPiece`).
    restricted_mg = 0,
    restricted_eg = 0,
    /// Royal-zone attack: per attacked zone cell of an attacker, and the penalty scale (per mille
    /// of weight² / 1024).
    zone_hit = 20,
    zone_scale = 1000,
    /// Royal-zone attack: weight of each enemy type that can give check from a cell it reaches and
    /// the defender does not attack (such a type also counts as an attacker).
    safe_check = 0,
    /// Royal proximity: penalty scale (per mille of danger² / 2), and the bonus per adjacent own man.
    proximity_scale = 1000,
    shelter = 6,
    /// Pawn structure.
    doubled_mg = -10,
    doubled_eg = -20,
    isolated_mg = -10,
    isolated_eg = -12,
    /// Connected pawn-like men, defended by one of their own (supported) or beside one on the same
    /// rank (phalanx); times (4 + 16ths of progress to promotion) / 4.
    supported_mg = 0,
    supported_eg = 0,
    phalanx_mg = 0,
    phalanx_eg = 0,
    /// A passed man whose next cell ahead is occupied loses this share of its bonus (per mille).
    passed_blocked = 0,
    /// A passed man whose way ahead no enemy man holds or attacks gains this share of its bonus;
    /// one with just its next cell empty and unattacked, the second (per mille).
    passed_free = 0,
    passed_step = 0,
    /// Passed men, endgame: per mille of the bonus per step the enemy royal man is farther from
    /// the man than the own one (clamped to 4 steps either way).
    passed_king_eg = 0,
    /// Two or more men of one colour-bound type on both colours (the bishop pair).
    pair_mg = 0,
    pair_eg = 0,
    /// A rider that slides along files, on a file without own pawn-like men: with no enemy ones
    /// either (open) or with some (semi-open).
    open_file_mg = 0,
    open_file_eg = 0,
    semi_open_mg = 0,
    semi_open_eg = 0,
    /// Palace: own men inside the royal's region, enemy men inside it (per value step).
    palace_defender_mg = 10,
    palace_defender_eg = 6,
    palace_intruder_mg = 14,
    palace_intruder_eg = 8,
    /// Mop-up, endgame: the leader's bonus for the defending royal man's nearness to the edges
    /// and corners (at the corner) and for its own royal man's nearness to it (adjacent).
    mopup_edge = 100,
    mopup_close = 100,
    /// Men in hand are worth this much more than on the board (per mille).
    hand_premium = 100,
    /// Bonus of the side to move.
    tempo = 10,
    /// Where a pure net judges, the hand-made terms' share of the score (per mille; the net keeps
    /// the rest): two evaluations whose errors are only partly alike average to a smaller one.
    net_terms = 0,
}
