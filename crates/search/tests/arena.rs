//! Matches: games played to their end, seats rotated, a searching player beating a random one in
//! Nim and Connect Four, forfeits for illegal moves and errors, typed errors for a match that
//! cannot start, and the 95 % intervals against values computed by hand.

use plyforge_connect_four::{Columns7x6, ConnectFour, ThreatEvaluator};
use plyforge_search::nim::{Nim, NimEvaluator};
use plyforge_search::{
    Algorithm, Arena, Config, Entrant, Forfeit, Game, GameEnd, Limits, MatchError, MoveList,
    Opening, Outcome, PlayerError, RandomPlayer, SearchPlayer, every_assignment, rotations,
    wilson_interval,
};

/// Three (or more) players add 1 or 2 to a counter in turn; whoever reaches 10 wins.
#[derive(Clone, Debug)]
struct Race {
    total: u32,
    to_move: usize,
    players: usize,
}

impl Race {
    fn new(players: usize) -> Self {
        Race {
            total: 0,
            to_move: 0,
            players,
        }
    }
}

impl Game for Race {
    type Move = u32;
    type Moves = MoveList<u32, 2>;

    fn player_count(&self) -> usize {
        self.players
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
        self.to_move = (self.to_move + 1) % self.players;
    }
    fn outcome_by_rule(&self) -> Option<Outcome> {
        (self.total == 10).then(|| Outcome::Win((self.to_move + self.players - 1) % self.players))
    }
    fn hash(&self) -> u64 {
        u64::from(self.total) << 3 | self.to_move as u64
    }
    fn move_key(step: u32) -> u16 {
        step as u16
    }
}

fn nim_openings() -> Vec<Opening<Nim>> {
    (5..25)
        .map(|stones| Opening::position(Nim::new(stones)))
        .collect()
}

#[test]
fn every_game_is_played_to_its_end_by_the_rules() {
    let arena = Arena::new(vec![
        Entrant::new("random a", RandomPlayer::new),
        Entrant::new("random b", RandomPlayer::new),
    ])
    .with_openings(nim_openings())
    .with_threads(2);
    let result = arena.run(|_| {}).unwrap();
    assert_eq!(result.games.len(), 40);
    for (index, record) in result.games.iter().enumerate() {
        assert_eq!(record.index, index);
        let mut position = arena_opening(record.opening);
        for &mv in &record.moves {
            assert_eq!(position.outcome(), None, "a move after the end");
            position.play(mv);
        }
        assert_eq!(record.end, GameEnd::Outcome(position.outcome().unwrap()));
        assert_eq!(position.stones(), 0);
    }
    let standings = &result.standings;
    assert_eq!(standings[0].games() + standings[1].games(), 80);
    assert_eq!(standings[0].wins, standings[1].losses);
    assert_eq!(standings[0].draws, 0);
}

fn arena_opening(index: usize) -> Nim {
    Nim::new(5 + index as u32)
}

#[test]
fn seats_are_rotated_so_that_each_entrant_plays_each_seat() {
    let entrants = (0..3)
        .map(|i| Entrant::new(format!("random {i}"), RandomPlayer::new))
        .collect();
    let arena = Arena::new(entrants).with_openings(vec![
        Opening::position(Race::new(3)),
        Opening::line(&Race::new(3), &[2, 1]).unwrap(),
    ]);
    let result = arena.run(|_| {}).unwrap();
    assert_eq!(result.games.len(), 6);
    let mut seats = [[0; 3]; 3];
    for record in &result.games {
        for (seat, &entrant) in record.seating.iter().enumerate() {
            seats[entrant][seat] += 1;
        }
    }
    assert_eq!(seats, [[2; 3]; 3]);
    let wins: u32 = result.standings.iter().map(|s| s.wins).sum();
    assert_eq!(wins, 6, "every game of the race has one winner");
    assert_eq!(rotations(2), [[0, 1], [1, 0]]);
    assert_eq!(every_assignment(2, 4).len(), 14);
    assert_eq!(every_assignment(3, 3).len(), 6);
}

#[test]
fn alpha_beta_beats_a_random_player_at_nim() {
    let arena = Arena::new(vec![
        Entrant::new("alpha-beta", |_| {
            SearchPlayer::new(Config::default(), NimEvaluator, Limits::depth(8))
        }),
        Entrant::new("random", RandomPlayer::new),
    ])
    .with_openings(nim_openings());
    let result = arena.run(|_| {}).unwrap();
    let searcher = &result.standings[0];
    // It wins every game where the first mover or a random reply leaves it a winning pile; the
    // random player would need perfect play to the end.
    assert!(searcher.score() > 0.85, "{searcher}");
    assert!(searcher.interval().0 > 0.5, "{searcher}");
}

#[test]
fn monte_carlo_and_alpha_beta_beat_a_random_player_at_connect_four() {
    let start = ConnectFour::<Columns7x6>::new();
    let openings: Vec<_> = [vec![], vec![3], vec![0], vec![6, 2]]
        .iter()
        .map(|line| Opening::line(&start, line).unwrap())
        .collect();
    for algorithm in [Algorithm::AlphaBeta, Algorithm::MonteCarlo] {
        let arena = Arena::new(vec![
            Entrant::new(algorithm.name(), move |_| {
                SearchPlayer::new(
                    Config::default().with_algorithm(algorithm).with_tt_mib(1),
                    ThreatEvaluator,
                    Limits::nodes(2_000),
                )
            }),
            Entrant::new("random", RandomPlayer::new),
        ])
        .with_openings(openings.clone())
        .with_threads(2);
        let mut reports = 0;
        let result = arena
            .run(|progress| {
                reports += 1;
                assert_eq!(progress.done, reports);
                assert_eq!(progress.total, 8);
            })
            .unwrap();
        assert_eq!(reports, 8);
        let searcher = &result.standings[0];
        assert!(searcher.wins >= 7, "{algorithm}: {searcher}");
    }
}

#[test]
fn an_illegal_move_or_an_error_loses_the_game() {
    let arena = Arena::new(vec![
        Entrant::new("cheat", |_| {
            |_: &Nim, _: &[u64]| -> Result<u32, PlayerError> { Ok(7) }
        }),
        Entrant::new("random", RandomPlayer::new),
    ])
    .with_openings(vec![Opening::position(Nim::new(9))]);
    let result = arena.run(|_| {}).unwrap();
    for record in &result.games {
        let seat = record.seating.iter().position(|&e| e == 0).unwrap();
        if let GameEnd::Forfeit {
            seat: at_fault,
            reason,
        } = &record.end
        {
            assert_eq!(*at_fault, seat);
            assert_eq!(*reason, Forfeit::IllegalMove("7".into()));
            assert_eq!(record.winner(), Some(1));
        } else {
            panic!("the cheat was not caught: {record:?}");
        }
    }
    assert_eq!(result.standings[0].forfeits, 2);
    assert_eq!(result.standings[1].wins, 2);

    let quitter = Arena::new(vec![
        Entrant::new("quitter", |_| {
            |_: &Nim, _: &[u64]| -> Result<u32, PlayerError> { Err(PlayerError::Quit) }
        }),
        Entrant::new("random", RandomPlayer::new),
    ])
    .with_openings(vec![Opening::position(Nim::new(9))]);
    let result = quitter.run(|_| {}).unwrap();
    assert!(result.games.iter().all(|record| matches!(
        &record.end,
        GameEnd::Forfeit {
            reason: Forfeit::Error(PlayerError::Quit),
            ..
        }
    )));
}

#[test]
fn a_ply_limit_ends_a_game_as_a_draw() {
    let arena = Arena::new(vec![
        Entrant::new("a", RandomPlayer::new),
        Entrant::new("b", RandomPlayer::new),
    ])
    .with_openings(vec![Opening::position(Nim::new(40))])
    .with_ply_limit(Some(3));
    let result = arena.run(|_| {}).unwrap();
    for record in &result.games {
        assert_eq!(record.end, GameEnd::PlyLimit);
        assert_eq!(record.moves.len(), 3);
    }
    assert_eq!(result.standings[0].draws, 2);
    assert_eq!(result.standings[0].score(), 0.5);
}

/// Two random players.
fn two<G: Game>() -> Vec<Entrant<'static, G>> {
    vec![
        Entrant::new("a", RandomPlayer::new),
        Entrant::new("b", RandomPlayer::new),
    ]
}

#[test]
fn a_match_that_cannot_start_is_a_typed_error() {
    // Two entrants rotated over a three-player game.
    let error = Arena::new(two::<Race>())
        .with_openings(vec![Opening::position(Race::new(3))])
        .run(|_| {})
        .unwrap_err();
    assert_eq!(
        error,
        MatchError::SeatCount {
            seats: 2,
            players: 3
        }
    );
    let error = Arena::new(vec![Entrant::new("alone", RandomPlayer::new)])
        .with_openings(vec![Opening::position(Nim::new(3))])
        .run(|_| {})
        .unwrap_err();
    assert_eq!(error, MatchError::EntrantCount(1));
    assert_eq!(
        Arena::new(two::<Nim>()).run(|_| {}).unwrap_err(),
        MatchError::NoOpenings
    );
    assert!(matches!(
        Opening::line(&Nim::new(3), &[2, 2]),
        Err(MatchError::Opening { ply: 1, .. })
    ));
    let error = Arena::new(two())
        .with_openings(vec![Opening::position(Nim::new(3))])
        .with_seatings(vec![vec![0, 2]])
        .run(|_| {})
        .unwrap_err();
    assert_eq!(
        error,
        MatchError::UnknownEntrant {
            entrant: 2,
            entrants: 2
        }
    );
}

#[test]
fn wilson_intervals_match_values_computed_by_hand() {
    // (points, games, low, high), from the closed form with z = 1.959964.
    let cases = [
        (0.0, 10.0, 0.0, 0.2775),
        (10.0, 10.0, 0.7225, 1.0),
        (5.0, 10.0, 0.2366, 0.7634),
        (80.0, 100.0, 0.7112, 0.8666),
    ];
    for (points, games, low, high) in cases {
        let (l, h) = wilson_interval(points, games);
        assert!((l - low).abs() < 5e-4, "{points}/{games}: low {l}");
        assert!((h - high).abs() < 5e-4, "{points}/{games}: high {h}");
    }
    assert_eq!(wilson_interval(0.0, 0.0), (0.0, 1.0));
}
