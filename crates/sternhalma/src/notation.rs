//! The position notation of the rules page: 121 characters, one per hole in hole order (`.` for
//! empty, `1`..`6` for a player's marble), the number of players, and the player to move (from
//! 1), separated by single spaces. `Display` writes it and `FromStr` reads it back, rejecting
//! anything else with a [`ParsePositionError`] that names the problem.

use crate::error::ParsePositionError;
use crate::players::{MARBLES_PER_PLAYER, MAX_PLAYERS, PlayerCount};
use crate::position::Position;
use crate::star::HOLES;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

/// The character of an empty hole.
const EMPTY: char = '.';

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut board = String::with_capacity(HOLES);
        for hole in 0..HOLES as u8 {
            board.push(match self.owner(hole) {
                Some(player) => char::from(b'1' + player as u8),
                None => EMPTY,
            });
        }
        write!(f, "{board} {} {}", self.players(), self.to_move() + 1)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads the notation `Display` prints (the owner of each of the 121 holes, `.` for an
    /// empty one, then the player count and the player to move, from 1), strictly, and checks
    /// that each player has its ten marbles; the printed text reads back to an equal position.
    ///
    /// ```
    /// use plyforge_sternhalma::{PlayerCount, Position};
    /// let start = Position::new(PlayerCount::Six);
    /// let text = start.to_string();
    /// assert_eq!(text.parse::<Position>()?, start);
    /// assert!("1111 2 1".parse::<Position>().is_err());
    /// # Ok::<(), plyforge_sternhalma::ParsePositionError>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let fields: Vec<&str> = text.split(' ').collect();
        let [board, players, to_move] = fields.as_slice() else {
            return Err(ParsePositionError::FieldCount(fields.len()));
        };
        let players: PlayerCount = players.parse().map_err(ParsePositionError::PlayerCount)?;
        let length = board.chars().count();
        if length != HOLES {
            return Err(ParsePositionError::BoardLength(length));
        }
        let mut marbles = [0u128; MAX_PLAYERS];
        for (hole, character) in board.chars().enumerate() {
            match character {
                EMPTY => {}
                '1'..='6' => {
                    let player = character as u8 - b'0';
                    if player as usize > players.get() {
                        return Err(ParsePositionError::NoSuchPlayer { hole, player });
                    }
                    marbles[player as usize - 1] |= 1u128 << hole;
                }
                _ => return Err(ParsePositionError::BadCharacter { hole, character }),
            }
        }
        for (player, &set) in marbles.iter().enumerate().take(players.get()) {
            if set.count_ones() != MARBLES_PER_PLAYER {
                return Err(ParsePositionError::MarbleCount {
                    player: player + 1,
                    count: set.count_ones(),
                });
            }
        }
        let to_move = match to_move.parse::<usize>() {
            Ok(player)
                if (1..=players.get()).contains(&player)
                    && to_move.bytes().all(|b| b.is_ascii_digit()) =>
            {
                player - 1
            }
            _ => return Err(ParsePositionError::ToMove(to_move.to_string())),
        };
        Ok(Position::from_parts(players, marbles, to_move))
    }
}
