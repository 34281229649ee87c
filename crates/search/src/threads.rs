//! The threads of a search: the caller's thread runs the main search, one more thread runs each
//! helper, and all have ended when the search returns. A helper's panic reaches the caller as
//! that same panic, so that a fault in a game's code on any thread is never lost or turned into
//! another message.

/// Runs `main` on this thread and `helper` on one more thread per element of `helpers` (each
/// given its index and its element), and returns what they returned once all have ended. A
/// helper's panic reaches the caller as the same panic, after the other threads have ended.
pub(crate) fn run_threads<T, H, M, HR, MR>(helpers: Vec<T>, helper: H, main: M) -> (MR, Vec<HR>)
where
    T: Send,
    HR: Send,
    H: Fn(usize, T) -> HR + Sync,
    M: FnOnce() -> MR,
{
    std::thread::scope(|scope| {
        let helper = &helper;
        let handles: Vec<_> = helpers
            .into_iter()
            .enumerate()
            .map(|(index, state)| scope.spawn(move || helper(index, state)))
            .collect();
        let main_result = main();
        let helper_results = handles
            .into_iter()
            .map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect();
        (main_result, helper_results)
    })
}
