//! Fuzz target: the properties of Parser::Epd (crates/fuzzing).
#![no_main]

use libfuzzer_sys::fuzz_target;
use plyforge_fuzzing::Parser;

fuzz_target!(|data: &[u8]| {
    Parser::Epd.check(data);
});
