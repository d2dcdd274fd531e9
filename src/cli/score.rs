//! A match's score for one side, with its 95% error bars and the Elo
//! difference they span: what `selfplay` and `tally` print.

/// Games won, lost and drawn by one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Score {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The mean points a game (a win 1, a draw 1/2).
    pub fn mean(&self) -> f64 {
        let n = self.games().max(1) as f64;
        (self.wins as f64 + self.draws as f64 / 2.0) / n
    }

    /// Half the 95% interval of the mean: 1.96 standard errors of the
    /// per-game points (1, 1/2, 0) about their mean.
    pub fn margin(&self) -> f64 {
        let n = self.games().max(1) as f64;
        let mean = self.mean();
        let variance = (self.wins as f64 * (1.0 - mean).powi(2)
            + self.losses as f64 * mean.powi(2)
            + self.draws as f64 * (0.5 - mean).powi(2))
            / n;
        1.96 * (variance / n).sqrt()
    }

    /// `+W -L =D, score S ± M (95%), Elo E [low, high]`.
    pub fn line(&self) -> String {
        let (mean, margin) = (self.mean(), self.margin());
        format!(
            "+{} -{} ={}, score {mean:.3} ± {margin:.3} (95%), Elo {} [{}, {}]",
            self.wins,
            self.losses,
            self.draws,
            elo(mean),
            elo(mean - margin),
            elo(mean + margin)
        )
    }
}

/// The Elo difference that gives a mean score (the logistic curve).
fn elo(mean: f64) -> String {
    if mean <= 0.0 {
        "-inf".into()
    } else if mean >= 1.0 {
        "+inf".into()
    } else {
        format!("{:+.0}", -400.0 * (1.0 / mean - 1.0).log10())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counts of a 50-game match of this repository's engine against
    /// tiltak (docs/ai.md, 5x5 `tc=30+0.3`; racetrack printed `+21-28=1`).
    /// By hand: the mean 21.5 / 50 = 0.430; the points' variance about it
    /// (21 x 0.57^2 + 28 x 0.43^2 + 0.07^2) / 50 = 0.2401, so the margin
    /// 1.96 sqrt(0.2401 / 50) = 0.136; Elo -400 log10(1 / 0.43 - 1) = -49.
    /// (Racetrack's own interval, -48 [-149, +52], is another formula's.)
    #[test]
    fn a_score_and_its_error_bars() {
        let score = Score {
            wins: 21,
            losses: 28,
            draws: 1,
        };
        assert_eq!(score.games(), 50);
        assert_eq!(
            score.line(),
            "+21 -28 =1, score 0.430 ± 0.136 (95%), Elo -49 [-152, +46]"
        );
    }

    #[test]
    fn a_clean_sweep_has_an_open_interval() {
        let score = Score {
            wins: 10,
            losses: 0,
            draws: 0,
        };
        assert_eq!(
            score.line(),
            "+10 -0 =0, score 1.000 ± 0.000 (95%), Elo +inf [+inf, +inf]"
        );
    }
}
