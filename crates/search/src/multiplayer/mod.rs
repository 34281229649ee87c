//! Multi-player search for games of 2 to 6 players: max^n (with shallow pruning when the
//! evaluation is bounded), Best-Reply Search and BRS+. Work in progress: the searches land in
//! the following commits.
