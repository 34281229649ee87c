//! The fuzz smoke test on the stable toolchain: every parser's properties (the same checks the
//! cargo-fuzz targets run) over a deterministic sample of generated and mutated inputs.

use plyforge_fuzzing::Parser;
use plyforge_fuzzing::inputs::{Rng, input};

/// Inputs per parser.
const INPUTS: usize = 100_000;

fn smoke(parser: Parser) {
    let mut rng = Rng::new(parser as u64 + 1);
    let mut accepted = 0;
    for _ in 0..INPUTS {
        accepted += usize::from(parser.check(&input(parser, &mut rng)));
    }
    // Enough inputs parse for the round trips and the play checks to run, and enough fail
    // for the error paths to run.
    assert!(
        (INPUTS / 10..INPUTS * 95 / 100).contains(&accepted),
        "{parser:?}: {accepted} of {INPUTS} inputs accepted"
    );
}

#[test]
fn fen() {
    smoke(Parser::Fen);
}

#[test]
fn epd() {
    smoke(Parser::Epd);
}

#[test]
fn san() {
    smoke(Parser::San);
}

#[test]
fn san_notation() {
    smoke(Parser::SanNotation);
}

#[test]
fn pgn() {
    smoke(Parser::Pgn);
}

#[test]
fn uci_move() {
    smoke(Parser::UciMove);
}

#[test]
fn uci_command() {
    smoke(Parser::UciCommand);
}

#[test]
fn tictacchess_position() {
    smoke(Parser::TicTacChessPosition);
}

#[test]
fn tictacchess_move() {
    smoke(Parser::TicTacChessMove);
}

#[test]
fn sternhalma_position() {
    smoke(Parser::SternhalmaPosition);
}

#[test]
fn sternhalma_move() {
    smoke(Parser::SternhalmaMove);
}

#[test]
fn bitboard_picture() {
    smoke(Parser::BitBoardPicture);
}

#[test]
fn network_file() {
    smoke(Parser::NetworkFile);
}
