//! Matches between two AIs: one game from a random opening, and a series of games with colours
//! alternating, tallied from the first AI's point of view. Used by the self-play example and
//! its test.

use crate::ai::Ai;
use crate::game::TicTacChess;
use crate::history::Match;
use crate::piece::Color;
use plyforge_search::Outcome;

/// SplitMix64: a tiny deterministic generator for the random openings.
#[derive(Debug, Clone)]
pub struct SplitMix(u64);

impl SplitMix {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `bound` (which must not be 0).
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound as u64) as usize
    }
}

/// How a series of games went for the first AI.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn (repetition, move limit, no move).
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points (1 a win, 1/2 a draw) per game, from 0 to 1.
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            0.0
        } else {
            (self.wins as f64 + self.draws as f64 / 2.0) / self.games() as f64
        }
    }

    fn add(&mut self, outcome: Outcome, first: Color) {
        match outcome {
            Outcome::Draw => self.draws += 1,
            Outcome::Win(winner) if winner == first.index() => self.wins += 1,
            Outcome::Win(_) => self.losses += 1,
        }
    }
}

/// The settings of a series of games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Series {
    /// Games to play; the first AI has White in the even-numbered ones.
    pub games: u32,
    /// Random plies played before the AIs take over, so that games differ.
    pub opening_plies: u32,
    /// The move limit of each game, in plies (a draw when reached).
    pub move_limit: u32,
    /// The seed of the openings.
    pub seed: u64,
}

/// The result of a series: the first AI's tally, split by the colour it had.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SeriesResult {
    /// Games where the first AI had White.
    pub as_white: Tally,
    /// Games where the first AI had Black.
    pub as_black: Tally,
}

impl SeriesResult {
    /// Both colours together.
    pub fn total(&self) -> Tally {
        Tally {
            wins: self.as_white.wins + self.as_black.wins,
            draws: self.as_white.draws + self.as_black.draws,
            losses: self.as_white.losses + self.as_black.losses,
        }
    }
}

/// Plays one game: `opening_plies` random moves, then `white` and `black` in turn until the game
/// ends (four in a row, threefold repetition, the move limit, or no move).
pub fn play_game(
    white: &mut Ai,
    black: &mut Ai,
    rng: &mut SplitMix,
    opening_plies: u32,
    move_limit: u32,
) -> Outcome {
    let mut game = Match::from_game(TicTacChess::new().with_move_limit(Some(move_limit)));
    white.clear();
    black.clear();
    for _ in 0..opening_plies {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        let mv = moves[rng.below(moves.len())];
        game.play(mv).expect("generated moves are legal");
    }
    loop {
        if let Some(outcome) = game.outcome() {
            return outcome;
        }
        let ai = match game.position().side_to_move() {
            Color::White => &mut *white,
            Color::Black => &mut *black,
        };
        let mv = ai.choose(&game).expect("the game goes on").best_move;
        game.play(mv).expect("the search returns legal moves");
    }
}

/// Plays a series between `first` and `second`, colours alternating, and calls `after_game`
/// with the results so far after every game (for progress and partial results).
pub fn play_series(
    first: &mut Ai,
    second: &mut Ai,
    series: Series,
    mut after_game: impl FnMut(&SeriesResult),
) -> SeriesResult {
    let mut rng = SplitMix::new(series.seed);
    let mut result = SeriesResult::default();
    for game in 0..series.games {
        if game % 2 == 0 {
            let outcome = play_game(
                first,
                second,
                &mut rng,
                series.opening_plies,
                series.move_limit,
            );
            result.as_white.add(outcome, Color::White);
        } else {
            let outcome = play_game(
                second,
                first,
                &mut rng,
                series.opening_plies,
                series.move_limit,
            );
            result.as_black.add(outcome, Color::Black);
        }
        after_game(&result);
    }
    result
}
