//! The evaluation's features, counted once for the engine, the tuner and the trace alike: each
//! term hands `(feature, signed count)` to a [`Sink`], and only the sink differs (weighted sums
//! for the engine, the raw counts for the tuner, sums by term for the trace). One counting code
//! means the tuner can never fit a different evaluation than the one the engine plays.
//!
//! Counts are from White's view: a White feature adds `+count`, the same Black feature (on the
//! mirrored square) adds `-count`.
//!
//! The counting comes in two parts: [`count_pawns`] reads the pawns alone (their material and
//! squares, passed, doubled, isolated and backward pawns) and returns the [`PawnFacts`] the other
//! terms need, and [`count_pieces`] counts everything else from the board and those facts. The
//! engine caches the first part's weighted sums and facts by the pawn key (`pawn_table.rs`);
//! the tuner and the trace run both parts.

use super::layout::*;
use crate::attacks::{self, Bits};
use crate::board::Board;
use crate::color::Color;
use crate::piece::Role;
use crate::square::Square;

/// Receives the evaluation's features.
pub(crate) trait Sink {
    /// `count` more of `feature` (negative for Black's).
    fn add(&mut self, feature: usize, count: i32);
}

/// Phase weight by role: the full phase is all minor and major pieces on the board.
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase of the start position's material.
pub(crate) const FULL_PHASE: i32 = 24;

/// King danger units per zone square attacked, by role (pawn and king attacks are not counted).
const ATTACK_UNITS: [i32; 6] = [0, 2, 2, 3, 5, 0];

const FILE_A: Bits = 0x0101_0101_0101_0101;
const NOT_FILE_A: Bits = !FILE_A;
const NOT_FILE_H: Bits = !(FILE_A << 7);
/// The light squares (b1, a2, ...).
const LIGHT_SQUARES: Bits = 0x55aa_55aa_55aa_55aa;
/// The seventh rank from each color's side, by color index.
const SEVENTH_RANK: [Bits; 2] = [0xff << 48, 0xff << 8];

/// Squares ahead of a square on its own file, by color index and square.
static FRONT: [[Bits; 64]; 2] = front_tables(false);
/// Squares ahead on its own and the neighbouring files: no enemy pawn there means passed.
static PASSED_SPAN: [[Bits; 64]; 2] = front_tables(true);
/// The neighbouring files of a square's file, all ranks.
static NEIGHBOUR_FILES: [Bits; 8] = {
    let mut masks = [0; 8];
    let mut file = 0;
    while file < 8 {
        if file > 0 {
            masks[file] |= FILE_A << (file - 1);
        }
        if file < 7 {
            masks[file] |= FILE_A << (file + 1);
        }
        file += 1;
    }
    masks
};

const fn front_tables(neighbours: bool) -> [[Bits; 64]; 2] {
    let mut tables = [[0; 64]; 2];
    let mut square = 0;
    while square < 64 {
        let file = square % 8;
        let rank = square / 8;
        let mut files = FILE_A << file;
        if neighbours {
            if file > 0 {
                files |= FILE_A << (file - 1);
            }
            if file < 7 {
                files |= FILE_A << (file + 1);
            }
        }
        let above = if rank == 7 {
            0
        } else {
            Bits::MAX << ((rank + 1) * 8)
        };
        let below = if rank == 0 {
            0
        } else {
            Bits::MAX >> ((8 - rank) * 8)
        };
        tables[0][square] = files & above;
        tables[1][square] = files & below;
        square += 1;
    }
    tables
}

/// What the pawn-only part tells the rest of the evaluation: facts that depend on the pawns
/// alone but feed terms that read other pieces too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct PawnFacts {
    /// The passed pawns of both colors (a square holds one color's pawn, so one set serves).
    pub passed: Bits,
    /// The king shield counts by color and king file: the own pawns on the king's and the
    /// neighbouring files, on the color's second and third ranks. White's in the low half,
    /// Black's in the high half; each half is the [`SHIELD_BY_RANK`] entry of the second rank
    /// and, above it, that of the third (read with [`shield_counts`]).
    pub shield: u64,
}

/// Bits per shield count (the king's and the neighbouring files hold at most 3 pawns per rank).
const SHIELD_COUNT_BITS: u32 = 2;
/// The mask of one shield count.
const SHIELD_COUNT_MASK: u64 = (1 << SHIELD_COUNT_BITS) - 1;
/// The bits of one rank's counts for the eight king files (a [`SHIELD_BY_RANK`] entry).
const SHIELD_RANK_BITS: u32 = 8 * SHIELD_COUNT_BITS;

/// For each set of pawns on one rank (a byte, file a = bit 0), the number of them on each file
/// and its neighbours: [`SHIELD_COUNT_BITS`] bits per king file, file a lowest. A table, so a
/// pawn-table miss reads four entries instead of counting 32 sets.
static SHIELD_BY_RANK: [u16; 256] = {
    let mut table = [0; 256];
    let mut rank = 0;
    while rank < 256 {
        let mut counts = 0;
        let mut file = 0;
        while file < 8 {
            // The king's file and its neighbours, within the rank.
            let files: usize = (0b111 << file >> 1) & 0xff;
            let count = (rank & files).count_ones() as u16;
            counts |= count << (file as u32 * SHIELD_COUNT_BITS);
            file += 1;
        }
        table[rank] = counts;
        rank += 1;
    }
    table
};

/// The shield counts (second rank, third rank) of color index `color`'s king on `file` in
/// [`PawnFacts::shield`].
#[inline(always)]
fn shield_counts(shield: u64, color: usize, file: usize) -> (i32, i32) {
    let counts = shield >> (color as u32 * 2 * SHIELD_RANK_BITS + file as u32 * SHIELD_COUNT_BITS);
    (
        (counts & SHIELD_COUNT_MASK) as i32,
        (counts >> SHIELD_RANK_BITS & SHIELD_COUNT_MASK) as i32,
    )
}

/// The squares attacked by the pawns `pawns` of color index `color`.
#[inline(always)]
fn pawn_attacks(color: usize, pawns: Bits) -> Bits {
    if color == 0 {
        ((pawns & NOT_FILE_A) << 7) | ((pawns & NOT_FILE_H) << 9)
    } else {
        ((pawns & NOT_FILE_A) >> 9) | ((pawns & NOT_FILE_H) >> 7)
    }
}

/// The files (a byte, file a = bit 0) holding at least one of `bits`.
#[inline(always)]
fn file_set(bits: Bits) -> u8 {
    let mut folded = bits;
    folded |= folded >> 32;
    folded |= folded >> 16;
    folded |= folded >> 8;
    folded as u8
}

/// The king's distance between two squares: the moves a king needs, 0 to 7.
#[inline(always)]
fn distance(from: usize, to: usize) -> i32 {
    i32::from(Square::from_index(from as u8).distance(Square::from_index(to as u8)))
}

/// The square in front of `square` (not on the last rank) for color index `color`'s pawns.
#[inline(always)]
fn square_ahead(color: usize, square: usize) -> usize {
    if color == 0 { square + 8 } else { square - 8 }
}

/// The rank of `square` counted from color index `color`'s side, 0 to 7.
#[inline(always)]
fn relative_rank(color: usize, square: usize) -> usize {
    if color == 0 {
        square / 8
    } else {
        7 - square / 8
    }
}

/// Counts every feature of `board` into `sink`; returns how the sums are blended.
#[inline(always)]
pub(crate) fn count<K: Sink>(board: &Board, sink: &mut K) -> Blend {
    let facts = count_pawns(pawns_of(board), sink);
    count_pieces(board, &facts, sink)
}

/// The pawns of `board` by color index.
#[inline(always)]
pub(crate) fn pawns_of(board: &Board) -> [Bits; 2] {
    [
        board.bits(Color::White, Role::Pawn),
        board.bits(Color::Black, Role::Pawn),
    ]
}

/// Counts the features that depend on `pawns` (by color index) alone: pawn material and
/// squares, passed, doubled, isolated and backward pawns. Returns the facts about the pawns
/// that [`count_pieces`] needs.
pub(crate) fn count_pawns<K: Sink>(pawns: [Bits; 2], sink: &mut K) -> PawnFacts {
    let pawn_cover = [pawn_attacks(0, pawns[0]), pawn_attacks(1, pawns[1])];
    let mut facts = PawnFacts::default();
    for color in Color::ALL {
        let us = color.index();
        let them = 1 - us;
        let sign = color.fold(1, -1);
        let pawn_count = pawns[us].count_ones() as i32;
        sink.add(MATERIAL, sign * pawn_count);
        // Own pawns with an own pawn beside them on the same rank.
        let beside = ((pawns[us] & NOT_FILE_A) >> 1) | ((pawns[us] & NOT_FILE_H) << 1);
        let mut bits = pawns[us];
        while bits != 0 {
            let square = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            sink.add(PST + (square ^ (56 * us)), sign);
            let rank = relative_rank(us, square);
            if pawn_cover[us] & 1 << square != 0 {
                sink.add(PAWN_SUPPORTED + rank, sign);
            }
            if beside & 1 << square != 0 {
                sink.add(PAWN_PHALANX + rank, sign);
            }
            let doubled = FRONT[us][square] & pawns[us] != 0;
            if doubled {
                sink.add(DOUBLED, sign);
            } else if PASSED_SPAN[us][square] & pawns[them] == 0 {
                sink.add(PASSED + rank, sign);
                facts.passed |= 1 << square;
            }
            let neighbours = NEIGHBOUR_FILES[square % 8] & pawns[us];
            if neighbours == 0 {
                sink.add(ISOLATED, sign);
            } else {
                // Own pawns beside or behind on the neighbouring files could still support it;
                // those ahead cannot come back.
                let supporters = neighbours & !PASSED_SPAN[us][square];
                if supporters == 0 && pawn_cover[them] & 1 << square_ahead(us, square) != 0 {
                    sink.add(BACKWARD, sign);
                }
            }
        }

        // The own pawns on the second and third ranks from this side, as bytes.
        let (second, third) = if us == 0 { (1, 2) } else { (6, 5) };
        let rank = |index: usize| usize::from((pawns[us] >> (8 * index)) as u8);
        let near = u64::from(SHIELD_BY_RANK[rank(second)]);
        let far = u64::from(SHIELD_BY_RANK[rank(third)]);
        facts.shield |= (near | far << SHIELD_RANK_BITS) << (us as u32 * 2 * SHIELD_RANK_BITS);
    }
    facts
}

/// Counts the features that read more than the pawns (`facts` being [`count_pawns`]' answer
/// for the board's pawns): material and squares of the other pieces, mobility, free passed
/// pawns and the kings' distances to passed pawns, king safety, bishop pair, rook files,
/// outposts, threats and tempo. Returns how the sums are blended.
#[inline(always)]
pub(crate) fn count_pieces<K: Sink>(board: &Board, facts: &PawnFacts, sink: &mut K) -> Blend {
    let pawns = pawns_of(board);
    let pawn_cover = [pawn_attacks(0, pawns[0]), pawn_attacks(1, pawns[1])];
    // Each side is counted by its own inlined copy, so that its colour (and below, each role)
    // is a constant there and the colour and role tests fold away.
    let white = count_side(board, facts, Color::White, pawns, pawn_cover, sink);
    let black = count_side(board, facts, Color::Black, pawns, pawn_cover, sink);
    // The terms that weigh one side's attacks against the other's.
    let sides = [white, black];
    count_contest(board, facts, Color::White, &sides, pawns, pawn_cover, sink);
    count_contest(board, facts, Color::Black, &sides, pawns, pawn_cover, sink);
    sink.add(TEMPO, board.side_to_move().fold(1, -1));
    Blend {
        phase: (white.phase + black.phase).min(FULL_PHASE),
        end_scale: end_scales(board, pawns, [white.material, black.material]),
    }
}

/// How the middlegame and endgame sums of a position become its score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Blend {
    /// The game phase, 0 (kings and pawns only) to [`FULL_PHASE`]: the middlegame's share.
    pub phase: i32,
    /// The endgame sum's scale, out of [`SCALE_FULL`], by the color index of the side it
    /// favours: less than full where that side can hardly win.
    pub end_scale: [i32; 2],
}

impl Blend {
    /// The score of the sums `middle` and `end`.
    #[inline(always)]
    pub(crate) fn score(self, middle: i32, end: i32) -> i32 {
        let scale = self.end_scale[usize::from(end < 0)];
        blend(middle, end * scale / SCALE_FULL, self.phase)
    }
}

/// The full scale of the endgame sum.
pub(crate) const SCALE_FULL: i32 = 64;
/// The scale for a side without pawns and at most a minor piece ahead, with a rook or more.
const SCALE_NO_PAWNS: i32 = 16;
/// The scale with one bishop each on squares of opposite colours and no other pieces.
const SCALE_OPPOSITE_BISHOPS: i32 = 32;
/// Material in pawns by role, for the scale's rules.
const SCALE_MATERIAL: [i32; 6] = [0, 3, 3, 5, 9, 0];

/// The endgame scale by the favoured side's color index (see [`Blend::end_scale`]): a side
/// with no pawns wins only with more than a minor piece ahead (none with a minor piece or
/// nothing, rarely with a rook or more); bishops of opposite colours alone draw often.
/// `material` is each side's [`SideAttacks::material`].
#[inline(always)]
fn end_scales(board: &Board, pawns: [Bits; 2], material: [i32; 2]) -> [i32; 2] {
    let mut scales = [SCALE_FULL; 2];
    for us in 0..2 {
        if pawns[us] == 0 && material[us] - material[1 - us] <= SCALE_MATERIAL[Role::Bishop.index()]
        {
            scales[us] = if material[us] <= SCALE_MATERIAL[Role::Bishop.index()] {
                0
            } else {
                SCALE_NO_PAWNS
            };
        }
    }
    let bishop = SCALE_MATERIAL[Role::Bishop.index()];
    let bishops = board.bits(Color::White, Role::Bishop) | board.bits(Color::Black, Role::Bishop);
    if material == [bishop, bishop]
        && bishops.count_ones() == 2
        && (bishops & LIGHT_SQUARES).count_ones() == 1
    {
        scales = scales.map(|scale| scale.min(SCALE_OPPOSITE_BISHOPS));
    }
    scales
}

/// The features of `color` that need both sides' attacks: hanging enemy pieces, safe checks,
/// weak squares around the enemy king, threats of pawn pushes and passed pawns with a path no
/// enemy piece guards.
#[inline(always)]
fn count_contest<K: Sink>(
    board: &Board,
    facts: &PawnFacts,
    color: Color,
    sides: &[SideAttacks; 2],
    pawns: [Bits; 2],
    pawn_cover: [Bits; 2],
    sink: &mut K,
) {
    let us = color.index();
    let them = 1 - us;
    let sign = color.fold(1, -1);
    let (own, enemy) = (&sides[us], &sides[them]);
    let occupied = board.occupied_bits();

    // Hanging pieces: attacked and not defended. Pawns and kings are left out.
    let kings = board.bits(Color::White, Role::King) | board.bits(Color::Black, Role::King);
    let pieces = board.colors[them] & !pawns[them] & !kings;
    let hanging = pieces & own.all & !enemy.all;
    if hanging != 0 {
        sink.add(THREAT_HANGING, sign * hanging.count_ones() as i32);
    }

    // Checks from squares the enemy does not attack (its king included).
    let safe = !enemy.all & !board.colors[us];
    let enemy_king = enemy.king;
    let diagonals = attacks::bishop(enemy_king, occupied);
    let lines = attacks::rook(enemy_king, occupied);
    let checks = [
        attacks::knight(enemy_king) & own.by_role[0],
        diagonals & own.by_role[1],
        lines & own.by_role[2],
        (diagonals | lines) & own.by_role[3],
    ];
    // One per role that has any: more squares to check from add little to the threat.
    for (index, squares) in checks.into_iter().enumerate() {
        if squares & safe != 0 {
            sink.add(SAFE_CHECK + index, sign);
        }
    }

    // Squares next to the enemy king that only its king or queen defends.
    let zone = attacks::king(enemy_king);
    let weak = zone & own.all & !enemy.guards;
    if weak != 0 {
        sink.add(KING_ZONE_WEAK, sign * weak.count_ones() as i32);
    }

    // Pawn pushes (one square, or two from the second rank) to squares no enemy pawn takes,
    // that attack enemy pieces the pawns do not attack yet.
    let empty = !occupied;
    let (single, double) = if us == 0 {
        let single = pawns[us] << 8 & empty;
        (single, (single & 0xff << 16) << 8 & empty)
    } else {
        let single = pawns[us] >> 8 & empty;
        (single, (single & 0xff << 40) >> 8 & empty)
    };
    let pushed = (single | double) & !pawn_cover[them];
    let targets = pieces & pawn_attacks(us, pushed) & !pawn_cover[us];
    if targets != 0 {
        sink.add(THREAT_PAWN_PUSH, sign * targets.count_ones() as i32);
    }

    // Passed pawns whose path to promotion no enemy piece attacks.
    let mut bits = facts.passed & pawns[us];
    while bits != 0 {
        let square = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if FRONT[us][square] & enemy.all == 0 {
            sink.add(PASSED_SAFE + relative_rank(us, square), sign);
        }
    }
}

/// What [`count_side`] tells about one side for the terms that weigh both sides' attacks.
#[derive(Clone, Copy)]
struct SideAttacks {
    /// The phase of its pieces.
    phase: i32,
    /// Its knights, bishops, rooks and queens in pawns ([`SCALE_MATERIAL`]), for the endgame
    /// scale.
    material: i32,
    /// Its king's square.
    king: usize,
    /// Every square its pieces, pawns and king attack.
    all: Bits,
    /// The squares its knights, bishops, rooks and queens attack, by role.
    by_role: [Bits; 4],
    /// The squares its pawns, knights, bishops and rooks attack: defences worth more than the
    /// king's or a queen's.
    guards: Bits,
}

/// What the piece terms of one side read.
struct Side {
    color: Color,
    /// The side's color index and the other's.
    us: usize,
    them: usize,
    /// +1 for White's features, -1 for Black's.
    sign: i32,
    occupied: Bits,
    /// The pawns, and the squares they attack, by color index.
    pawns: [Bits; 2],
    /// Both sides' pawns.
    pawns_all: Bits,
    pawn_cover: [Bits; 2],
    /// Squares a piece can go to without landing on its own piece or an enemy pawn's capture.
    area: Bits,
    /// The enemy king's square and its neighbours.
    enemy_zone: Bits,
    /// The enemy king's square.
    enemy_king: usize,
    /// The enemy's rooks and queens, and its queens alone.
    enemy_majors: Bits,
    enemy_queens: Bits,
}

/// Counts the features of `color` that read more than the pawns and one side's attacks (see
/// [`count_pieces`]; the tempo and [`count_contest`]'s aside); returns what the other terms
/// need of its attacks.
#[inline(always)]
fn count_side<K: Sink>(
    board: &Board,
    facts: &PawnFacts,
    color: Color,
    pawns: [Bits; 2],
    pawn_cover: [Bits; 2],
    sink: &mut K,
) -> SideAttacks {
    let us = color.index();
    let them = 1 - us;
    let enemy_king = board.bits(!color, Role::King).trailing_zeros() as usize;
    let side = Side {
        color,
        us,
        them,
        sign: color.fold(1, -1),
        occupied: board.occupied_bits(),
        pawns,
        pawns_all: pawns[0] | pawns[1],
        pawn_cover,
        area: !board.colors[us] & !pawn_cover[them],
        enemy_zone: attacks::king(enemy_king) | 1 << enemy_king,
        enemy_king,
        enemy_majors: board.bits(!color, Role::Rook) | board.bits(!color, Role::Queen),
        enemy_queens: board.bits(!color, Role::Queen),
    };
    let sign = side.sign;

    let knights = count_role(board, &side, Role::Knight, sink);
    let bishops = count_role(board, &side, Role::Bishop, sink);
    let rooks = count_role(board, &side, Role::Rook, sink);
    let queens = count_role(board, &side, Role::Queen, sink);
    // The attack units of this side's pieces weigh on the enemy king: a feature of that king.
    let units = knights.units + bishops.units + rooks.units + queens.units;
    let danger = (units as usize).min(KING_DANGER_LEN - 1);
    sink.add(KING_DANGER + danger, -sign);

    if bishops.count >= 2 {
        sink.add(BISHOP_PAIR, sign);
    }

    // A passed pawn whose squares up to promotion are empty; the kings' distances to its next
    // square, which matter more the further it has come.
    let king = board.bits(color, Role::King).trailing_zeros() as usize;
    let mut bits = facts.passed & pawns[us];
    while bits != 0 {
        let square = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let rank = relative_rank(us, square);
        if FRONT[us][square] & side.occupied == 0 {
            sink.add(PASSED_FREE + rank, sign);
        }
        let advance = rank as i32 - 1;
        if advance > 0 {
            let next = square_ahead(us, square);
            sink.add(PASSED_KING, sign * advance * distance(enemy_king, next));
            sink.add(PASSED_KING + 1, sign * advance * distance(king, next));
        }
    }

    // Enemy pieces attacked by own pawns.
    for (index, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .enumerate()
    {
        let attacked = pawn_cover[us] & board.bits(!color, role);
        if attacked != 0 {
            sink.add(THREAT_BY_PAWN + index, sign * attacked.count_ones() as i32);
        }
    }

    sink.add(PST + 5 * 64 + (king ^ (56 * us)), sign);
    let file = king % 8;
    // The files around the king that no own pawn shelters, and those no pawn closes at all.
    // Whole files: their first rank is their byte.
    let king_files = (NEIGHBOUR_FILES[file] | FILE_A << file) as u8;
    let unsheltered = king_files & !file_set(pawns[us]);
    let open = unsheltered & !file_set(pawns[them]);
    sink.add(KING_FILES, sign * unsheltered.count_ones() as i32);
    sink.add(KING_FILES + 1, sign * open.count_ones() as i32);
    if relative_rank(us, king) == 0 && (file <= 2 || file >= 5) {
        let (near, far) = shield_counts(facts.shield, us, file);
        sink.add(SHIELD, sign * near);
        sink.add(SHIELD + 1, sign * far);
    }

    let phase = PHASE_WEIGHT[Role::Knight.index()] * knights.count
        + PHASE_WEIGHT[Role::Bishop.index()] * bishops.count
        + PHASE_WEIGHT[Role::Rook.index()] * rooks.count
        + PHASE_WEIGHT[Role::Queen.index()] * queens.count;
    let guards = pawn_cover[us] | knights.attacks | bishops.attacks | rooks.attacks;
    let material = SCALE_MATERIAL[Role::Knight.index()] * knights.count
        + SCALE_MATERIAL[Role::Bishop.index()] * bishops.count
        + SCALE_MATERIAL[Role::Rook.index()] * rooks.count
        + SCALE_MATERIAL[Role::Queen.index()] * queens.count;
    SideAttacks {
        phase,
        material,
        king,
        all: guards | queens.attacks | attacks::king(king),
        by_role: [
            knights.attacks,
            bishops.attacks,
            rooks.attacks,
            queens.attacks,
        ],
        guards,
    }
}

/// What [`count_role`] tells about one side's pieces of one role.
struct RoleSummary {
    /// How many there are (counted here rather than by a popcount of the whole set).
    count: i32,
    /// Their attack units on the enemy king's zone.
    units: i32,
    /// Every square they attack (own pieces' squares included: defended).
    attacks: Bits,
}

/// Counts the pieces of `role` (knight to queen) of `side`: material, squares, mobility,
/// threats, and outposts or rook files.
#[inline(always)]
fn count_role<K: Sink>(board: &Board, side: &Side, role: Role, sink: &mut K) -> RoleSummary {
    let (us, them, sign) = (side.us, side.them, side.sign);
    let mut bits = board.bits(side.color, role);
    let mut count = 0;
    let mut units = 0;
    let mut attacked = 0;
    while bits != 0 {
        let square = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        count += 1;
        sink.add(PST + role.index() * 64 + (square ^ (56 * us)), sign);
        let reach = match role {
            Role::Knight => attacks::knight(square),
            Role::Bishop => attacks::bishop(square, side.occupied),
            Role::Rook => attacks::rook(square, side.occupied),
            _ => attacks::queen(square, side.occupied),
        };
        attacked |= reach;
        let mobility = (reach & side.area).count_ones() as usize;
        // Enemy rooks and queens attacked by a minor piece, queens by a rook.
        let targets = reach & side.enemy_majors;
        if targets != 0 {
            match role {
                Role::Knight | Role::Bishop => {
                    let queens = (targets & side.enemy_queens).count_ones() as i32;
                    let rooks = targets.count_ones() as i32 - queens;
                    sink.add(THREAT_BY_MINOR, sign * rooks);
                    sink.add(THREAT_BY_MINOR + 1, sign * queens);
                }
                Role::Rook => {
                    sink.add(
                        THREAT_BY_ROOK,
                        sign * (targets & side.enemy_queens).count_ones() as i32,
                    );
                }
                _ => {}
            }
        }
        // Most pieces do not reach the enemy king's zone: no count needed then.
        let zone = reach & side.enemy_zone;
        if zone != 0 {
            units += ATTACK_UNITS[role.index()] * zone.count_ones() as i32;
        }
        match role {
            Role::Knight | Role::Bishop => {
                let (table, outpost) = if role == Role::Knight {
                    (MOBILITY_KNIGHT, KNIGHT_OUTPOST)
                } else {
                    (MOBILITY_BISHOP, BISHOP_OUTPOST)
                };
                sink.add(table + mobility, sign);
                let rank = relative_rank(us, square);
                if rank < 7 && side.pawns_all & 1 << square_ahead(us, square) != 0 {
                    sink.add(MINOR_BEHIND_PAWN, sign);
                }
                if role == Role::Bishop {
                    let colour = if LIGHT_SQUARES & 1 << square != 0 {
                        LIGHT_SQUARES
                    } else {
                        !LIGHT_SQUARES
                    };
                    sink.add(
                        BISHOP_PAWNS,
                        sign * (side.pawns[us] & colour).count_ones() as i32,
                    );
                }
                if (3..=5).contains(&rank)
                    && side.pawn_cover[us] & 1 << square != 0
                    && (PASSED_SPAN[us][square] & !FRONT[us][square]) & side.pawns[them] == 0
                {
                    sink.add(outpost, sign);
                }
            }
            Role::Rook => {
                sink.add(MOBILITY_ROOK + mobility, sign);
                if relative_rank(us, square) == 6
                    && (relative_rank(us, side.enemy_king) == 7
                        || side.pawns[them] & SEVENTH_RANK[us] != 0)
                {
                    sink.add(ROOK_SEVENTH, sign);
                }
                let file = FILE_A << (square % 8);
                if file & side.pawns[us] == 0 {
                    if file & side.pawns[them] == 0 {
                        sink.add(ROOK_OPEN_FILE, sign);
                    } else {
                        sink.add(ROOK_HALF_OPEN_FILE, sign);
                    }
                }
            }
            _ => sink.add(MOBILITY_QUEEN + mobility, sign),
        }
    }
    sink.add(MATERIAL + role.index(), sign * count);
    RoleSummary {
        count,
        units,
        attacks: attacked,
    }
}

/// The blend of a middlegame and an endgame score by `phase`.
#[inline(always)]
pub(crate) fn blend(middle: i32, end: i32, phase: i32) -> i32 {
    (middle * phase + end * (FULL_PHASE - phase)) / FULL_PHASE
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shield table counts what the shield means: own pawns on the king's file and its
    /// neighbours, on one rank.
    #[test]
    fn shield_table_counts_the_files_around_the_king() {
        for color in 0..2 {
            for rank_bits in 0..=255u64 {
                let (second, third) = if color == 0 { (8, 16) } else { (48, 40) };
                let pawns = rank_bits << second | (rank_bits ^ 0x5a) << third;
                let facts = count_pawns(
                    if color == 0 { [pawns, 0] } else { [0, pawns] },
                    &mut Discard,
                );
                for (file, neighbours) in NEIGHBOUR_FILES.iter().enumerate() {
                    let files = neighbours | FILE_A << file;
                    let expected = (
                        (files & 0xff << second & pawns).count_ones() as i32,
                        (files & 0xff << third & pawns).count_ones() as i32,
                    );
                    assert_eq!(shield_counts(facts.shield, color, file), expected);
                    assert_eq!(shield_counts(facts.shield, 1 - color, file), (0, 0));
                }
            }
        }
    }

    /// A sink that keeps nothing.
    struct Discard;

    impl Sink for Discard {
        fn add(&mut self, _: usize, _: i32) {}
    }
}
