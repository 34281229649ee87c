//! The score of a match from one side's games, each 1, ½ or 0 points: wins, draws, losses, the
//! score and the Elo difference it stands for, with a 95 % interval (normal approximation).
//! Shared by the match drivers.

use std::fmt;

/// The z value of a two-sided 95 % confidence interval.
const Z_95: f64 = 1.96;

/// One side's points, game by game.
pub struct MatchScore {
    points: Vec<f64>,
}

impl MatchScore {
    /// The score of games worth `points` each (1 a win, 0.5 a draw, 0 a loss).
    pub fn new(points: Vec<f64>) -> Self {
        MatchScore { points }
    }

    fn count(&self, value: f64) -> usize {
        self.points.iter().filter(|&&p| p == value).count()
    }
}

/// The Elo difference that a score `fraction` (0 to 1) stands for.
fn elo(fraction: f64) -> f64 {
    let fraction = fraction.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / fraction - 1.0).log10()
}

impl fmt::Display for MatchScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let games = self.points.len().max(1) as f64;
        let score = self.points.iter().sum::<f64>() / games;
        let variance = self.points.iter().map(|p| (p - score).powi(2)).sum::<f64>() / games;
        let margin = Z_95 * (variance / games).sqrt();
        write!(
            f,
            "{} wins, {} draws, {} losses in {} games ({:.1} %), Elo {:+.0} [{:+.0}, {:+.0}]",
            self.count(1.0),
            self.count(0.5),
            self.count(0.0),
            self.points.len(),
            100.0 * score,
            elo(score),
            elo(score - margin),
            elo(score + margin),
        )
    }
}
