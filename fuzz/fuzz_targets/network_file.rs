//! Fuzz target: the properties of Parser::NetworkFile (crates/fuzzing).
#![no_main]

use libfuzzer_sys::fuzz_target;
use plyforge_fuzzing::Parser;

fuzz_target!(|data: &[u8]| {
    Parser::NetworkFile.check(data);
});
