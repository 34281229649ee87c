//! The check of each parser: see the crate documentation for what every check asserts.

use plyforge_bitboard::BitBoard;
use plyforge_bitboard::geometries::Grid8x8;
use plyforge_chess::nnue::{FORMAT_VERSION, Network, NnueBoard};
use plyforge_chess::pgn::{Game, GameBuilder, Reader, Skip, Visitor};
use plyforge_chess::{Board, Epd, San, SanPlus, UciMove};
use plyforge_search::Game as SearchGame;
use plyforge_sternhalma as sternhalma;
use plyforge_tictacchess as tictacchess;
use plyforge_uci::Command;
use std::sync::Arc;

/// The parsers under test, each with its check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Parser {
    /// Chess FEN, X-FEN and Shredder-FEN, strict and lenient.
    Fen,
    /// EPD records, strict and lenient.
    Epd,
    /// SAN moves on a position (the first line of the input is its FEN).
    San,
    /// SAN alone, without a board (`SanPlus`): parse, print, parse again.
    SanNotation,
    /// PGN text of any bytes: every game read, written and read again.
    Pgn,
    /// UCI moves, alone and on a position (the first line of the input is its FEN).
    UciMove,
    /// Lines of the UCI protocol.
    UciCommand,
    /// TicTacChess positions.
    TicTacChessPosition,
    /// TicTacChess moves, alone and on the start position.
    TicTacChessMove,
    /// Sternhalma positions.
    SternhalmaPosition,
    /// Sternhalma moves, alone and on a start position.
    SternhalmaMove,
    /// Bitboard pictures (8x8).
    BitBoardPicture,
    /// Chess network files (`plyforge_chess::nnue::Network`), bytes.
    NetworkFile,
}

impl Parser {
    /// Every parser.
    pub const ALL: [Parser; 13] = [
        Parser::Fen,
        Parser::Epd,
        Parser::San,
        Parser::SanNotation,
        Parser::Pgn,
        Parser::UciMove,
        Parser::UciCommand,
        Parser::TicTacChessPosition,
        Parser::TicTacChessMove,
        Parser::SternhalmaPosition,
        Parser::SternhalmaMove,
        Parser::BitBoardPicture,
        Parser::NetworkFile,
    ];

    /// Runs the checks on `data`; panics when a property fails. Returns whether the parser
    /// accepted the input (so that a run can tell that it exercised more than the errors).
    pub fn check(self, data: &[u8]) -> bool {
        match self {
            Parser::Pgn => return check_pgn(data),
            Parser::SanNotation => return check_san_notation(data),
            Parser::NetworkFile => return check_network_file(data),
            _ => {}
        }
        let Ok(text) = core::str::from_utf8(data) else {
            return false;
        };
        match self {
            Parser::Fen => check_fen(text),
            Parser::Epd => check_epd(text),
            Parser::San => check_san(text),
            Parser::SanNotation | Parser::Pgn | Parser::NetworkFile => {
                unreachable!("checked on bytes above")
            }
            Parser::UciMove => check_uci_move(text),
            Parser::UciCommand => check_uci_command(text),
            Parser::TicTacChessPosition => check_tictacchess_position(text),
            Parser::TicTacChessMove => check_tictacchess_move(text),
            Parser::SternhalmaPosition => check_sternhalma_position(text),
            Parser::SternhalmaMove => check_sternhalma_move(text),
            Parser::BitBoardPicture => check_bitboard_picture(text),
        }
    }
}

/// Positions whose moves include castling both ways, en passant and promotions with and
/// without capture.
const NETWORK_POSITIONS: [&str; 3] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
];

/// A network file: what reads writes back (the same bytes for the current version, the same
/// network for any), scores positions without panicking, and its accumulators updated move by
/// move equal those computed from scratch after every move of positions with every kind of
/// move, whatever the weights (the updates wrap as the fresh sums do).
fn check_network_file(data: &[u8]) -> bool {
    let Ok(network) = Network::from_bytes(data) else {
        return false;
    };
    let bytes = network.to_bytes();
    assert_eq!(Network::from_bytes(&bytes).as_ref(), Ok(&network));
    if data[4..8] == FORMAT_VERSION.to_le_bytes() {
        assert_eq!(
            bytes, data,
            "a network file of the current version writes back as read"
        );
    }
    let network = Arc::new(network);
    for fen in NETWORK_POSITIONS {
        let board: Board = fen.parse().expect("a valid FEN");
        let mut position = NnueBoard::new(board, Arc::clone(&network));
        let mut moves = <NnueBoard as SearchGame>::Moves::default();
        position.generate_moves(&mut moves);
        for &mv in moves.as_slice() {
            position.visit_child(mv, |child| {
                let fresh = network.evaluate(child.board());
                assert_eq!(child.evaluate(), fresh, "{fen} {mv}");
            });
        }
    }
    true
}

/// The position named by the first line of `text` (a start position when it does not parse),
/// and the rest of the text.
fn position_and_rest(text: &str) -> (Board, &str) {
    let (first, rest) = text.split_once('\n').unwrap_or(("", text));
    (first.parse().unwrap_or_default(), rest)
}

fn check_fen(text: &str) -> bool {
    let strict = text.parse::<Board>();
    let accepted = strict.is_ok();
    if let Ok(board) = strict {
        let printed = board.to_string();
        let again: Board = printed
            .parse()
            .unwrap_or_else(|error| panic!("{text:?} printed as {printed:?}: {error}"));
        assert_eq!(again, board, "{text:?} printed as {printed:?}");
        check_chess_play(&board);
    }
    if let Ok(board) = Board::from_fen_lenient(text) {
        let printed = board.to_string();
        let again = Board::from_fen_lenient(&printed)
            .unwrap_or_else(|error| panic!("{text:?} printed as {printed:?}: {error}"));
        assert_eq!(again, board, "lenient {text:?} printed as {printed:?}");
        check_chess_play(&board);
    }
    accepted
}

/// Move generation and play on a parsed board: counts agree, every move plays, keeps the
/// incremental hash and pawn key equal to their values from scratch, and its UCI and SAN
/// notation read back.
fn check_chess_play(board: &Board) {
    let moves = board.legal_moves();
    assert_eq!(moves.len() as u64, board.count_moves(), "{board}");
    let mut noisy = plyforge_chess::MoveList::new();
    let mut quiet = plyforge_chess::MoveList::new();
    board.generate_noisy_moves_into(&mut noisy);
    board.generate_quiet_moves_into(&mut quiet);
    assert_eq!(noisy.len() + quiet.len(), moves.len(), "{board}");
    for &mv in &moves {
        let mut child = *board;
        child.play(mv);
        assert_eq!(child.hash(), child.hash_from_scratch(), "{board} {mv}");
        // A board reached by play equals the board read from its FEN.
        let fen = child.to_string();
        let read = Board::from_fen_lenient(&fen)
            .unwrap_or_else(|error| panic!("{board} {mv}: {fen:?}: {error}"));
        assert_eq!(read, child, "{board} {mv}: {fen:?}");
        for chess960 in [false, true] {
            let uci = mv.to_uci(chess960).to_string();
            assert_eq!(board.parse_uci(&uci), Ok(mv), "{board}: {uci}");
        }
        let san = board.san(mv);
        assert_eq!(board.parse_san(&san), Ok(mv), "{board}: {san}");
    }
    let _ = board.outcome();
}

fn check_epd(text: &str) -> bool {
    let mut accepted = false;
    for (epd, strict) in [
        (text.parse::<Epd>(), true),
        (Epd::parse_lenient(text), false),
    ] {
        let Ok(epd) = epd else { continue };
        accepted |= strict;
        let printed = epd.to_string();
        let again = if strict {
            printed.parse::<Epd>()
        } else {
            Epd::parse_lenient(&printed)
        }
        .unwrap_or_else(|error| panic!("{text:?} printed as {printed:?}: {error}"));
        assert_eq!(again, epd, "{text:?} printed as {printed:?}");
        let _ = epd.best_moves();
        let _ = epd.avoid_moves();
        let _ = epd.perft_counts();
    }
    accepted
}

fn check_san(text: &str) -> bool {
    let (board, san) = position_and_rest(text);
    let Ok(mv) = board.parse_san(san) else {
        return false;
    };
    assert!(board.legal_moves().contains(&mv), "{board}: {san:?}");
    let printed = board.san(mv);
    assert_eq!(
        board.parse_san(&printed),
        Ok(mv),
        "{board}: {san:?} as {printed}"
    );
    true
}

fn check_uci_move(text: &str) -> bool {
    let (board, uci) = position_and_rest(text);
    if let Ok(parsed) = uci.parse::<UciMove>() {
        let printed = parsed.to_string();
        assert_eq!(
            printed.parse::<UciMove>(),
            Ok(parsed),
            "{uci:?} as {printed}"
        );
        if let Ok(mv) = parsed.to_move(&board) {
            assert!(board.legal_moves().contains(&mv), "{board}: {uci:?}");
        }
    }
    let legal = board.parse_uci(uci);
    if let Ok(mv) = legal {
        assert!(board.legal_moves().contains(&mv), "{board}: {uci:?}");
    }
    legal.is_ok()
}

fn check_uci_command(text: &str) -> bool {
    let mut accepted = false;
    for line in text.lines() {
        let Ok(command) = line.parse::<Command>() else {
            continue;
        };
        accepted = true;
        let printed = command.to_string();
        assert_eq!(
            printed.parse::<Command>(),
            Ok(command),
            "{line:?} printed as {printed:?}"
        );
    }
    accepted
}

fn check_tictacchess_position(text: &str) -> bool {
    let Ok(position) = text.parse::<tictacchess::Position>() else {
        return false;
    };
    let printed = position.to_string();
    let again: tictacchess::Position = printed
        .parse()
        .unwrap_or_else(|error| panic!("{text:?} printed as {printed:?}: {error}"));
    assert_eq!(again, position, "{text:?} printed as {printed:?}");
    let start = tictacchess::TicTacChess::from_position(position);
    let mut game = tictacchess::Match::from_game(start);
    for mv in position.legal_moves() {
        assert!(position.is_legal(mv), "{position}: {mv}");
        let mut child = position;
        child.play(mv);
        assert_eq!(child.hash(), child.compute_hash(), "{position}: {mv}");
        let text = mv.to_string();
        assert_eq!(position.parse_move(&text), Ok(mv), "{position}: {text}");
        // Played in a match and taken back: the game before it again, hash included.
        if game.play(mv).is_ok() {
            assert_eq!(*game.position(), child, "{position}: {mv}");
            assert_eq!(game.undo(), Some(mv), "{position}: {mv}");
            assert_eq!(*game.game(), start, "{position}: {mv} undone");
            assert_eq!(
                game.position().hash(),
                position.hash(),
                "{position}: {mv} undone"
            );
        }
    }
    assert_eq!(game.undo(), None, "{position}");
    true
}

fn check_tictacchess_move(text: &str) -> bool {
    let Ok(mv) = text.parse::<tictacchess::Move>() else {
        return false;
    };
    let printed = mv.to_string();
    assert_eq!(
        printed.parse::<tictacchess::Move>(),
        Ok(mv),
        "{text:?} as {printed}"
    );
    let mut position = tictacchess::Position::start();
    if position.try_play(mv).is_ok() {
        assert_eq!(position.hash(), position.compute_hash());
    }
    let mut game = tictacchess::Match::new();
    if game.play(mv).is_ok() {
        assert_eq!(game.undo(), Some(mv), "{mv}");
        assert_eq!(*game.game(), tictacchess::TicTacChess::new(), "{mv} undone");
        assert_eq!(
            game.position().hash(),
            tictacchess::Position::start().hash(),
            "{mv} undone"
        );
    }
    true
}

fn check_sternhalma_position(text: &str) -> bool {
    let Ok(position) = text.parse::<sternhalma::Position>() else {
        return false;
    };
    let printed = position.to_string();
    let again: sternhalma::Position = printed
        .parse()
        .unwrap_or_else(|error| panic!("{text:?} printed as {printed:?}: {error}"));
    assert_eq!(again, position, "{text:?} printed as {printed:?}");
    let moves = position.legal_moves();
    assert_eq!(moves.len() as u64, position.count_moves(), "{position}");
    for &mv in &moves {
        let mut child = position.clone();
        assert_eq!(child.try_play(mv), Ok(()), "{position}: {mv}");
        assert_eq!(child.hash(), position.hash_after(mv), "{position}: {mv}");
        // Taken back: the position before it again, hash included.
        child.undo(mv);
        assert_eq!(child, position, "{position}: {mv} undone");
        assert_eq!(child.hash(), position.hash(), "{position}: {mv} undone");
    }
    true
}

fn check_sternhalma_move(text: &str) -> bool {
    let Ok(mv) = text.parse::<sternhalma::Move>() else {
        return false;
    };
    let printed = mv.to_string();
    assert_eq!(
        printed.parse::<sternhalma::Move>(),
        Ok(mv),
        "{text:?} as {printed}"
    );
    for players in sternhalma::PlayerCount::ALL {
        let start = sternhalma::Position::new(players);
        let mut position = start.clone();
        let legal = position.legal_moves().contains(&mv);
        assert_eq!(
            position.try_play(mv).is_ok(),
            legal,
            "{players} players: {mv}"
        );
        if legal {
            position.undo(mv);
            assert_eq!(position, start, "{players} players: {mv} undone");
            assert_eq!(
                position.hash(),
                start.hash(),
                "{players} players: {mv} undone"
            );
        }
    }
    true
}

fn check_bitboard_picture(text: &str) -> bool {
    let Ok(board) = text.parse::<BitBoard<Grid8x8>>() else {
        return false;
    };
    let printed = board.to_string();
    assert_eq!(
        printed.parse::<BitBoard<Grid8x8>>(),
        Ok(board),
        "{text:?} printed as {printed:?}"
    );
    true
}

fn check_san_notation(data: &[u8]) -> bool {
    let Ok(san) = SanPlus::from_ascii(data) else {
        return false;
    };
    assert_eq!(San::from_ascii(data), Ok(san.san), "{data:?}");
    let printed = san.to_string();
    assert_eq!(
        printed.parse::<SanPlus>(),
        Ok(san),
        "{data:?} printed as {printed}"
    );
    assert_eq!(san.san.to_string().parse::<San>(), Ok(san.san), "{printed}");
    // Resolving on a board never panics, and what resolves prints back as the same move.
    let board = Board::default();
    if let Ok(mv) = san.to_move(&board) {
        assert_eq!(board.parse_san(&board.san(mv)), Ok(mv), "{printed}");
    }
    true
}

/// Counts moves and skips every variation and every other game: the skipping paths of the
/// reader.
#[derive(Default)]
struct Skipper {
    games: usize,
    moves: usize,
}

impl Visitor for Skipper {
    type Output = ();

    fn end_tags(&mut self) -> Skip {
        self.games += 1;
        Skip(self.games.is_multiple_of(2))
    }

    fn san(&mut self, _: SanPlus) {
        self.moves += 1;
    }

    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }

    fn end_variation(&mut self) {
        panic!("a skipped variation ended");
    }

    fn end_game(&mut self) {}
}

/// Every game of the bytes: the games read must not panic; a game read without error, written
/// as PGN and read again, writes the same text (the writer's form is a fixed point) and has
/// the same moves; its main line replays or fails with a typed error.
fn check_pgn(data: &[u8]) -> bool {
    let mut reader = Reader::new(data);
    let mut builder = GameBuilder::default();
    let mut accepted = false;
    let mut games = 0;
    while let Some(game) = reader
        .read_game(&mut builder)
        .expect("a slice never fails to read")
    {
        games += 1;
        let Ok(game) = game else { continue };
        accepted = true;
        let text = game.to_string();
        let again: Game = text
            .parse()
            .unwrap_or_else(|error| panic!("{data:?} written as {text:?}: {error}"));
        assert_eq!(again.to_string(), text, "{data:?}");
        assert_eq!(again.moves.plies.len(), game.moves.plies.len(), "{text:?}");
        if let Ok(moves) = game.mainline() {
            assert_eq!(again.mainline(), Ok(moves), "{text:?}");
        }
    }
    assert_eq!(reader.bytes_read(), data.len() as u64);
    let mut reader = Reader::new(data);
    let mut skipper = Skipper::default();
    let mut skipped = 0;
    while reader
        .read_game(&mut skipper)
        .expect("a slice never fails to read")
        .is_some()
    {
        skipped += 1;
    }
    assert_eq!(skipped, games, "{data:?}");
    accepted
}
