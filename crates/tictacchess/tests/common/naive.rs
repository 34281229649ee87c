//! A second, naive TicTacChess move generator written straight from the rules page: an array of
//! 16 squares, coordinate arithmetic, no bitboards, no tables, no hashing. Moves are strings in
//! the notation. The tests compare it with the crate's bitboard generator.

use plyforge_tictacchess::{Color, PawnDirection, Position, Square};

/// `(is_white, letter)` of a piece, letter upper case: `P`, `N`, `B`, `R`.
pub type Cell = Option<(bool, char)>;

/// A naive position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Naive {
    /// Index `file + 4 * rank`.
    pub cells: [Cell; 16],
    /// By side (0 White, 1 Black): +1 north, -1 south.
    pub pawn_step: [i32; 2],
    pub white_to_move: bool,
}

const LETTERS: [char; 4] = ['P', 'N', 'B', 'R'];

fn side(white: bool) -> usize {
    if white { 0 } else { 1 }
}

fn start_step(white: bool) -> i32 {
    if white { 1 } else { -1 }
}

fn name(file: i32, rank: i32) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

fn on_board(file: i32, rank: i32) -> bool {
    (0..4).contains(&file) && (0..4).contains(&rank)
}

impl Naive {
    /// Copies a crate position through its public accessors only.
    pub fn from_position(position: &Position) -> Naive {
        let mut cells = [None; 16];
        for file in 0..4u8 {
            for rank in 0..4u8 {
                let square = Square::new(file, rank).unwrap();
                cells[(file + 4 * rank) as usize] = position
                    .piece_at(square)
                    .map(|(color, piece)| (color == Color::White, piece.letter()));
            }
        }
        let step = |color| match position.pawn_direction(color) {
            PawnDirection::North => 1,
            PawnDirection::South => -1,
        };
        Naive {
            cells,
            pawn_step: [step(Color::White), step(Color::Black)],
            white_to_move: position.side_to_move() == Color::White,
        }
    }

    fn at(&self, file: i32, rank: i32) -> Cell {
        self.cells[(file + 4 * rank) as usize]
    }

    fn in_hand(&self, white: bool, letter: char) -> bool {
        !self.cells.contains(&Some((white, letter)))
    }

    /// Whether `white`'s side has four in a rank, file or long diagonal.
    pub fn has_line(&self, white: bool) -> bool {
        let mine = |f: i32, r: i32| matches!(self.at(f, r), Some((w, _)) if w == white);
        let ranks = (0..4).any(|r| (0..4).all(|f| mine(f, r)));
        let files = (0..4).any(|f| (0..4).all(|r| mine(f, r)));
        let diagonal = (0..4).all(|i| mine(i, i));
        let anti = (0..4).all(|i| mine(3 - i, i));
        ranks || files || diagonal || anti
    }

    /// Every legal move as text, unordered.
    pub fn moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        if self.has_line(true) || self.has_line(false) {
            return moves;
        }
        let white = self.white_to_move;
        for letter in LETTERS {
            if self.in_hand(white, letter) {
                for index in 0..16 {
                    if self.cells[index].is_none() {
                        moves.push(format!(
                            "{letter}@{}",
                            name(index as i32 % 4, index as i32 / 4)
                        ));
                    }
                }
            }
        }
        for index in 0..16i32 {
            let (file, rank) = (index % 4, index / 4);
            let Some((w, letter)) = self.at(file, rank) else {
                continue;
            };
            if w != white {
                continue;
            }
            let from = name(file, rank);
            let mut add = |f: i32, r: i32| moves.push(format!("{from}{}", name(f, r)));
            let enemy = |f: i32, r: i32| matches!(self.at(f, r), Some((w, _)) if w != white);
            let free = |f: i32, r: i32| self.at(f, r).is_none();
            match letter {
                'P' => {
                    let dr = self.pawn_step[side(white)];
                    if on_board(file, rank + dr) && free(file, rank + dr) {
                        add(file, rank + dr);
                    }
                    for df in [-1, 1] {
                        if on_board(file + df, rank + dr) && enemy(file + df, rank + dr) {
                            add(file + df, rank + dr);
                        }
                    }
                }
                'N' => {
                    for (df, dr) in [
                        (1, 2),
                        (2, 1),
                        (2, -1),
                        (1, -2),
                        (-1, -2),
                        (-2, -1),
                        (-2, 1),
                        (-1, 2),
                    ] {
                        let (f, r) = (file + df, rank + dr);
                        if on_board(f, r) && (free(f, r) || enemy(f, r)) {
                            add(f, r);
                        }
                    }
                }
                _ => {
                    let directions: &[(i32, i32)] = if letter == 'B' {
                        &[(1, 1), (1, -1), (-1, 1), (-1, -1)]
                    } else {
                        &[(1, 0), (-1, 0), (0, 1), (0, -1)]
                    };
                    for &(df, dr) in directions {
                        let (mut f, mut r) = (file + df, rank + dr);
                        while on_board(f, r) {
                            if free(f, r) {
                                add(f, r);
                            } else {
                                if enemy(f, r) {
                                    add(f, r);
                                }
                                break;
                            }
                            f += df;
                            r += dr;
                        }
                    }
                }
            }
        }
        moves
    }

    /// Plays a move given as text (assumed legal).
    pub fn play(&mut self, mv: &str) {
        let white = self.white_to_move;
        let bytes = mv.as_bytes();
        let square = |at: usize| ((bytes[at] - b'a') as i32, (bytes[at + 1] - b'1') as i32);
        let (letter, (file, rank)) = if bytes[1] == b'@' {
            (bytes[0] as char, square(2))
        } else {
            let (f, r) = square(0);
            let (_, letter) = self.at(f, r).unwrap();
            self.cells[(f + 4 * r) as usize] = None;
            (letter, square(2))
        };
        let target = (file + 4 * rank) as usize;
        if let Some((captured_white, 'P')) = self.cells[target] {
            // A captured pawn forgets its direction.
            self.pawn_step[side(captured_white)] = start_step(captured_white);
        }
        self.cells[target] = Some((white, letter));
        if letter == 'P' {
            let step = &mut self.pawn_step[side(white)];
            let far = if *step == 1 { 3 } else { 0 };
            if rank == far {
                *step = -*step;
            }
        }
        self.white_to_move = !white;
    }

    /// The position in the rules page's notation.
    pub fn notation(&self) -> String {
        let mut text = String::new();
        for rank in (0..4).rev() {
            let mut empty = 0;
            for file in 0..4 {
                match self.at(file, rank) {
                    None => empty += 1,
                    Some((w, letter)) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(if w {
                            letter
                        } else {
                            letter.to_ascii_lowercase()
                        });
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            if rank > 0 {
                text.push('/');
            }
        }
        text.push_str(if self.white_to_move { " w " } else { " b " });
        let mut hands = String::new();
        for white in [true, false] {
            for letter in LETTERS {
                if self.in_hand(white, letter) {
                    hands.push(if white {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    });
                }
            }
        }
        text.push_str(if hands.is_empty() { "-" } else { &hands });
        text.push(' ');
        for step in self.pawn_step {
            text.push(if step == 1 { 'n' } else { 's' });
        }
        text
    }

    /// Leaf count of the legal-move tree, `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .iter()
            .map(|mv| {
                let mut child = self.clone();
                child.play(mv);
                child.perft(depth - 1)
            })
            .sum()
    }
}
