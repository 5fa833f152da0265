//! The shape of a search tree: its nodes by remaining depth and how its beta cutoffs came. Two
//! engines' trees to one depth differ in where they spend their nodes (docs/eval.md, "Where the
//! two trees spend their nodes"); `debug on` in UCI prints this after every search, and
//! `scripts/tree_shape.py` sets it beside Fairy-Stockfish's.

/// Remaining depths counted apart; deeper nodes share the last slot.
pub const SHAPE_DEPTHS: usize = 32;

/// Search mechanisms counted apart, each named in the `tree` line after the cutoffs: so two
/// engines' trees can be compared rule by rule (`scripts/fsf_tree_shape.sh` counts the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Reverse futility returned the static evaluation.
    Rfp,
    NullTry,
    NullCut,
    /// ProbCut's captures tried, and the nodes they cut.
    ProbcutTry,
    ProbcutCut,
    /// Singular searches, and the hash moves they extended by one ply or by two.
    Singular,
    Extended,
    Doubled,
    /// Nodes cut by a singular search's multi-cut.
    Multicut,
    /// Check extensions granted.
    CheckExt,
    /// Late moves searched reduced, the plies taken off them, and those searched again in full.
    Reduced,
    Reduction,
    Researched,
    /// Moves skipped by the pruning at shallow depth: quiet ones and captures.
    PrunedQuiet,
    PrunedCapture,
    /// Internal iterative reductions.
    Iir,
    /// Captures skipped in quiescence.
    QPruned,
    /// Nodes searched under null moves, ProbCut's captures, singular searches and the searches
    /// again of late moves: at full depth after a reduction, and with the full window at PV
    /// nodes (the root's included).
    NullNodes,
    ProbcutNodes,
    SingularNodes,
    ResearchNodes,
    PvResearchNodes,
    /// PV nodes below the root (not in singular searches): all, those whose table entry gave no
    /// move, those where a later move beat the first searched, those where no move raised alpha
    /// and those that ended at beta or above (docs/eval.md, "PV nodes by their outcome").
    PvNodes,
    PvNoMove,
    PvLater,
    PvFailLow,
    PvFailHigh,
}

/// The events' names in the `tree` line, in `Event`'s order.
pub const EVENT_NAMES: [&str; 27] = [
    "rfp",
    "nulltries",
    "nullcuts",
    "probcuttries",
    "probcuts",
    "singular",
    "extended",
    "doubled",
    "multicuts",
    "checkext",
    "reduced",
    "reduction",
    "researched",
    "prunedquiet",
    "prunedcaptures",
    "iir",
    "qpruned",
    "nullnodes",
    "probcutnodes",
    "singularnodes",
    "researchnodes",
    "pvresearchnodes",
    "pvnodes",
    "pvnomove",
    "pvlater",
    "pvfaillow",
    "pvfailhigh",
];

/// The bit of `TreeShape::open` for a node-count event.
#[inline]
fn open_bit(e: Event) -> u8 {
    debug_assert!(
        (Event::NullNodes as u32..=Event::PvResearchNodes as u32).contains(&(e as u32)),
        "{e:?} counts no nodes"
    );
    1 << (e as u32 - Event::NullNodes as u32)
}

/// Counts kept by a search thread as it goes (a few additions per node: no allocation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TreeShape {
    /// Nodes by remaining depth: 0 is quiescence; a root move counts at the root's depth.
    pub nodes: [u64; SHAPE_DEPTHS],
    /// Beta cutoffs in the main search (not quiescence, not the root).
    pub cuts: u64,
    /// Cutoffs by the first move tried.
    pub first_cuts: u64,
    /// Cutoffs by a quiet move, and the sum of those moves' numbers in their node's order
    /// (pruned moves count, as Stockfish's move count does).
    pub quiet_cuts: u64,
    pub quiet_cut_moves: u64,
    /// Counts by `Event`.
    pub events: [u64; EVENT_NAMES.len()],
    /// The node-count events (`Event::NullNodes` to `PvResearchNodes`) whose search is under
    /// way, one bit each: only the outermost of nested ones counts.
    open: u8,
}

impl TreeShape {
    #[inline]
    pub fn node(&mut self, depth: i32) {
        self.nodes[depth.clamp(0, SHAPE_DEPTHS as i32 - 1) as usize] += 1;
    }

    /// A beta cutoff by the `n`th move of its node (from 1).
    #[inline]
    pub fn cut(&mut self, n: usize, quiet: bool) {
        self.cuts += 1;
        self.first_cuts += (n == 1) as u64;
        if quiet {
            self.quiet_cuts += 1;
            self.quiet_cut_moves += n as u64;
        }
    }

    #[inline]
    pub fn event(&mut self, e: Event) {
        self.events[e as usize] += 1;
    }

    /// Adds `n` to an event's count (the plies of a reduction).
    #[inline]
    pub fn events(&mut self, e: Event, n: u64) {
        self.events[e as usize] += n;
    }

    /// Starts a search whose nodes count under `e` (`Event::NullNodes` to `PvResearchNodes`),
    /// `nodes` being the thread's count so far; the token goes to `close`. None inside another
    /// such search.
    #[inline]
    pub fn open(&mut self, e: Event, nodes: u64) -> Option<u64> {
        let bit = open_bit(e);
        if self.open & bit != 0 {
            return None;
        }
        self.open |= bit;
        Some(nodes)
    }

    /// Ends the search `open` started: its nodes count under `e`.
    #[inline]
    pub fn close(&mut self, e: Event, token: Option<u64>, nodes: u64) {
        if let Some(n0) = token {
            self.open &= !open_bit(e);
            self.events(e, nodes - n0);
        }
    }

    pub fn add(&mut self, o: &TreeShape) {
        for (a, b) in self.nodes.iter_mut().zip(&o.nodes) {
            *a += b;
        }
        self.cuts += o.cuts;
        self.first_cuts += o.first_cuts;
        self.quiet_cuts += o.quiet_cuts;
        self.quiet_cut_moves += o.quiet_cut_moves;
        for (a, b) in self.events.iter_mut().zip(&o.events) {
            *a += b;
        }
    }

    pub fn total(&self) -> u64 {
        self.nodes.iter().sum()
    }

    /// `tree nodes <depth 0> <depth 1> ... cuts C first F quiet Q quietmoves M rfp R ...`, the
    /// node counts up to the deepest depth reached, then every event by name.
    pub fn line(&self) -> String {
        let last = self.nodes.iter().rposition(|&n| n > 0).unwrap_or(0);
        let mut s = String::from("tree nodes");
        for n in &self.nodes[..=last] {
            s += &format!(" {n}");
        }
        s += &format!(
            " cuts {} first {} quiet {} quietmoves {}",
            self.cuts, self.first_cuts, self.quiet_cuts, self.quiet_cut_moves
        );
        for (name, n) in EVENT_NAMES.iter().zip(&self.events) {
            s += &format!(" {name} {n}");
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_are_counted_by_remaining_depth_and_deep_ones_share_the_last_slot() {
        let mut s = TreeShape::default();
        s.node(0);
        s.node(-3);
        s.node(2);
        s.node(40);
        s.node(SHAPE_DEPTHS as i32 - 1);
        assert_eq!(s.nodes[0], 2);
        assert_eq!(s.nodes[2], 1);
        assert_eq!(s.nodes[SHAPE_DEPTHS - 1], 2);
        assert_eq!(s.total(), 5);
    }

    #[test]
    fn cutoffs_count_the_first_move_and_the_quiet_moves_numbers() {
        let mut s = TreeShape::default();
        s.cut(1, false);
        s.cut(1, true);
        s.cut(4, true);
        s.cut(3, false);
        assert_eq!((s.cuts, s.first_cuts), (4, 2));
        assert_eq!((s.quiet_cuts, s.quiet_cut_moves), (2, 5));
    }

    #[test]
    fn nested_searches_count_their_nodes_once_under_the_outermost() {
        let mut s = TreeShape::default();
        let outer = s.open(Event::NullNodes, 10);
        let inner = s.open(Event::NullNodes, 12);
        let other = s.open(Event::ProbcutNodes, 13);
        assert!(outer.is_some() && inner.is_none() && other.is_some());
        s.close(Event::ProbcutNodes, other, 15);
        s.close(Event::NullNodes, inner, 20);
        s.close(Event::NullNodes, outer, 30);
        assert_eq!(s.events[Event::NullNodes as usize], 20);
        assert_eq!(s.events[Event::ProbcutNodes as usize], 2);
        // Closed: the next one counts again.
        let again = s.open(Event::NullNodes, 40);
        s.close(Event::NullNodes, again, 41);
        assert_eq!(s.events[Event::NullNodes as usize], 21);
    }

    #[test]
    fn shapes_add_up_and_print_to_the_deepest_depth() {
        let mut a = TreeShape::default();
        a.node(0);
        a.node(1);
        a.cut(2, true);
        a.event(Event::NullCut);
        let mut b = TreeShape::default();
        b.node(0);
        b.node(3);
        b.cut(1, false);
        b.event(Event::NullCut);
        b.events(Event::Reduction, 3);
        a.add(&b);
        let line = a.line();
        assert!(
            line.starts_with(
                "tree nodes 2 1 0 1 cuts 2 first 1 quiet 1 quietmoves 2 rfp 0 nulltries 0 nullcuts 2 "
            ),
            "{line}"
        );
        assert!(
            line.contains(" reduced 0 reduction 3 researched 0 "),
            "{line}"
        );
        assert!(
            line.ends_with(
                " qpruned 0 nullnodes 0 probcutnodes 0 singularnodes 0 researchnodes 0 \
                 pvresearchnodes 0 pvnodes 0 pvnomove 0 pvlater 0 pvfaillow 0 pvfailhigh 0"
            ),
            "{line}"
        );
        let empty = TreeShape::default().line();
        assert!(empty.starts_with("tree nodes 0 cuts 0 first 0 quiet 0 quietmoves 0 rfp 0 "));
        // Every event once, by name, after the cutoffs.
        let words: Vec<&str> = empty.split_whitespace().skip(11).collect();
        let names: Vec<&str> = words.iter().step_by(2).copied().collect();
        assert_eq!(names, EVENT_NAMES);
    }
}
