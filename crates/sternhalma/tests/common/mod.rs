//! A naive reference implementation of the rules page for the tests: coordinates from the row
//! lengths, recursive jumps, a set of destinations, positions as a plain array of owners. It
//! shares nothing with the crate's move generation, so agreement between the two checks both.

#![allow(dead_code)]

use std::collections::BTreeSet;
use std::sync::LazyLock;

const ROW_LENGTHS: [i32; 17] = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];
const DELTAS: [(i32, i32); 6] = [(0, 2), (0, -2), (-1, 1), (-1, -1), (1, 1), (1, -1)];

/// A position as the rules page writes it: an owner per hole (0 = empty, 1..=n), n, to move.
#[derive(Clone, Debug)]
pub struct Naive {
    pub board: Vec<u8>,
    pub players: usize,
    pub to_move: usize,
}

/// (row, doubled column) of every hole, computed once.
pub fn coordinates() -> &'static [(i32, i32)] {
    static COORDINATES: LazyLock<Vec<(i32, i32)>> = LazyLock::new(compute_coordinates);
    &COORDINATES
}

fn compute_coordinates() -> Vec<(i32, i32)> {
    let mut holes = Vec::new();
    for (row, &length) in ROW_LENGTHS.iter().enumerate() {
        for i in 0..length {
            holes.push((row as i32, 12 - (length - 1) + 2 * i));
        }
    }
    holes
}

pub fn hole_at(row: i32, column: i32) -> Option<usize> {
    coordinates()
        .iter()
        .position(|&(r, c)| r == row && c == column)
}

/// The holes of point `k` by the rules page's table.
pub fn point(k: usize) -> Vec<usize> {
    let coords = coordinates();
    let mut holes = Vec::new();
    for (hole, &(row, _)) in coords.iter().enumerate() {
        let in_row: Vec<usize> = (0..coords.len()).filter(|&h| coords[h].0 == row).collect();
        let index = in_row.iter().position(|&h| h == hole).unwrap();
        let length = in_row.len();
        let r = row as usize;
        let inside = match k {
            0 => r <= 3,
            3 => r >= 13,
            1 => (4..=7).contains(&r) && index >= length - (8 - r),
            5 => (4..=7).contains(&r) && index < 8 - r,
            2 => (9..=12).contains(&r) && index >= length - (r - 8),
            4 => (9..=12).contains(&r) && index < r - 8,
            _ => unreachable!(),
        };
        if inside {
            holes.push(hole);
        }
    }
    holes
}

pub fn homes(players: usize) -> Vec<usize> {
    match players {
        2 => vec![0, 3],
        3 => vec![0, 2, 4],
        4 => vec![1, 2, 4, 5],
        6 => vec![0, 1, 2, 3, 4, 5],
        _ => panic!("no such player count"),
    }
}

impl Naive {
    pub fn parse(text: &str) -> Naive {
        let fields: Vec<&str> = text.split(' ').collect();
        Naive {
            board: fields[0]
                .chars()
                .map(|c| if c == '.' { 0 } else { c as u8 - b'0' })
                .collect(),
            players: fields[1].parse().unwrap(),
            to_move: fields[2].parse::<usize>().unwrap() - 1,
        }
    }

    fn target(&self, player: usize) -> Vec<usize> {
        point((homes(self.players)[player] + 3) % 6)
    }

    pub fn winner(&self) -> Option<usize> {
        let last = (self.to_move + self.players - 1) % self.players;
        let target = self.target(last);
        let full = target.iter().all(|&h| self.board[h] != 0);
        let own = target.iter().any(|&h| self.board[h] as usize == last + 1);
        (full && own).then_some(last)
    }

    /// The legal moves as text, `FROM-TO` or `pass`.
    pub fn moves(&self) -> BTreeSet<String> {
        let mut moves = BTreeSet::new();
        if self.winner().is_some() {
            return moves;
        }
        let coords = coordinates();
        for from in 0..self.board.len() {
            if self.board[from] as usize != self.to_move + 1 {
                continue;
            }
            let mut board = self.board.clone();
            board[from] = 0;
            let mut destinations = BTreeSet::new();
            let (row, column) = coords[from];
            for (dr, dc) in DELTAS {
                if let Some(next) = hole_at(row + dr, column + dc)
                    && board[next] == 0
                {
                    destinations.insert(next);
                }
            }
            let mut visited = BTreeSet::from([from]);
            jumps(&board, from, &mut visited);
            destinations.extend(visited);
            destinations.remove(&from);
            for to in destinations {
                moves.insert(format!("{from}-{to}"));
            }
        }
        if moves.is_empty() {
            moves.insert("pass".to_string());
        }
        moves
    }

    pub fn play(&mut self, mv: &str) {
        if mv != "pass" {
            let (from, to) = mv.split_once('-').unwrap();
            let (from, to): (usize, usize) = (from.parse().unwrap(), to.parse().unwrap());
            self.board[to] = self.board[from];
            self.board[from] = 0;
        }
        self.to_move = (self.to_move + 1) % self.players;
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|mv| {
                let mut child = self.clone();
                child.play(mv);
                child.perft(depth - 1)
            })
            .sum()
    }
}

/// Every hole reachable from `at` by jumps, recursively (the board has the mover lifted).
fn jumps(board: &[u8], at: usize, visited: &mut BTreeSet<usize>) {
    let (row, column) = coordinates()[at];
    for (dr, dc) in DELTAS {
        let over = hole_at(row + dr, column + dc);
        let landing = hole_at(row + 2 * dr, column + 2 * dc);
        if let (Some(over), Some(landing)) = (over, landing)
            && board[over] != 0
            && board[landing] == 0
            && visited.insert(landing)
        {
            jumps(board, landing, visited);
        }
    }
}

/// A position string from each player's holes (players from 1), the count and the mover.
pub fn position(players: usize, marbles: &[&[usize]], to_move: usize) -> String {
    let mut board = vec!['.'; 121];
    for (player, holes) in marbles.iter().enumerate() {
        for &hole in holes.iter() {
            assert_eq!(board[hole], '.', "hole {hole} twice");
            board[hole] = char::from(b'1' + player as u8);
        }
    }
    format!("{} {players} {to_move}", board.iter().collect::<String>())
}

/// The hole at (row, doubled column); panics off the board (test data only).
pub fn at(row: i32, column: i32) -> usize {
    hole_at(row, column).unwrap_or_else(|| panic!("no hole at ({row}, {column})"))
}
