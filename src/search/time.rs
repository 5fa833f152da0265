//! Time management: how long to think on this move, from the clock, increment and moves to go.

/// Search limits as given by `go` (times in milliseconds).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    /// Remaining time and increment of the side to move.
    pub time: Option<u64>,
    pub inc: u64,
    pub movestogo: Option<u32>,
    /// Stop when a mate in this many moves (or faster) is found.
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    pub multipv: usize,
    /// Byoyomi (USI): time granted afresh for every move once the main time is spent (ms).
    pub byoyomi: u64,
    /// `go searchmoves`: the root moves to search (empty: all of them).
    pub searchmoves: Vec<crate::moves::Move>,
}

impl Limits {
    pub fn depth(d: i32) -> Limits {
        Limits {
            depth: Some(d),
            ..Default::default()
        }
    }

    /// No limit but the stop flag?
    pub fn is_unbounded(&self) -> bool {
        self.depth.is_none()
            && self.nodes.is_none()
            && self.movetime.is_none()
            && self.time.is_none()
            && self.mate.is_none()
            && self.byoyomi == 0
    }
}

/// Budget for one move: `optimum` is where iterative deepening stops after an iteration,
/// `maximum` a hard stop inside the search.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub optimum: u64,
    pub maximum: u64,
    /// A fixed time for this move (movetime, or byoyomi only): use it, do not stop early.
    pub fixed: bool,
}

/// Computes the budget; `overhead` is the allowance for communication and process latency.
pub fn budget(l: &Limits, overhead: u64) -> Option<Budget> {
    if let Some(mt) = l.movetime {
        let t = mt.saturating_sub(overhead.min(mt / 2)).max(1);
        return Some(Budget {
            optimum: t,
            maximum: t,
            fixed: true,
        });
    }
    // Byoyomi: unused byoyomi is lost, so every move may spend it whole on top of its share of
    // the main time; the latency allowance comes out of it (at most half of it).
    let byo = l.byoyomi - overhead.min(l.byoyomi / 2);
    if l.byoyomi > 0 && l.time.unwrap_or(0) <= overhead * 2 {
        let t = byo.max(1);
        return Some(Budget {
            optimum: t,
            maximum: t,
            fixed: true,
        });
    }
    let time = l.time?;
    let mtg = l.movestogo.unwrap_or(30).clamp(1, 50) as u64;
    // Usable time over the next `mtg` moves, charging the latency `overhead` to every one of
    // them: when the clock runs low, thinking shrinks below the increment so the clock holds.
    let avail = (time + l.inc * (mtg - 1)).saturating_sub(overhead * (mtg + 2));
    let mut optimum = avail / mtg;
    let safe = time.saturating_sub(overhead * 2);
    let mut maximum = if mtg == 1 {
        safe * 9 / 10
    } else {
        (optimum * 4).min(safe / 5)
    };
    maximum = maximum.max(1);
    optimum = optimum.min(maximum).max(1);
    if l.byoyomi > 0 {
        maximum += byo;
        optimum += byo / 2;
    }
    Some(Budget {
        optimum,
        maximum,
        fixed: false,
    })
}

/// Share of the optimum after which no new iteration starts: longer while the best move keeps
/// changing (`stable` iterations without a change), shorter when nearly all the nodes went into
/// the best move, so the others were refuted quickly (Stockfish's node effort); all of it
/// scaled by `time_pct` per cent (`SearchParams::time_pct`).
pub fn optimum_factor(stable: u32, best_effort: u64, nodes: u64, time_pct: i32) -> f64 {
    let f = match stable {
        0 => 1.6,
        1 => 1.1,
        2 => 0.8,
        _ => 0.6,
    };
    let f = if best_effort * 100_000 >= nodes.max(1) * 93_340 {
        f * 0.76
    } else {
        f
    };
    f * time_pct as f64 / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_best_move_that_took_nearly_all_the_nodes_shortens_the_think() {
        assert_eq!(optimum_factor(0, 50, 100, 100), 1.6);
        assert!((optimum_factor(0, 95, 100, 100) - 1.6 * 0.76).abs() < 1e-9);
        assert!(optimum_factor(3, 99, 100, 100) < optimum_factor(3, 90, 100, 100));
        assert!(optimum_factor(1, 0, 0, 100) > optimum_factor(2, 0, 0, 100));
    }

    #[test]
    fn the_time_share_scales_where_iterations_stop() {
        for stable in 0..4 {
            let base = optimum_factor(stable, 95, 100, 100);
            assert!((optimum_factor(stable, 95, 100, 130) - 1.3 * base).abs() < 1e-9);
            assert!((optimum_factor(stable, 95, 100, 50) - 0.5 * base).abs() < 1e-9);
        }
    }

    #[test]
    fn budget_is_within_the_clock() {
        for &(time, inc, mtg) in &[
            (1000u64, 10u64, None),
            (50, 10, None),
            (5, 10, None),
            (60000, 0, Some(1u32)),
            (300, 0, Some(2)),
        ] {
            let l = Limits {
                time: Some(time),
                inc,
                movestogo: mtg,
                ..Default::default()
            };
            let b = budget(&l, 30).unwrap();
            assert!(b.optimum <= b.maximum);
            assert!(b.maximum <= time.max(1), "{time} {inc} {mtg:?} -> {b:?}");
        }
    }

    #[test]
    fn byoyomi_budget_stays_inside_main_time_plus_byoyomi() {
        for &(time, byo) in &[
            (0u64, 1000u64),
            (0, 100),
            (0, 10),
            (5000, 1000),
            (30, 2000),
            (600000, 10000),
        ] {
            let l = Limits {
                time: Some(time),
                byoyomi: byo,
                ..Default::default()
            };
            let b = budget(&l, 50).unwrap();
            assert!(b.optimum <= b.maximum, "{time} {byo} {b:?}");
            assert!(b.maximum < time + byo, "{time} {byo} -> {b:?}");
            if time == 0 {
                assert!(b.fixed && b.maximum >= byo / 2, "{byo} {b:?}");
            }
        }
    }
}
