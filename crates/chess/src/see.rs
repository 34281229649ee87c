//! Static exchange evaluation: what a move wins or loses on its destination square if both sides
//! then capture there in turn, each with its least valuable piece, and each free to stop when
//! going on would lose. The search orders captures by it and skips the exchanges that lose
//! material where a shallow search could not tell.
//!
//! It answers one question, "does the move win at least `threshold`?", which is cheaper than the
//! exact value: the exchange stops as soon as the answer is known. Pieces pinned to their king
//! still take part (an approximation every engine of this kind makes), and sliders behind a
//! capturer join the exchange as it goes (x-rays).

use crate::attacks::{self, Bits};
use crate::board::Board;
use crate::color::Color;
use crate::moves::{KIND_NORMAL, Move, MoveKind};
use crate::piece::Role;

/// Piece values for the exchange, in centipawns, by role (the king's stands for "cannot be
/// given up").
const EXCHANGE_VALUES: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

impl Board {
    /// Whether `mv`, a legal move, wins at least `threshold` centipawns once the exchange on its
    /// destination is played out by both sides' least valuable pieces. En passant and promotions
    /// are not played out: they count as what they take and make at once (a pawn; the piece
    /// taken and the new piece less the pawn), the most they can win, so that no search prunes
    /// them for winning too little; castling wins nothing.
    ///
    /// ```
    /// use plyforge_chess::{Board, Move, Role, Square};
    /// // The queen takes a pawn defended by a pawn: it wins 100 and loses 950.
    /// let board: Board = "4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1".parse()?;
    /// let grab = Move::normal(Square::D2, Square::D5);
    /// assert!(!board.see_at_least(grab, 0));
    /// assert!(board.see_at_least(grab, -850));
    /// // A pawn that takes a defended knight wins a piece for a pawn.
    /// let board: Board = "4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1".parse()?;
    /// assert!(board.see_at_least(Move::normal(Square::E4, Square::D5), 220));
    /// // A promotion wins at most the new queen less the pawn.
    /// let board: Board = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1".parse()?;
    /// let promotion = Move::promotion(Square::B7, Square::B8, Role::Queen);
    /// assert!(board.see_at_least(promotion, 850));
    /// assert!(!board.see_at_least(promotion, 851));
    /// # Ok::<(), plyforge_chess::FenError>(())
    /// ```
    pub fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        let value = |role: Role| EXCHANGE_VALUES[role.index()];
        let to = mv.target_index();
        // The piece the move takes on its destination (none for en passant and castling).
        let taken = if self.enemy_on(to) {
            value(self.occupied_role(to))
        } else {
            0
        };
        if mv.kind_bits() != KIND_NORMAL {
            let most = match mv.kind() {
                MoveKind::EnPassant => value(Role::Pawn),
                MoveKind::Promotion(role) => taken + value(role) - value(Role::Pawn),
                MoveKind::Castle | MoveKind::Normal => 0,
            };
            return threshold <= most;
        }
        let from = mv.origin_index();
        // What the side to move is up after its capture, less the threshold; the exchange goes
        // on only while the answer is open.
        let mut balance = taken - threshold;
        if balance < 0 {
            return false;
        }
        // If the moved piece is lost for nothing more, is the side to move still at the
        // threshold?
        balance = value(self.occupied_role(from)) - balance;
        if balance <= 0 {
            return true;
        }
        let mut occupied: Bits = self.occupied_bits() ^ (1 << from) ^ (1 << to);
        let diagonal = self.roles[Role::Bishop.index()] | self.roles[Role::Queen.index()];
        let straight = self.roles[Role::Rook.index()] | self.roles[Role::Queen.index()];
        let mut attackers =
            self.attackers(Color::White, to, occupied) | self.attackers(Color::Black, to, occupied);
        let mut side = self.side();
        // Whether the side to move at the root comes out at the threshold, if the exchange
        // stopped here.
        let mut wins = true;
        loop {
            side = !side;
            attackers &= occupied;
            let ours = attackers & self.colors[side.index()];
            if ours == 0 {
                break;
            }
            wins = !wins;
            let Some(role) = Role::ALL
                .into_iter()
                .find(|&role| ours & self.roles[role.index()] != 0)
            else {
                break;
            };
            if role == Role::King {
                // The king may only take last: with the other side still attacking, it cannot.
                return if attackers & !self.colors[side.index()] != 0 {
                    !wins
                } else {
                    wins
                };
            }
            balance = value(role) - balance;
            if balance < i32::from(wins) {
                break;
            }
            let capturer = ours & self.roles[role.index()];
            occupied ^= capturer & capturer.wrapping_neg();
            // The sliders behind the capturer now see the square.
            if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
                attackers |= attacks::bishop(to, occupied) & diagonal;
            }
            if matches!(role, Role::Rook | Role::Queen) {
                attackers |= attacks::rook(to, occupied) & straight;
            }
        }
        wins
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    fn board(fen: &str) -> Board {
        fen.parse().unwrap()
    }

    #[test]
    fn exchanges_are_played_out_with_x_rays() {
        // Rook takes a pawn defended by a rook, with a second rook behind: R x p, r x R, R x r.
        // White wins 100 - 500 + 500 = 100.
        let doubled = board("3r2k1/8/8/3p4/8/8/3R4/3RK3 w - - 0 1");
        let take = Move::normal(Square::D2, Square::D5);
        assert!(doubled.see_at_least(take, 100));
        assert!(!doubled.see_at_least(take, 101));
        // Without the second white rook: R x p, r x R: White loses 400.
        let single = board("3r2k1/8/8/3p4/8/8/3R4/4K3 w - - 0 1");
        assert!(!single.see_at_least(take, 0));
        assert!(single.see_at_least(take, -400));
        assert!(!single.see_at_least(take, -399));
        // An undefended piece is won whole.
        let free = board("6k1/8/8/3n4/8/8/3R4/4K3 w - - 0 1");
        assert!(free.see_at_least(take, 320));
        assert!(!free.see_at_least(take, 321));
    }

    #[test]
    fn quiet_moves_to_attacked_squares_lose_the_piece() {
        // A knight to a square a pawn attacks.
        let to_d3 = Move::normal(Square::B1, Square::D3);
        // A black pawn on c5 guards b4 and d4, not d3.
        let safe = board("4k3/8/8/2p5/8/8/8/1N2K3 w - - 0 1");
        assert!(safe.see_at_least(to_d3, 0));
        // On c4 it guards d3: the knight is lost for nothing.
        let guarded = board("4k3/8/8/8/2p5/8/8/1N2K3 w - - 0 1");
        assert!(!guarded.see_at_least(to_d3, 0));
        assert!(guarded.see_at_least(to_d3, -320));
        assert!(!guarded.see_at_least(to_d3, -319));
    }

    #[test]
    fn the_king_takes_only_when_nothing_recaptures() {
        // Q x e7: the king takes the queen back.
        let alone = board("4k3/4p3/8/8/8/8/8/4QK2 w - - 0 1");
        assert!(!alone.see_at_least(Move::normal(Square::E1, Square::E7), 0));
        let backed = board("4k3/4p3/8/8/8/8/4R3/4QK2 w - - 0 1");
        // R x e7 with the queen behind: the king cannot take back (the queen would take it).
        assert!(backed.see_at_least(Move::normal(Square::E2, Square::E7), 100));
    }

    #[test]
    fn special_moves_count_what_they_take_and_make() {
        // b7 x a8 = Q: the rook taken and a queen for the pawn. The exchange after it is not
        // played out: the king takes the new queen back, and the promotion still counts 1350.
        let promotion = board("rk6/1P6/8/8/8/8/8/4K3 w - - 0 1");
        let queen = Move::promotion(Square::B7, Square::A8, Role::Queen);
        assert!(promotion.see_at_least(queen, 500 + 950 - 100));
        assert!(!promotion.see_at_least(queen, 500 + 950 - 99));
        let knight = Move::promotion(Square::B7, Square::A8, Role::Knight);
        assert!(promotion.see_at_least(knight, 500 + 320 - 100));
        assert!(!promotion.see_at_least(knight, 500 + 320 - 99));
        // e5 x d6 en passant wins the pawn on d5.
        let en_passant = board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        let take = Move::en_passant(Square::E5, Square::D6);
        assert!(en_passant.see_at_least(take, 100));
        assert!(!en_passant.see_at_least(take, 101));
        // Castling wins nothing.
        let castle = board("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        let castle_move = Move::castle(Square::E1, Square::H1);
        assert!(castle.see_at_least(castle_move, 0));
        assert!(!castle.see_at_least(castle_move, 1));
    }
}
