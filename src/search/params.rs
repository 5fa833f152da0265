//! The search's margins and limits as one set of named numbers, so a tuner (`scripts/spsa.py`)
//! can move them through the `SearchParams` UCI option without a rebuild. `Default` is the
//! engine's own set; each number carries the range a setting may take.

macro_rules! params {
    ($($(#[$doc:meta])* $name:ident = $val:expr, [$lo:expr, $hi:expr],)*) => {
        /// The search's tunable numbers (`Default` = the engine's own).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SearchParams {
            $($(#[$doc])* pub $name: i32,)*
        }

        impl Default for SearchParams {
            fn default() -> SearchParams {
                SearchParams { $($name: $val,)* }
            }
        }

        impl SearchParams {
            /// Names, in the order of `RANGES` and `slots`.
            pub const NAMES: &'static [&'static str] = &[$(stringify!($name)),*];
            /// The values each number may take, inclusive.
            pub const RANGES: &'static [(i32, i32)] = &[$(($lo, $hi)),*];

            /// Every number, as `Weights::slots` gives the weights.
            fn slots(&mut self) -> Vec<&mut i32> {
                vec![$(&mut self.$name),*]
            }
        }
    };
}

params! {
    /// Half-width of the first aspiration window round the last iteration's score.
    aspiration = 25, [5, 200],
    /// Reverse futility: the node returns its evaluation when it beats beta by this much per
    /// ply, less `rfp_improving` per ply when the evaluation is improving, up to `rfp_depth`.
    rfp_margin = 80, [20, 300],
    rfp_improving = 20, [0, 100],
    rfp_depth = 7, [1, 16],
    /// Null move from `nmp_depth` on, reduced by `nmp_base` + depth / 4 + (eval − beta) /
    /// `nmp_eval_div` (that last at most 3).
    nmp_depth = 3, [2, 8],
    nmp_base = 3, [1, 6],
    nmp_eval_div = 200, [50, 1000],
    /// ProbCut from `probcut_depth` on, a capture holding beta + `probcut_margin`.
    probcut_margin = 200, [50, 600],
    probcut_depth = 5, [3, 12],
    /// Move-count pruning up to `lmp_depth`: quiet moves past `lmp_base` + depth² (twice that
    /// when improving).
    lmp_base = 3, [0, 12],
    lmp_depth = 5, [1, 12],
    /// History pruning: a quiet move below reduced depth 3 whose history is below
    /// −`hist_prune` · depth.
    hist_prune = 4000, [500, 16000],
    /// Futility: a quiet move up to reduced depth `futility_depth` whose evaluation +
    /// `futility_base` + `futility_mul` · reduced depth cannot reach alpha.
    futility_base = 100, [0, 400],
    futility_mul = 100, [20, 400],
    futility_depth = 6, [1, 12],
    /// Quiet moves up to `see_quiet_depth` that lose more than `see_quiet` · depth² by static
    /// exchange, and captures up to `see_capture_depth` that lose more than `see_capture` · depth.
    see_quiet = 40, [5, 200],
    see_quiet_depth = 6, [1, 12],
    see_capture = 150, [20, 500],
    see_capture_depth = 5, [1, 12],
    /// Singular extension from `singular_depth` on: the others must fail `singular_mul` · depth
    /// below the hash score; a second ply off the PV when they fail `double_margin` below that.
    singular_depth = 7, [4, 14],
    singular_mul = 2, [1, 8],
    double_margin = 93, [0, 400],
    /// Checks are extended by a ply from `check_ext_depth` on (those losing material by static
    /// exchange never).
    check_ext_depth = 1, [1, 16],
    /// Late-move reductions: (`lmr_base` + ln depth · ln moves · 100 / `lmr_div`) / 100.
    lmr_base = 50, [-100, 200],
    lmr_div = 190, [100, 400],
    /// A ply less (more) reduction per this much history.
    lmr_history = 10000, [2000, 40000],
    /// Quiescence skips a capture when standing pat plus its gain plus this stays below alpha.
    qs_delta = 200, [0, 600],
    /// Under a clock, no new iteration starts past this share (per cent) of the move's optimum
    /// time (times the stability factor).
    time_pct = 100, [25, 400],
}

impl SearchParams {
    /// `name=value` assignments (commas or spaces between them; `<empty>`: none) as (index in
    /// `NAMES`, value); an unknown name, a non-integer or a value out of its range is an error.
    pub fn parse(text: &str) -> Result<Vec<(usize, i32)>, String> {
        let index = |name: &str| {
            Self::NAMES
                .iter()
                .position(|n| *n == name)
                .ok_or_else(|| format!("no search parameter named {name}"))
        };
        crate::tune::assignment_items(text)
            .map(|a| {
                let (i, v) = crate::tune::parse_assignment(a, index)?;
                let (lo, hi) = Self::RANGES[i];
                if !(lo..=hi).contains(&v) {
                    return Err(format!("{a}: {} takes {lo} to {hi}", Self::NAMES[i]));
                }
                Ok((i, v))
            })
            .collect()
    }

    /// This set with parsed values (`parse`) laid over it.
    pub fn with_values(mut self, values: &[(usize, i32)]) -> SearchParams {
        let mut slots = self.slots();
        for &(i, v) in values {
            *slots[i] = v;
        }
        self
    }

    /// The late-move reduction by depth and move number (both below 64).
    pub fn lmr_table(&self) -> Vec<[i32; 64]> {
        // Hundredths turned to fractions first, so the default set gives exactly the old
        // 0.5 + ln · ln / 1.9.
        let (base, div) = (self.lmr_base as f64 / 100.0, self.lmr_div as f64 / 100.0);
        (0..64)
            .map(|d| {
                let mut row = [0; 64];
                for (n, r) in row.iter_mut().enumerate() {
                    if d > 0 && n > 0 {
                        *r = (base + (d as f64).ln() * (n as f64).ln() / div) as i32;
                    }
                }
                row
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `p` with `name=value` assignments laid over it.
    fn assigned(p: SearchParams, text: &str) -> Result<SearchParams, String> {
        Ok(p.with_values(&SearchParams::parse(text)?))
    }

    #[test]
    fn defaults_lie_within_their_ranges() {
        let mut p = SearchParams::default();
        let slots = p.slots();
        assert_eq!(slots.len(), SearchParams::RANGES.len());
        for (i, (v, &(lo, hi))) in slots.iter().zip(SearchParams::RANGES).enumerate() {
            assert!((lo..=hi).contains(*v), "{}", SearchParams::NAMES[i]);
        }
        assert_eq!(SearchParams::NAMES.len(), SearchParams::RANGES.len());
    }

    #[test]
    fn assignments_set_the_named_numbers_only() {
        let p = assigned(SearchParams::default(), "rfp_margin=90, qs_delta=150").unwrap();
        assert_eq!(p.rfp_margin, 90);
        assert_eq!(p.qs_delta, 150);
        assert_eq!(p.aspiration, SearchParams::default().aspiration);
        assert_eq!(
            assigned(SearchParams::default(), "<empty>"),
            Ok(SearchParams::default())
        );
    }

    #[test]
    fn bad_assignments_are_errors() {
        let p = SearchParams::default();
        assert!(assigned(p, "nosuch=1").unwrap_err().contains("nosuch"));
        assert!(
            assigned(p, "rfp_margin")
                .unwrap_err()
                .contains("name=value")
        );
        assert!(assigned(p, "rfp_margin=x").unwrap_err().contains("integer"));
        assert!(
            assigned(p, "rfp_margin=5")
                .unwrap_err()
                .contains("20 to 300")
        );
    }

    #[test]
    fn the_default_reductions_are_the_engines_formula() {
        // 0.5 + ln d · ln n / 1.9, truncated.
        let t = SearchParams::default().lmr_table();
        for (d, row) in t.iter().enumerate() {
            for (n, &r) in row.iter().enumerate() {
                let want = if d > 0 && n > 0 {
                    (0.5 + (d as f64).ln() * (n as f64).ln() / 1.9) as i32
                } else {
                    0
                };
                assert_eq!(r, want, "depth {d} move {n}");
            }
        }
    }
}
