//! `ByColor` and `ByRole`: one value per side or per kind of piece, indexed by [`Color`] and
//! [`Role`], with the board's pieces and material as such tables
//! ([`Board::by_color`], [`Board::by_role`], [`Board::material`]).

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::color::Color;
use crate::piece::Role;
use core::ops::{Index, IndexMut};

/// One value per side.
///
/// ```
/// use plyforge_chess::{Board, Color, Role};
/// let board = Board::default();
/// let material = board.material();
/// assert_eq!(material[Color::White][Role::Pawn], 8);
/// assert_eq!(material.black.queen, 1);
/// assert_eq!(board.by_color()[Color::Black].len(), 16);
/// assert_eq!(board.by_role().knight.len(), 4);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ByColor<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// The table with `value(color)` for each side.
    pub fn new_with(mut value: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            white: value(Color::White),
            black: value(Color::Black),
        }
    }

    /// The table of `f` applied to each value.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            white: f(self.white),
            black: f(self.black),
        }
    }

    /// The sides with their values, White first.
    pub fn iter(&self) -> impl Iterator<Item = (Color, &T)> {
        [(Color::White, &self.white), (Color::Black, &self.black)].into_iter()
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    fn index(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

/// One value per kind of piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ByRole<T> {
    /// The pawns' value.
    pub pawn: T,
    /// The knights' value.
    pub knight: T,
    /// The bishops' value.
    pub bishop: T,
    /// The rooks' value.
    pub rook: T,
    /// The queens' value.
    pub queen: T,
    /// The kings' value.
    pub king: T,
}

impl<T> ByRole<T> {
    /// The table with `value(role)` for each role.
    pub fn new_with(mut value: impl FnMut(Role) -> T) -> ByRole<T> {
        ByRole {
            pawn: value(Role::Pawn),
            knight: value(Role::Knight),
            bishop: value(Role::Bishop),
            rook: value(Role::Rook),
            queen: value(Role::Queen),
            king: value(Role::King),
        }
    }

    /// The table of `f` applied to each value.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByRole<U> {
        ByRole {
            pawn: f(self.pawn),
            knight: f(self.knight),
            bishop: f(self.bishop),
            rook: f(self.rook),
            queen: f(self.queen),
            king: f(self.king),
        }
    }

    /// The roles with their values, pawn first.
    pub fn iter(&self) -> impl Iterator<Item = (Role, &T)> {
        Role::ALL.into_iter().map(move |role| (role, &self[role]))
    }
}

impl<T> Index<Role> for ByRole<T> {
    type Output = T;
    fn index(&self, role: Role) -> &T {
        match role {
            Role::Pawn => &self.pawn,
            Role::Knight => &self.knight,
            Role::Bishop => &self.bishop,
            Role::Rook => &self.rook,
            Role::Queen => &self.queen,
            Role::King => &self.king,
        }
    }
}

impl<T> IndexMut<Role> for ByRole<T> {
    fn index_mut(&mut self, role: Role) -> &mut T {
        match role {
            Role::Pawn => &mut self.pawn,
            Role::Knight => &mut self.knight,
            Role::Bishop => &mut self.bishop,
            Role::Rook => &mut self.rook,
            Role::Queen => &mut self.queen,
            Role::King => &mut self.king,
        }
    }
}

impl Board {
    /// The pieces of each side.
    pub fn by_color(&self) -> ByColor<Bitboard> {
        ByColor::new_with(|color| self.color_pieces(color))
    }

    /// The pieces of each role, both sides.
    pub fn by_role(&self) -> ByRole<Bitboard> {
        ByRole::new_with(|role| self.role_pieces(role))
    }

    /// How many pieces of each role each side has.
    pub fn material(&self) -> ByColor<ByRole<u8>> {
        ByColor::new_with(|color| ByRole::new_with(|role| self.pieces(color, role).len() as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_the_board() {
        let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
            .parse()
            .unwrap();
        let by_color = board.by_color();
        let by_role = board.by_role();
        for color in Color::ALL {
            assert_eq!(by_color[color], board.color_pieces(color));
            for role in Role::ALL {
                assert_eq!(by_role[role] & by_color[color], board.pieces(color, role));
                assert_eq!(
                    u32::from(board.material()[color][role]),
                    board.pieces(color, role).len()
                );
            }
        }
        let total: u32 = by_role.iter().map(|(_, set)| set.len()).sum();
        assert_eq!(total, board.occupied().len());
        let mut counts = ByColor::<u8>::default();
        counts[Color::Black] += 2;
        assert_eq!(counts.map(u32::from), ByColor { white: 0, black: 2 });
    }
}
