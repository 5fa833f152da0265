//! Match statistics: Elo difference with a 95% error margin, likelihood of superiority (LOS),
//! and the sequential probability ratio test (SPRT, the generalised form used by fishtest and
//! cutechess: a normal approximation of the score per game).

/// Wins, losses and draws of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wld {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Wld {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Points scored (a draw is half a point).
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// Mean score per game in [0, 1] (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.5
        } else {
            self.points() / n as f64
        }
    }

    /// The same record seen from the opponent.
    pub fn flipped(&self) -> Wld {
        Wld {
            wins: self.losses,
            losses: self.wins,
            draws: self.draws,
        }
    }

    /// Per-game variance of the score.
    fn variance(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let mu = self.score();
        (self.wins as f64 * (1.0 - mu).powi(2)
            + self.losses as f64 * mu.powi(2)
            + self.draws as f64 * (0.5 - mu).powi(2))
            / n
    }
}

/// Elo difference of a mean score in (0, 1): `-400 log10(1/s - 1)`; infinite at 0 and 1.
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if s >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Expected score of an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (Numerical Recipes' erfc approximation, relative error below 1.2e-7).
pub fn erf(x: f64) -> f64 {
    if x == 0.0 {
        return 0.0;
    }
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let r = t
        * (-z * z - 1.26551223
            + t * (1.00002368
                + t * (0.37409196
                    + t * (0.09678418
                        + t * (-0.18628806
                            + t * (0.27886807
                                + t * (-1.13520398
                                    + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))))
            .exp();
    if x >= 0.0 { 1.0 - r } else { r - 1.0 }
}

/// z of the two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Elo difference and its 95% error margin (half the width of the interval).
pub fn elo_with_margin(r: &Wld) -> (f64, f64) {
    let n = r.games() as f64;
    let mu = r.score();
    let elo = elo_from_score(mu);
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let sd = (r.variance() / n).sqrt();
    let lo = elo_from_score(mu - Z95 * sd);
    let hi = elo_from_score(mu + Z95 * sd);
    let margin = if lo.is_finite() && hi.is_finite() {
        (hi - lo) / 2.0
    } else {
        f64::INFINITY
    };
    (elo, margin)
}

/// Likelihood of superiority: the probability that the side is the stronger, from wins and
/// losses (draws carry no information): `(1 + erf((W - L) / sqrt(2 (W + L)))) / 2`.
pub fn los(r: &Wld) -> f64 {
    let (w, l) = (r.wins as f64, r.losses as f64);
    if w == l {
        return 0.5;
    }
    0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
}

/// SPRT parameters: H0 = Elo `elo0`, H1 = Elo `elo1`, error rates `alpha` and `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtResult {
    /// LLR above the upper bound: H1 accepted (the first engine is stronger by `elo1`).
    H1,
    /// LLR below the lower bound: H0 accepted.
    H0,
    Continue,
}

impl Sprt {
    /// Parses `elo0=0,elo1=5,alpha=0.05,beta=0.05` (any order; missing alpha/beta = 0.05).
    pub fn parse(s: &str) -> Result<Sprt, String> {
        let mut sp = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for item in s.split([',', ' ']).filter(|x| !x.is_empty()) {
            let (k, v) = item
                .split_once('=')
                .ok_or_else(|| format!("SPRT item '{item}' is not key=value"))?;
            let x: f64 = v
                .parse()
                .map_err(|_| format!("bad SPRT value '{v}' for {k}"))?;
            match k {
                "elo0" => sp.elo0 = x,
                "elo1" => sp.elo1 = x,
                "alpha" => sp.alpha = x,
                "beta" => sp.beta = x,
                _ => return Err(format!("unknown SPRT parameter '{k}'")),
            }
        }
        if sp.elo0.is_nan() || sp.elo1.is_nan() {
            return Err("SPRT needs elo0 and elo1".into());
        }
        if sp.elo1 <= sp.elo0 {
            return Err("SPRT needs elo1 > elo0".into());
        }
        if !(sp.alpha > 0.0 && sp.alpha < 0.5 && sp.beta > 0.0 && sp.beta < 0.5) {
            return Err("SPRT alpha and beta must lie in (0, 0.5)".into());
        }
        Ok(sp)
    }

    /// (lower, upper) bounds of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Log-likelihood ratio of H1 against H0 for the record (normal approximation:
    /// `n (s1 - s0) (2 mu - s0 - s1) / (2 var)` with the per-game score variance `var`).
    /// When a result kind has not occurred yet, half a game is added to each kind (so that
    /// one-sided records still have a variance).
    pub fn llr(&self, r: &Wld) -> f64 {
        if r.games() == 0 {
            return 0.0;
        }
        let (mut w, mut l, mut d) = (r.wins as f64, r.losses as f64, r.draws as f64);
        if r.wins == 0 || r.losses == 0 || r.draws == 0 {
            w += 0.5;
            l += 0.5;
            d += 0.5;
        }
        let n = w + l + d;
        let mu = (w + d / 2.0) / n;
        let var = (w * (1.0 - mu).powi(2) + l * mu.powi(2) + d * (0.5 - mu).powi(2)) / n;
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        n * (s1 - s0) * (2.0 * mu - s0 - s1) / (2.0 * var)
    }

    pub fn status(&self, r: &Wld) -> SprtResult {
        let llr = self.llr(r);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtResult::H1
        } else if llr <= lo {
            SprtResult::H0
        } else {
            SprtResult::Continue
        }
    }
}
