//! Placeholder: the issue that owns this benchmark fills it in.
fn main() {}
