//! A newcomer's broken games: a three-player game that forgets `player_count` (whose default
//! says 2), and one whose outcome names a winner beyond the count. Every algorithm must refuse
//! them with a typed error or stop with a message naming the game and the rule, never an index
//! panic inside the library and never a two-player answer.

use plyforge_search::{Algorithm, Config, Game, Limits, MoveList, Outcome, SearchError, Searcher};

/// Three players add 1 or 2 to a counter in turn; whoever reaches 10 wins. `forgets_count`
/// leaves `player_count` at its default of 2; `bad_winner` names player 7 as the winner.
#[derive(Clone, Debug)]
struct Race {
    total: u32,
    to_move: usize,
    forgets_count: bool,
    bad_winner: bool,
}

impl Game for Race {
    type Move = u32;
    type Moves = MoveList<u32, 2>;

    fn player_count(&self) -> usize {
        if self.forgets_count { 2 } else { 3 }
    }
    fn player_to_move(&self) -> usize {
        self.to_move
    }
    fn generate_moves(&self, moves: &mut Self::Moves) {
        if self.total < 10 {
            moves.extend((1..=2).filter(|step| self.total + step <= 10));
        }
    }
    fn play(&mut self, step: u32) {
        self.total += step;
        self.to_move = (self.to_move + 1) % 3;
    }
    fn outcome_by_rule(&self) -> Option<Outcome> {
        let winner = if self.bad_winner {
            7
        } else {
            (self.to_move + 2) % 3
        };
        (self.total == 10).then_some(Outcome::Win(winner))
    }
    fn hash(&self) -> u64 {
        u64::from(self.total) << 2 | self.to_move as u64
    }
    fn move_key(step: u32) -> u16 {
        step as u16
    }
}

const ALGORITHMS: [Algorithm; 6] = [
    Algorithm::AlphaBeta,
    Algorithm::Paranoid,
    Algorithm::MaxN,
    Algorithm::BestReply,
    Algorithm::BestReplyPlus,
    Algorithm::MonteCarlo,
];

fn search(game: &Race, algorithm: Algorithm) -> Result<u32, SearchError> {
    let evaluator = |_: &Race, _: usize| 0;
    let mut searcher = Searcher::new(Config::default().with_algorithm(algorithm).with_tt_mib(1));
    searcher
        .search(
            game,
            &evaluator,
            &Limits::nodes(5_000).with_depth(12),
            &[],
            |_| {},
        )
        .map(|result| result.best_move)
}

#[test]
fn a_game_that_forgets_its_player_count_is_refused_by_every_algorithm() {
    let game = Race {
        total: 0,
        to_move: 0,
        forgets_count: true,
        bad_winner: false,
    };
    for algorithm in ALGORITHMS {
        let result = search(&game, algorithm);
        assert!(
            matches!(
                result,
                Err(SearchError::PlayerIndex {
                    player: 2,
                    players: 2
                }) | Err(SearchError::PlayerCount { players: 2, .. })
            ),
            "{algorithm}: {result:?}"
        );
    }
    let message = SearchError::PlayerIndex {
        player: 2,
        players: 2,
    }
    .to_string();
    assert!(message.contains("override player_count"), "{message}");
}

#[test]
fn a_winner_beyond_the_player_count_is_refused_by_every_algorithm() {
    // Eight plies from the end: the root's walk reaches the bad winner.
    let game = Race {
        total: 4,
        to_move: 0,
        forgets_count: false,
        bad_winner: true,
    };
    for algorithm in ALGORITHMS.into_iter().skip(1) {
        let result = search(&game, algorithm);
        assert_eq!(
            result,
            Err(SearchError::PlayerIndex {
                player: 7,
                players: 3
            }),
            "{algorithm}"
        );
    }
}

#[test]
fn the_same_game_with_its_player_count_is_searched() {
    let game = Race {
        total: 0,
        to_move: 0,
        forgets_count: false,
        bad_winner: false,
    };
    // Best-reply search needs `set_player_to_move`, which this game does not have.
    for algorithm in ALGORITHMS.into_iter().skip(1) {
        let expected = algorithm == Algorithm::BestReply;
        let result = search(&game, algorithm);
        assert_eq!(
            result.is_err_and(|error| error == SearchError::SetPlayerUnsupported),
            expected,
            "{algorithm}"
        );
    }
}

/// A game whose broken player shows only deep in the tree, beyond the walk before the search:
/// the search stops with a message that names the game and the rule.
#[derive(Clone, Debug)]
struct LateBreak(u32);

impl Game for LateBreak {
    type Move = u32;
    type Moves = MoveList<u32, 2>;

    fn player_to_move(&self) -> usize {
        // Player 5 of a two-player game, on the second move of the line 2, 2, ... only.
        if self.0 == 40 {
            5
        } else {
            (self.0 % 2) as usize
        }
    }
    fn generate_moves(&self, moves: &mut Self::Moves) {
        if self.0 < 60 {
            moves.extend([1, 2]);
        }
    }
    fn play(&mut self, step: u32) {
        self.0 += step;
    }
    fn outcome_by_rule(&self) -> Option<Outcome> {
        (self.0 >= 60).then_some(Outcome::Draw)
    }
    fn hash(&self) -> u64 {
        u64::from(self.0)
    }
    fn move_key(step: u32) -> u16 {
        step as u16
    }
}

#[test]
fn a_player_beyond_the_count_deep_in_the_tree_stops_alpha_beta_with_a_message() {
    let evaluator = |_: &LateBreak, _: usize| 0;
    let outcome = std::panic::catch_unwind(|| {
        let mut searcher = Searcher::new(Config::default().with_tt_mib(1));
        searcher.search(&LateBreak(0), &evaluator, &Limits::depth(40), &[], |_| {})
    });
    let payload = outcome.expect_err("the search must not answer");
    let message = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .unwrap_or_default();
    assert!(
        message.contains("LateBreak") && message.contains("player_count"),
        "{message}"
    );
}

/// A game that declared room for two moves and generates three, with the list's own `push`.
#[derive(Clone, Debug)]
struct Crowded(u32);

impl Game for Crowded {
    type Move = u32;
    type Moves = MoveList<u32, 2>;

    fn player_to_move(&self) -> usize {
        (self.0 % 2) as usize
    }
    fn generate_moves(&self, moves: &mut Self::Moves) {
        if self.0 < 20 {
            for step in 1..=3 {
                moves.push(step);
            }
        }
    }
    fn play(&mut self, step: u32) {
        self.0 += step;
    }
    fn outcome_by_rule(&self) -> Option<Outcome> {
        (self.0 >= 20).then_some(Outcome::Draw)
    }
    fn hash(&self) -> u64 {
        u64::from(self.0)
    }
    fn move_key(step: u32) -> u16 {
        step as u16
    }
}

#[test]
fn a_game_overflowing_its_move_list_gets_the_librarys_message_from_every_algorithm() {
    let evaluator = |_: &Crowded, _: usize| 0;
    for algorithm in [Algorithm::AlphaBeta, Algorithm::MaxN, Algorithm::MonteCarlo] {
        let outcome = std::panic::catch_unwind(|| {
            let mut searcher =
                Searcher::new(Config::default().with_algorithm(algorithm).with_tt_mib(1));
            searcher.search(&Crowded(0), &evaluator, &Limits::nodes(1_000), &[], |_| {})
        });
        let payload = outcome.expect_err("the search must not answer");
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .unwrap_or_default();
        // The list, the game's own code that pushed (this file) and the fix, not arrayvec's
        // `CapacityError`.
        assert!(
            message.starts_with("move list full")
                && message.contains("MoveList<u32, 2>")
                && message.contains(file!())
                && message.contains("raise N in the game's `type Moves = MoveList<_, N>`"),
            "{algorithm}: {message}"
        );
    }
}
