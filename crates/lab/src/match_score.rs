//! The score of a match from one side's games, each 1, ½ or 0 points: wins, draws, losses, the
//! score and the Elo difference it stands for, with a 95 % interval (normal approximation); and
//! the loop that plays a match's games on several threads with the score so far on a progress
//! bar. Shared by the match drivers.

use crate::progress;
use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

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

/// Plays games `0..games` on `parallel` threads: each thread makes its own state with
/// `new_state` (its searchers, its engine processes) and plays the games it takes with
/// `play(state, game)`, which gives one side's points. A progress bar shows that side's score so
/// far; returns the points in the order the games ended.
pub fn play_games<S>(
    games: usize,
    parallel: usize,
    new_state: impl Fn() -> S + Sync,
    play: impl Fn(&mut S, usize) -> f64 + Sync,
) -> Vec<f64> {
    let next = AtomicUsize::new(0);
    let points = Mutex::new(Vec::with_capacity(games));
    let bar = progress::bar(games as u64, "games");
    std::thread::scope(|scope| {
        for _ in 0..parallel.max(1) {
            scope.spawn(|| {
                let mut state = new_state();
                loop {
                    let game = next.fetch_add(1, Ordering::Relaxed);
                    if game >= games {
                        break;
                    }
                    let result = play(&mut state, game);
                    let mut points = points.lock().expect("no game thread panics");
                    points.push(result);
                    bar.inc(1);
                    bar.set_message(MatchScore::new(points.clone()).to_string());
                }
            });
        }
    });
    bar.finish_and_clear();
    points.into_inner().expect("no game thread panics")
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_played_once_with_its_thread_state() {
        // Each thread counts its own games: the counts add up to all of them.
        let counted = Mutex::new(Vec::new());
        struct Counter<'a>(usize, &'a Mutex<Vec<usize>>);
        impl Drop for Counter<'_> {
            fn drop(&mut self) {
                self.1.lock().unwrap().push(self.0);
            }
        }
        let points = play_games(
            41,
            3,
            || Counter(0, &counted),
            |counter, game| {
                counter.0 += 1;
                [1.0, 0.5, 0.0][game % 3]
            },
        );
        assert_eq!(points.len(), 41);
        assert_eq!(points.iter().sum::<f64>(), 14.0 + 0.5 * 14.0);
        assert_eq!(counted.into_inner().unwrap().iter().sum::<usize>(), 41);
    }

    #[test]
    fn the_score_reads_wins_draws_and_losses() {
        let score = MatchScore::new(vec![1.0, 1.0, 0.5, 0.0]).to_string();
        assert!(
            score.starts_with("2 wins, 1 draws, 1 losses in 4 games (62.5 %)"),
            "{score}"
        );
    }
}
