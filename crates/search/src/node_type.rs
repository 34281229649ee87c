//! The kinds of alpha-beta node, known when a node is called, so that the node function is
//! compiled once per kind (as Stockfish's `search<NodeType>` is): the root, a node on the
//! principal variation searched with an open window, and a node searched with a null window.

/// The kind of a node, known when it is called: the node function is compiled once per kind.
pub(crate) trait NodeType {
    /// The root of the search (ply 0): no draw test, the previous iteration's best move first.
    const ROOT: bool;
    /// A node on the principal variation: searched with an open window.
    const PV: bool;
}

/// The root.
pub(crate) struct Root;
/// A node searched with an open window below the root.
pub(crate) struct Pv;
/// A node searched with a null window.
pub(crate) struct NonPv;

impl NodeType for Root {
    const ROOT: bool = true;
    const PV: bool = true;
}
impl NodeType for Pv {
    const ROOT: bool = false;
    const PV: bool = true;
}
impl NodeType for NonPv {
    const ROOT: bool = false;
    const PV: bool = false;
}
