//! The smoke test's inputs, deterministic from a seed: valid texts for each parser, made from
//! random reachable positions (standard chess, Chess960, TicTacChess, Sternhalma for every
//! player count), then mutated at the byte level (flips, insertions, deletions, splices of
//! text that matters to the grammar), plus random bytes.

use crate::Parser;
use plyforge_bitboard::BitBoard;
use plyforge_bitboard::geometries::Grid8x8;
use plyforge_chess::Board;
use plyforge_chess::nnue::{
    FEATURE_COUNT, KING_BUCKETS, MAX_OUTPUT_BUCKETS, MAX_OUTPUT_WEIGHT, Network,
};
use plyforge_sternhalma as sternhalma;
use plyforge_tictacchess as tictacchess;

/// A small, fast random number generator (xorshift64*), so that a seed gives the same inputs
/// everywhere.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (any value; 0 is moved off the fixed point).
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15 | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `bound` (which must not be 0).
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound as u64) as usize
    }

    /// One of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Chess positions random games start from: the standard start, a middlegame with every
/// castling right, and Chess960 starts in Shredder-FEN and X-FEN.
const CHESS_STARTS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "rk5r/R3p3/3p2pp/1pp2pn1/1Pb2P2/3P4/1KPBP1PP/1NNQRB2 b q - 0 16",
];

/// Text that matters to the grammars, spliced in by mutations.
const TOKENS: [&str; 41] = [
    " ", "/", "-", "\"", ";", "\\", "\n", "0", "1", "8", "9", "K", "Q", "k", "q", "w", "b", "x",
    "+", "#", "=", "O-O", "0000", "e8q", "@", "moves", "startpos", "fen", "{", "}", "(", ")", "[",
    "]", "$", "!?", "%", "1-0", "*", "\r\n", "\u{feff}",
];

/// Lines of the UCI protocol to start mutations from.
const UCI_LINES: [&str; 14] = [
    "uci",
    "isready",
    "ucinewgame",
    "position startpos",
    "position startpos moves e2e4 e7e5 g1f3",
    "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1",
    "go wtime 60000 btime 60000 winc 1000 binc 1000 movestogo 40",
    "go depth 12 nodes 100000 movetime 250",
    "go infinite searchmoves e2e4 d2d4",
    "go mate 3 ponder",
    "setoption name Hash value 64",
    "setoption name UCI_Chess960 value true",
    "stop",
    "quit",
];

/// A board reached by a random game of up to 80 plies from one of the starts.
fn random_board(rng: &mut Rng) -> Board {
    let mut board: Board = rng
        .pick(&CHESS_STARTS)
        .parse()
        .expect("the starts are valid");
    for _ in 0..rng.below(80) {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        board.play(*rng.pick(&moves));
    }
    board
}

/// A random legal move of `board` in its notation, or the board's FEN when it has none.
fn random_chess_move(
    board: &Board,
    rng: &mut Rng,
    write: impl Fn(&Board, plyforge_chess::Move) -> String,
) -> String {
    let moves = board.legal_moves();
    if moves.is_empty() {
        return board.to_string();
    }
    write(board, *rng.pick(&moves))
}

/// A game of PGN from one of the starts: tags, numbered moves, comments, NAGs, a variation.
fn random_pgn(rng: &mut Rng) -> String {
    let start: Board = rng
        .pick(&CHESS_STARTS)
        .parse()
        .expect("the starts are valid");
    let mut text = String::from("[Event \"Fuzz\"]\n[Site \"?\"]\n");
    if start != Board::default() {
        text.push_str(&format!("[SetUp \"1\"]\n[FEN \"{start}\"]\n"));
    }
    text.push('\n');
    let mut board = start;
    for ply in 0..rng.below(60) {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = *rng.pick(&moves);
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        text.push_str(&board.san(mv));
        text.push(' ');
        match rng.below(12) {
            0 => text.push_str("{a comment} "),
            1 => text.push_str("$1 "),
            2 => text.push_str("; to the end\n"),
            3 => {
                let other = *rng.pick(&moves);
                text.push_str(&format!("({}) ", board.san(other)));
            }
            _ => {}
        }
        board.play(mv);
    }
    let result = *rng.pick(&["1-0", "0-1", "1/2-1/2", "*"]);
    text.push_str(result);
    text.push('\n');
    text
}

/// A TicTacChess position reached by a random game.
fn random_tictacchess(rng: &mut Rng) -> tictacchess::Position {
    let mut position = tictacchess::Position::start();
    for _ in 0..rng.below(30) {
        let moves = position.legal_moves();
        if moves.is_empty() || position.is_won() {
            break;
        }
        position.play(*rng.pick(&moves));
    }
    position
}

/// A Sternhalma position reached by a random game, for a random player count.
fn random_sternhalma(rng: &mut Rng) -> sternhalma::Position {
    let players = *rng.pick(&sternhalma::PlayerCount::ALL);
    let mut position = sternhalma::Position::new(players);
    for _ in 0..rng.below(60) {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position.play(*rng.pick(&moves));
    }
    position
}

/// A network file of a random small network: hidden size 1 to 8, one king bucket or
/// [`KING_BUCKETS`], 1 to 8 output buckets, mirrored views or none, feature weights large
/// enough that the accumulators of a full board wrap.
fn random_network(rng: &mut Rng) -> Vec<u8> {
    let hidden = 1 + rng.below(8);
    let king_buckets = if rng.below(2) == 0 { 1 } else { KING_BUCKETS };
    let buckets = 1 + rng.below(MAX_OUTPUT_BUCKETS);
    let mut within = |limit: i64| (rng.next_u64() % (2 * limit as u64 + 1)) as i64 - limit;
    let feature_weights = (0..king_buckets * FEATURE_COUNT * hidden)
        .map(|_| within(2000) as i16)
        .collect();
    let hidden_bias = (0..hidden).map(|_| within(2000) as i16).collect();
    let output_weights = (0..buckets * 2 * hidden)
        .map(|_| within(i64::from(MAX_OUTPUT_WEIGHT)) as i16)
        .collect();
    let output_biases = (0..buckets).map(|_| within(1 << 30) as i32).collect();
    Network::from_parts(
        hidden,
        feature_weights,
        hidden_bias,
        output_weights,
        output_biases,
    )
    .expect("parts of the sizes the network calls for")
    .with_mirrored_views(rng.below(2) == 0)
    .to_bytes()
}

/// A valid input for `parser`.
pub fn valid(parser: Parser, rng: &mut Rng) -> Vec<u8> {
    match parser {
        Parser::NetworkFile => random_network(rng),
        text => valid_text(text, rng).into_bytes(),
    }
}

/// A valid input for `parser`, a parser of text.
fn valid_text(parser: Parser, rng: &mut Rng) -> String {
    match parser {
        Parser::NetworkFile => unreachable!("a network file is bytes: `valid` makes it"),
        Parser::Fen => random_board(rng).to_string(),
        Parser::Epd => {
            let board = random_board(rng);
            let fen = board.to_string();
            let fields: Vec<&str> = fen.split(' ').collect();
            let mut text = fields[..if rng.below(2) == 0 { 4 } else { 6 }].join(" ");
            for _ in 0..rng.below(4) {
                let operand = match rng.below(4) {
                    0 => random_chess_move(&board, rng, |board, mv| board.san(mv)),
                    1 => format!(
                        "\"{}\"",
                        rng.pick(&["WAC.001", "a b", "x;y", "say \\\"hi\\\""])
                    ),
                    2 => rng.below(1000).to_string(),
                    _ => "\"\"".to_string(),
                };
                let opcode = rng.pick(&["bm", "am", "id", "c0", "D1", "hmvc", "pv"]);
                text.push_str(&format!(" {opcode} {operand};"));
            }
            text
        }
        Parser::San => {
            let board = random_board(rng);
            let san = random_chess_move(&board, rng, |board, mv| board.san(mv));
            format!("{board}\n{san}")
        }
        Parser::SanNotation => {
            let board = random_board(rng);
            let san = random_chess_move(&board, rng, |board, mv| board.san(mv));
            let decoration = rng.pick(&["", "!", "?", "!?", "??", "+", "#"]);
            format!("{san}{decoration}")
        }
        Parser::Pgn => random_pgn(rng),
        Parser::UciMove => {
            let board = random_board(rng);
            let chess960 = rng.below(2) == 0;
            let uci = random_chess_move(&board, rng, |_, mv| mv.to_uci(chess960).to_string());
            format!("{board}\n{uci}")
        }
        Parser::UciCommand => rng.pick(&UCI_LINES).to_string(),
        Parser::TicTacChessPosition => random_tictacchess(rng).to_string(),
        Parser::TicTacChessMove => {
            let position = random_tictacchess(rng);
            let moves = position.legal_moves();
            if moves.is_empty() {
                "N@a1".to_string()
            } else {
                rng.pick(&moves).to_string()
            }
        }
        Parser::SternhalmaPosition => random_sternhalma(rng).to_string(),
        Parser::SternhalmaMove => {
            let moves = random_sternhalma(rng).legal_moves();
            if moves.is_empty() {
                "pass".to_string()
            } else {
                rng.pick(&moves).to_string()
            }
        }
        Parser::BitBoardPicture => BitBoard::<Grid8x8>::from_bits(rng.next_u64()).to_string(),
    }
}

/// `data` changed by one to four random mutations.
pub fn mutate(data: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut data = data.to_vec();
    for _ in 0..=rng.below(4) {
        let at = rng.below(data.len() + 1);
        match rng.below(6) {
            0 if at < data.len() => data[at] ^= 1 << rng.below(8),
            1 if at < data.len() => {
                data.remove(at);
            }
            2 => data.insert(at, rng.next_u64() as u8),
            3 => {
                let token = rng.pick(&TOKENS).as_bytes();
                data.splice(at..at, token.iter().copied());
            }
            4 => data.truncate(at),
            _ if at < data.len() => {
                let other = rng.below(data.len());
                data.swap(at, other);
            }
            _ => data.push(b' '),
        }
    }
    data
}

/// The `index`-th input of a smoke run for `parser`: mostly mutations of valid texts, some
/// valid texts unchanged, some random bytes.
pub fn input(parser: Parser, rng: &mut Rng) -> Vec<u8> {
    match rng.below(8) {
        0 => valid(parser, rng),
        1 => (0..rng.below(64)).map(|_| rng.next_u64() as u8).collect(),
        _ => {
            let data = valid(parser, rng);
            mutate(&data, rng)
        }
    }
}
