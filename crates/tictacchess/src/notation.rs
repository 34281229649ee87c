//! The position notation of the rules page: `board side hands directions`, e.g. the start
//! `4/4/4/4 w PNBRpnbr ns`. Reading checks the syntax first ([`NotationError`]) and then the
//! rules ([`InvalidPositionError`]); printing gives the canonical form, so that printing what was
//! read gives the same text whenever the text was canonical.

use crate::attacks::STRIDE;
use crate::error::{InvalidPositionError, NotationError, ParsePositionError};
use crate::piece::{Color, PawnDirection, Piece};
use crate::position::Position;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

/// The number of fields of a position.
const FIELDS: usize = 4;
/// Files and ranks of the board.
const SIDE: u8 = 4;

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..SIDE).rev() {
            let mut empty = 0;
            for file in 0..SIDE {
                let bit = 1u32 << (file as i32 + STRIDE * rank as i32);
                let found = Color::ALL.into_iter().find_map(|color| {
                    Piece::ALL
                        .into_iter()
                        .find(|piece| self.pieces[color.index()][piece.index()] == bit)
                        .map(|piece| piece.letter_of(color))
                });
                match found {
                    Some(letter) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{letter}")?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        let side = match self.side {
            Color::White => 'w',
            Color::Black => 'b',
        };
        write!(f, " {side} ")?;
        let mut any = false;
        for color in Color::ALL {
            for piece in self.hand(color) {
                write!(f, "{}", piece.letter_of(color))?;
                any = true;
            }
        }
        if !any {
            f.write_str("-")?;
        }
        write!(
            f,
            " {}{}",
            self.pawn_direction(Color::White).letter(),
            self.pawn_direction(Color::Black).letter()
        )
    }
}

/// Where each piece was seen while reading: on the board at a bit, or in hand.
#[derive(Default)]
struct Seen {
    board: [[Option<u32>; Piece::NUM]; 2],
    hand: [[bool; Piece::NUM]; 2],
}

impl Seen {
    fn place(&mut self, color: Color, piece: Piece, bit: u32) -> Result<(), InvalidPositionError> {
        let slot = &mut self.board[color.index()][piece.index()];
        if slot.is_some() {
            return Err(InvalidPositionError::DuplicatePiece { color, piece });
        }
        *slot = Some(bit);
        Ok(())
    }
}

/// Reads the board field into `seen`. Syntax is checked for the whole field before any
/// legality error is reported, so a broken board is always a syntax error.
fn read_board(field: &str) -> Result<Vec<(Color, Piece, u32)>, NotationError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != SIDE as usize {
        return Err(NotationError::RankCount { found: ranks.len() });
    }
    let mut placed = Vec::new();
    for (row, text) in ranks.iter().enumerate() {
        let rank = SIDE - 1 - row as u8;
        let mut file = 0usize;
        let mut previous_digit = false;
        for c in text.chars() {
            if let Some(run) = c.to_digit(10).filter(|d| (1..=SIDE as u32).contains(d)) {
                if previous_digit {
                    return Err(NotationError::AdjacentDigits { rank: rank + 1 });
                }
                previous_digit = true;
                file += run as usize;
            } else if let Some((color, piece)) = Piece::from_colored_letter(c) {
                previous_digit = false;
                if file < SIDE as usize {
                    placed.push((color, piece, 1u32 << (file as i32 + STRIDE * rank as i32)));
                }
                file += 1;
            } else {
                return Err(NotationError::BoardCharacter { found: c });
            }
        }
        if file != SIDE as usize {
            return Err(NotationError::RankLength {
                rank: rank + 1,
                squares: file,
            });
        }
    }
    Ok(placed)
}

/// Reads the hands field: `-`, or White's letters (any order) then Black's.
fn read_hands(field: &str) -> Result<Vec<(Color, Piece)>, NotationError> {
    if field == "-" {
        return Ok(Vec::new());
    }
    let mut hands = Vec::new();
    let mut black_started = false;
    for c in field.chars() {
        if c == '-' {
            return Err(NotationError::HandDash);
        }
        let (color, piece) =
            Piece::from_colored_letter(c).ok_or(NotationError::HandCharacter { found: c })?;
        match color {
            Color::White if black_started => return Err(NotationError::HandOrder { found: c }),
            Color::White => {}
            Color::Black => black_started = true,
        }
        hands.push((color, piece));
    }
    Ok(hands)
}

fn read_direction(c: char) -> Result<PawnDirection, NotationError> {
    match c {
        'n' => Ok(PawnDirection::North),
        's' => Ok(PawnDirection::South),
        _ => Err(NotationError::PawnDirections),
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads a position in the notation of the rules page, strictly: the board's four ranks,
    /// the side to move, the pieces in hand (or `-`), the pawn directions; one space between
    /// fields. `Display` prints the same notation, which reads back to an equal position.
    ///
    /// ```
    /// use plyforge_tictacchess::{NotationError, ParsePositionError, Position};
    /// let position: Position = "4/1n2/2P1/R3 b NBpbr ns".parse()?;
    /// assert_eq!(position.to_string(), "4/1n2/2P1/R3 b NBpbr ns");
    /// assert_eq!(
    ///     "4/4/4/4 x PNBRpnbr ns".parse::<Position>(),
    ///     Err(ParsePositionError::Syntax(NotationError::SideToMove))
    /// );
    /// # Ok::<(), ParsePositionError>(())
    /// ```
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        let fields: Vec<&str> = text.split(' ').collect();
        if fields.iter().any(|field| field.is_empty()) && fields.len() > 1 {
            return Err(NotationError::ExtraSpace.into());
        }
        if fields.len() != FIELDS {
            return Err(NotationError::FieldCount {
                found: text.split_whitespace().count(),
            }
            .into());
        }
        let placed = read_board(fields[0])?;
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(NotationError::SideToMove.into()),
        };
        let hands = read_hands(fields[2])?;
        let mut directions = fields[3].chars();
        let (Some(white), Some(black), None) =
            (directions.next(), directions.next(), directions.next())
        else {
            return Err(NotationError::PawnDirections.into());
        };
        let directions = [read_direction(white)?, read_direction(black)?];

        let mut seen = Seen::default();
        for (color, piece, bit) in placed {
            seen.place(color, piece, bit)?;
        }
        for (color, piece) in hands {
            let in_hand = &mut seen.hand[color.index()][piece.index()];
            if *in_hand || seen.board[color.index()][piece.index()].is_some() {
                return Err(InvalidPositionError::DuplicatePiece { color, piece }.into());
            }
            *in_hand = true;
        }
        let mut position = Position::start();
        position.side = side;
        for color in Color::ALL {
            for piece in Piece::ALL {
                let on_board = seen.board[color.index()][piece.index()];
                if on_board.is_none() && !seen.hand[color.index()][piece.index()] {
                    return Err(InvalidPositionError::MissingPiece { color, piece }.into());
                }
                let bit = on_board.unwrap_or(0);
                position.pieces[color.index()][piece.index()] = bit;
                position.occupied[color.index()] |= bit;
            }
            let direction = directions[color.index()];
            let pawn = position.pieces[color.index()][Piece::Pawn.index()];
            if pawn == 0 && direction != color.pawn_start() {
                return Err(InvalidPositionError::PawnInHandTurned { color }.into());
            }
            if pawn & crate::attacks::far_rank(direction) != 0 {
                return Err(InvalidPositionError::PawnOnFarRank { color }.into());
            }
            position.turned[color.index()] = direction != color.pawn_start();
        }
        position.hash = position.compute_hash();
        Ok(position)
    }
}
