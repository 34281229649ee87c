//! How far the contract checker looks: the depth and node budget of its walk over the tree of
//! moves, its random playouts to the end of the game, and the rare game that may tell a win
//! to the player to move.

/// The settings of a contract check: a walk of the move tree from the start position,
/// deepening one ply at a time up to [`depth`](CheckOptions::depth) plies while the
/// [`nodes`](CheckOptions::nodes) budget lasts, then random playouts to the end of the game.
///
/// ```
/// use plyforge_search::contract::CheckOptions;
/// let options = CheckOptions::default().depth(3).nodes(10_000).playouts(20).seed(7);
/// assert_eq!(options.max_depth(), 3);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckOptions {
    depth: u32,
    nodes: u64,
    playouts: u32,
    playout_plies: u32,
    seed: u64,
    winner_may_be_player_to_move: bool,
}

impl Default for CheckOptions {
    /// Up to 5 plies deep within 100,000 positions, then 100 playouts of at most 1,000 plies,
    /// seed 1.
    fn default() -> Self {
        CheckOptions {
            depth: 5,
            nodes: 100_000,
            playouts: 100,
            playout_plies: 1_000,
            seed: 1,
            winner_may_be_player_to_move: false,
        }
    }
}

impl CheckOptions {
    /// The deepest ply of the walk (0 checks the start position alone).
    pub fn depth(mut self, depth: u32) -> Self {
        self.depth = depth;
        self
    }

    /// The most positions the walk checks, all its depths together; the walk stops inside
    /// the depth it was at when they are spent.
    pub fn nodes(mut self, nodes: u64) -> Self {
        self.nodes = nodes;
        self
    }

    /// How many random playouts from the start position follow the walk.
    pub fn playouts(mut self, playouts: u32) -> Self {
        self.playouts = playouts;
        self
    }

    /// The most plies of one playout (a game may have no rule that ends it).
    pub fn playout_plies(mut self, plies: u32) -> Self {
        self.playout_plies = plies;
        self
    }

    /// The seed of the playouts' random moves: equal seeds check equal positions.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Allows every win by rule to go to the player to move (a misère game, where whoever
    /// makes a line loses). Without it the checker reports [`Rule::WinnerJustMoved`] when
    /// every win by rule it saw after a move named the player to move.
    ///
    /// [`Rule::WinnerJustMoved`]: super::Rule::WinnerJustMoved
    pub fn winner_may_be_player_to_move(mut self, allowed: bool) -> Self {
        self.winner_may_be_player_to_move = allowed;
        self
    }

    /// The deepest ply of the walk.
    pub fn max_depth(&self) -> u32 {
        self.depth
    }

    /// The node budget of the walk.
    pub fn max_nodes(&self) -> u64 {
        self.nodes
    }

    /// The number of playouts.
    pub fn playout_count(&self) -> u32 {
        self.playouts
    }

    /// The most plies of one playout.
    pub fn max_playout_plies(&self) -> u32 {
        self.playout_plies
    }

    /// The playouts' seed.
    pub fn playout_seed(&self) -> u64 {
        self.seed
    }

    /// Whether wins by rule may all go to the player to move.
    pub fn allows_winner_to_move(&self) -> bool {
        self.winner_may_be_player_to_move
    }
}
