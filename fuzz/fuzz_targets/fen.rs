//! Fuzz target: the properties of Parser::Fen (crates/fuzzing).
#![no_main]

use libfuzzer_sys::fuzz_target;
use plyforge_fuzzing::Parser;

fuzz_target!(|data: &[u8]| {
    Parser::Fen.check(data);
});
