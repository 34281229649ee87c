//! Connect Four for `plyforge-search`: the whole game in one `Game` implementation on any
//! column-major board with a ghost cell on top of each column (the classic height-plus-one
//! layout of `plyforge_bitboard::geometries::Columns7x6`), plus an evaluator. It is the small
//! reference game of the workspace: the example, the tests of the search and the benchmarks
//! against other crates all play it, and it shows in a few hundred lines how a game plugs into
//! every search.
//!
//! A position is two `u64`s: the stones of the player to move and the occupied cells. Dropping
//! a stone into column `c` is `occupied + bottom(c)` (the carry climbs to the lowest empty cell);
//! four in a line is found by shift-and in four directions, the ghost row keeping lines from
//! wrapping between columns.
//!
//! ```
//! use plyforge_connect_four::{Columns7x6, ConnectFour, ThreatEvaluator};
//! use plyforge_search::{Config, Limits, Searcher};
//!
//! // Columns played from the empty board, 1-based: White took the centre twice.
//! let game: ConnectFour<Columns7x6> = "4453".parse()?;
//! let mut searcher = Searcher::new(Config::default());
//! let result = searcher.search(&game, &ThreatEvaluator, &Limits::depth(8), &[], |_| {})?;
//! assert!(game.can_play(result.best_move));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use plyforge_bitboard::Geometry;
use plyforge_search::score::Score;
use plyforge_search::{Evaluator, Game, MoveList, Outcome};
use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

mod recommended;

pub use recommended::{mcts_config, search_config};

plyforge_bitboard::geometry! {
    /// A 4x4 board (4 columns of 4 cells), small enough for a test to solve by plain minimax.
    pub struct Columns4x4: u64 { files: 4, ranks: 4, ghost_ranks: 1 }
}

plyforge_bitboard::geometry! {
    /// A 5x4 board (5 columns of 4 cells).
    pub struct Columns5x4: u64 { files: 5, ranks: 4, ghost_ranks: 1 }
}

pub use plyforge_bitboard::geometries::Columns7x6;

/// The most columns of any board here (the move list's capacity).
pub const MAX_COLUMNS: usize = 16;

/// A Connect Four position on board `G`. Player 0 moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ConnectFour<G: Geometry<Bits = u64>> {
    /// Stones of the player to move.
    current: u64,
    /// Every stone.
    occupied: u64,
    /// Plies played, passes included (the player to move is its parity).
    plies: u32,
    board: PhantomData<G>,
}

/// Bit distance between neighbouring cells of a column (1) and of a row (height + 1).
const fn row_step<G: Geometry>() -> u32 {
    G::FILE_STEP as u32
}

impl<G: Geometry<Bits = u64>> ConnectFour<G> {
    /// Whether the game is over: a line for the player who just moved, or a full board.
    fn is_over(&self) -> bool {
        self.occupied == G::PLAYABLE || Self::has_line(self.current ^ self.occupied)
    }

    /// The empty board, player 0 to move.
    pub fn new() -> Self {
        ConnectFour {
            current: 0,
            occupied: 0,
            plies: 0,
            board: PhantomData,
        }
    }

    fn bottom(column: u8) -> u64 {
        1 << (column as u32 * row_step::<G>())
    }

    fn top(column: u8) -> u64 {
        1 << (column as u32 * row_step::<G>() + G::RANKS as u32 - 1)
    }

    /// Whether a stone can be dropped into `column`.
    pub fn can_play(&self, column: u8) -> bool {
        column < G::FILES && self.occupied & Self::top(column) == 0
    }

    /// Stones played so far.
    pub fn stones(&self) -> u32 {
        self.occupied.count_ones()
    }

    /// The stones of `player`.
    fn stones_of(&self, player: usize) -> u64 {
        if player == self.player_to_move() {
            self.current
        } else {
            self.current ^ self.occupied
        }
    }

    /// Whether `stones` hold four in a line.
    fn has_line(stones: u64) -> bool {
        let step = row_step::<G>();
        // Vertical, horizontal and the two diagonals.
        [1, step, step - 1, step + 1].into_iter().any(|shift| {
            let pairs = stones & (stones >> shift);
            pairs & (pairs >> (2 * shift)) != 0
        })
    }

    /// The empty cells that would complete a line for `stones`.
    fn threats(&self, stones: u64) -> u64 {
        let step = row_step::<G>();
        // Vertical: three stones below the cell.
        let mut cells = (stones << 1) & (stones << 2) & (stones << 3);
        for shift in [step, step - 1, step + 1] {
            let pairs = (stones << shift) & (stones << (2 * shift));
            cells |= pairs & (stones << (3 * shift));
            cells |= pairs & (stones >> shift);
            let pairs = (stones >> shift) & (stones >> (2 * shift));
            cells |= pairs & (stones << shift);
            cells |= pairs & (stones >> (3 * shift));
        }
        cells & G::PLAYABLE & !self.occupied
    }

    /// The character of a cell for drawing: `X` for player 0, `O` for player 1, `.` empty.
    fn cell_char(&self, column: u8, row: u8) -> char {
        let bit = 1u64 << (column as u32 * row_step::<G>() + row as u32);
        if self.occupied & bit == 0 {
            '.'
        } else if self.stones_of(0) & bit != 0 {
            'X'
        } else {
            'O'
        }
    }
}

impl<G: Geometry<Bits = u64>> ConnectFour<G> {
    /// The zugzwang guard of null-move pruning: passing is a sound test only while at least
    /// half the board is empty; late in the game Connect Four is all zugzwang (whoever must
    /// play under a threat loses).
    pub fn null_move_allowed(&self) -> bool {
        self.occupied.count_ones() * 2 < G::PLAYABLE.count_ones()
    }

    /// Passes the turn (not a move of the rules: the search's null move).
    pub fn play_null(&mut self) {
        self.current ^= self.occupied;
        self.plies += 1;
    }
}

impl<G: Geometry<Bits = u64>> Default for ConnectFour<G> {
    fn default() -> Self {
        Self::new()
    }
}

/// A 64-bit mixer (the MurmurHash3 finaliser): a bijection, so distinct positions never share a
/// hash, that spreads the bits for the transposition table's index.
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

impl<G: Geometry<Bits = u64>> Game for ConnectFour<G> {
    /// A column, from 0.
    type Move = u8;
    type Moves = MoveList<u8, MAX_COLUMNS>;

    fn player_to_move(&self) -> usize {
        (self.plies % 2) as usize
    }

    fn generate_moves(&self, moves: &mut Self::Moves) {
        if self.is_over() {
            return;
        }
        for column in 0..G::FILES {
            if self.occupied & Self::top(column) == 0 {
                moves.push(column);
            }
        }
    }

    fn play(&mut self, column: u8) {
        self.current ^= self.occupied;
        self.occupied |= self.occupied + Self::bottom(column);
        self.plies += 1;
    }

    fn outcome_by_rule(&self) -> Option<Outcome> {
        if Self::has_line(self.current ^ self.occupied) {
            Some(Outcome::Win(1 - self.player_to_move()))
        } else if self.occupied == G::PLAYABLE {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn hash(&self) -> u64 {
        // `current + occupied` sets the bit above each column's top stone: unique per board.
        mix(self.current + self.occupied) ^ (self.plies as u64 & 1) << 63
    }

    fn move_key(column: u8) -> u16 {
        column as u16
    }

    /// The child's hash, for the search to ask for every child's table bucket at once: the
    /// board is 24 bytes, so playing on a copy is as cheap as any shortcut.
    fn hash_after(&self, column: u8) -> Option<u64> {
        let mut child = *self;
        child.play(column);
        Some(child.hash())
    }

    fn count_moves(&self) -> u64 {
        if self.outcome_by_rule().is_some() {
            return 0;
        }
        (0..G::FILES)
            .filter(|&column| self.occupied & Self::top(column) == 0)
            .count() as u64
    }

    fn move_order_hint(&self, column: u8) -> i32 {
        // Central columns take part in more lines.
        -(column as i32 * 2 - (G::FILES as i32 - 1)).abs()
    }

    fn visit_null_move<R>(&mut self, visit: impl FnOnce(&mut Self) -> R) -> Option<R> {
        if !self.null_move_allowed() {
            return None;
        }
        let mut child = *self;
        child.play_null();
        Some(visit(&mut child))
    }
}

/// Scores a position: immediate threats (cells that would complete a line) count most, stones
/// in the central columns a little.
#[derive(Debug, Clone, Copy, Default)]
pub struct ThreatEvaluator;

/// The value of one threat.
const THREAT: Score = 16;
/// The value of a stone in the centre column, falling by one per column outwards.
const CENTRE: Score = 3;

impl<G: Geometry<Bits = u64>> Evaluator<ConnectFour<G>> for ThreatEvaluator {
    fn evaluate(&self, game: &ConnectFour<G>, player: usize) -> Score {
        let side_score = |who: usize| {
            let stones = game.stones_of(who);
            let threats = game.threats(stones).count_ones() as Score * THREAT;
            let centre: Score = (0..G::FILES)
                .map(|column| {
                    let in_column =
                        stones >> (column as u32 * row_step::<G>()) & ((1 << G::RANKS) - 1);
                    let distance = (column as Score * 2 - (G::FILES as Score - 1)).abs() / 2;
                    in_column.count_ones() as Score * (CENTRE - distance).max(0)
                })
                .sum();
            threats + centre
        };
        side_score(player) - side_score(1 - player)
    }
}

/// Why a move sequence does not describe a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParseError {
    /// A character that is not a column number (1 to the number of columns).
    BadColumn(char),
    /// A move into a full column, at this index of the string.
    FullColumn(usize),
    /// A move after the game ended, at this index of the string.
    GameOver(usize),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::BadColumn(c) => write!(f, "{c:?} is not a column number"),
            ParseError::FullColumn(at) => write!(f, "move {} drops into a full column", at + 1),
            ParseError::GameOver(at) => write!(f, "move {} comes after the game ended", at + 1),
        }
    }
}

impl std::error::Error for ParseError {}

impl<G: Geometry<Bits = u64>> FromStr for ConnectFour<G> {
    type Err = ParseError;

    /// A position as the columns played from the empty board, 1-based (`"4453"`); spaces are
    /// ignored.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let mut game = Self::new();
        for (index, c) in text.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let column = c
                .to_digit(36)
                .filter(|&d| d >= 1 && d <= G::FILES as u32)
                .ok_or(ParseError::BadColumn(c))? as u8
                - 1;
            if game.outcome_by_rule().is_some() {
                return Err(ParseError::GameOver(index));
            }
            if !game.can_play(column) {
                return Err(ParseError::FullColumn(index));
            }
            game.play(column);
        }
        Ok(game)
    }
}

impl<G: Geometry<Bits = u64>> fmt::Display for ConnectFour<G> {
    /// The board, top row first, with column numbers below.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..G::RANKS).rev() {
            for column in 0..G::FILES {
                write!(f, " {}", self.cell_char(column, row))?;
            }
            writeln!(f)?;
        }
        for column in 0..G::FILES {
            write!(f, " {}", column + 1)?;
        }
        Ok(())
    }
}

impl<G: Geometry<Bits = u64>> fmt::Debug for ConnectFour<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{self}")
    }
}

/// The README's example, run as a doc test so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
