//! Playing below full strength, for people: one skill level from 0 to 20 (20 is full strength),
//! set directly (`Skill Level`) or from a rating (`UCI_LimitStrength` and `UCI_Elo`, mapped to
//! a level by a table calibrated in games against Stockfish's own `UCI_Elo`). A weakened
//! engine plays the way Stockfish's skill levels do: it searches its best few lines
//! ([`Limits::multi_pv`]) with a search limited in depth and nodes by the level, then picks
//! among them with a random choice that favours the better ones and widens as the level falls. Its mistakes are moves a player
//! of that level might make (a good-looking move that a deeper look refutes, a slightly worse
//! plan), rarely a piece given away; and a low level answers at once.

use plyforge_chess::Move;
use plyforge_search::mcts::Rng;
use plyforge_search::{Evaluator, Game, Limits, Score, SearchError, SearchResult, Searcher};

/// The full-strength level: the engine's normal search, unweakened.
pub const MAX_SKILL_LEVEL: u32 = 20;
/// The lowest rating `UCI_Elo` takes: Stockfish's lowest, which the calibration measured
/// against.
pub const MIN_ELO: u32 = 1350;
/// The highest rating `UCI_Elo` takes: about that of level 19 (levels 10 to 19 rate from about
/// 1950 to 2200 on Stockfish's scale at 5+0.05, each level gaining less than the one before; full
/// strength is reached by `Skill Level` 20).
pub const MAX_ELO: u32 = 2200;

/// The calibration: (rating, skill level) points, ratings increasing, interpolated linearly in
/// between. Each run of games gave a level a rating: Stockfish 15.1's `UCI_Elo` it played
/// against at 5+0.05 plus the Elo difference measured (30 games a run, 20 runs at levels 2 to
/// 19, with the network evaluation). The strength moves in steps at whole levels, where the
/// depth limit grows (levels 4 to 4.9 rated about 1460 in 90 games, levels 5 to 5.8 about 1685
/// in 120, levels 6 to 6.3 about 1830 in 90, levels 8 and 8.9 about 1860; level 10 about 1950,
/// 12 about 2030, 15 and 17 about 2100, 19 about 2205): each rating maps to the level of the
/// nearest such step, near its top where the rating lies above the step's strength. Levels 0
/// to 3 play below Stockfish's lowest rating: beginners' levels, reached by `Skill Level`.
const ELO_TO_LEVEL: [(u32, f64); 7] = [
    (MIN_ELO, 3.9),
    (1600, 5.0),
    (1750, 5.9),
    (1900, 8.7),
    (2000, 11.3),
    (2100, 15.0),
    (MAX_ELO, 19.0),
];

/// How many of the best root moves a weakened engine chooses among (Stockfish's number).
const CANDIDATES: usize = 4;
/// The temperature of the choice at level 0, in centipawns: a move this much worse than the
/// best is played 1/e times as often. It falls with the square of the level, to 0 at full
/// strength, so that the middle levels already choose mostly among near-equal moves.
const TEMPERATURE_AT_ZERO_CP: f64 = 120.0;
/// Nodes per move at level 0; the budget doubles every [`LEVELS_PER_NODE_DOUBLING`] levels,
/// so that a low level answers at once and a high one is held by the clock. An iteration that
/// would pass the budget does not count: the search plays the last one completed.
const NODES_AT_LEVEL_ZERO: f64 = 5_000.0;
const LEVELS_PER_NODE_DOUBLING: f64 = 2.0;

/// A playing strength: a skill level from 0 to [`MAX_SKILL_LEVEL`], fractional when it comes
/// from a rating between two calibrated points.
///
/// ```
/// use plyforge_uci::strength::{MAX_ELO, MIN_ELO, Strength};
/// assert!(Strength::FULL.is_full());
/// assert_eq!(Strength::from_skill_level(0).unwrap().level(), 0.0);
/// assert!(Strength::from_skill_level(21).is_none());
/// let weak = Strength::from_elo(MIN_ELO).unwrap();
/// let strong = Strength::from_elo(MAX_ELO).unwrap();
/// assert!(weak.level() < strong.level() && !strong.is_full());
/// assert!(Strength::from_elo(MIN_ELO - 1).is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Strength {
    level: f64,
}

impl Default for Strength {
    fn default() -> Self {
        Strength::FULL
    }
}

impl Strength {
    /// Full strength: the normal search.
    pub const FULL: Strength = Strength {
        level: MAX_SKILL_LEVEL as f64,
    };

    /// The strength of a skill level, 0 to [`MAX_SKILL_LEVEL`]; `None` outside that range.
    pub fn from_skill_level(level: u32) -> Option<Strength> {
        (level <= MAX_SKILL_LEVEL).then_some(Strength {
            level: f64::from(level),
        })
    }

    /// The strength calibrated to play about even with Stockfish at this `UCI_Elo`,
    /// [`MIN_ELO`] to [`MAX_ELO`]; `None` outside that range.
    pub fn from_elo(elo: u32) -> Option<Strength> {
        if !(MIN_ELO..=MAX_ELO).contains(&elo) {
            return None;
        }
        let level = ELO_TO_LEVEL
            .windows(2)
            .find(|pair| elo <= pair[1].0)
            .map_or(ELO_TO_LEVEL[ELO_TO_LEVEL.len() - 1].1, |pair| {
                let ((low_elo, low_level), (high_elo, high_level)) = (pair[0], pair[1]);
                let share = f64::from(elo - low_elo) / f64::from(high_elo - low_elo);
                low_level + share * (high_level - low_level)
            });
        Some(Strength { level })
    }

    /// The skill level, 0 to [`MAX_SKILL_LEVEL`].
    pub fn level(&self) -> f64 {
        self.level
    }

    /// Whether this is full strength (nothing is weakened).
    pub fn is_full(&self) -> bool {
        self.level >= MAX_SKILL_LEVEL as f64
    }

    /// The deepest iteration: two plies (the root moves and the replies) at level 0, one ply
    /// more per whole level.
    pub fn depth(&self) -> u32 {
        2 + self.level as u32
    }

    /// The nodes a move may take at this level.
    pub fn nodes(&self) -> u64 {
        (NODES_AT_LEVEL_ZERO * (self.level / LEVELS_PER_NODE_DOUBLING).exp2()) as u64
    }

    /// `limits` narrowed to this strength's depth and nodes, with at least the candidates'
    /// lines searched (unchanged at full strength); the time limits and the stop flag stay, so
    /// a weakened engine still keeps to its clock.
    pub fn limit(&self, limits: &Limits<Move>) -> Limits<Move> {
        let mut limits = limits.clone();
        if !self.is_full() {
            limits.depth = Some(limits.depth.map_or(self.depth(), |d| d.min(self.depth())));
            limits.nodes = Some(limits.nodes.map_or(self.nodes(), |n| n.min(self.nodes())));
            limits.multi_pv = limits.multi_pv.max(CANDIDATES);
        }
        limits
    }

    /// The temperature of the choice at this level, in centipawns (0 at full strength).
    pub fn temperature(&self) -> f64 {
        let weakness = 1.0 - self.level / MAX_SKILL_LEVEL as f64;
        TEMPERATURE_AT_ZERO_CP * weakness * weakness
    }

    /// Picks among `scores`, the scores of the root moves best first: one of the best few, at
    /// random, each with a weight that falls exponentially with its deficit to the best
    /// (`exp(-deficit / temperature)`). Stockfish's own formula forgives a weak level almost
    /// all of a deficit, so that it gives away a queen as readily as a tempo; here a mistake is
    /// the rarer the bigger it is, and the lower the level, the bigger the mistakes it makes.
    /// Returns an index into `scores` (0 at full strength or with one score).
    ///
    /// ```
    /// use plyforge_search::mcts::Rng;
    /// use plyforge_uci::strength::Strength;
    /// let mut rng = Rng::new(1);
    /// let weakest = Strength::from_skill_level(0).unwrap();
    /// // Two queens' difference is not given away; equal moves are all played.
    /// assert!((0..100).all(|_| weakest.pick(&[900, -900], &mut rng) == 0));
    /// let picks: Vec<usize> = (0..100).map(|_| weakest.pick(&[20, 20, 20], &mut rng)).collect();
    /// assert!((0..3).all(|i| picks.contains(&i)));
    /// ```
    pub fn pick(&self, scores: &[Score], rng: &mut Rng) -> usize {
        let candidates = scores.len().min(CANDIDATES);
        let temperature = self.temperature();
        if candidates <= 1 || temperature <= 0.0 {
            return 0;
        }
        let weights: Vec<f64> = scores[..candidates]
            .iter()
            .map(|&score| (-f64::from(scores[0].saturating_sub(score)) / temperature).exp())
            .collect();
        let mut draw = f64::from(rng.unit()) * weights.iter().sum::<f64>();
        for (index, weight) in weights.iter().enumerate() {
            if draw < *weight {
                return index;
            }
            draw -= weight;
        }
        0
    }

    /// A move for `position` (a [`Board`](plyforge_chess::Board), or an
    /// [`NnueBoard`](plyforge_chess::nnue::NnueBoard) as the engine searches) scored by
    /// `evaluator`, with the game's earlier positions `history`, within `limits`: the normal
    /// search at full strength, otherwise the best lines searched within this strength's limits
    /// and one of them picked with `rng`.
    ///
    /// ```
    /// use plyforge_chess::Board;
    /// use plyforge_chess::nnue::{Network, NnueBoard, NnueEvaluation};
    /// use plyforge_search::mcts::Rng;
    /// use plyforge_search::{Config, Limits, Searcher};
    /// use plyforge_uci::strength::Strength;
    ///
    /// let position = NnueBoard::new(Board::default(), Network::embedded());
    /// let mut searcher = Searcher::new(Config::selective());
    /// let level_5 = Strength::from_skill_level(5).unwrap();
    /// let result = level_5.search(
    ///     &mut searcher,
    ///     &position,
    ///     &NnueEvaluation,
    ///     &[],
    ///     &Limits::depth(6),
    ///     &mut Rng::new(1),
    /// )?;
    /// assert!(Board::default().legal_moves().contains(&result.best_move));
    /// # Ok::<(), plyforge_search::SearchError>(())
    /// ```
    pub fn search<G, E>(
        &self,
        searcher: &mut Searcher<G>,
        position: &G,
        evaluator: &E,
        history: &[u64],
        limits: &Limits<Move>,
        rng: &mut Rng,
    ) -> Result<SearchResult<Move>, SearchError>
    where
        G: Game<Move = Move>,
        E: Evaluator<G>,
    {
        let result = searcher.search(position, evaluator, &self.limit(limits), history, |_| {})?;
        Ok(self.choose(result, rng))
    }

    /// The move this strength plays from a search's best lines, as a search result whose best
    /// line is the one picked (the result itself at full strength).
    pub fn choose(&self, mut result: SearchResult<Move>, rng: &mut Rng) -> SearchResult<Move> {
        if self.is_full() || result.lines.len() <= 1 {
            return result;
        }
        let scores: Vec<Score> = result.lines.iter().map(|line| line.score).collect();
        let line = result.lines[self.pick(&scores, rng)].clone();
        result.best_move = line.pv[0];
        result.score = line.score;
        result.bound = line.bound;
        result.seldepth = line.seldepth;
        result.pv = line.pv;
        result.pv_players = line.pv_players;
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_calibration_covers_the_elo_range_in_order() {
        assert_eq!(ELO_TO_LEVEL[0].0, MIN_ELO);
        assert_eq!(ELO_TO_LEVEL[ELO_TO_LEVEL.len() - 1].0, MAX_ELO);
        assert!(
            ELO_TO_LEVEL
                .windows(2)
                .all(|pair| pair[0].0 < pair[1].0 && pair[0].1 < pair[1].1)
        );
        let levels: Vec<f64> = (MIN_ELO..=MAX_ELO)
            .map(|elo| Strength::from_elo(elo).unwrap().level())
            .collect();
        assert!(levels.windows(2).all(|pair| pair[0] <= pair[1]));
        assert!(
            levels
                .iter()
                .all(|&level| (0.0..MAX_SKILL_LEVEL as f64).contains(&level))
        );
        for (elo, level) in ELO_TO_LEVEL {
            assert_eq!(Strength::from_elo(elo).unwrap().level(), level);
        }
    }

    #[test]
    fn lower_levels_search_less_and_choose_wider() {
        let levels: Vec<Strength> = (0..MAX_SKILL_LEVEL)
            .filter_map(Strength::from_skill_level)
            .collect();
        for pair in levels.windows(2) {
            assert!(pair[0].depth() <= pair[1].depth());
            assert!(pair[0].nodes() < pair[1].nodes());
            assert!(pair[0].temperature() > pair[1].temperature());
        }
        assert_eq!(Strength::FULL.temperature(), 0.0);
        let limits = Limits::depth(30).with_nodes(u64::MAX);
        let weakest = Strength::from_skill_level(0).unwrap().limit(&limits);
        assert_eq!((weakest.depth, weakest.nodes), (Some(2), Some(5_000)));
        assert_eq!(weakest.multi_pv, CANDIDATES);
        let full = Strength::FULL.limit(&limits);
        assert_eq!((full.depth, full.nodes), (Some(30), Some(u64::MAX)));
    }

    /// How often each of four moves is picked in 10,000 choices at `level`.
    fn picks(level: u32, scores: &[Score]) -> Vec<usize> {
        let strength = Strength::from_skill_level(level).unwrap();
        let mut rng = Rng::new(99);
        let mut counts = vec![0; scores.len()];
        for _ in 0..10_000 {
            counts[strength.pick(scores, &mut rng)] += 1;
        }
        counts
    }

    #[test]
    fn the_choice_favours_better_moves_and_widens_as_the_level_falls() {
        // The best, a close second, a pawn worse, a piece worse, and one beyond the candidates.
        let scores = [40, 25, -60, -300, -310];
        let weakest = picks(0, &scores);
        let middle = picks(10, &scores);
        let strongest = picks(19, &scores);
        assert!(weakest[0] > weakest[1] && weakest[1] > weakest[2] && weakest[2] > weakest[3]);
        // A piece is given away now and then at level 0, hardly ever at level 10.
        assert!((10..500).contains(&weakest[3]), "{weakest:?}");
        assert!(middle[3] < 10, "{middle:?}");
        assert!(weakest[0] < middle[0] && middle[0] < strongest[0]);
        assert!(strongest[0] > 9_900, "{strongest:?}");
        // Only the best four are candidates.
        assert_eq!(weakest[4], 0);
        assert_eq!(picks(MAX_SKILL_LEVEL, &scores)[0], 10_000);
    }

    #[test]
    fn a_mate_is_not_given_away_and_one_move_needs_no_choice() {
        let mate = plyforge_search::score::win_in(3);
        assert_eq!(picks(0, &[mate, 900, 800])[0], 10_000);
        assert_eq!(picks(0, &[-50]), [10_000]);
    }
}
