//! Laws that every geometry must satisfy, checked on each ready-made geometry and on a few odd
//! layouts (one file, ghost ranks, a step longer than the integer): the set algebra, shifts
//! against coordinate arithmetic, square <-> (file, rank), line masks, iteration, the picture
//! round trip and its errors. Generic checks live in functions; a macro runs them per geometry.

use plyforge_bitboard::geometries::{Columns7x6, Grid4x4Padded, Grid8x8, Line121};
use plyforge_bitboard::{
    BitBoard, Direction, Geometry, ParseBitBoardError, Square, SquareError, Storage, geometry,
};
use proptest::prelude::*;

geometry! {
    /// One file of eight ranks with no ghost bits: both steps are 1.
    pub struct OneFile: u16 { files: 1, ranks: 8, ghost_files: 0 }
}
geometry! {
    /// One square whose north step (21 bits) is longer than the integer.
    pub struct LongStep: u16 { files: 1, ranks: 1, ghost_files: 20 }
}
geometry! {
    /// 3x3 with a ghost file: stride 4, tic-tac-toe on `u16`.
    pub struct Padded3x3: u16 { files: 3, ranks: 3, ghost_files: 1 }
}
geometry! {
    /// 10x10, column-major with two ghost ranks per file: the wide end of `u128`.
    pub struct Columns10x10: u128 { files: 10, ranks: 10, ghost_ranks: 2 }
}
geometry! {
    /// One rank of eight with no ghost bits, column-major spelling: both steps are 1.
    pub struct OneRank: u16 { files: 8, ranks: 1, ghost_ranks: 0 }
}

/// The set made of the playable bits of `raw` (ghost and excess bits dropped).
fn board<G: Geometry>(raw: u128) -> BitBoard<G> {
    BitBoard::from_bits(<G::Bits as Storage>::from_u128(raw))
}

/// Every (file, rank) of the geometry.
fn coordinates<G: Geometry>() -> impl Iterator<Item = (u8, u8)> {
    (0..G::RANKS).flat_map(|rank| (0..G::FILES).map(move |file| (file, rank)))
}

/// Square <-> (file, rank) <-> index agree for every square, and every other index is refused.
fn check_squares<G: Geometry>() {
    let mut indices = Vec::new();
    for (file, rank) in coordinates::<G>() {
        let square = Square::<G>::new(file, rank).unwrap();
        assert_eq!((square.file(), square.rank()), (file, rank));
        assert_eq!(Square::<G>::from_index(square.index()), Ok(square));
        assert_eq!(square.to_string().parse::<Square<G>>(), Ok(square));
        assert_eq!(square.anti_diagonal(), file + rank);
        assert_eq!(square.diagonal(), file + G::RANKS - 1 - rank);
        indices.push(square.index());
    }
    let playable = (0..=u8::MAX)
        .filter(|&index| Square::<G>::from_index(index).is_ok())
        .count();
    assert_eq!(playable, G::FILES as usize * G::RANKS as usize);
    indices.sort_unstable();
    indices.dedup();
    assert_eq!(indices.len(), playable, "two squares share a bit");
    assert_eq!(
        Square::<G>::new(G::FILES, 0),
        Err(SquareError::FileOutOfRange {
            file: G::FILES,
            files: G::FILES
        })
    );
    assert_eq!(
        Square::<G>::new(0, G::RANKS),
        Err(SquareError::RankOutOfRange {
            rank: G::RANKS,
            ranks: G::RANKS
        })
    );
    // `all` walks the playable squares in ascending bit order.
    let all: Vec<u8> = Square::<G>::all().map(Square::index).collect();
    assert_eq!(all, indices);
}

/// Rank, file, diagonal and line masks against a filter over all squares.
fn check_line_masks<G: Geometry>() {
    let filter = |keep: &dyn Fn(Square<G>) -> bool| -> BitBoard<G> {
        Square::<G>::all().filter(|&s| keep(s)).collect()
    };
    assert_eq!(BitBoard::<G>::FULL.len(), G::FILES as u32 * G::RANKS as u32);
    assert_eq!(
        BitBoard::<G>::FULL.bits().to_u128(),
        G::PLAYABLE_MASK,
        "PLAYABLE and PLAYABLE_MASK disagree"
    );
    for file in 0..=G::FILES {
        assert_eq!(BitBoard::<G>::file(file), filter(&|s| s.file() == file));
    }
    for rank in 0..=G::RANKS {
        assert_eq!(BitBoard::<G>::rank(rank), filter(&|s| s.rank() == rank));
    }
    let lines = G::FILES + G::RANKS - 1;
    for index in 0..=lines {
        assert_eq!(
            BitBoard::<G>::diagonal(index),
            filter(&|s| s.diagonal() == index)
        );
        assert_eq!(
            BitBoard::<G>::anti_diagonal(index),
            filter(&|s| s.anti_diagonal() == index)
        );
    }
    for square in Square::<G>::all() {
        assert_eq!(
            BitBoard::line(square, Direction::East),
            BitBoard::rank(square.rank())
        );
        assert_eq!(
            BitBoard::line(square, Direction::South),
            BitBoard::file(square.file())
        );
        assert_eq!(
            BitBoard::line(square, Direction::NorthEast),
            BitBoard::diagonal(square.diagonal())
        );
        assert_eq!(
            BitBoard::line(square, Direction::NorthWest),
            BitBoard::anti_diagonal(square.anti_diagonal())
        );
    }
}

/// The set algebra on two sets, against membership square by square.
fn check_algebra<G: Geometry>(a: BitBoard<G>, b: BitBoard<G>) {
    let full = BitBoard::<G>::FULL;
    // Only playable bits are ever set, whatever the operation.
    for set in [a, b, !a, a & b, a | b, a ^ b, a - b] {
        assert!(set.is_subset(full));
        assert_eq!(
            set.bits().to_u128() & !G::PLAYABLE_MASK,
            0,
            "a ghost bit is set"
        );
    }
    for square in Square::<G>::all() {
        let (in_a, in_b) = (a.contains(square), b.contains(square));
        assert_eq!((a & b).contains(square), in_a && in_b);
        assert_eq!((a | b).contains(square), in_a || in_b);
        assert_eq!((a ^ b).contains(square), in_a != in_b);
        assert_eq!((a - b).contains(square), in_a && !in_b);
        assert_eq!((!a).contains(square), !in_a);
    }
    // De Morgan within the board, involution, difference as and-not.
    assert_eq!(!(a & b), !a | !b);
    assert_eq!(!(a | b), !a & !b);
    assert_eq!(!!a, a);
    assert_eq!(a - b, a & !b);
    assert_eq!(a ^ b, (a - b) | (b - a));
    assert_eq!(a | !a, full);
    assert!((a & !a).is_empty());
    // Inclusion-exclusion on the sizes.
    assert_eq!((a | b).len() + (a & b).len(), a.len() + b.len());
    assert_eq!((!a).len(), full.len() - a.len());
    assert_eq!(a.is_disjoint(b), (a & b).is_empty());
    assert_eq!(a.is_subset(b), a | b == b);
    // The assigning operators agree with the plain ones.
    let mut c = a;
    c &= b;
    assert_eq!(c, a & b);
    let mut c = a;
    c |= b;
    assert_eq!(c, a | b);
    let mut c = a;
    c ^= b;
    assert_eq!(c, a ^ b);
    let mut c = a;
    c -= b;
    assert_eq!(c, a - b);
    // insert / remove.
    let mut c = a;
    for square in b {
        c.insert(square);
    }
    assert_eq!(c, a | b);
    for square in b {
        c.remove(square);
    }
    assert_eq!(c, a - b);
}

/// Iteration: ascending, each square once, `len` of them; collecting gives the set back.
fn check_iteration<G: Geometry>(set: BitBoard<G>) {
    let squares: Vec<Square<G>> = set.iter().collect();
    assert_eq!(squares.len(), set.len() as usize);
    assert_eq!(set.iter().len(), set.len() as usize);
    assert!(squares.windows(2).all(|w| w[0].index() < w[1].index()));
    assert!(squares.iter().all(|&s| set.contains(s)));
    assert_eq!(squares.iter().copied().collect::<BitBoard<G>>(), set);
    assert_eq!(set.first(), squares.first().copied());
    assert_eq!(set.last(), squares.last().copied());
    let backwards: Vec<Square<G>> = set.iter().rev().collect();
    assert!(backwards.iter().eq(squares.iter().rev()));
    let mut popped = set;
    let mut by_pop = Vec::new();
    while let Some(square) = popped.pop_first() {
        by_pop.push(square);
    }
    assert_eq!(by_pop, squares);
    let mut extended = BitBoard::<G>::EMPTY;
    extended.extend(squares.iter().copied());
    assert_eq!(extended, set);
}

/// A shift moves each square one step (as `Square::step` says) and drops those that would
/// leave the board; `runs` agrees with stepping `length - 1` times.
fn check_shifts<G: Geometry>(set: BitBoard<G>) {
    let neighbours: BitBoard<G> = set
        .iter()
        .flat_map(|s| Direction::ALL.into_iter().filter_map(move |d| s.step(d)))
        .collect();
    assert_eq!(set.neighbours(), neighbours, "neighbours of\n{set}");
    for direction in Direction::ALL {
        let shifted = set.shift(direction);
        let stepped: BitBoard<G> = set.iter().filter_map(|s| s.step(direction)).collect();
        assert_eq!(shifted, stepped, "shift {direction:?} of\n{set}");
        assert_eq!(
            shifted.bits().to_u128() & !G::PLAYABLE_MASK,
            0,
            "shift {direction:?} reached a ghost bit"
        );
        let (files, ranks) = direction.delta();
        for length in 0..4u8 {
            let runs: BitBoard<G> = set
                .iter()
                .filter(|&s| {
                    (1..length.max(1) as i8).all(|k| {
                        s.offset(files * k, ranks * k)
                            .is_some_and(|next| set.contains(next))
                    })
                })
                .collect();
            assert_eq!(set.runs(direction, length as u32), runs);
        }
    }
}

/// The carry-rippler visits every subset once (small sets only: 2^len).
fn check_subsets<G: Geometry>(set: BitBoard<G>) {
    let subsets: Vec<BitBoard<G>> = set.subsets().collect();
    assert_eq!(subsets.len(), 1 << set.len());
    assert_eq!(subsets.first(), Some(&BitBoard::EMPTY));
    assert_eq!(subsets.last(), Some(&set));
    let mut distinct = subsets.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), subsets.len());
    assert!(subsets.iter().all(|s| s.is_subset(set)));
}

/// Display draws `FILES` cells per row, `RANKS` rows, and parsing gives the set back.
fn check_picture<G: Geometry>(set: BitBoard<G>) {
    let picture = set.to_string();
    let rows: Vec<&str> = picture.split('\n').collect();
    assert_eq!(rows.len(), G::RANKS as usize);
    assert!(rows.iter().all(|row| row.len() == G::FILES as usize));
    assert_eq!(picture.matches('x').count(), set.len() as usize);
    assert_eq!(picture.parse::<BitBoard<G>>(), Ok(set));
    // Surrounding white space and Windows line ends are accepted.
    let loose = format!("\n  {}  \n", picture.replace('\n', " \r\n "));
    assert_eq!(loose.parse::<BitBoard<G>>(), Ok(set));
}

/// Broken pictures give the matching error.
fn check_picture_errors<G: Geometry>() {
    let empty = BitBoard::<G>::EMPTY.to_string();
    let extra_row = format!("{}\n{empty}", ".".repeat(G::FILES as usize));
    assert_eq!(
        extra_row.parse::<BitBoard<G>>(),
        Err(ParseBitBoardError::WrongRankCount {
            expected: G::RANKS,
            found: G::RANKS as usize + 1
        })
    );
    let long_row = format!(".{empty}");
    assert_eq!(
        long_row.parse::<BitBoard<G>>(),
        Err(ParseBitBoardError::WrongFileCount {
            rank: G::RANKS - 1,
            expected: G::FILES,
            found: G::FILES as usize + 1
        })
    );
    let bad_cell = format!("o{}", &empty[1..]);
    assert_eq!(
        bad_cell.parse::<BitBoard<G>>(),
        Err(ParseBitBoardError::InvalidCell { found: 'o' })
    );
    for error in [extra_row, long_row, bad_cell] {
        let message = error.parse::<BitBoard<G>>().unwrap_err().to_string();
        assert!(!message.is_empty());
    }
}

macro_rules! geometry_laws {
    ($($module:ident: $geometry:ty, subset_bits: $subset_bits:expr;)*) => {$(
        mod $module {
            use super::*;
            type G = $geometry;

            #[test]
            fn squares_and_coordinates_agree() {
                check_squares::<G>();
            }

            #[test]
            fn line_masks_match_coordinates() {
                check_line_masks::<G>();
            }

            #[test]
            fn picture_errors_are_typed() {
                check_picture_errors::<G>();
            }

            #[test]
            fn full_and_empty_sets() {
                check_algebra::<G>(BitBoard::FULL, BitBoard::EMPTY);
                check_shifts::<G>(BitBoard::FULL);
                check_iteration::<G>(BitBoard::FULL);
                check_picture::<G>(BitBoard::FULL);
                check_picture::<G>(BitBoard::EMPTY);
            }

            proptest! {
                #[test]
                fn set_algebra_laws(a in any::<u128>(), b in any::<u128>()) {
                    check_algebra::<G>(board(a), board(b));
                }

                #[test]
                fn shifts_agree_with_offsets(raw in any::<u128>()) {
                    check_shifts::<G>(board(raw));
                }

                #[test]
                fn sparse_shifts_agree_with_offsets(a in any::<u128>(), b in any::<u128>(), c in any::<u128>()) {
                    // Random bits are dense; the AND of three is sparse, so runs break often.
                    check_shifts::<G>(board(a & b & c));
                }

                #[test]
                fn iteration_is_ascending_and_complete(raw in any::<u128>()) {
                    check_iteration::<G>(board(raw));
                }

                #[test]
                fn picture_round_trips(raw in any::<u128>()) {
                    check_picture::<G>(board(raw));
                }

                #[test]
                fn subsets_are_all_distinct(raw in any::<u128>()) {
                    // Keep at most `subset_bits` squares so that 2^len stays small.
                    let set = board::<G>(raw).iter().take($subset_bits).collect();
                    check_subsets::<G>(set);
                }
            }
        }
    )*};
}

geometry_laws! {
    chess_8x8: Grid8x8, subset_bits: 10;
    tictacchess_4x4_stride5: Grid4x4Padded, subset_bits: 10;
    connect_four_7x6: Columns7x6, subset_bits: 10;
    line_121: Line121, subset_bits: 10;
    one_file: OneFile, subset_bits: 8;
    long_step: LongStep, subset_bits: 1;
    padded_3x3: Padded3x3, subset_bits: 9;
    columns_10x10: Columns10x10, subset_bits: 10;
    one_rank: OneRank, subset_bits: 8;
}

/// Which geometries take the move-then-mask path (both paths are checked by the laws above).
#[test]
fn ghost_guarded_geometries() {
    let guarded = [
        Grid4x4Padded::GHOST_GUARDED,
        Columns7x6::GHOST_GUARDED,
        Padded3x3::GHOST_GUARDED,
        Columns10x10::GHOST_GUARDED,
        LongStep::GHOST_GUARDED,
        Grid8x8::GHOST_GUARDED,
        Line121::GHOST_GUARDED,
        OneFile::GHOST_GUARDED,
        // Both steps are 1: north-west is "no move" and lands on the square itself.
        OneRank::GHOST_GUARDED,
    ];
    assert_eq!(
        guarded,
        [true, true, true, true, true, false, false, false, false]
    );
}

/// Regression: a board of one file with no ghost bits (both steps 1) used to report the rank
/// as the file.
#[test]
fn one_file_board_reports_files_and_ranks() {
    let square = Square::<OneFile>::new(0, 5).unwrap();
    assert_eq!((square.file(), square.rank()), (0, 5));
    assert_eq!(square.to_string(), "a6");
}

/// Regression: a step longer than the integer used to shift by `BITS` or more (a panic in
/// debug builds) even though no square can take it.
#[test]
fn step_longer_than_the_integer_gives_the_empty_set() {
    assert_eq!(Direction::North.bit_offset::<LongStep>(), 21);
    assert!(
        BitBoard::<LongStep>::FULL
            .shift(Direction::North)
            .is_empty()
    );
    assert!(
        BitBoard::<LongStep>::FULL
            .shift(Direction::SouthWest)
            .is_empty()
    );
}

proptest! {
    /// Random text never panics the parsers, and what they accept prints back to itself.
    #[test]
    fn parsers_never_panic(text in "\\PC{0,80}") {
        if let Ok(set) = text.parse::<BitBoard<Grid4x4Padded>>() {
            prop_assert_eq!(set.to_string().parse::<BitBoard<Grid4x4Padded>>(), Ok(set));
        }
        let _ = text.parse::<BitBoard<Line121>>();
        if let Ok(square) = text.parse::<Square<Grid8x8>>() {
            prop_assert_eq!(square.to_string().parse::<Square<Grid8x8>>(), Ok(square));
        }
        if let Ok(square) = text.parse::<Square<Line121>>() {
            prop_assert_eq!(square.to_string().parse::<Square<Line121>>(), Ok(square));
        }
    }

    /// Picture-shaped random text (mostly `.`, `x` and line breaks) never panics either.
    #[test]
    fn picture_like_text_never_panics(text in "[.x\n ]{0,40}[.xo\n]{0,4}") {
        match text.parse::<BitBoard<Grid4x4Padded>>() {
            Ok(set) => prop_assert_eq!(set.to_string().parse::<BitBoard<Grid4x4Padded>>(), Ok(set)),
            Err(error) => prop_assert!(!error.to_string().is_empty()),
        }
    }

    /// Square names that look right but are off the board give typed errors.
    #[test]
    fn square_names_off_the_board(file in 0u8..=255, rank in 0u16..1000) {
        let name = format!("{file},{rank}");
        match name.parse::<Square<Line121>>() {
            Ok(square) => prop_assert_eq!((square.file(), square.rank() as u16), (file, rank)),
            Err(SquareError::FileOutOfRange { files: 121, .. }) => prop_assert!(file >= 121),
            Err(SquareError::RankOutOfRange { ranks: 1, .. }) => prop_assert!(rank >= 1),
            Err(other) => prop_assert!(false, "unexpected {other:?}"),
        }
    }
}

#[test]
fn square_name_errors() {
    for bad in ["", "e", "4e", "E4", "e0", "e+4", "e4 ", "é4", "e99999"] {
        assert_eq!(
            bad.parse::<Square<Grid8x8>>(),
            Err(SquareError::Syntax),
            "{bad:?}"
        );
    }
    assert_eq!(
        "i1".parse::<Square<Grid8x8>>(),
        Err(SquareError::FileOutOfRange { file: 8, files: 8 })
    );
    assert_eq!(
        "a9".parse::<Square<Grid8x8>>(),
        Err(SquareError::RankOutOfRange { rank: 8, ranks: 8 })
    );
    for bad in ["", "1", "1,", ",1", "1,2,3", "-1,0", "a,b"] {
        assert_eq!(
            bad.parse::<Square<Line121>>(),
            Err(SquareError::Syntax),
            "{bad:?}"
        );
    }
    assert_eq!(
        Square::<Grid4x4Padded>::from_index(200),
        Err(SquareError::NotPlayable { index: 200 })
    );
}
