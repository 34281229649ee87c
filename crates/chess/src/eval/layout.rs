//! Where each evaluation feature lives in the feature vector, and the flat weight vector built
//! from the named weights of `weights.rs`.
//!
//! The evaluation is linear in its weights: every term adds `weight × count` for one feature,
//! once to the middlegame sum and once to the endgame sum. So the tuner can fit the weights on
//! feature vectors alone, and a test checks that the feature vector dotted with [`WEIGHTS`]
//! gives the engine's score.

use super::weights;

/// A weight: (middlegame, endgame) centipawns.
pub(crate) type S = (i32, i32);

/// The kind of term a group of features belongs to: the fields of the evaluation trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Term {
    Material,
    Placement,
    Mobility,
    PassedPawns,
    PawnStructure,
    KingSafety,
    Pieces,
    Threats,
    Tempo,
}

/// How a group's weights are written in `weights.rs`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    /// One weight: `const NAME: S`.
    Scalar,
    /// A list: `const NAME: [S; len]`.
    List,
    /// Six piece-square tables: `const NAME: [[S; 64]; 6]`.
    Tables,
}

/// One named group of consecutive features.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Group {
    /// The name of its const in `weights.rs`.
    pub name: &'static str,
    pub start: usize,
    pub len: usize,
    pub shape: Shape,
    pub term: Term,
    /// What a count of this feature means, written above the const.
    pub doc: &'static str,
}

/// Mobility is counted up to these squares (the most a piece can reach), one feature per count.
pub(crate) const KNIGHT_MOBILITY: usize = 9;
pub(crate) const BISHOP_MOBILITY: usize = 14;
pub(crate) const ROOK_MOBILITY: usize = 15;
pub(crate) const QUEEN_MOBILITY: usize = 28;
/// King danger is indexed by attack units, capped at the table's last entry.
pub(crate) const KING_DANGER_LEN: usize = 24;

macro_rules! layout {
    ($($id:ident = $name:literal, $len:expr, $shape:ident, $term:ident, $doc:literal;)*) => {
        layout!(@index 0usize; $($id, $len;)*);
        /// Every group in feature order.
        pub(crate) const GROUPS: &[Group] = &[
            $(Group { name: $name, start: $id, len: $len, shape: Shape::$shape,
                      term: Term::$term, doc: $doc },)*
        ];
    };
    (@index $at:expr; $id:ident, $len:expr; $($rest:tt)*) => {
        pub(crate) const $id: usize = $at;
        layout!(@index $at + $len; $($rest)*);
    };
    (@index $at:expr;) => {
        /// The length of the feature vector.
        pub(crate) const FEATURE_COUNT: usize = $at;
    };
}

layout! {
    MATERIAL = "MATERIAL", 5, List, Material, "Material by role (pawn, knight, bishop, rook, queen): one per piece.";
    PST = "PST", 6 * 64, Tables, Placement, "Piece-square tables by role (pawn .. king), a1 = 0, from White's side: one per piece on its square (Black's mirrored).";
    MOBILITY_KNIGHT = "MOBILITY_KNIGHT", KNIGHT_MOBILITY, List, Mobility, "Knight by the number of reachable squares (not own pieces, not attacked by enemy pawns).";
    MOBILITY_BISHOP = "MOBILITY_BISHOP", BISHOP_MOBILITY, List, Mobility, "Bishop by reachable squares.";
    MOBILITY_ROOK = "MOBILITY_ROOK", ROOK_MOBILITY, List, Mobility, "Rook by reachable squares.";
    MOBILITY_QUEEN = "MOBILITY_QUEEN", QUEEN_MOBILITY, List, Mobility, "Queen by reachable squares.";
    PASSED = "PASSED", 8, List, PassedPawns, "Passed pawn by its rank from its own side (rank 1 = 0).";
    PASSED_FREE = "PASSED_FREE", 8, List, PassedPawns, "Extra for a passed pawn whose squares up to promotion are empty, by rank.";
    ISOLATED = "ISOLATED", 1, Scalar, PawnStructure, "A pawn with no own pawn on the files beside it.";
    DOUBLED = "DOUBLED", 1, Scalar, PawnStructure, "A pawn with an own pawn in front of it on its file.";
    BACKWARD = "BACKWARD", 1, Scalar, PawnStructure, "A pawn no own pawn beside or behind can support, whose next square an enemy pawn attacks.";
    KING_DANGER = "KING_DANGER", KING_DANGER_LEN, List, KingSafety, "A king by the attack units of enemy pieces on its zone (the king's square and its neighbours), capped.";
    SHIELD = "SHIELD", 2, List, KingSafety, "Own pawns in front of a castled king (king on its first rank, on files a-c or f-h): on the second rank, on the third.";
    BISHOP_PAIR = "BISHOP_PAIR", 1, Scalar, Pieces, "Two bishops or more.";
    ROOK_OPEN_FILE = "ROOK_OPEN_FILE", 1, Scalar, Pieces, "A rook on a file with no pawn.";
    ROOK_HALF_OPEN_FILE = "ROOK_HALF_OPEN_FILE", 1, Scalar, Pieces, "A rook on a file with enemy pawns only.";
    KNIGHT_OUTPOST = "KNIGHT_OUTPOST", 1, Scalar, Pieces, "A knight on ranks 4 to 6, protected by an own pawn, that no enemy pawn can ever attack.";
    BISHOP_OUTPOST = "BISHOP_OUTPOST", 1, Scalar, Pieces, "A bishop on such an outpost.";
    PASSED_KING = "PASSED_KING", 2, List, PassedPawns, "A passed pawn's next square: the enemy king's distance to it, then the own king's, each times the pawn's rank from its side less one.";
    THREAT_BY_PAWN = "THREAT_BY_PAWN", 4, List, Threats, "An enemy knight, bishop, rook or queen (by its role) attacked by an own pawn.";
    THREAT_BY_MINOR = "THREAT_BY_MINOR", 2, List, Threats, "An enemy rook or queen attacked by an own knight or bishop: one per attacker and target.";
    THREAT_BY_ROOK = "THREAT_BY_ROOK", 1, Scalar, Threats, "An enemy queen attacked by an own rook.";
    THREAT_HANGING = "THREAT_HANGING", 1, Scalar, Threats, "An enemy piece (not a pawn or the king) that own pieces attack and no enemy piece defends.";
    PAWN_SUPPORTED = "PAWN_SUPPORTED", 8, List, PawnStructure, "A pawn defended by an own pawn, by its rank from its own side.";
    PAWN_PHALANX = "PAWN_PHALANX", 8, List, PawnStructure, "A pawn with an own pawn beside it on the same rank, by its rank from its own side.";
    KING_FILES = "KING_FILES", 2, List, KingSafety, "The king's file and the files beside it: those with no own pawn, then those with no pawn at all.";
    SAFE_CHECK = "SAFE_CHECK", 4, List, KingSafety, "An own knight, bishop, rook or queen (by role) that could check the enemy king from a square no enemy piece attacks: one per role.";
    KING_ZONE_WEAK = "KING_ZONE_WEAK", 1, Scalar, KingSafety, "Squares of the enemy king's zone that own pieces attack and no enemy pawn, knight, bishop or rook defends.";
    THREAT_PAWN_PUSH = "THREAT_PAWN_PUSH", 1, Scalar, Threats, "Enemy pieces (not pawns) an own pawn would attack after a push to a square the enemy pawns do not attack.";
    PASSED_SAFE = "PASSED_SAFE", 8, List, PassedPawns, "Extra for a passed pawn whose squares up to promotion no enemy piece attacks, by rank.";
    ROOK_SEVENTH = "ROOK_SEVENTH", 1, Scalar, Pieces, "A rook on the seventh rank from its side, with the enemy king on the eighth or enemy pawns on the seventh.";
    BISHOP_PAWNS = "BISHOP_PAWNS", 1, Scalar, Pieces, "Own pawns on the squares of a bishop's colour: one per bishop and pawn.";
    MINOR_BEHIND_PAWN = "MINOR_BEHIND_PAWN", 1, Scalar, Pieces, "A knight or bishop with a pawn (either side's) on the square in front of it.";
    TEMPO = "TEMPO", 1, Scalar, Tempo, "The side to move.";
}

/// Copies `values` into `flat` from `start` on (a const-context `copy_from_slice`).
const fn put(flat: &mut [S; FEATURE_COUNT], start: usize, values: &[S]) {
    let mut i = 0;
    while i < values.len() {
        flat[start + i] = values[i];
        i += 1;
    }
}

/// The weights of `weights.rs` laid out as the feature vector.
pub(crate) static WEIGHTS: [S; FEATURE_COUNT] = {
    let mut flat = [(0, 0); FEATURE_COUNT];
    put(&mut flat, MATERIAL, &weights::MATERIAL);
    let mut role = 0;
    while role < 6 {
        put(&mut flat, PST + role * 64, &weights::PST[role]);
        role += 1;
    }
    put(&mut flat, MOBILITY_KNIGHT, &weights::MOBILITY_KNIGHT);
    put(&mut flat, MOBILITY_BISHOP, &weights::MOBILITY_BISHOP);
    put(&mut flat, MOBILITY_ROOK, &weights::MOBILITY_ROOK);
    put(&mut flat, MOBILITY_QUEEN, &weights::MOBILITY_QUEEN);
    put(&mut flat, PASSED, &weights::PASSED);
    put(&mut flat, PASSED_FREE, &weights::PASSED_FREE);
    put(&mut flat, ISOLATED, &[weights::ISOLATED]);
    put(&mut flat, DOUBLED, &[weights::DOUBLED]);
    put(&mut flat, BACKWARD, &[weights::BACKWARD]);
    put(&mut flat, KING_DANGER, &weights::KING_DANGER);
    put(&mut flat, SHIELD, &weights::SHIELD);
    put(&mut flat, BISHOP_PAIR, &[weights::BISHOP_PAIR]);
    put(&mut flat, ROOK_OPEN_FILE, &[weights::ROOK_OPEN_FILE]);
    put(
        &mut flat,
        ROOK_HALF_OPEN_FILE,
        &[weights::ROOK_HALF_OPEN_FILE],
    );
    put(&mut flat, KNIGHT_OUTPOST, &[weights::KNIGHT_OUTPOST]);
    put(&mut flat, BISHOP_OUTPOST, &[weights::BISHOP_OUTPOST]);
    put(&mut flat, PASSED_KING, &weights::PASSED_KING);
    put(&mut flat, THREAT_BY_PAWN, &weights::THREAT_BY_PAWN);
    put(&mut flat, THREAT_BY_MINOR, &weights::THREAT_BY_MINOR);
    put(&mut flat, THREAT_BY_ROOK, &[weights::THREAT_BY_ROOK]);
    put(&mut flat, THREAT_HANGING, &[weights::THREAT_HANGING]);
    put(&mut flat, PAWN_SUPPORTED, &weights::PAWN_SUPPORTED);
    put(&mut flat, PAWN_PHALANX, &weights::PAWN_PHALANX);
    put(&mut flat, KING_FILES, &weights::KING_FILES);
    put(&mut flat, SAFE_CHECK, &weights::SAFE_CHECK);
    put(&mut flat, KING_ZONE_WEAK, &[weights::KING_ZONE_WEAK]);
    put(&mut flat, THREAT_PAWN_PUSH, &[weights::THREAT_PAWN_PUSH]);
    put(&mut flat, PASSED_SAFE, &weights::PASSED_SAFE);
    put(&mut flat, ROOK_SEVENTH, &[weights::ROOK_SEVENTH]);
    put(&mut flat, BISHOP_PAWNS, &[weights::BISHOP_PAWNS]);
    put(&mut flat, MINOR_BEHIND_PAWN, &[weights::MINOR_BEHIND_PAWN]);
    put(&mut flat, TEMPO, &[weights::TEMPO]);
    flat
};

/// The group a feature belongs to.
pub(crate) fn group_of(feature: usize) -> &'static Group {
    GROUPS
        .iter()
        .find(|group| feature < group.start + group.len)
        .expect("every feature index is below FEATURE_COUNT")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_tile_the_feature_vector() {
        let mut at = 0;
        for group in GROUPS {
            assert_eq!(group.start, at, "{}", group.name);
            let expected = match group.shape {
                Shape::Scalar => 1,
                Shape::List => group.len,
                Shape::Tables => 6 * 64,
            };
            assert_eq!(group.len, expected, "{}", group.name);
            at += group.len;
        }
        assert_eq!(at, FEATURE_COUNT);
    }
}
