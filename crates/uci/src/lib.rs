//! The UCI protocol for the Plyforge chess engine, over `plyforge-chess` and `plyforge-search`.
//!
//! **Not implemented yet.** This crate reserves the name and its place in the workspace; no issue
//! has delivered the protocol so far, and nothing here pretends to work. Follow the project's
//! issue tracker for the engine.
#![forbid(unsafe_code)]
