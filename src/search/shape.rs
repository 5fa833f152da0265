//! The shape of a search tree: its nodes by remaining depth and how its beta cutoffs came. Two
//! engines' trees to one depth differ in where they spend their nodes (docs/eval.md, "Where the
//! two trees spend their nodes"); `debug on` in UCI prints this after every search, and
//! `scripts/tree_shape.py` sets it beside Fairy-Stockfish's.

/// Remaining depths counted apart; deeper nodes share the last slot.
pub const SHAPE_DEPTHS: usize = 32;

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

    pub fn add(&mut self, o: &TreeShape) {
        for (a, b) in self.nodes.iter_mut().zip(&o.nodes) {
            *a += b;
        }
        self.cuts += o.cuts;
        self.first_cuts += o.first_cuts;
        self.quiet_cuts += o.quiet_cuts;
        self.quiet_cut_moves += o.quiet_cut_moves;
    }

    pub fn total(&self) -> u64 {
        self.nodes.iter().sum()
    }

    /// `tree nodes <depth 0> <depth 1> ... cuts C first F quiet Q quietmoves M`, the node counts
    /// up to the deepest depth reached.
    pub fn line(&self) -> String {
        let last = self.nodes.iter().rposition(|&n| n > 0).unwrap_or(0);
        let mut s = String::from("tree nodes");
        for n in &self.nodes[..=last] {
            s += &format!(" {n}");
        }
        s + &format!(
            " cuts {} first {} quiet {} quietmoves {}",
            self.cuts, self.first_cuts, self.quiet_cuts, self.quiet_cut_moves
        )
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
    fn shapes_add_up_and_print_to_the_deepest_depth() {
        let mut a = TreeShape::default();
        a.node(0);
        a.node(1);
        a.cut(2, true);
        let mut b = TreeShape::default();
        b.node(0);
        b.node(3);
        b.cut(1, false);
        a.add(&b);
        assert_eq!(
            a.line(),
            "tree nodes 2 1 0 1 cuts 2 first 1 quiet 1 quietmoves 2"
        );
        assert_eq!(
            TreeShape::default().line(),
            "tree nodes 0 cuts 0 first 0 quiet 0 quietmoves 0"
        );
    }
}
