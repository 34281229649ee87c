//! Players: anything that chooses a move in a position of a [`Game`], given the hashes of the
//! positions played before it (for repetitions). A [`SearchPlayer`] runs a [`Searcher`] of any
//! algorithm with its evaluator and limits, a [`RandomPlayer`] picks uniformly from the legal
//! moves with a seeded generator, a [`HumanPlayer`] asks a person (any reader and writer: a
//! terminal, a socket, a test's strings), and any closure `FnMut(&G, &[u64]) ->
//! Result<G::Move, PlayerError>` is a player too. An [`Arena`](crate::Arena) plays them against
//! each other.

use crate::config::Config;
use crate::game::{Evaluator, Game};
use crate::limits::Limits;
use crate::moves::MoveBuffer;
use crate::report::SearchError;
use crate::searcher::Searcher;
use core::fmt;
use core::str::FromStr;
use std::io::{BufRead, Write};

/// Chooses moves in positions of `G`.
///
/// ```
/// use plyforge_search::{Game, Player, PlayerError, RandomPlayer, nim::Nim};
///
/// // A closure is a player: always take one stone.
/// let mut cautious = |_: &Nim, _: &[u64]| -> Result<u32, PlayerError> { Ok(1) };
/// assert_eq!(cautious.choose(&Nim::new(5), &[]), Ok(1));
/// let mut random = RandomPlayer::new(7);
/// let take = random.choose(&Nim::new(5), &[])?;
/// assert!((1..=3).contains(&take));
/// # Ok::<(), PlayerError>(())
/// ```
pub trait Player<G: Game> {
    /// The move to play in `game`, whose earlier positions had the hashes `history` (oldest
    /// first). It must be one of the position's legal moves: an [`Arena`](crate::Arena) scores
    /// any other as a lost game for the player.
    ///
    /// # Errors
    /// Why the player has no move to give (the game is over, its search refused the position,
    /// a human quit).
    fn choose(&mut self, game: &G, history: &[u64]) -> Result<G::Move, PlayerError>;

    /// A new game starts: forget what belonged to the last one. The default does nothing.
    fn new_game(&mut self) {}
}

/// Why a [`Player`] gave no move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerError {
    /// Its search refused the position.
    Search(SearchError),
    /// The position has no legal move.
    NoMove,
    /// The player gave up (a human who quit).
    Quit,
    /// The player's input ended before it gave a move (a [`HumanPlayer`] whose reader is
    /// exhausted: end of file, a closed terminal).
    EndOfInput,
    /// Anything else, in words.
    Other(String),
}

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerError::Search(error) => write!(f, "the search failed: {error}"),
            PlayerError::NoMove => f.write_str("the position has no legal move"),
            PlayerError::Quit => f.write_str("the player quit"),
            PlayerError::EndOfInput => f.write_str("the player's input ended"),
            PlayerError::Other(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for PlayerError {}

impl From<SearchError> for PlayerError {
    fn from(error: SearchError) -> Self {
        PlayerError::Search(error)
    }
}

/// Any closure `FnMut(&G, &[u64]) -> Result<G::Move, PlayerError>` is a player.
impl<G: Game, F> Player<G> for F
where
    F: FnMut(&G, &[u64]) -> Result<G::Move, PlayerError>,
{
    fn choose(&mut self, game: &G, history: &[u64]) -> Result<G::Move, PlayerError> {
        self(game, history)
    }
}

/// A [`Searcher`] of any algorithm with its evaluator and the limits of each move.
///
/// ```
/// use plyforge_search::{Config, Limits, Player, SearchPlayer, nim::{Nim, NimEvaluator}};
/// let mut player = SearchPlayer::new(Config::default(), NimEvaluator, Limits::depth(8));
/// assert_eq!(player.choose(&Nim::new(5), &[]), Ok(1));
/// ```
pub struct SearchPlayer<G: Game, E> {
    searcher: Searcher<G>,
    evaluator: E,
    limits: Limits<G::Move>,
    /// Whether [`Player::new_game`] clears the searcher's table and trees.
    clear_between_games: bool,
}

impl<G: Game, E: Evaluator<G>> SearchPlayer<G, E> {
    /// A player that searches with `config` and `evaluator` within `limits` at every move.
    ///
    /// # Panics
    /// When the configured table cannot be allocated (as [`Searcher::new`]).
    pub fn new(config: Config, evaluator: E, limits: Limits<G::Move>) -> Self {
        Self::with_searcher(Searcher::new(config), evaluator, limits)
    }

    /// A player with a searcher of the caller's (with a rollout policy of its own, say).
    pub fn with_searcher(searcher: Searcher<G>, evaluator: E, limits: Limits<G::Move>) -> Self {
        SearchPlayer {
            searcher,
            evaluator,
            limits,
            clear_between_games: true,
        }
    }

    /// Whether to keep what the searcher learned from one game to the next (by default it
    /// forgets, so that every game of a match starts alike).
    #[must_use]
    pub fn keeping_knowledge(mut self, keep: bool) -> Self {
        self.clear_between_games = !keep;
        self
    }

    /// The searcher.
    pub fn searcher_mut(&mut self) -> &mut Searcher<G> {
        &mut self.searcher
    }
}

impl<G: Game, E: Evaluator<G>> Player<G> for SearchPlayer<G, E> {
    fn choose(&mut self, game: &G, history: &[u64]) -> Result<G::Move, PlayerError> {
        let result = self
            .searcher
            .search(game, &self.evaluator, &self.limits, history, |_| {})?;
        Ok(result.best_move)
    }

    fn new_game(&mut self) {
        if self.clear_between_games {
            self.searcher.clear();
        }
    }
}

/// Plays a legal move chosen uniformly at random, from a seeded generator (SplitMix64): the
/// same seed gives the same moves.
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    state: u64,
}

impl RandomPlayer {
    /// A random player from `seed`.
    pub fn new(seed: u64) -> Self {
        RandomPlayer { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `bound`, which must not be 0 (uniform up to a bias below
    /// `bound / 2^64`).
    pub fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next_u64()) * bound as u128) >> 64) as usize
    }
}

impl<G: Game> Player<G> for RandomPlayer {
    fn choose(&mut self, game: &G, _history: &[u64]) -> Result<G::Move, PlayerError> {
        let mut moves = G::Moves::default();
        game.generate_moves(&mut moves);
        let moves = moves.as_slice();
        if moves.is_empty() {
            return Err(PlayerError::NoMove);
        }
        Ok(moves[self.below(moves.len())])
    }
}

/// Names moves for a person: the player's list of legal moves (`?`) uses it.
pub type MoveNamer<G> = fn(&G, <G as Game>::Move) -> String;

/// A person choosing moves: it writes a prompt to `output`, reads a line from `input` and
/// parses it with the game's own notation through `parse` (a closure given the position, so
/// that notations like chess's SAN, which need it, serve). A line that does not parse, or
/// names a move that is not legal here, gets a message saying so and the prompt again.
/// `?` lists the legal moves, `quit` or `resign` gives up ([`PlayerError::Quit`]), and the end
/// of `input` is [`PlayerError::EndOfInput`], never a panic.
///
/// Any [`BufRead`] and [`Write`] serve: a terminal (`stdin().lock()`, `stdout()`), a socket, or
/// a test's bytes.
///
/// ```
/// use plyforge_search::{HumanPlayer, Player, PlayerError, nim::Nim};
///
/// // Takes of 1 to 3 stones, written as numbers: `u32: FromStr`.
/// let typed = "five\n4\n2\n".as_bytes();
/// let mut transcript = Vec::new();
/// let mut human = HumanPlayer::with_from_str(typed, &mut transcript);
/// assert_eq!(human.choose(&Nim::new(7), &[]), Ok(2));
/// assert_eq!(human.choose(&Nim::new(7), &[]), Err(PlayerError::EndOfInput));
/// let transcript = String::from_utf8(transcript).unwrap();
/// assert!(transcript.contains("\"five\" is not a move"));
/// assert!(transcript.contains("4 is not legal here"));
/// ```
pub struct HumanPlayer<G: Game, R, W, P> {
    input: R,
    output: W,
    parse: P,
    names: Option<MoveNamer<G>>,
    prompt: String,
}

/// The prompt before each move, unless [`HumanPlayer::with_prompt`] sets another.
const DEFAULT_PROMPT: &str = "your move (? lists the legal moves, quit resigns): ";

impl<G, R, W, P> HumanPlayer<G, R, W, P>
where
    G: Game,
    R: BufRead,
    W: Write,
    P: FnMut(&G, &str) -> Result<G::Move, String>,
{
    /// A person who types moves on `input`, read by `parse` (its error, in words, is shown to
    /// them), and reads prompts on `output`.
    pub fn new(input: R, output: W, parse: P) -> Self {
        HumanPlayer {
            input,
            output,
            parse,
            names: None,
            prompt: DEFAULT_PROMPT.to_owned(),
        }
    }

    /// The prompt written before each move.
    #[must_use]
    pub fn with_prompt(mut self, prompt: impl Into<String>) -> Self {
        self.prompt = prompt.into();
        self
    }

    /// How `?` names the legal moves (by default their `Debug`).
    #[must_use]
    pub fn with_move_names(mut self, names: MoveNamer<G>) -> Self {
        self.names = Some(names);
        self
    }

    /// Writes `text` and a line break to the person.
    fn say(&mut self, text: fmt::Arguments<'_>) -> Result<(), PlayerError> {
        writeln!(self.output, "{text}").map_err(|error| output_error(&error))
    }

    /// Lists the legal moves on one line.
    fn list(&mut self, game: &G, legal: &[G::Move]) -> Result<(), PlayerError> {
        let names: Vec<String> = legal
            .iter()
            .map(|&mv| match self.names {
                Some(name) => name(game, mv),
                None => format!("{mv:?}"),
            })
            .collect();
        self.say(format_args!("legal moves: {}", names.join(" ")))
    }
}

impl<G, R, W> HumanPlayer<G, R, W, fn(&G, &str) -> Result<G::Move, String>>
where
    G: Game,
    G::Move: FromStr,
    <G::Move as FromStr>::Err: fmt::Display,
    R: BufRead,
    W: Write,
{
    /// A person whose moves are read by the move type's own `FromStr`.
    pub fn with_from_str(input: R, output: W) -> Self {
        HumanPlayer::new(input, output, |_, text| {
            text.parse::<G::Move>().map_err(|error| error.to_string())
        })
    }
}

/// A failed write to the person, as the player's error.
fn output_error(error: &std::io::Error) -> PlayerError {
    PlayerError::Other(format!("cannot write to the player: {error}"))
}

impl<G, R, W, P> Player<G> for HumanPlayer<G, R, W, P>
where
    G: Game,
    R: BufRead,
    W: Write,
    P: FnMut(&G, &str) -> Result<G::Move, String>,
{
    fn choose(&mut self, game: &G, _history: &[u64]) -> Result<G::Move, PlayerError> {
        let mut legal = G::Moves::default();
        game.generate_moves(&mut legal);
        if legal.is_empty() {
            return Err(PlayerError::NoMove);
        }
        let mut line = String::new();
        loop {
            write!(self.output, "{}", self.prompt).map_err(|error| output_error(&error))?;
            self.output.flush().map_err(|error| output_error(&error))?;
            line.clear();
            match self.input.read_line(&mut line) {
                Ok(0) => return Err(PlayerError::EndOfInput),
                Ok(_) => {}
                Err(error) => {
                    return Err(PlayerError::Other(format!(
                        "cannot read the player's move: {error}"
                    )));
                }
            }
            let text = line.trim();
            match text {
                "" => continue,
                "quit" | "resign" => return Err(PlayerError::Quit),
                "?" => {
                    self.list(game, legal.as_slice())?;
                    continue;
                }
                _ => {}
            }
            match (self.parse)(game, text) {
                Ok(mv) if legal.as_slice().contains(&mv) => return Ok(mv),
                Ok(_) => self.say(format_args!(
                    "{text} is not legal here; ? lists the legal moves"
                ))?,
                Err(reason) => self.say(format_args!(
                    "{text:?} is not a move: {reason}; ? lists the legal moves"
                ))?,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nim::Nim;

    #[test]
    fn a_random_player_plays_every_legal_move_and_repeats_from_its_seed() {
        let mut seen = [0u32; 4];
        let mut player = RandomPlayer::new(3);
        let first: Vec<u32> = (0..200)
            .map(|_| player.choose(&Nim::new(9), &[]).unwrap())
            .collect();
        for &take in &first {
            seen[take as usize] += 1;
        }
        assert_eq!(seen[0], 0);
        assert!(seen[1..].iter().all(|&count| count > 40), "{seen:?}");
        let mut again = RandomPlayer::new(3);
        let second: Vec<u32> = (0..200)
            .map(|_| again.choose(&Nim::new(9), &[]).unwrap())
            .collect();
        assert_eq!(first, second);
    }

    #[test]
    fn a_random_player_without_moves_says_so() {
        let mut nim = Nim::new(1);
        nim.play(1);
        assert_eq!(
            RandomPlayer::new(1).choose(&nim, &[]),
            Err(PlayerError::NoMove)
        );
    }

    /// What a person typing `typed` sees and is taken for, on Nim with 7 stones.
    fn human_at_nim(typed: &str) -> (Result<u32, PlayerError>, String) {
        let mut transcript = Vec::new();
        let mut human = HumanPlayer::with_from_str(typed.as_bytes(), &mut transcript)
            .with_prompt("> ")
            .with_move_names(|_, take| format!("take{take}"));
        let chosen = human.choose(&Nim::new(7), &[]);
        (chosen, String::from_utf8(transcript).unwrap())
    }

    #[test]
    fn a_human_is_asked_again_after_a_line_that_is_no_move_or_no_legal_move() {
        let (chosen, transcript) = human_at_nim("\n  seven \n0\n?\n 3 \n1\n");
        assert_eq!(chosen, Ok(3));
        assert_eq!(
            transcript,
            "> > \"seven\" is not a move: invalid digit found in string; ? lists the legal moves\n\
             > 0 is not legal here; ? lists the legal moves\n\
             > legal moves: take1 take2 take3\n\
             > "
        );
    }

    #[test]
    fn a_human_who_quits_or_whose_input_ends_gives_a_typed_error() {
        assert_eq!(human_at_nim("9\nresign\n3\n").0, Err(PlayerError::Quit));
        assert_eq!(human_at_nim("quit").0, Err(PlayerError::Quit));
        assert_eq!(human_at_nim("").0, Err(PlayerError::EndOfInput));
        assert_eq!(human_at_nim("5\n").0, Err(PlayerError::EndOfInput));
        // A last line without its line break still counts.
        assert_eq!(human_at_nim("2").0, Ok(2));
    }

    #[test]
    fn a_human_without_a_legal_move_is_not_asked() {
        let mut nim = Nim::new(1);
        nim.play(1);
        let mut transcript = Vec::new();
        let mut human = HumanPlayer::with_from_str("1\n".as_bytes(), &mut transcript);
        assert_eq!(human.choose(&nim, &[]), Err(PlayerError::NoMove));
        assert!(transcript.is_empty());
    }

    #[test]
    fn a_human_parse_closure_sees_the_position() {
        // "all" takes every stone that may be taken.
        let parse = |game: &Nim, text: &str| match text {
            "all" => Ok(game.stones().min(3)),
            _ => Err(format!("say all, not {text}")),
        };
        let mut human = HumanPlayer::new("some\nall\n".as_bytes(), std::io::sink(), parse);
        assert_eq!(human.choose(&Nim::new(2), &[]), Ok(2));
    }

    #[test]
    fn a_human_whose_terminal_is_gone_gives_an_error() {
        struct Closed;
        impl std::io::Write for Closed {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let mut human = HumanPlayer::with_from_str("1\n".as_bytes(), Closed);
        assert!(matches!(
            human.choose(&Nim::new(3), &[]),
            Err(PlayerError::Other(message)) if message.starts_with("cannot write")
        ));
    }
}
