//! Ready-made geometries for common boards. Games may use these or declare their own with
//! [`geometry!`](crate::geometry!).

crate::geometry! {
    /// 8x8 on `u64` with no ghost files (a chess board): a1 is bit 0, h8 bit 63. Shifts mask the
    /// edge files before moving.
    pub struct Grid8x8: u64 { files: 8, ranks: 8, ghost_files: 0 }
}

crate::geometry! {
    /// 4x4 on `u32` with one ghost file per rank (stride 5), as TicTacChess uses: a raw
    /// `b & (b >> 1) & (b >> 2) & (b >> 3)` finds four in a rank without wrapping.
    pub struct Grid4x4Padded: u32 { files: 4, ranks: 4, ghost_files: 1 }
}

crate::geometry! {
    /// Connect Four's 7 columns of 6 cells on `u64`, column-major with a ghost cell on top of each
    /// column (the classic height-plus-one layout): bit `7 * column + row`.
    pub struct Columns7x6: u64 { files: 7, ranks: 6, ghost_ranks: 1 }
}

crate::geometry! {
    /// 121 squares in one rank on `u128`, for irregular boards such as the Sternhalma star: the
    /// set algebra and iteration apply, and neighbourhoods come from the game's own tables.
    pub struct Line121: u128 { files: 121, ranks: 1, ghost_files: 0 }
}
