//! The walk of the contract checker: every position it reaches, first breadth by depth (a
//! depth-first walk deepened one ply at a time within a node budget) and then along random
//! playouts, is put through every rule that one position, its moves and its children can
//! show; each call into the game or the evaluator goes through [`catch`], so that a panic in
//! user code becomes a violation with its line.

use super::catch::catch;
use super::options::CheckOptions;
use super::report::Report;
use super::rule::{ContractViolation, Rule};
use crate::game::{Evaluator, Game, Outcome};
use crate::moves::MoveBuffer;
use crate::score::{EVAL_LIMIT, Score};
use std::collections::HashMap;

/// The most positions remembered by hash (each with its line) for [`Rule::HashSeparates`].
const REMEMBERED_HASHES: usize = 1 << 20;
/// The most positions kept for comparison with `==` ([`Rule::HashTranspositions`]).
const REMEMBERED_POSITIONS: usize = 1 << 14;
/// The most positions of different hashes kept per player-and-moves fingerprint.
const POSITIONS_PER_FINGERPRINT: usize = 4;

/// A digest of a set of move keys, independent of their order.
fn digest(sorted_keys: &[u16]) -> u64 {
    // FNV-1a: stable, and enough to tell move sets apart in a check.
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    for &key in sorted_keys {
        for byte in key.to_le_bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash ^ sorted_keys.len() as u64
}

/// A small random-number generator for the playouts (xorshift64*): no dependency, and equal
/// seeds replay equal playouts.
struct Random(u64);

impl Random {
    fn new(seed: u64) -> Self {
        // SplitMix64 of the seed, never zero.
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Random((z ^ (z >> 31)) | 1)
    }

    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let value = self.0.wrapping_mul(0x2545_f491_4f6c_dd1d);
        ((u128::from(value) * bound as u128) >> 64) as usize
    }
}

/// The path of the start position in [`Walk::paths`].
const START: usize = usize::MAX;

/// What positions with equal hashes must share: the player to move, the moves and (where an
/// evaluator is checked and the position is not over) the evaluations.
struct Fingerprint {
    player: usize,
    moves: usize,
    /// The digest of the sorted move keys.
    digest: u64,
    evaluations: Option<Vec<Score>>,
}

impl Fingerprint {
    /// What tells `self` and `other` apart, written for each, if anything does.
    fn difference(&self, other: &Fingerprint) -> Option<(String, String)> {
        if self.player != other.player || self.digest != other.digest {
            let words = |print: &Fingerprint| {
                format!("player {} to move and {} moves", print.player, print.moves)
            };
            return Some((words(self), words(other)));
        }
        match (&self.evaluations, &other.evaluations) {
            (Some(mine), Some(theirs)) if mine != theirs => Some((
                format!("the evaluations {mine:?}"),
                format!("the evaluations {theirs:?}"),
            )),
            _ => None,
        }
    }
}

/// A position remembered by its hash.
struct Seen {
    fingerprint: Fingerprint,
    /// Its line, in [`Walk::paths`].
    path: usize,
}

/// A position kept for comparison with `==`.
struct Kept<G: Game> {
    hash: u64,
    position: G,
    /// Its line, in [`Walk::paths`].
    path: usize,
}

/// What the checks of one position hand to the walk.
struct Checked<G: Game> {
    player: usize,
    /// Whether the position has an outcome (by rule, or for having no moves).
    over: bool,
    /// Each move with the position `play` makes of it on a copy (empty when over).
    children: Vec<(G::Move, G)>,
}

/// The state of one check.
pub(super) struct Walk<'a, G: Game> {
    evaluator: Option<&'a dyn Evaluator<G>>,
    equality: Option<fn(&G, &G) -> bool>,
    options: &'a CheckOptions,
    players: usize,
    /// The moves from the start to the current position.
    line: Vec<G::Move>,
    /// Every line visited, as a tree: each entry is a move and the entry of the line before it
    /// (or [`START`]), so that a remembered position keeps its line in one entry.
    paths: Vec<(usize, G::Move)>,
    /// The current line's entry in `paths`.
    here: usize,
    nodes_left: u64,
    /// Whether the node budget ran out before a position the walk would have checked.
    exhausted: bool,
    /// Whether the current depth of the walk left positions below its last ply.
    cut: bool,
    seen: HashMap<u64, Seen>,
    kept: HashMap<(usize, u64), Vec<Kept<G>>>,
    kept_count: usize,
    report: Report,
    /// Wins by rule met one move after a position (not at the start).
    wins_after_move: u64,
    /// Those of them that named the player to move.
    wins_to_player_to_move: u64,
    /// The line and winner of the first win by rule that named the player to move.
    first_win_to_player_to_move: Option<(Vec<G::Move>, usize)>,
}

impl<'a, G: Game> Walk<'a, G> {
    pub(super) fn new(
        evaluator: Option<&'a dyn Evaluator<G>>,
        equality: Option<fn(&G, &G) -> bool>,
        options: &'a CheckOptions,
    ) -> Self {
        Walk {
            evaluator,
            equality,
            options,
            players: 0,
            line: Vec::new(),
            paths: Vec::new(),
            here: START,
            nodes_left: options.max_nodes(),
            exhausted: false,
            cut: false,
            seen: HashMap::new(),
            kept: HashMap::new(),
            kept_count: 0,
            report: Report::default(),
            wins_after_move: 0,
            wins_to_player_to_move: 0,
            first_win_to_player_to_move: None,
        }
    }

    /// The whole check: the start's player count, the walk deepened ply by ply, the playouts,
    /// and the rules only the whole can show.
    pub(super) fn run(mut self, start: &G) -> Result<Report, ContractViolation> {
        let players = catch(|| start.player_count())
            .map_err(|message| self.panicked("Game::player_count", message))?;
        if !(2..=crate::MAX_PLAYERS).contains(&players) {
            return Err(self.violation(
                Rule::PlayerCount,
                format!("2 to {} players", crate::MAX_PLAYERS),
                format!("player_count() = {players}"),
            ));
        }
        self.players = players;
        self.report.players = players;
        for depth in 0..=self.options.max_depth() {
            self.cut = false;
            let mut game = start.clone();
            self.walk(&mut game, None, depth)?;
            if self.exhausted {
                break;
            }
            self.report.complete_depth = Some(depth);
            if !self.cut {
                break;
            }
        }
        let mut random = Random::new(self.options.playout_seed());
        for _ in 0..self.options.playout_count() {
            self.playout(start, &mut random)?;
        }
        self.check_winners()?;
        Ok(self.report)
    }

    /// Checks `game` and, `depth` plies deep, everything below it.
    fn walk(
        &mut self,
        game: &mut G,
        previous: Option<usize>,
        depth: u32,
    ) -> Result<(), ContractViolation> {
        if self.nodes_left == 0 {
            self.exhausted = true;
            return Ok(());
        }
        self.nodes_left -= 1;
        self.report.walk_positions += 1;
        let checked = self.check_position(game, previous)?;
        if checked.over || checked.children.is_empty() {
            return Ok(());
        }
        if depth == 0 {
            self.cut = true;
            return Ok(());
        }
        for (mv, expected) in &checked.children {
            self.visit(game, *mv, expected, |walk, child| {
                walk.walk(child, Some(checked.player), depth - 1)
            })?;
            if self.exhausted {
                break;
            }
        }
        Ok(())
    }

    /// One random game from the start, checked at every position and move.
    fn playout(&mut self, start: &G, random: &mut Random) -> Result<(), ContractViolation> {
        let mut game = start.clone();
        let mut previous = None;
        self.line.clear();
        self.here = START;
        self.report.playouts += 1;
        let mut ended = false;
        for _ in 0..self.options.max_playout_plies() {
            self.report.playout_positions += 1;
            let checked = self.check_position(&mut game, previous)?;
            if checked.over || checked.children.is_empty() {
                ended = true;
                break;
            }
            let (mv, expected) = &checked.children[random.below(checked.children.len())];
            self.visit(&mut game, *mv, expected, |_, _| Ok(()))?;
            self.line.push(*mv);
            self.paths.push((self.here, *mv));
            self.here = self.paths.len() - 1;
            catch(|| game.play(*mv)).map_err(|message| self.panicked("Game::play", message))?;
            previous = Some(checked.player);
        }
        if ended {
            self.report.playouts_ended += 1;
        }
        self.line.clear();
        self.here = START;
        Ok(())
    }

    /// Goes down `mv` with `visit_child` and `visit_child_announcing`, checks that the child
    /// is `expected` (what `play` makes on a copy) and its hash the one announced, runs `below`
    /// on it, and checks that the position is restored.
    fn visit(
        &mut self,
        game: &mut G,
        mv: G::Move,
        expected: &G,
        below: impl FnOnce(&mut Self, &mut G) -> Result<(), ContractViolation>,
    ) -> Result<(), ContractViolation> {
        let hash_before = game.hash();
        let before = self.equality.map(|_| game.clone());
        let expected_hash = expected.hash();
        let equality = self.equality;
        let parent = self.here;
        self.line.push(mv);
        self.paths.push((parent, mv));
        self.here = self.paths.len() - 1;
        // Both ways down a move: `visit_child` by the hash it shows, the announcing one all
        // the way.
        let plain = match catch(|| game.visit_child(mv, |child| child.hash())) {
            Ok(hash) if hash != expected_hash => Err(self.violation(
                Rule::VisitChild,
                format!("the child's hash {expected_hash:#018x}, as after play on a copy"),
                format!("hash {hash:#018x} inside visit_child"),
            )),
            Ok(_) => Ok(()),
            Err(message) => Err(self.panicked("Game::visit_child", message)),
        };
        if let Err(violation) = plain {
            self.line.pop();
            self.here = parent;
            return Err(violation);
        }
        let announced = core::cell::Cell::new(None);
        let visited = catch(|| {
            game.visit_child_announcing(
                mv,
                |hash| announced.set(Some(hash)),
                |child| {
                    let hash = child.hash();
                    if announced.get() != Some(hash) {
                        return Err(self.violation(
                            Rule::VisitChild,
                            format!("the child's hash {hash:#018x} announced before the visit"),
                            format!("{:?} announced by visit_child_announcing", announced.get()),
                        ));
                    }
                    if hash != expected_hash {
                        return Err(self.violation(
                            Rule::VisitChild,
                            format!(
                                "the child's hash {expected_hash:#018x}, as after play on a copy"
                            ),
                            format!("hash {hash:#018x} inside visit_child_announcing"),
                        ));
                    }
                    if equality.is_some_and(|equal| !equal(child, expected)) {
                        return Err(self.violation(
                            Rule::VisitChild,
                            "the child position that play makes on a copy",
                            "a different position (by ==) inside visit_child_announcing",
                        ));
                    }
                    below(self, child)
                },
            )
        });
        let result = match visited {
            Ok(result) => result,
            Err(message) => Err(self.panicked("Game::visit_child", message)),
        };
        self.line.pop();
        self.here = parent;
        result?;
        let hash_after =
            catch(|| game.hash()).map_err(|message| self.panicked("Game::hash", message))?;
        if hash_after != hash_before {
            return Err(self.violation(
                Rule::VisitChild,
                format!("the position as before visit_child({mv:?}), hash {hash_before:#018x}"),
                format!("hash {hash_after:#018x} after it"),
            ));
        }
        if let (Some(equal), Some(before)) = (equality, &before)
            && !equal(game, before)
        {
            return Err(self.violation(
                Rule::VisitChild,
                format!("the position as before visit_child({mv:?})"),
                "a different position (by ==) with the same hash after it",
            ));
        }
        Ok(())
    }

    /// Every rule one position shows: its players, hash, outcome, moves, evaluation, hooks.
    fn check_position(
        &mut self,
        game: &mut G,
        previous: Option<usize>,
    ) -> Result<Checked<G>, ContractViolation> {
        let players = self.call("Game::player_count", || game.player_count())?;
        if players != self.players {
            return Err(self.violation(
                Rule::PlayerCount,
                format!("{} players, as at the start", self.players),
                format!("player_count() = {players}"),
            ));
        }
        let player = self.call("Game::player_to_move", || game.player_to_move())?;
        if player >= players {
            return Err(self.violation(
                Rule::PlayerToMove,
                format!("a player below player_count() = {players}"),
                format!("player_to_move() = {player}"),
            ));
        }
        let hash = self.check_hash(game)?;
        let outcome = self.call("Game::outcome_by_rule", || game.outcome_by_rule())?;
        if let Some(Outcome::Win(winner)) = outcome
            && winner >= players
        {
            return Err(self.violation(
                Rule::WinnerIndex,
                format!("a winner below player_count() = {players}"),
                format!("outcome_by_rule() = Some(Win({winner}))"),
            ));
        }
        let mut list = G::Moves::default();
        self.call("Game::generate_moves", || game.generate_moves(&mut list))?;
        let moves = list.as_slice().to_vec();
        let count = self.call("Game::count_moves", || game.count_moves())?;
        match outcome {
            Some(Outcome::Win(winner)) => {
                if !moves.is_empty() || count != 0 {
                    return Err(self.violation(
                        Rule::NoMovesAfterWin,
                        format!("no moves: outcome_by_rule() = Some(Win({winner}))"),
                        format!(
                            "generate_moves added {} ({:?}), count_moves() = {count}",
                            moves.len(),
                            moves
                        ),
                    ));
                }
                self.report.wins_by_rule += 1;
                if previous.is_some() {
                    self.wins_after_move += 1;
                    if winner == player {
                        self.wins_to_player_to_move += 1;
                        if self.first_win_to_player_to_move.is_none() {
                            self.first_win_to_player_to_move = Some((self.line.clone(), winner));
                        }
                    }
                }
            }
            Some(Outcome::Draw) => self.report.draws_by_rule += 1,
            None => {}
        }
        if count != moves.len() as u64 {
            return Err(self.violation(
                Rule::CountMoves,
                format!(
                    "count_moves() = {}, the moves generate_moves added",
                    moves.len()
                ),
                format!("count_moves() = {count}"),
            ));
        }
        if moves.is_empty() && outcome.is_none() {
            let end = self.call("Game::outcome_without_moves", || {
                game.outcome_without_moves()
            })?;
            if let Outcome::Win(winner) = end
                && winner >= players
            {
                return Err(self.violation(
                    Rule::WinnerIndex,
                    format!("a winner below player_count() = {players}"),
                    format!("outcome_without_moves() = Win({winner})"),
                ));
            }
            self.report.ends_without_moves += 1;
        }
        let digest = self.check_move_keys(&moves)?;
        let over = outcome.is_some() || moves.is_empty();
        // The searches evaluate only positions that are not over.
        let evaluations = match self.evaluator {
            Some(evaluator) if !over => Some(self.check_evaluator(game, evaluator)?),
            _ => None,
        };
        let fingerprint = Fingerprint {
            player,
            moves: moves.len(),
            digest,
            evaluations,
        };
        if let Some(equal) = self.equality {
            self.check_transpositions(game, equal, hash, player, digest)?;
        }
        self.check_hash_separates(hash, fingerprint)?;
        if over {
            return Ok(Checked {
                player,
                over,
                children: Vec::new(),
            });
        }
        self.check_noisy_moves(game, &moves)?;
        let children = self.check_children(game, &moves)?;
        self.check_null_move(game, player, hash)?;
        self.check_set_player(game, player, hash)?;
        Ok(Checked {
            player,
            over,
            children,
        })
    }

    /// `hash` is the same on a second call and for a clone; returns it.
    fn check_hash(&mut self, game: &G) -> Result<u64, ContractViolation> {
        let hash = self.call("Game::hash", || game.hash())?;
        let again = self.call("Game::hash", || game.hash())?;
        let copy = self.call("Clone::clone", || game.clone())?;
        let of_copy = self.call("Game::hash", || copy.hash())?;
        if again != hash || of_copy != hash {
            return Err(self.violation(
                Rule::HashDeterministic,
                format!("hash {hash:#018x} again and for a clone"),
                format!("{again:#018x} on a second call, {of_copy:#018x} for a clone"),
            ));
        }
        Ok(hash)
    }

    /// Move keys are distinct; returns the digest of the sorted keys.
    fn check_move_keys(&mut self, moves: &[G::Move]) -> Result<u64, ContractViolation> {
        let mut keyed = Vec::with_capacity(moves.len());
        for &mv in moves {
            keyed.push((self.call("Game::move_key", || G::move_key(mv))?, mv));
        }
        keyed.sort_unstable_by_key(|&(key, _)| key);
        if let Some(pair) = keyed.windows(2).find(|pair| pair[0].0 == pair[1].0) {
            return Err(self.violation(
                Rule::DistinctMoveKeys,
                "a different move_key for each move of the position",
                format!(
                    "move_key({:?}) = move_key({:?}) = {}",
                    pair[0].1, pair[1].1, pair[0].0
                ),
            ));
        }
        let keys: Vec<u16> = keyed.iter().map(|&(key, _)| key).collect();
        Ok(digest(&keys))
    }

    /// A hash met before belongs to a position with the same player to move, moves and
    /// evaluations.
    fn check_hash_separates(
        &mut self,
        hash: u64,
        fingerprint: Fingerprint,
    ) -> Result<(), ContractViolation> {
        if let Some(seen) = self.seen.get(&hash) {
            self.report.hash_revisits += 1;
            if let Some(difference) = seen.fingerprint.difference(&fingerprint) {
                let expected = format!(
                    "a hash other than {hash:#018x}, which a position with {} has ({})",
                    difference.0,
                    describe(&self.line_of(seen.path)),
                );
                return Err(self.violation(
                    Rule::HashSeparates,
                    expected,
                    format!("the same hash with {}", difference.1),
                ));
            }
        } else if self.seen.len() < REMEMBERED_HASHES {
            let path = self.here;
            self.seen.insert(hash, Seen { fingerprint, path });
        }
        Ok(())
    }

    /// A position equal (by `==`) to one kept earlier has the same hash.
    fn check_transpositions(
        &mut self,
        game: &G,
        equal: fn(&G, &G) -> bool,
        hash: u64,
        player: usize,
        digest: u64,
    ) -> Result<(), ContractViolation> {
        let bucket = self.kept.entry((player, digest)).or_default();
        if bucket.iter().any(|kept| kept.hash == hash) {
            return Ok(());
        }
        let mut transposition = None;
        for kept in bucket.iter() {
            self.report.positions_compared += 1;
            if equal(&kept.position, game) {
                transposition = Some((kept.hash, kept.path));
                break;
            }
        }
        if transposition.is_none()
            && bucket.len() < POSITIONS_PER_FINGERPRINT
            && self.kept_count < REMEMBERED_POSITIONS
        {
            bucket.push(Kept {
                hash,
                position: game.clone(),
                path: self.here,
            });
            self.kept_count += 1;
        }
        match transposition {
            Some((earlier_hash, path)) => Err(self.violation(
                Rule::HashTranspositions,
                format!(
                    "hash {earlier_hash:#018x}, the hash of the equal position reached {}",
                    describe(&self.line_of(path))
                ),
                format!("hash {hash:#018x}"),
            )),
            None => Ok(()),
        }
    }

    /// Noisy moves are legal moves that `is_noisy` accepts.
    fn check_noisy_moves(&mut self, game: &G, moves: &[G::Move]) -> Result<(), ContractViolation> {
        let mut list = G::Moves::default();
        self.call("Game::generate_noisy_moves", || {
            game.generate_noisy_moves(&mut list)
        })?;
        if !list.is_empty() {
            self.report.noisy_positions += 1;
        }
        for &mv in list.as_slice() {
            if !moves.contains(&mv) {
                return Err(self.violation(
                    Rule::NoisyMoves,
                    format!("noisy moves among the legal moves {moves:?}"),
                    format!("generate_noisy_moves added {mv:?}"),
                ));
            }
            if !self.call("Game::is_noisy", || game.is_noisy(mv))? {
                return Err(self.violation(
                    Rule::NoisyMoves,
                    format!("is_noisy({mv:?}) = true for a move of generate_noisy_moves"),
                    "false",
                ));
            }
        }
        Ok(())
    }

    /// The evaluator is deterministic, within range, and agrees with `evaluate_all`; returns
    /// every player's evaluation.
    fn check_evaluator(
        &mut self,
        game: &G,
        evaluator: &dyn Evaluator<G>,
    ) -> Result<Vec<Score>, ContractViolation> {
        let copy = game.clone();
        let mut all: Vec<Score> = vec![0; self.players];
        self.call("Evaluator::evaluate_all", || {
            evaluator.evaluate_all(game, &mut all)
        })?;
        for player in 0..self.players {
            self.report.evaluations += 1;
            let score = self.call("Evaluator::evaluate", || evaluator.evaluate(game, player))?;
            if !(-EVAL_LIMIT..=EVAL_LIMIT).contains(&score) {
                return Err(self.violation(
                    Rule::EvaluationRange,
                    format!(
                        "an evaluation for player {player} within -{EVAL_LIMIT}..={EVAL_LIMIT}"
                    ),
                    format!("evaluate(.., {player}) = {score}"),
                ));
            }
            let again = self.call("Evaluator::evaluate", || evaluator.evaluate(&copy, player))?;
            if again != score {
                return Err(self.violation(
                    Rule::EvaluationDeterministic,
                    format!("evaluate(.., {player}) = {score} again, for a clone"),
                    format!("{again}"),
                ));
            }
            if all[player] != score {
                return Err(self.violation(
                    Rule::EvaluateAll,
                    format!("evaluate_all's score for player {player} = evaluate(.., {player}) = {score}"),
                    format!("{} (evaluate_all gave {all:?})", all[player]),
                ));
            }
        }
        Ok(all)
    }

    /// Plays each move on a copy; `hash_after` agrees with the copy's hash.
    fn check_children(
        &mut self,
        game: &G,
        moves: &[G::Move],
    ) -> Result<Vec<(G::Move, G)>, ContractViolation> {
        let mut children = Vec::with_capacity(moves.len());
        let mut offered = false;
        for &mv in moves {
            let mut child = game.clone();
            self.line.push(mv);
            let played = catch(|| child.play(mv));
            self.line.pop();
            played.map_err(|message| self.panicked(&format!("Game::play({mv:?})"), message))?;
            let hash = self.call("Game::hash", || child.hash())?;
            if let Some(predicted) = self.call("Game::hash_after", || game.hash_after(mv))? {
                offered = true;
                if predicted != hash {
                    return Err(self.violation(
                        Rule::HashAfter,
                        format!("hash_after({mv:?}) = {hash:#018x}, the hash after play({mv:?})"),
                        format!("{predicted:#018x}"),
                    ));
                }
            }
            children.push((mv, child));
        }
        if offered {
            self.report.hash_after_positions += 1;
        }
        Ok(children)
    }

    /// A null move hands the turn to the next player, with another hash, and restores.
    fn check_null_move(
        &mut self,
        game: &mut G,
        player: usize,
        hash: u64,
    ) -> Result<(), ContractViolation> {
        let before = self.equality.map(|_| game.clone());
        let passed = self.call("Game::visit_null_move", || {
            game.visit_null_move(|child| (child.player_to_move(), child.hash()))
        })?;
        let Some((next, child_hash)) = passed else {
            return Ok(());
        };
        self.report.null_moves += 1;
        let expected_next = (player + 1) % self.players;
        if next != expected_next {
            return Err(self.violation(
                Rule::NullMove,
                format!("player {expected_next} to move after a null move of player {player}"),
                format!("player {next}"),
            ));
        }
        if child_hash == hash {
            return Err(self.violation(
                Rule::HashSeparates,
                format!(
                    "a hash other than {hash:#018x} after a null move, with player {next} to move \
                     instead of player {player}"
                ),
                "the same hash",
            ));
        }
        self.check_restored(
            game,
            hash,
            before.as_ref(),
            Rule::NullMove,
            "visit_null_move",
        )
    }

    /// Handing the turn to each other player and back restores the position.
    fn check_set_player(
        &mut self,
        game: &mut G,
        player: usize,
        hash: u64,
    ) -> Result<(), ContractViolation> {
        let before = self.equality.map(|_| game.clone());
        let mut handed = false;
        for other in (0..self.players).filter(|&other| other != player) {
            if !self.call("Game::set_player_to_move", || {
                game.set_player_to_move(other)
            })? {
                self.check_restored(
                    game,
                    hash,
                    before.as_ref(),
                    Rule::SetPlayerToMove,
                    &format!("set_player_to_move({other}) returning false"),
                )?;
                continue;
            }
            handed = true;
            let now = self.call("Game::player_to_move", || game.player_to_move())?;
            let now_hash = self.call("Game::hash", || game.hash())?;
            let back = self.call("Game::set_player_to_move", || {
                game.set_player_to_move(player)
            })?;
            if now != other {
                return Err(self.violation(
                    Rule::SetPlayerToMove,
                    format!("player_to_move() = {other} after set_player_to_move({other})"),
                    format!("{now}"),
                ));
            }
            if now_hash == hash {
                return Err(self.violation(
                    Rule::HashSeparates,
                    format!(
                        "a hash other than {hash:#018x} with player {other} to move instead of \
                         player {player} (set_player_to_move)"
                    ),
                    "the same hash",
                ));
            }
            if !back {
                return Err(self.violation(
                    Rule::SetPlayerToMove,
                    format!("set_player_to_move({player}) = true, handing the turn back"),
                    "false",
                ));
            }
            self.check_restored(
                game,
                hash,
                before.as_ref(),
                Rule::SetPlayerToMove,
                &format!("set_player_to_move({other}) and back to {player}"),
            )?;
        }
        if handed {
            self.report.turn_handovers += 1;
        }
        Ok(())
    }

    /// The position is as before `what`: the same hash, and equal where `==` is known.
    fn check_restored(
        &self,
        game: &G,
        hash: u64,
        before: Option<&G>,
        rule: Rule,
        what: &str,
    ) -> Result<(), ContractViolation> {
        let now = self.call("Game::hash", || game.hash())?;
        if now != hash {
            return Err(self.violation(
                rule,
                format!("the position as before {what}, hash {hash:#018x}"),
                format!("hash {now:#018x} after it"),
            ));
        }
        if let (Some(equal), Some(before)) = (self.equality, before)
            && !equal(game, before)
        {
            return Err(self.violation(
                rule,
                format!("the position as before {what}"),
                "a different position (by ==) with the same hash after it",
            ));
        }
        Ok(())
    }

    /// Every win by rule after a move went to the player to move: the common slip.
    fn check_winners(&mut self) -> Result<(), ContractViolation> {
        if self.options.allows_winner_to_move()
            || self.wins_after_move == 0
            || self.wins_to_player_to_move < self.wins_after_move
        {
            return Ok(());
        }
        let Some((line, winner)) = self.first_win_to_player_to_move.take() else {
            return Ok(());
        };
        self.line = line;
        Err(self.violation(
            Rule::WinnerJustMoved,
            format!(
                "Win(the player who made the last move), not player {winner} who is to move \
                 (if a player really wins on the opponent's move in this game, as in a misère \
                 game, allow it with CheckOptions::winner_may_be_player_to_move)"
            ),
            format!(
                "Win({winner}) here, and all {} wins by rule seen after a move named the player \
                 to move",
                self.wins_after_move
            ),
        ))
    }

    /// Runs a call into user code, turning a panic into a violation at the current line.
    fn call<R>(&self, name: &str, call: impl FnOnce() -> R) -> Result<R, ContractViolation> {
        catch(call).map_err(|message| self.panicked(name, message))
    }

    /// The violation of a call that panicked: a full move list, or any other panic.
    fn panicked(&self, name: &str, message: String) -> ContractViolation {
        let overflow = message.contains("move list full")
            || message.contains("CapacityError")
            || message.contains("capacity exceeded");
        let rule = if overflow {
            Rule::MoveListCapacity
        } else {
            Rule::NoPanic
        };
        self.violation(
            rule,
            format!("{name} returns"),
            format!("it panicked: {message}"),
        )
    }

    /// The moves of a line remembered in `paths`, written as their `Debug`.
    fn line_of(&self, mut path: usize) -> Vec<String> {
        let mut line = Vec::new();
        while path != START {
            let (parent, mv) = self.paths[path];
            line.push(format!("{mv:?}"));
            path = parent;
        }
        line.reverse();
        line
    }

    /// A violation at the current line.
    fn violation(
        &self,
        rule: Rule,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) -> ContractViolation {
        let line = self.line.iter().map(|mv| format!("{mv:?}")).collect();
        ContractViolation::new(rule, line, expected, found)
    }
}

/// A line of moves in words, for the text of a violation.
fn describe(line: &[String]) -> String {
    if line.is_empty() {
        "at the start position".to_string()
    } else {
        format!("after {}", line.join(" "))
    }
}
