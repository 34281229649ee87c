//! Fuzz target: the properties of Parser::Pgn (crates/fuzzing).
#![no_main]

use libfuzzer_sys::fuzz_target;
use plyforge_fuzzing::Parser;

fuzz_target!(|data: &[u8]| {
    Parser::Pgn.check(data);
});
