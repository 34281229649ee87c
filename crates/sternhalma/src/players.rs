//! The seating: how many play (2, 3, 4 or 6), which point is each player's home, and which is
//! its target (the opposite point). Players are numbered from 0 in turn order in the API and
//! from 1 in the notation.

use crate::error::PlayerCountError;
use crate::star::{POINTS, opposite_point};
use core::fmt;
use core::str::FromStr;

/// The most players a game can have.
pub const MAX_PLAYERS: usize = 6;

/// The marbles each player has: one per hole of a point.
pub const MARBLES_PER_PLAYER: u32 = 10;

/// A legal number of players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PlayerCount {
    /// Homes P0 and P3.
    Two,
    /// Homes P0, P2 and P4.
    Three,
    /// Homes P1, P2, P4 and P5.
    Four,
    /// Every point, P0 to P5.
    Six,
}

impl PlayerCount {
    /// Every legal count, smallest first.
    pub const ALL: [PlayerCount; 4] = [
        PlayerCount::Two,
        PlayerCount::Three,
        PlayerCount::Four,
        PlayerCount::Six,
    ];

    /// The count for `players`, or an error naming it.
    ///
    /// ```
    /// use plyforge_sternhalma::PlayerCount;
    /// assert_eq!(PlayerCount::new(4), Ok(PlayerCount::Four));
    /// assert!(PlayerCount::new(5).is_err());
    /// ```
    pub const fn new(players: usize) -> Result<PlayerCount, PlayerCountError> {
        match players {
            2 => Ok(PlayerCount::Two),
            3 => Ok(PlayerCount::Three),
            4 => Ok(PlayerCount::Four),
            6 => Ok(PlayerCount::Six),
            _ => Err(PlayerCountError::Unsupported(players)),
        }
    }

    /// The number of players.
    #[inline]
    pub const fn get(self) -> usize {
        match self {
            PlayerCount::Two => 2,
            PlayerCount::Three => 3,
            PlayerCount::Four => 4,
            PlayerCount::Six => 6,
        }
    }

    /// The homes (points) of the players in turn order.
    ///
    /// ```
    /// use plyforge_sternhalma::PlayerCount;
    /// assert_eq!(PlayerCount::Three.homes(), &[0, 2, 4]);
    /// ```
    pub const fn homes(self) -> &'static [usize] {
        match self {
            PlayerCount::Two => &[0, 3],
            PlayerCount::Three => &[0, 2, 4],
            PlayerCount::Four => &[1, 2, 4, 5],
            PlayerCount::Six => &[0, 1, 2, 3, 4, 5],
        }
    }

    /// The home point of `player` (from 0).
    #[inline]
    pub const fn home(self, player: usize) -> usize {
        self.homes()[player]
    }

    /// The target point of `player` (from 0): the point opposite its home.
    #[inline]
    pub const fn target(self, player: usize) -> usize {
        opposite_point(self.home(player))
    }

    /// The holes of `player`'s target.
    #[inline]
    pub fn target_holes(self, player: usize) -> u128 {
        TARGET_HOLES[self as usize][player % MAX_PLAYERS]
    }

    /// The target point of `player` by table lookup (no `match`), for the hot paths.
    #[inline(always)]
    pub(crate) fn target_fast(self, player: usize) -> usize {
        TARGET_POINTS[self as usize][player % MAX_PLAYERS]
    }

    /// The player after `player` in turn order, without a division.
    #[inline(always)]
    pub(crate) const fn next(self, player: usize) -> usize {
        if player + 1 == self.get() {
            0
        } else {
            player + 1
        }
    }

    /// The player before `player` in turn order, without a division.
    #[inline(always)]
    pub(crate) const fn previous(self, player: usize) -> usize {
        if player == 0 {
            self.get() - 1
        } else {
            player - 1
        }
    }
}

/// `TARGET_POINTS[count][player]`: the target point of each seat, per player count (in the
/// order of [`PlayerCount::ALL`]; unused seats 0).
static TARGET_POINTS: [[usize; MAX_PLAYERS]; 4] = target_points();

/// `TARGET_HOLES[count][player]`: the holes of those targets (unused seats empty).
static TARGET_HOLES: [[u128; MAX_PLAYERS]; 4] = target_holes();

const fn target_points() -> [[usize; MAX_PLAYERS]; 4] {
    let mut table = [[0; MAX_PLAYERS]; 4];
    let mut count = 0;
    while count < PlayerCount::ALL.len() {
        let players = PlayerCount::ALL[count];
        let mut player = 0;
        while player < players.get() {
            table[count][player] = players.target(player);
            player += 1;
        }
        count += 1;
    }
    table
}

const fn target_holes() -> [[u128; MAX_PLAYERS]; 4] {
    let points = target_points();
    let masks = crate::star::point_masks();
    let mut table = [[0; MAX_PLAYERS]; 4];
    let mut count = 0;
    while count < PlayerCount::ALL.len() {
        let mut player = 0;
        while player < PlayerCount::ALL[count].get() {
            table[count][player] = masks[points[count][player] % POINTS];
            player += 1;
        }
        count += 1;
    }
    table
}

impl fmt::Display for PlayerCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

impl FromStr for PlayerCount {
    type Err = PlayerCountError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let players = text
            .parse::<usize>()
            .map_err(|_| PlayerCountError::NotANumber)?;
        PlayerCount::new(players)
    }
}
