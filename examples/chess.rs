//! Chess in the terminal against the Plyforge engine.
//!
//! ```text
//! cargo run --release --example chess              # you play White against the engine
//! cargo run --release --example chess -- --ascii   # the board in ASCII letters
//! ```
//!
//! Type moves in SAN (`e4`, `Nf3`, `O-O`, `exd5`, `e8=Q`) or UCI (`e2e4`), or a command; `help`
//! lists them. The board is drawn after every move; the end of the game is announced with its
//! reason. The session is a small state machine driven by lines ([`Session::handle`]), so the
//! tests at the bottom play it without a terminal.

use plyforge::chess::nnue::{Network, NnueBoard, NnueEvaluation};
use plyforge::chess::pgn::{Game, Ply};
use plyforge::chess::{Board, Color, GameHistory, Move, Outcome, SanPlus};
use plyforge::search::mcts::Rng;
use plyforge::search::score::plies_to_end;
use plyforge::search::{Config, Limits, Score, Searcher};
use plyforge::uci::strength::{MAX_ELO, MAX_SKILL_LEVEL, MIN_ELO, Strength};
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

/// The engine's thinking time per move unless `level` says otherwise.
const DEFAULT_MOVE_TIME: Duration = Duration::from_millis(1000);
/// The transposition table of the engine, in MiB.
const TABLE_MIB: usize = 64;
/// Moves played in a row by `go` in engine-against-engine mode before it hands back control,
/// so that a game without an end cannot run forever.
const WATCH_MOVES: usize = 400;

/// The `help` text.
fn help() -> String {
    format!(
        "\
moves: SAN (e4, Nf3, O-O, exd5, e8=Q) or UCI (e2e4, e7e8q)
commands:
  new                  a new game from the start (same mode and side)
  position <fen>       a new game from a position
  undo                 take back the last move (and the engine's reply)
  hint                 the engine's suggestion for the side to move, at full strength
  moves                the legal moves
  fen                  the position in FEN
  flip                 turn the board around
  level <ms>           the engine's time per move (also: time <ms>)
  strength <elo>       the engine plays at about this rating, {MIN_ELO}-{MAX_ELO} on Stockfish's
                       UCI_Elo scale; strength max (or full): full strength again
  skill <0-{MAX_SKILL_LEVEL}>         the engine's skill level: 0 a beginner, {MAX_SKILL_LEVEL} full strength
  mode <engine|human|watch|random> [white|black]
                       engine: you against the engine; human: two people at one keyboard;
                       watch: the engine against itself; random: you against a random mover
  go                   let the engine (or the random mover) move now; in watch mode, play on
  save <file.pgn>      write the game as PGN
  help                 this list
  quit                 leave"
    )
}

/// Who plays against whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The human against the engine.
    Engine,
    /// Two humans.
    Human,
    /// The engine against itself.
    Watch,
    /// The human against a random legal mover.
    Random,
}

/// The game in the terminal: the position with its history, the settings, and the engine.
struct Session {
    start: Board,
    game: GameHistory,
    moves: Vec<Move>,
    mode: Mode,
    human: Color,
    move_time: Duration,
    unicode: bool,
    flipped: bool,
    /// Searches with the network the chess crate ships, as the `plyforge` engine does.
    searcher: Searcher<NnueBoard>,
    /// How well the engine plays its own moves (hints are always at full strength).
    strength: Strength,
    /// The random choices of a weakened engine.
    rng: Rng,
    random_state: u64,
}

impl Session {
    fn new(unicode: bool) -> Session {
        Session {
            start: Board::default(),
            game: GameHistory::default(),
            moves: Vec::new(),
            mode: Mode::Engine,
            human: Color::White,
            move_time: DEFAULT_MOVE_TIME,
            unicode,
            flipped: false,
            searcher: Searcher::new(Config::selective().with_tt_mib(TABLE_MIB)),
            strength: Strength::FULL,
            rng: Rng::new(0x2545_F491_4F6C_DD1D),
            random_state: 0x9E37_79B9_7F4A_7C15,
        }
    }

    fn board(&self) -> Board {
        *self.game.board()
    }

    /// The board drawn, with whose move it is.
    fn show(&self, out: &mut String) {
        let board = self.board();
        let diagram = board.diagram().unicode(self.unicode).flipped(self.flipped);
        let _ = write!(out, "{diagram}");
        let _ = writeln!(out, "{} to move", board.side_to_move().name());
    }

    /// Whether the computer (engine or random mover) plays the side to move.
    fn computer_to_move(&self) -> bool {
        match self.mode {
            Mode::Engine | Mode::Random => self.board().side_to_move() != self.human,
            Mode::Human => false,
            Mode::Watch => true,
        }
    }

    /// Handles one line; returns what to print, and whether to leave.
    fn handle(&mut self, line: &str) -> (String, bool) {
        let mut out = String::new();
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&first, args)) = words.split_first() else {
            return (out, false);
        };
        let result = match first {
            "quit" | "exit" => return (out, true),
            "help" => {
                out.push_str(&help());
                out.push('\n');
                Ok(())
            }
            "new" => self.new_game(Board::default(), &mut out),
            "position" => match args.join(" ").parse::<Board>() {
                Ok(board) => self.new_game(board, &mut out),
                Err(error) => Err(format!("bad FEN: {error}")),
            },
            "undo" => self.undo(&mut out),
            "hint" => self.hint(&mut out),
            "moves" => {
                let board = self.board();
                let list: Vec<String> = board
                    .legal_moves()
                    .iter()
                    .map(|&mv| board.san(mv))
                    .collect();
                let _ = writeln!(out, "{} legal moves: {}", list.len(), list.join(" "));
                Ok(())
            }
            "fen" => {
                let _ = writeln!(out, "{}", self.board());
                Ok(())
            }
            "flip" => {
                self.flipped = !self.flipped;
                self.show(&mut out);
                Ok(())
            }
            "level" | "time" => match args {
                [ms] => match ms.parse::<u64>() {
                    Ok(ms) if ms > 0 => {
                        self.move_time = Duration::from_millis(ms);
                        let _ = writeln!(out, "the engine thinks {ms} ms a move");
                        Ok(())
                    }
                    _ => Err(format!(
                        "{first} takes milliseconds, a whole number above 0"
                    )),
                },
                _ => Err(format!("usage: {first} <milliseconds>")),
            },
            "strength" => match args {
                ["max" | "full"] => {
                    self.set_strength(Strength::FULL, &mut out);
                    Ok(())
                }
                [elo] => match elo.parse::<u32>().ok().and_then(Strength::from_elo) {
                    Some(strength) => {
                        let _ = write!(out, "the engine plays at about {elo}: ");
                        self.set_strength(strength, &mut out);
                        Ok(())
                    }
                    None => Err(format!(
                        "strength takes a rating from {MIN_ELO} to {MAX_ELO}, or max"
                    )),
                },
                _ => Err("usage: strength <elo>|max".into()),
            },
            "skill" => match args {
                [level] => match level
                    .parse::<u32>()
                    .ok()
                    .and_then(Strength::from_skill_level)
                {
                    Some(strength) => {
                        self.set_strength(strength, &mut out);
                        Ok(())
                    }
                    None => Err(format!("skill takes a number from 0 to {MAX_SKILL_LEVEL}")),
                },
                _ => Err(format!("usage: skill <0-{MAX_SKILL_LEVEL}>")),
            },
            "mode" => self.set_mode(args, &mut out),
            "go" => self.computer_moves(true, &mut out),
            "save" => match args {
                [path] => std::fs::write(path, self.pgn())
                    .map(|()| {
                        let _ = writeln!(out, "saved to {path}");
                    })
                    .map_err(|error| format!("cannot write {path}: {error}")),
                _ => Err("usage: save <file.pgn>".into()),
            },
            _ => self.human_move(line.trim(), &mut out),
        };
        if let Err(message) = result {
            let _ = writeln!(out, "error: {message}");
        }
        (out, false)
    }

    fn new_game(&mut self, board: Board, out: &mut String) -> Result<(), String> {
        self.start = board;
        self.game = GameHistory::new(board);
        self.moves.clear();
        self.searcher.clear();
        let _ = writeln!(out, "new game");
        self.show(out);
        self.announce_end(out);
        self.computer_moves(false, out)
    }

    fn set_strength(&mut self, strength: Strength, out: &mut String) {
        self.strength = strength;
        if strength.is_full() {
            let _ = writeln!(out, "the engine plays at full strength");
        } else {
            let _ = writeln!(
                out,
                "skill level {:.1} of {MAX_SKILL_LEVEL}",
                strength.level()
            );
        }
    }

    fn set_mode(&mut self, args: &[&str], out: &mut String) -> Result<(), String> {
        let (mode, side) = match args {
            [mode] => (*mode, None),
            [mode, side] => (*mode, Some(*side)),
            _ => return Err("usage: mode <engine|human|watch|random> [white|black]".into()),
        };
        self.mode = match mode {
            "engine" => Mode::Engine,
            "human" => Mode::Human,
            "watch" => Mode::Watch,
            "random" => Mode::Random,
            other => {
                return Err(format!(
                    "unknown mode {other:?} (engine, human, watch, random)"
                ));
            }
        };
        self.human = match side {
            None => self.human,
            Some("white") => Color::White,
            Some("black") => Color::Black,
            Some(other) => return Err(format!("unknown side {other:?} (white, black)")),
        };
        let _ = writeln!(out, "mode {mode}, you play {}", self.human.name());
        self.computer_moves(false, out)
    }

    /// A move typed by the human, in SAN or UCI.
    fn human_move(&mut self, text: &str, out: &mut String) -> Result<(), String> {
        if self.game.outcome_with_claims().is_some() {
            return Err("the game is over: new, position or undo".into());
        }
        if self.computer_to_move() {
            return Err("it is the computer's move: type go".into());
        }
        let board = self.board();
        let mv = board
            .parse_san(text)
            .or_else(|_| board.parse_uci(text))
            .map_err(|_| match board.parse_san(text) {
                Err(plyforge::chess::SanError::Syntax(_)) if board.parse_uci(text).is_err() => {
                    format!("{text:?} is neither a move nor a command (try help)")
                }
                Err(
                    error @ (plyforge::chess::SanError::Ambiguous
                    | plyforge::chess::SanError::NoSuchPiece
                    | plyforge::chess::SanError::NothingToCapture),
                ) => format!("{text} is not legal here: {error}"),
                _ => format!("{text} is not legal here (moves lists the legal ones)"),
            })?;
        self.play(mv, out);
        self.computer_moves(false, out)
    }

    /// Plays `mv`, prints it and the board, and announces the end if it came.
    fn play(&mut self, mv: Move, out: &mut String) {
        let board = self.board();
        let number = board.fullmove_number();
        let dots = if board.side_to_move() == Color::White {
            "."
        } else {
            "..."
        };
        let _ = writeln!(out, "{number}{dots} {}", board.san(mv));
        self.game.play(mv).expect("only legal moves are played");
        self.moves.push(mv);
        self.show(out);
        self.announce_end(out);
    }

    fn announce_end(&self, out: &mut String) {
        if let Some(outcome) = self.game.outcome_with_claims() {
            let _ = writeln!(
                out,
                "game over: {outcome} ({})",
                result_token(Some(outcome))
            );
        }
    }

    /// The computer's moves while it is to move (all of a watched game when `go` asked).
    fn computer_moves(&mut self, asked: bool, out: &mut String) -> Result<(), String> {
        let mut played = 0;
        while self.game.outcome_with_claims().is_none()
            && (self.computer_to_move() || (asked && played == 0))
        {
            if self.mode == Mode::Watch && !asked {
                let _ = writeln!(out, "watch mode: type go to start the game");
                return Ok(());
            }
            let mv = match self.mode {
                Mode::Random => self.random_move(),
                _ => self.search(self.strength, out)?.0,
            };
            self.play(mv, out);
            played += 1;
            if played >= WATCH_MOVES || (self.mode != Mode::Watch && !self.computer_to_move()) {
                break;
            }
        }
        Ok(())
    }

    fn random_move(&mut self) -> Move {
        let moves = self.board().legal_moves();
        self.random_state ^= self.random_state << 13;
        self.random_state ^= self.random_state >> 7;
        self.random_state ^= self.random_state << 17;
        moves[(self.random_state % moves.len() as u64) as usize]
    }

    /// The engine's move for the side to move at `strength`, with its score.
    fn search(&mut self, strength: Strength, out: &mut String) -> Result<(Move, Score), String> {
        let board = self.board();
        let limits = Limits::time(self.move_time / 2, self.move_time);
        let result = strength
            .search(
                &mut self.searcher,
                &NnueBoard::new(board, Network::embedded()),
                &NnueEvaluation,
                self.game.earlier_hashes(),
                &limits,
                &mut self.rng,
            )
            .map_err(|error| error.to_string())?;
        let _ = writeln!(
            out,
            "(engine: depth {}, {}, {} nodes)",
            result.depth,
            describe(result.score, board.side_to_move()),
            result.nodes
        );
        Ok((result.best_move, result.score))
    }

    fn hint(&mut self, out: &mut String) -> Result<(), String> {
        if self.game.outcome_with_claims().is_some() {
            return Err("the game is over".into());
        }
        let board = self.board();
        let (mv, _) = self.search(Strength::FULL, out)?;
        let _ = writeln!(out, "hint: {}", board.san(mv));
        Ok(())
    }

    /// Takes back the last move, and the computer's reply before it so that the human is to
    /// move again.
    fn undo(&mut self, out: &mut String) -> Result<(), String> {
        if self.moves.is_empty() {
            return Err("nothing to undo".into());
        }
        self.moves.pop();
        if self.computer_to_move_after_replay() && !self.moves.is_empty() {
            self.moves.pop();
        }
        let mut game = GameHistory::new(self.start);
        for &mv in &self.moves {
            game.play(mv).expect("the moves were legal");
        }
        self.game = game;
        let _ = writeln!(out, "took back; {} moves played", self.moves.len());
        self.show(out);
        Ok(())
    }

    /// Whether, with the moves as they are now, the computer would be to move.
    fn computer_to_move_after_replay(&self) -> bool {
        let side = if self.moves.len().is_multiple_of(2) {
            self.start.side_to_move()
        } else {
            !self.start.side_to_move()
        };
        matches!(self.mode, Mode::Engine | Mode::Random) && side != self.human
    }

    /// The game in PGN.
    fn pgn(&self) -> String {
        let (white, black) = match self.mode {
            Mode::Engine | Mode::Random => {
                let computer = if self.mode == Mode::Engine {
                    "Plyforge"
                } else {
                    "Random mover"
                };
                if self.human == Color::White {
                    ("Human", computer)
                } else {
                    (computer, "Human")
                }
            }
            Mode::Human => ("Human", "Human"),
            Mode::Watch => ("Plyforge", "Plyforge"),
        };
        let result = result_token(self.game.outcome_with_claims());
        let mut game = Game {
            result: result.parse().unwrap_or_default(),
            ..Game::default()
        };
        for (name, value) in [
            ("Event", "Plyforge terminal game"),
            ("Site", "?"),
            ("Date", "????.??.??"),
            ("Round", "-"),
            ("White", white),
            ("Black", black),
            ("Result", result),
        ] {
            game.set_tag(name, value);
        }
        if self.start != Board::default() {
            game.set_tag("SetUp", "1");
            game.set_tag("FEN", &self.start.to_string());
        }
        let mut board = self.start;
        for &mv in &self.moves {
            game.moves
                .plies
                .push(Ply::new(SanPlus::from_move(&board, mv)));
            board.play(mv);
        }
        game.to_string()
    }
}

/// The PGN result of an outcome.
fn result_token(outcome: Option<Outcome>) -> &'static str {
    match outcome.map(Outcome::winner) {
        None => "*",
        Some(Some(Color::White)) => "1-0",
        Some(Some(Color::Black)) => "0-1",
        Some(None) => "1/2-1/2",
    }
}

/// A score of the side to move, `side`, in words: who mates in how many of their own moves,
/// or the evaluation in pawns for `side`.
fn describe(score: Score, side: Color) -> String {
    match plies_to_end(score) {
        Some(plies) if plies > 0 => format!("{} mates in {}", side.name(), (plies + 1) / 2),
        Some(plies) => format!("{} mates in {}", (!side).name(), -plies / 2),
        None => format!("{:+.2} pawns for {}", f64::from(score) / 100.0, side.name()),
    }
}

/// The answer to `--help`.
const USAGE: &str = "\
usage: chess [--ascii]
Chess in the terminal against the Plyforge engine: you play White; type moves in SAN or UCI,
or help for the commands. --ascii draws the board in letters instead of chess symbols.";

fn main() -> ExitCode {
    let mut unicode = true;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--ascii" => unicode = false,
            "--help" | "-h" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            _ => {
                eprintln!("error: unexpected argument {arg:?}\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let mut session = Session::new(unicode);
    // A weakened engine's choices differ from game to game.
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos() as u64);
    session.rng = Rng::new(nanos);
    let mut out = String::from("Plyforge chess: you play White; type a move or help\n");
    session.show(&mut out);
    print!("{out}");
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else {
            println!("error: the input is not UTF-8 text");
            continue;
        };
        let (out, quit) = session.handle(&line);
        print!("{out}");
        let _ = std::io::stdout().flush();
        if quit {
            break;
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        let mut session = Session::new(false);
        session.handle("level 20");
        session
    }

    #[test]
    fn the_engine_answers_each_human_move() {
        let mut session = session();
        let (out, _) = session.handle("e4");
        assert!(out.contains("1. e4") && out.contains("1... "), "{out}");
        assert_eq!(session.moves.len(), 2);
        let (out, _) = session.handle("g1f3");
        assert!(out.contains("2. Nf3"), "{out}");
        assert_eq!(session.board().side_to_move(), Color::White);
    }

    #[test]
    fn bad_input_gets_a_clear_message_and_changes_nothing() {
        let mut session = session();
        for (line, expected) in [
            ("banana", "neither a move nor a command"),
            ("e5", "not legal here"),
            ("level x", "takes milliseconds"),
            ("position 8/8 w", "bad FEN"),
            ("mode chess", "unknown mode"),
            ("undo", "nothing to undo"),
        ] {
            let (out, quit) = session.handle(line);
            assert!(out.contains(expected), "{line}: {out}");
            assert!(!quit);
        }
        assert!(session.moves.is_empty());
    }

    #[test]
    fn undo_takes_back_the_engine_reply_too() {
        let mut session = session();
        session.handle("d4");
        session.handle("undo");
        assert!(session.moves.is_empty());
        assert_eq!(session.board(), Board::default());
    }

    #[test]
    fn the_end_is_announced_with_its_reason() {
        let mut session = session();
        session.handle("mode human");
        for mv in ["f3", "e5", "g4"] {
            session.handle(mv);
        }
        let (out, _) = session.handle("Qh4#");
        assert!(
            out.contains("game over: checkmate, Black wins (0-1)"),
            "{out}"
        );
        let (out, _) = session.handle("a3");
        assert!(out.contains("the game is over"), "{out}");
        let (out, _) = session.handle("position 7k/8/6QK/8/8/8/8/8 b - - 0 1");
        assert!(out.contains("draw by stalemate"), "{out}");
        let (out, _) = session.handle("position 8/8/8/4k3/8/8/3NK3/8 w - - 0 1");
        assert!(out.contains("draw by insufficient material"), "{out}");
        session.handle("new");
        for mv in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
            session.handle(mv);
        }
        let (out, _) = session.handle("Ng8");
        assert!(out.contains("draw by threefold repetition"), "{out}");
    }

    #[test]
    fn watch_and_random_modes_play_games_to_their_end_or_the_cap() {
        let mut session = session();
        session.handle("level 5");
        session.handle("mode watch");
        let (out, _) = session.handle("go");
        assert!(session.moves.len() >= 2, "{out}");
        let mut session = self::session();
        session.handle("mode random black");
        // The random mover moves first as White; the human answers.
        assert_eq!(session.moves.len(), 1);
        session.handle("moves");
        let reply = session.board().san(session.board().legal_moves()[0]);
        session.handle(&reply);
        assert_eq!(session.moves.len(), 3);
    }

    #[test]
    fn strength_and_skill_set_the_level_and_max_restores_it() {
        let mut session = session();
        for (line, expected) in [
            (
                "strength 1600",
                "the engine plays at about 1600: skill level ",
            ),
            ("skill 0", "skill level 0.0 of 20"),
            ("strength max", "full strength"),
            ("skill 3", "skill level 3.0"),
            ("strength full", "full strength"),
            ("strength 100", "strength takes a rating from"),
            ("strength", "usage: strength"),
            ("skill 21", "skill takes a number from 0 to 20"),
            ("skill x", "skill takes a number"),
        ] {
            let (out, quit) = session.handle(line);
            assert!(out.contains(expected), "{line}: {out}");
            assert!(!quit);
        }
        assert!(session.strength.is_full());
        assert!(session.handle("help").0.contains("strength <elo>"));
        // The weakest engine still answers with a legal move, at once.
        session.handle("skill 0");
        let (out, _) = session.handle("e4");
        assert!(out.contains("1... "), "{out}");
        assert_eq!(session.moves.len(), 2);
    }

    #[test]
    fn pgn_has_the_moves_and_the_result() {
        let mut session = session();
        session.handle("mode human");
        for mv in ["f3", "e5", "g4", "Qh4#"] {
            session.handle(mv);
        }
        let pgn = session.pgn();
        assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
        assert!(pgn.ends_with("1. f3 e5 2. g4 Qh4# 0-1\n"), "{pgn}");
        session.handle("position 4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
        session.handle("Kd7");
        let pgn = session.pgn();
        assert!(
            pgn.contains("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]"),
            "{pgn}"
        );
        assert!(pgn.contains("1... Kd7 *"), "{pgn}");
    }
}
