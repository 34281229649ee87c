//! PGN: the reader on each construct of the format (move numbers, comments, NAGs, escapes,
//! variations, results, set-up positions, BOM, CRLF, bytes that are not UTF-8), visitors that
//! skip, the writer's export format (roster order, escapes, wrapping), and properties over
//! random games from the standard start and Chess960 starts: written, read back, equal; the SAN
//! of every legal move reads back to that move.

use plyforge_chess::pgn::{
    Game, GameBuilder, GameResult, Line, Nag, Ply, Reader, Skip, SyntaxError, SyntaxErrorKind,
    Visitor,
};
use plyforge_chess::{Board, Move, ParseSanError, San, SanPlus};
use proptest::prelude::*;

/// Every game of `text`, built.
fn games(text: &[u8]) -> Vec<Result<Game, SyntaxError>> {
    let mut reader = Reader::new(text);
    let mut builder = GameBuilder::default();
    let mut games = Vec::new();
    while let Some(game) = reader.read_game(&mut builder).unwrap() {
        games.push(game);
    }
    games
}

fn san(text: &str) -> SanPlus {
    text.parse().unwrap()
}

/// The SAN of a line's moves, variations left out.
fn sans(line: &Line) -> Vec<String> {
    line.plies.iter().map(|ply| ply.san.to_string()).collect()
}

#[test]
fn movetext_constructs() {
    let text = "\u{feff}[Event \"Test \\\"quoted\\\" \\\\ back\"]\r\n\
                [Site \"Here\"]\r\n\
                \r\n\
                % an escaped line: 1. d4 is not a move\r\n\
                {Before the first move} 1. e4 $1 e5!? 2.Nf3 {A comment\r\n\
                over two lines} 2... Nc6 ; to the end of the line (1... not-a-move)\r\n\
                3. Bb5 (3. Bc4 Bc5 (3... Nf6 4. Ng5) 4. c3) (3. d4 exd4) 3... a6?! $18 4. Ba4 1/2-1/2\r\n";
    let read = games(text.as_bytes());
    assert_eq!(read.len(), 1);
    let game = read[0].as_ref().unwrap();
    assert_eq!(game.tag("Event"), Some("Test \"quoted\" \\ back"));
    assert_eq!(game.tag("Site"), Some("Here"));
    assert_eq!(game.result, GameResult::Draw);
    assert_eq!(game.moves.comments, ["Before the first move"]);
    assert_eq!(
        sans(&game.moves),
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"]
    );
    let plies = &game.moves.plies;
    assert_eq!(plies[0].nags, [Nag::GOOD_MOVE]);
    assert_eq!(plies[1].nags, [Nag::SPECULATIVE_MOVE]);
    assert_eq!(plies[2].comments, ["A comment over two lines"]);
    assert_eq!(
        plies[3].comments,
        ["to the end of the line (1... not-a-move)"]
    );
    assert_eq!(plies[4].variations.len(), 2);
    let first = &plies[4].variations[0];
    assert_eq!(sans(first), ["Bc4", "Bc5", "c3"]);
    assert_eq!(sans(&first.plies[1].variations[0]), ["Nf6", "Ng5"]);
    assert_eq!(sans(&plies[4].variations[1]), ["d4", "exd4"]);
    assert_eq!(plies[5].nags, [Nag::DUBIOUS_MOVE, Nag(18)]);
    assert_eq!(game.mainline().unwrap().len(), 7);
}

#[test]
fn every_result_ends_a_game_and_games_follow_each_other() {
    let text = b"1. e4 1-0\n1. d4 0-1 1. c4 1/2-1/2\n\n1. Nf3 *\n[Event \"no result\"]\n1. g3\n\n[Event \"next\"]\n\n1. b3 *";
    let read: Vec<Game> = games(text).into_iter().map(Result::unwrap).collect();
    let results: Vec<GameResult> = read.iter().map(|game| game.result).collect();
    assert_eq!(
        results,
        [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unknown,
            GameResult::Unknown,
            GameResult::Unknown,
        ]
    );
    let first_moves: Vec<String> = read
        .iter()
        .map(|game| sans(&game.moves)[0].clone())
        .collect();
    assert_eq!(first_moves, ["e4", "d4", "c4", "Nf3", "g3", "b3"]);
    assert_eq!(read[4].tag("Event"), Some("no result"));
    assert_eq!(read[5].tag("Event"), Some("next"));
    // A byte order mark starts a line of the text, not a line of a comment.
    let game: Game = "\u{feff}1. e4 {a\n\u{feff}b} *".parse().unwrap();
    assert_eq!(game.moves.plies[0].comments, ["a \u{feff}b"]);
    // Nothing but whitespace and escapes: no game.
    assert!(games(b"\n \r\n% nothing\n").is_empty());
}

#[test]
fn set_up_positions_and_chess960() {
    let text = "[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
                [FEN \"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1\"]\n\n\
                1. O-O O-O-O 2. a4 *\n";
    let game: Game = text.parse().unwrap();
    let moves = game.mainline().unwrap();
    assert_eq!(moves.len(), 3);
    assert_eq!(moves[0].to_string(), "b1h1");
    assert_eq!(moves[1].to_string(), "b8a8");
    // Black to move: the writer numbers the first move `12...`.
    let black = "[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 12\"]\n\n12... Kd7 13. O-O *";
    let game: Game = black.parse().unwrap();
    assert_eq!(game.mainline().unwrap().len(), 2);
    assert!(game.to_string().contains("\n12... Kd7 13. O-O *\n"));
    let atomic: Game = "[Variant \"Atomic\"]\n\n1. e4 *".parse().unwrap();
    assert!(atomic.mainline().is_err());
    let bad_fen: Game = "[FEN \"8/8 w\"]\n\n1. e4 *".parse().unwrap();
    assert!(bad_fen.mainline().is_err());
    let illegal: Game = "1. e4 e5 2. Ke3 *".parse().unwrap();
    assert!(matches!(
        illegal.mainline(),
        Err(plyforge_chess::pgn::GameError::San { ply: 2, .. })
    ));
}

#[test]
fn bad_text_gets_an_error_with_its_line_and_never_a_panic() {
    let cases: &[(&[u8], u64, SyntaxErrorKind)] = &[
        (
            b"1. e4 Zz9 *",
            1,
            SyntaxErrorKind::San(ParseSanError::MissingSquare),
        ),
        (b"[Event \"open\n1. e4 *", 1, SyntaxErrorKind::Tag),
        (b"[Event\n1. e4 *", 1, SyntaxErrorKind::Tag),
        (b"\n1. e4 $ *", 2, SyntaxErrorKind::Nag),
        (b"1. e4 $256 *", 1, SyntaxErrorKind::Nag),
        (b"1. e4 ) *", 1, SyntaxErrorKind::UnmatchedParenthesis),
        (
            b"1. e4 {never closed\n\n",
            1,
            SyntaxErrorKind::UnterminatedComment,
        ),
        (b"1. e4 } *", 1, SyntaxErrorKind::UnexpectedCharacter(b'}')),
        (
            b"1. e4 \xff\xfe *",
            1,
            SyntaxErrorKind::San(ParseSanError::MissingSquare),
        ),
    ];
    for (text, line, kind) in cases {
        let read = games(text);
        assert_eq!(
            read[0],
            Err(SyntaxError {
                line: *line,
                kind: *kind
            }),
            "{:?}",
            String::from_utf8_lossy(text)
        );
    }
    // Bytes that are not UTF-8 in tags and comments are read lossily.
    let game: Game = String::from_utf8_lossy(b"[White \"Caf\xe9\"]\n1. e4 {na\xefve} *")
        .parse()
        .unwrap();
    assert_eq!(game.tag("White"), Some("Caf\u{fffd}"));
    let raw = games(b"[White \"Caf\xe9\"]\n1. e4 {na\xefve} *");
    assert_eq!(raw[0].as_ref().unwrap().tag("White"), Some("Caf\u{fffd}"));
    assert_eq!(
        raw[0].as_ref().unwrap().moves.plies[0].comments,
        ["na\u{fffd}ve"]
    );
}

/// Counts what it is told, skipping variations and, when asked, whole games.
#[derive(Default)]
struct Counter {
    skip_games: bool,
    moves: usize,
    comments: usize,
    tags: usize,
}

impl Visitor for Counter {
    type Output = (usize, usize, usize);
    fn begin_game(&mut self) {
        (self.moves, self.comments, self.tags) = (0, 0, 0);
    }
    fn tag(&mut self, _: &[u8], _: &[u8]) {
        self.tags += 1;
    }
    fn end_tags(&mut self) -> Skip {
        Skip(self.skip_games)
    }
    fn san(&mut self, _: SanPlus) {
        self.moves += 1;
    }
    fn comment(&mut self, _: &[u8]) {
        self.comments += 1;
    }
    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }
    fn end_variation(&mut self) {
        panic!("a skipped variation must not end");
    }
    fn end_game(&mut self) -> (usize, usize, usize) {
        (self.moves, self.comments, self.tags)
    }
}

#[test]
fn visitors_skip_variations_and_games() {
    let text =
        b"[A \"1\"]\n[B \"2\"]\n1. e4 {c} (1. d4 {x} (1. c4) d5) e5 {d} 2. Nf3 *\n1. d4 1-0\n";
    let mut reader = Reader::new(&text[..]);
    let mut counter = Counter::default();
    assert_eq!(reader.read_game(&mut counter).unwrap(), Some((3, 2, 2)));
    counter.skip_games = true;
    assert_eq!(reader.read_game(&mut counter).unwrap(), Some((0, 0, 0)));
    assert_eq!(reader.read_game(&mut counter).unwrap(), None);
    assert_eq!(reader.bytes_read(), text.len() as u64);
    let mut reader = Reader::new(&text[..]);
    assert!(reader.skip_game().unwrap());
    assert!(reader.skip_game().unwrap());
    assert!(!reader.skip_game().unwrap());
}

#[test]
fn writer_export_format() {
    let mut game = Game::default();
    game.set_tag("Annotator", "Me");
    game.set_tag("White", "Doe, \"J\" \\ Jr");
    game.set_tag("Event", "Match");
    game.result = GameResult::BlackWins;
    let mut board = Board::default();
    for _ in 0..40 {
        let mv = board.legal_moves()[0];
        game.moves
            .plies
            .push(Ply::new(SanPlus::from_move(&board, mv)));
        board.play(mv);
    }
    game.moves.plies[3]
        .comments
        .push("a comment long enough to be wrapped over more than one line of the movetext when written out".into());
    game.moves.plies[5].comments.push("a } brace".into());
    game.moves.plies[5].nags.push(Nag(14));
    let variation = Line {
        comments: vec!["instead".into()],
        plies: vec![Ply::new(san("e4"))],
    };
    game.moves.plies[8].variations.push(variation);
    let text = game.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        &lines[..9],
        [
            "[Event \"Match\"]",
            "[Site \"?\"]",
            "[Date \"????.??.??\"]",
            "[Round \"?\"]",
            "[White \"Doe, \\\"J\\\" \\\\ Jr\"]",
            "[Black \"?\"]",
            "[Result \"0-1\"]",
            "[Annotator \"Me\"]",
            "",
        ]
    );
    for line in &lines {
        assert!(line.chars().count() <= 79, "{line:?}");
    }
    assert!(text.contains("$14 ; a } brace\n"), "{text}");
    assert!(text.contains("5. Nb1 ({instead} 5. e4) 5... Na2"), "{text}");
    assert!(text.ends_with(" 0-1\n"), "{text}");
    let read: Game = text.parse().unwrap();
    assert_eq!(read.tags.len(), 8);
    assert_eq!(read.tag("White"), game.tag("White"));
    assert_eq!(read.moves, game.moves);
}

/// A Chess960 start position from its number (0..960) in Scharnagl's numbering, castling
/// rights in Shredder-FEN letters.
fn chess960_fen(number: u32) -> String {
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let mut rank = [' '; 8];
    let mut n = number as usize;
    rank[(n % 4) * 2 + 1] = 'b';
    n /= 4;
    rank[(n % 4) * 2] = 'b';
    n /= 4;
    let empty = |rank: &[char; 8]| -> Vec<usize> { (0..8).filter(|&i| rank[i] == ' ').collect() };
    rank[empty(&rank)[n % 6]] = 'q';
    n /= 6;
    let free = empty(&rank);
    let (first, second) = KNIGHTS[n % 10];
    rank[free[first]] = 'n';
    rank[free[second]] = 'n';
    let free = empty(&rank);
    rank[free[0]] = 'r';
    rank[free[1]] = 'k';
    rank[free[2]] = 'r';
    let black: String = rank.iter().collect();
    let white = black.to_uppercase();
    let files = |upper: bool| -> String {
        [free[2], free[0]]
            .iter()
            .map(|&i| {
                let letter = (b'a' + i as u8) as char;
                if upper {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                }
            })
            .collect()
    };
    format!(
        "{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {}{} - 0 1",
        files(true),
        files(false)
    )
}

/// A small xorshift generator: the games follow from the proptest seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }
}

const WORDS: [&str; 8] = [
    "good",
    "bad",
    "{}",
    "sharp",
    "+0.35",
    "\"quote\"",
    "(idea)",
    "100%",
];

/// A random line of up to `plies` moves from `board`, with comments, NAGs and variations.
fn random_line(board: &Board, plies: usize, depth: usize, rng: &mut Rng) -> (Line, Vec<Move>) {
    let mut line = Line::default();
    let mut moves = Vec::new();
    let mut board = *board;
    if rng.below(8) == 0 {
        line.comments
            .push(WORDS[rng.below(WORDS.len())].to_string());
    }
    for _ in 0..plies {
        let legal = board.legal_moves();
        if legal.is_empty() {
            break;
        }
        // The SAN of every legal move reads back to that move.
        for &mv in legal.as_slice() {
            let written = SanPlus::from_move(&board, mv);
            let read: SanPlus = written.to_string().parse().unwrap();
            assert_eq!(read, written);
            assert_eq!(read.to_move(&board), Ok(mv), "{board}: {written}");
            assert_eq!(San::from_move(&board, mv).to_move(&board), Ok(mv));
        }
        let mv = legal[rng.below(legal.len())];
        let mut ply = Ply::new(SanPlus::from_move(&board, mv));
        if rng.below(6) == 0 {
            ply.nags.push(Nag(rng.below(256) as u8));
        }
        if rng.below(6) == 0 {
            let words: Vec<&str> = (0..1 + rng.below(12))
                .map(|_| WORDS[rng.below(WORDS.len())])
                .collect();
            ply.comments.push(words.join(" "));
        }
        if depth < 3 && rng.below(10) == 0 {
            let (variation, _) = random_line(&board, 1 + rng.below(6), depth + 1, rng);
            ply.variations.push(variation);
        }
        line.plies.push(ply);
        moves.push(mv);
        board.play(mv);
    }
    (line, moves)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_written_read_back_equal(seed in any::<u64>(), chess960 in any::<bool>()) {
        let mut rng = Rng(seed | 1);
        let results = [GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw, GameResult::Unknown];
        let mut game = Game { result: results[rng.below(4)], ..Game::default() };
        for (name, value) in [
            ("Event", "Random \"games\""),
            ("Site", "Here\\There"),
            ("Date", "2025.01.02"),
            ("Round", "1"),
            ("White", "Random, A"),
            ("Black", "Random, B"),
            ("Result", game.result.as_str()),
        ] {
            game.set_tag(name, value);
        }
        let board = if chess960 {
            let fen = chess960_fen(rng.below(960) as u32);
            game.set_tag("Variant", "Chess960");
            game.set_tag("SetUp", "1");
            game.set_tag("FEN", &fen);
            Board::from_fen(&fen).unwrap()
        } else {
            Board::default()
        };
        let (line, moves) = random_line(&board, 20 + rng.below(140), 0, &mut rng);
        game.moves = line;
        let text = game.to_string();
        for line in text.lines() {
            prop_assert!(line.chars().count() <= 79 || line.contains(';'), "{}", line);
        }
        let read: Game = text.parse().unwrap();
        prop_assert_eq!(&read.tags[..7], &game.tags[..7]);
        prop_assert_eq!(&read, &game);
        prop_assert_eq!(read.mainline().unwrap(), moves);
        // Two games in one text, CRLF line ends.
        let both = format!("{text}\n{text}").replace('\n', "\r\n");
        let read: Vec<Game> = games(both.as_bytes()).into_iter().map(Result::unwrap).collect();
        prop_assert_eq!(read, vec![game.clone(), game]);
    }

    #[test]
    fn the_reader_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        for game in games(&bytes).into_iter().flatten() {
            let text = game.to_string();
            let again: Game = text.parse().unwrap();
            prop_assert_eq!(again.to_string(), text);
        }
    }
}

/// A stream of many games is read a game at a time.
#[test]
fn thousands_of_games_stream() {
    let game: Game = "[Event \"E\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 {Ruy} a6 1/2-1/2"
        .parse()
        .unwrap();
    let one = format!("{game}\n");
    let text = one.repeat(5_000);
    let mut reader = Reader::new(text.as_bytes());
    let mut counter = Counter::default();
    let mut count = 0;
    while let Some((moves, comments, tags)) = reader.read_game(&mut counter).unwrap() {
        assert_eq!((moves, comments, tags), (6, 1, 7));
        count += 1;
    }
    assert_eq!(count, 5_000);
}
