//! Perft written the same way for `plyforge-chess`, `shakmaty` and `cozy-chess`, so that their
//! speed is compared on equal terms: full perft plays every leaf move on a copy of its parent
//! (copy-make, as each library's search would), bulk perft counts the legal moves of each
//! depth-1 node without playing them. The positions are the perft page's of the Chess
//! Programming Wiki, at depths of a few million leaves.

use std::time::Duration;

/// The CPU time the calling thread has used, where the system tells it (Linux; `None`
/// elsewhere). Unlike the wall clock it stops while the thread waits for a core, so timings on
/// a loaded machine measure the work and not the queue.
#[cfg(target_os = "linux")]
pub fn thread_cpu_time() -> Option<Duration> {
    let mut time = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `clock_gettime` only writes one `timespec` through the pointer, which points to a
    // live, writable `timespec` owned by this frame; an unknown clock is reported by the status,
    // not by undefined behaviour.
    #[allow(unsafe_code)]
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut time) };
    let seconds = u64::try_from(time.tv_sec).ok()?;
    let nanoseconds = u32::try_from(time.tv_nsec).ok()?;
    (status == 0).then(|| Duration::new(seconds, nanoseconds))
}

/// The CPU time the calling thread has used: unknown on this system.
#[cfg(not(target_os = "linux"))]
pub fn thread_cpu_time() -> Option<Duration> {
    None
}

/// A position of the comparison: its name, FEN, depth and leaf count at that depth.
#[derive(Debug, Clone, Copy)]
pub struct PerftPosition {
    /// A short name with the depth (`kiwipete-d4`).
    pub name: &'static str,
    /// The position.
    pub fen: &'static str,
    /// The perft depth.
    pub depth: u32,
    /// The number of leaves at `depth` (the wiki's figure).
    pub nodes: u64,
}

/// The start position, Kiwipete and positions 3, 4 and 5 of the wiki's perft page.
pub const POSITIONS: [PerftPosition; 5] = [
    PerftPosition {
        name: "startpos-d5",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        depth: 5,
        nodes: 4_865_609,
    },
    PerftPosition {
        name: "kiwipete-d4",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        depth: 4,
        nodes: 4_085_603,
    },
    PerftPosition {
        name: "position3-d6",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        depth: 6,
        nodes: 11_030_083,
    },
    PerftPosition {
        name: "position4-d5",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        depth: 5,
        nodes: 15_833_292,
    },
    PerftPosition {
        name: "position5-d4",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        depth: 4,
        nodes: 2_103_487,
    },
];

/// How the last ply is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Every leaf move played.
    Full,
    /// The moves of each depth-1 node counted without playing them.
    Bulk,
}

impl Mode {
    /// Both modes.
    pub const ALL: [Mode; 2] = [Mode::Full, Mode::Bulk];

    /// `full` or `bulk`.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Full => "full",
            Mode::Bulk => "bulk",
        }
    }
}

/// One library's position, ready to be counted.
pub trait Perft {
    /// The library's name.
    const NAME: &'static str;
    /// The position of `fen` (a standard chess position).
    fn from_fen(fen: &str) -> Self;
    /// The leaves at `depth` counted in `mode`.
    fn perft(&self, depth: u32, mode: Mode) -> u64;
}

impl Perft for plyforge_chess::Board {
    const NAME: &'static str = "plyforge-chess";

    fn from_fen(fen: &str) -> Self {
        fen.parse().expect("a valid FEN")
    }

    fn perft(&self, depth: u32, mode: Mode) -> u64 {
        match mode {
            Mode::Full => plyforge_full(self, depth),
            Mode::Bulk => plyforge_search::perft(self, depth),
        }
    }
}

fn plyforge_full(board: &plyforge_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = plyforge_chess::MoveList::new();
    board.generate_moves_into(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = *board;
            child.play(mv);
            plyforge_full(&child, depth - 1)
        })
        .sum()
}

impl Perft for shakmaty::Chess {
    const NAME: &'static str = "shakmaty";

    fn from_fen(fen: &str) -> Self {
        fen.parse::<shakmaty::fen::Fen>()
            .expect("a valid FEN")
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("a legal position")
    }

    fn perft(&self, depth: u32, mode: Mode) -> u64 {
        match mode {
            Mode::Full => shakmaty_full(self, depth),
            Mode::Bulk => shakmaty::perft(self, depth),
        }
    }
}

fn shakmaty_full(position: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position;
    if depth == 0 {
        return 1;
    }
    position
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            shakmaty_full(&child, depth - 1)
        })
        .sum()
}

impl Perft for cozy_chess::Board {
    const NAME: &'static str = "cozy-chess";

    fn from_fen(fen: &str) -> Self {
        fen.parse().expect("a valid FEN")
    }

    fn perft(&self, depth: u32, mode: Mode) -> u64 {
        match mode {
            Mode::Full => cozy_full(self, depth),
            Mode::Bulk => cozy_bulk(self, depth),
        }
    }
}

fn cozy_full(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_full(&child, depth - 1);
        }
        false
    });
    nodes
}

fn cozy_bulk(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            nodes += moves.len() as u64;
        } else {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_bulk(&child, depth - 1);
            }
        }
        false
    });
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The leaves of every position one ply short of its depth (to keep the test short; the
    /// drivers check the full depth before they time it), in both modes.
    fn counts<P: Perft>() -> Vec<(u64, u64)> {
        POSITIONS
            .iter()
            .map(|position| {
                let board = P::from_fen(position.fen);
                let depth = position.depth - 1;
                (
                    board.perft(depth, Mode::Full),
                    board.perft(depth, Mode::Bulk),
                )
            })
            .collect()
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn the_thread_cpu_clock_advances_with_work_and_not_with_sleep() {
        let start = thread_cpu_time().expect("Linux has a thread CPU clock");
        std::thread::sleep(Duration::from_millis(50));
        let slept = thread_cpu_time().unwrap() - start;
        let board: plyforge_chess::Board = Perft::from_fen(POSITIONS[0].fen);
        let before = thread_cpu_time().unwrap();
        assert_eq!(board.perft(4, Mode::Full), 197_281);
        let worked = thread_cpu_time().unwrap() - before;
        assert!(
            slept < Duration::from_millis(25),
            "{slept:?} of CPU time asleep"
        );
        assert!(worked > Duration::ZERO, "{worked:?} of work");
    }

    #[test]
    fn the_three_libraries_count_alike() {
        let ours = counts::<plyforge_chess::Board>();
        assert_eq!(ours[1], (97_862, 97_862), "Kiwipete at depth 3");
        assert_eq!(ours[4], (62_379, 62_379), "position 5 at depth 3");
        assert!(ours.iter().all(|(full, bulk)| full == bulk));
        assert_eq!(counts::<shakmaty::Chess>(), ours);
        assert_eq!(counts::<cozy_chess::Board>(), ours);
    }
}
