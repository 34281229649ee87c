//! Matches between players over any [`Game`]: an [`Arena`] seats its entrants (2 to 6
//! [`Player`] makers) in every seating of a list (by default each rotation, so that each entrant
//! plays each seat), plays every opening once per seating on a number of threads, each game to
//! its end by the game's own rules ([`Game::outcome`], repetitions from the game's history, an
//! optional ply limit scored as a draw), and tallies each entrant's wins, draws and losses with
//! its score and a 95 % Wilson interval, calling back after every game with the standings so
//! far. A player that returns an illegal move or an error loses that game, which is reported;
//! nothing a player or a game does makes the arena panic.

use crate::game::{Game, MAX_PLAYERS, Outcome};
use crate::moves::MoveBuffer;
use crate::player::{Player, PlayerError};
use core::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// The z value of a two-sided 95 % interval.
const Z_95: f64 = 1.959_964;

/// The repetition count that draws a game of [`Game::REPETITION_DRAWS`] by default: the third
/// occurrence of a position.
pub const REPETITION_LIMIT: usize = 3;

/// Makes a fresh [`Player`] for each game, from the game's seed.
type Maker<'a, G> = Box<dyn Fn(u64) -> Box<dyn Player<G> + 'a> + Sync + 'a>;

/// One entrant of an [`Arena`]: a name and a maker of its player, called once per game with a
/// seed of that game (each game has its own player, so games run on several threads).
pub struct Entrant<'a, G: Game> {
    name: String,
    make: Maker<'a, G>,
}

impl<'a, G: Game> Entrant<'a, G> {
    /// An entrant called `name` whose player for a game is `make(seed)`.
    pub fn new<P, F>(name: impl Into<String>, make: F) -> Self
    where
        P: Player<G> + 'a,
        F: Fn(u64) -> P + Sync + 'a,
    {
        Entrant {
            name: name.into(),
            make: Box::new(move |seed| Box::new(make(seed))),
        }
    }

    /// The name.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl<G: Game> fmt::Debug for Entrant<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entrant")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Where a game starts: a position and the hashes of the positions before it (for
/// repetitions), oldest first.
#[derive(Debug, Clone)]
pub struct Opening<G> {
    /// The first position the players see.
    pub position: G,
    /// The hashes of the positions played before it.
    pub history: Vec<u64>,
}

impl<G: Game> Opening<G> {
    /// A start position with no history.
    pub fn position(position: G) -> Self {
        Opening {
            position,
            history: Vec::new(),
        }
    }

    /// The position after playing `line` from `start`.
    ///
    /// # Errors
    /// [`MatchError::Opening`] when a move of the line is not legal where it is played, or
    /// the game ends before the line does.
    pub fn line(start: &G, line: &[G::Move]) -> Result<Self, MatchError> {
        let mut opening = Opening::position(start.clone());
        for (ply, &mv) in line.iter().enumerate() {
            let illegal = MatchError::Opening {
                ply,
                mv: format!("{mv:?}"),
            };
            if opening.position.outcome().is_some() || !is_legal(&opening.position, mv) {
                return Err(illegal);
            }
            opening.history.push(opening.position.hash());
            opening.position.play(mv);
        }
        Ok(opening)
    }
}

/// Whether `mv` is among the legal moves of `game`.
fn is_legal<G: Game>(game: &G, mv: G::Move) -> bool {
    let mut moves = G::Moves::default();
    game.generate_moves(&mut moves);
    moves.as_slice().contains(&mv)
}

/// Why an [`Arena`] cannot run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchError {
    /// Fewer than 2 or more than [`MAX_PLAYERS`] entrants.
    EntrantCount(usize),
    /// No opening to play.
    NoOpenings,
    /// No seating to play.
    NoSeatings,
    /// A seating's number of seats is not the game's player count.
    SeatCount {
        /// The seats of the seating.
        seats: usize,
        /// The opening's [`Game::player_count`].
        players: usize,
    },
    /// A seating names an entrant that does not exist.
    UnknownEntrant {
        /// The index named.
        entrant: usize,
        /// The number of entrants.
        entrants: usize,
    },
    /// An opening line has a move that is not legal where it is played.
    Opening {
        /// The ply of the move, from 0.
        ply: usize,
        /// The move, as `Debug` writes it.
        mv: String,
    },
    /// An opening is already over.
    OpeningOver(usize),
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::EntrantCount(count) => {
                write!(f, "a match needs 2 to {MAX_PLAYERS} entrants, not {count}")
            }
            MatchError::NoOpenings => f.write_str("a match needs at least one opening"),
            MatchError::NoSeatings => f.write_str("a match needs at least one seating"),
            MatchError::SeatCount { seats, players } => write!(
                f,
                "a seating has {seats} seats but the game has {players} players \
                 (Game::player_count)"
            ),
            MatchError::UnknownEntrant { entrant, entrants } => write!(
                f,
                "a seating names entrant {entrant}, but there are {entrants} entrants"
            ),
            MatchError::Opening { ply, mv } => {
                write!(f, "the opening's move {mv} at ply {ply} is not legal there")
            }
            MatchError::OpeningOver(index) => write!(f, "opening {index} is already over"),
        }
    }
}

impl std::error::Error for MatchError {}

/// How one game of a match ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameEnd {
    /// By the game's rules ([`Game::outcome`]) or by repetition.
    Outcome(Outcome),
    /// The ply limit was reached: a draw.
    PlyLimit,
    /// The player in `seat` returned a move that is not legal or an error, and lost.
    Forfeit {
        /// The seat of the player at fault.
        seat: usize,
        /// What went wrong.
        reason: Forfeit,
    },
    /// The game named a winner beyond its player count (a broken [`Game`]): the game counts
    /// for nobody.
    InvalidWinner(usize),
}

/// Why a player lost a game by forfeit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Forfeit {
    /// The move (as `Debug` writes it) is not legal in the position.
    IllegalMove(String),
    /// The player returned an error.
    Error(PlayerError),
}

impl fmt::Display for Forfeit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Forfeit::IllegalMove(mv) => write!(f, "illegal move {mv}"),
            Forfeit::Error(error) => error.fmt(f),
        }
    }
}

/// One game played.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord<M> {
    /// The game's index in the match: `opening * seatings + seating`.
    pub index: usize,
    /// The index of its opening.
    pub opening: usize,
    /// The entrant in each seat (seat = the game's player index).
    pub seating: Vec<usize>,
    /// How it ended.
    pub end: GameEnd,
    /// The moves played after the opening.
    pub moves: Vec<M>,
}

impl<M> GameRecord<M> {
    /// The entrant who won, if one did.
    pub fn winner(&self) -> Option<usize> {
        match self.end {
            GameEnd::Outcome(Outcome::Win(seat)) => self.seating.get(seat).copied(),
            GameEnd::Forfeit { seat, .. } if self.entrants() == 2 => self
                .seating
                .iter()
                .copied()
                .find(|&entrant| entrant != self.seating[seat]),
            _ => None,
        }
    }

    /// The number of distinct entrants seated.
    fn entrants(&self) -> usize {
        let mut seen = [false; MAX_PLAYERS];
        for &entrant in &self.seating {
            seen[entrant] = true;
        }
        seen.iter().filter(|&&seated| seated).count()
    }
}

/// An entrant's results so far.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Standing {
    /// The entrant's name.
    pub name: String,
    /// Games won (an opponent's forfeit in a game of two entrants included).
    pub wins: u32,
    /// Games drawn (by rule, repetition or the ply limit; also another entrant's forfeit in a
    /// game of more than two entrants).
    pub draws: u32,
    /// Games lost (forfeits included).
    pub losses: u32,
    /// Games lost by forfeit.
    pub forfeits: u32,
    /// Points: 1 a win, a draw `1 / n` where `n` entrants sat at the game (½ for two).
    pub points: f64,
}

impl Standing {
    /// Games that counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points per game, 0 to 1 (0 before any game).
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.0,
            games => self.points / f64::from(games),
        }
    }

    /// The 95 % Wilson score interval of [`Standing::score`], as (low, high).
    pub fn interval(&self) -> (f64, f64) {
        wilson_interval(self.points, f64::from(self.games()))
    }
}

impl fmt::Display for Standing {
    /// `name  score % [low, high]  W/D/L`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (low, high) = self.interval();
        write!(
            f,
            "{}: {:.1} % [{:.1}, {:.1}] in {} games, +{} ={} -{}",
            self.name,
            100.0 * self.score(),
            100.0 * low,
            100.0 * high,
            self.games(),
            self.wins,
            self.draws,
            self.losses
        )?;
        if self.forfeits > 0 {
            write!(f, " ({} by forfeit)", self.forfeits)?;
        }
        Ok(())
    }
}

/// The 95 % Wilson score interval of `points` out of `games`, as (low, high); (0, 1) for no
/// games.
///
/// ```
/// use plyforge_search::wilson_interval;
/// let (low, high) = wilson_interval(50.0, 100.0);
/// assert!((low - 0.4038).abs() < 1e-3 && (high - 0.5962).abs() < 1e-3);
/// ```
pub fn wilson_interval(points: f64, games: f64) -> (f64, f64) {
    if games <= 0.0 {
        return (0.0, 1.0);
    }
    let p = points / games;
    let z2 = Z_95 * Z_95;
    let centre = (p + z2 / (2.0 * games)) / (1.0 + z2 / games);
    let half =
        Z_95 / (1.0 + z2 / games) * (p * (1.0 - p) / games + z2 / (4.0 * games * games)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// What an [`Arena`] reports after each game.
#[derive(Debug)]
pub struct Progress<'r, M> {
    /// The game just finished.
    pub game: &'r GameRecord<M>,
    /// Games finished so far, this one included.
    pub done: usize,
    /// Games of the whole match.
    pub total: usize,
    /// Every entrant's standing so far.
    pub standings: &'r [Standing],
}

/// The result of a match: each entrant's standing and every game, in the order of their index.
#[derive(Debug, Clone)]
pub struct MatchResult<M> {
    /// Each entrant's standing, in the order of the entrants.
    pub standings: Vec<Standing>,
    /// Every game.
    pub games: Vec<GameRecord<M>>,
}

/// A match between entrants: each opening played with every rotation of the seats, games in
/// parallel on threads, each to its end by the game's rules, with a standing per entrant.
///
/// ```
/// use plyforge_search::{Arena, Config, Entrant, Limits, Opening, RandomPlayer, SearchPlayer};
/// use plyforge_search::nim::{Nim, NimEvaluator};
///
/// let arena = Arena::new(vec![
///     Entrant::new("alpha-beta", |_| SearchPlayer::new(Config::default(), NimEvaluator, Limits::depth(6))),
///     Entrant::new("random", RandomPlayer::new),
/// ])
/// .with_openings((10..20).map(|stones| Opening::position(Nim::new(stones))).collect());
/// let result = arena.run(|_| {})?;
/// // Alpha-beta wins every game it can; random wins only where it cannot lose (a multiple of
/// // four on its first move, with alpha-beta to move first: none of 10..20 but 12 and 16).
/// assert!(result.standings[0].score() > 0.85);
/// assert_eq!(result.games.len(), 20); // 10 openings × 2 seatings
/// # Ok::<(), plyforge_search::MatchError>(())
/// ```
pub struct Arena<'a, G: Game> {
    entrants: Vec<Entrant<'a, G>>,
    openings: Vec<Opening<G>>,
    seatings: Option<Vec<Vec<usize>>>,
    threads: usize,
    ply_limit: Option<usize>,
    repetition_limit: Option<usize>,
    seed: u64,
}

impl<'a, G: Game> Arena<'a, G> {
    /// A match between `entrants`, with no opening yet, each rotation of the entrants as the
    /// seatings, one thread, no ply limit, and repetition draws at [`REPETITION_LIMIT`] for a
    /// game of [`Game::REPETITION_DRAWS`].
    pub fn new(entrants: Vec<Entrant<'a, G>>) -> Self {
        Arena {
            entrants,
            openings: Vec::new(),
            seatings: None,
            threads: 1,
            ply_limit: None,
            repetition_limit: G::REPETITION_DRAWS.then_some(REPETITION_LIMIT),
            seed: 0,
        }
    }

    /// The openings: each is played once in every seating.
    #[must_use]
    pub fn with_openings(mut self, openings: Vec<Opening<G>>) -> Self {
        self.openings = openings;
        self
    }

    /// The seatings: each one gives the entrant of each seat (seat = the game's player
    /// index); see [`rotations`] and [`every_assignment`]. By default, the rotations.
    #[must_use]
    pub fn with_seatings(mut self, seatings: Vec<Vec<usize>>) -> Self {
        self.seatings = Some(seatings);
        self
    }

    /// The number of games played at once, each on its own thread (0 counts as 1).
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// The most plies a game may last after its opening; reaching it is a draw.
    #[must_use]
    pub fn with_ply_limit(mut self, plies: Option<usize>) -> Self {
        self.ply_limit = plies;
        self
    }

    /// The occurrences of a position that draw the game, `None` for no repetition rule.
    #[must_use]
    pub fn with_repetition_limit(mut self, occurrences: Option<usize>) -> Self {
        self.repetition_limit = occurrences;
        self
    }

    /// The seed the players' seeds are drawn from.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The entrants.
    pub fn entrants(&self) -> &[Entrant<'a, G>] {
        &self.entrants
    }

    /// The number of games [`Arena::run`] plays.
    pub fn game_count(&self) -> usize {
        self.openings.len() * self.seatings().len()
    }

    fn seatings(&self) -> Vec<Vec<usize>> {
        self.seatings
            .clone()
            .unwrap_or_else(|| rotations(self.entrants.len()))
    }

    /// Checks the match before it starts.
    fn check(&self, seatings: &[Vec<usize>]) -> Result<(), MatchError> {
        let entrants = self.entrants.len();
        if !(2..=MAX_PLAYERS).contains(&entrants) {
            return Err(MatchError::EntrantCount(entrants));
        }
        if self.openings.is_empty() {
            return Err(MatchError::NoOpenings);
        }
        if seatings.is_empty() {
            return Err(MatchError::NoSeatings);
        }
        for (index, opening) in self.openings.iter().enumerate() {
            let players = opening.position.player_count();
            if let Some(seating) = seatings.iter().find(|seating| seating.len() != players) {
                return Err(MatchError::SeatCount {
                    seats: seating.len(),
                    players,
                });
            }
            if opening.position.outcome().is_some() {
                return Err(MatchError::OpeningOver(index));
            }
        }
        if let Some(&entrant) = seatings.iter().flatten().find(|&&e| e >= entrants) {
            return Err(MatchError::UnknownEntrant { entrant, entrants });
        }
        Ok(())
    }

    /// Plays every game and calls `progress` after each one (on the calling thread, in the
    /// order games finish).
    ///
    /// # Errors
    /// A [`MatchError`] when the match cannot start: an entrant count outside 2 to
    /// [`MAX_PLAYERS`], no opening or seating, a seating whose seats are not the game's player
    /// count or that names an unknown entrant, an opening that is over. Nothing that happens
    /// in a game is an error: it is in the game's [`GameRecord`].
    pub fn run<F>(&self, mut progress: F) -> Result<MatchResult<G::Move>, MatchError>
    where
        F: FnMut(&Progress<'_, G::Move>),
    {
        let seatings = self.seatings();
        self.check(&seatings)?;
        let total = self.openings.len() * seatings.len();
        let mut standings: Vec<Standing> = self
            .entrants
            .iter()
            .map(|entrant| Standing {
                name: entrant.name.clone(),
                ..Standing::default()
            })
            .collect();
        let mut games: Vec<Option<GameRecord<G::Move>>> = vec![None; total];
        let next = AtomicUsize::new(0);
        let (sender, receiver) = mpsc::channel();
        std::thread::scope(|scope| {
            for _ in 0..self.threads.clamp(1, total) {
                let sender = sender.clone();
                let (next, seatings, entrants) = (&next, &seatings, &self.entrants);
                let rules = self.rules();
                // Each thread its own copy: a `Game` is `Send`, not `Sync`.
                let openings = self.openings.clone();
                scope.spawn(move || {
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= total {
                            break;
                        }
                        let record = play(entrants, &openings, seatings, rules, index);
                        if sender.send(record).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(sender);
            for (done, record) in receiver.iter().enumerate() {
                tally(&mut standings, &record);
                let index = record.index;
                games[index] = Some(record);
                if let Some(game) = &games[index] {
                    progress(&Progress {
                        game,
                        done: done + 1,
                        total,
                        standings: &standings,
                    });
                }
            }
        });
        Ok(MatchResult {
            standings,
            games: games.into_iter().flatten().collect(),
        })
    }

    fn rules(&self) -> Rules {
        Rules {
            ply_limit: self.ply_limit,
            repetition_limit: self.repetition_limit,
            seed: self.seed,
        }
    }
}

/// What decides the end of a game besides its own rules, and the seed of its players.
#[derive(Debug, Clone, Copy)]
struct Rules {
    ply_limit: Option<usize>,
    repetition_limit: Option<usize>,
    seed: u64,
}

/// Plays game `index` to its end.
fn play<G: Game>(
    entrants: &[Entrant<'_, G>],
    openings: &[Opening<G>],
    seatings: &[Vec<usize>],
    rules: Rules,
    index: usize,
) -> GameRecord<G::Move> {
    let opening_index = index / seatings.len();
    let seating = seatings[index % seatings.len()].clone();
    let opening = &openings[opening_index];
    let game_seed = mix(rules.seed ^ mix(index as u64));
    let mut players: Vec<Box<dyn Player<G> + '_>> = seating
        .iter()
        .enumerate()
        .map(|(seat, &entrant)| (entrants[entrant].make)(mix(game_seed ^ seat as u64)))
        .collect();
    for player in &mut players {
        player.new_game();
    }
    let mut position = opening.position.clone();
    let mut history = opening.history.clone();
    let mut moves = Vec::new();
    let players_count = position.player_count();
    let end = loop {
        if let Some(outcome) = position.outcome() {
            match outcome {
                Outcome::Win(seat) if seat >= players_count => {
                    break GameEnd::InvalidWinner(seat);
                }
                _ => break GameEnd::Outcome(outcome),
            }
        }
        if is_repetition(rules.repetition_limit, &position, &history) {
            break GameEnd::Outcome(Outcome::Draw);
        }
        if rules.ply_limit.is_some_and(|limit| moves.len() >= limit) {
            break GameEnd::PlyLimit;
        }
        let seat = position.player_to_move();
        let Some(player) = players.get_mut(seat) else {
            break GameEnd::InvalidWinner(seat);
        };
        match player.choose(&position, &history) {
            Ok(mv) if is_legal(&position, mv) => {
                history.push(position.hash());
                position.play(mv);
                moves.push(mv);
            }
            Ok(mv) => {
                break GameEnd::Forfeit {
                    seat,
                    reason: Forfeit::IllegalMove(format!("{mv:?}")),
                };
            }
            Err(error) => {
                break GameEnd::Forfeit {
                    seat,
                    reason: Forfeit::Error(error),
                };
            }
        }
    };
    GameRecord {
        index,
        opening: opening_index,
        seating,
        end,
        moves,
    }
}

/// Whether `position` has occurred often enough, within its reversible plies, to draw.
fn is_repetition<G: Game>(limit: Option<usize>, position: &G, history: &[u64]) -> bool {
    let Some(limit) = limit else {
        return false;
    };
    let hash = position.hash();
    let window = position.reversible_plies().min(history.len());
    let earlier = history[history.len() - window..]
        .iter()
        .filter(|&&seen| seen == hash)
        .count();
    earlier + 1 >= limit
}

/// Adds a game to the standings.
fn tally<M>(standings: &mut [Standing], record: &GameRecord<M>) {
    if matches!(record.end, GameEnd::InvalidWinner(_)) {
        return;
    }
    let mut seated = [false; MAX_PLAYERS];
    for &entrant in &record.seating {
        seated[entrant] = true;
    }
    let entrants = seated.iter().filter(|&&s| s).count() as f64;
    let winner = record.winner();
    let at_fault = match record.end {
        GameEnd::Forfeit { seat, .. } => Some(record.seating[seat]),
        _ => None,
    };
    for (entrant, standing) in standings.iter_mut().enumerate() {
        if !seated[entrant] {
            continue;
        }
        if at_fault == Some(entrant) {
            standing.losses += 1;
            standing.forfeits += 1;
        } else if winner == Some(entrant) {
            standing.wins += 1;
            standing.points += 1.0;
        } else if winner.is_some() {
            standing.losses += 1;
        } else {
            standing.draws += 1;
            standing.points += 1.0 / entrants;
        }
    }
}

/// Each rotation of `entrants` entrants over as many seats: in seating `r`, seat `s` holds
/// entrant `(s + r) % entrants`, so each entrant plays each seat once.
///
/// ```
/// assert_eq!(plyforge_search::rotations(3), [[0, 1, 2], [1, 2, 0], [2, 0, 1]]);
/// ```
pub fn rotations(entrants: usize) -> Vec<Vec<usize>> {
    (0..entrants)
        .map(|r| (0..entrants).map(|s| (s + r) % entrants).collect())
        .collect()
}

/// Every assignment of `entrants` entrants to `seats` seats in which each entrant has at least
/// one seat (for two entrants, `2^seats - 2` seatings), as Sternhalma's tournaments seat two
/// algorithms at a table of three to six.
///
/// ```
/// let seatings = plyforge_search::every_assignment(2, 3);
/// assert_eq!(seatings.len(), 6);
/// assert!(seatings.iter().all(|s| s.contains(&0) && s.contains(&1)));
/// ```
pub fn every_assignment(entrants: usize, seats: usize) -> Vec<Vec<usize>> {
    if entrants == 0 {
        return Vec::new();
    }
    let count = entrants.checked_pow(seats as u32).unwrap_or(usize::MAX);
    (0..count)
        .map(|mut code| {
            (0..seats)
                .map(|_| {
                    let entrant = code % entrants;
                    code /= entrants;
                    entrant
                })
                .collect::<Vec<usize>>()
        })
        .filter(|seating| (0..entrants).all(|entrant| seating.contains(&entrant)))
        .collect()
}

/// SplitMix64's finaliser: spreads a game index into a seed.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
