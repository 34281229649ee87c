//! Calls into the checked game and evaluator under `catch_unwind`, so that a panic in user code
//! (a move list past its capacity above all) becomes a violation with its line instead of
//! ending the check. The panic is not printed as it happens: a panic hook, installed once and
//! passing every other panic on to the hook that was there before, stays quiet for the calls
//! made here and keeps where the panic happened for the report.

use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;

thread_local! {
    /// Whether this thread is inside [`catch`]: its panics are reported, not printed.
    static CATCHING: Cell<bool> = const { Cell::new(false) };
    /// Where the last panic caught on this thread happened.
    static LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs the quiet hook once per process.
static QUIET_HOOK: Once = Once::new();

fn install_quiet_hook() {
    QUIET_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if CATCHING.with(Cell::get) {
                let location = info.location().map(ToString::to_string);
                LOCATION.with(|last| *last.borrow_mut() = location);
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs `call`; a panic comes back as its message, with where it happened when known.
pub(super) fn catch<R>(call: impl FnOnce() -> R) -> Result<R, String> {
    install_quiet_hook();
    let outer = CATCHING.with(|catching| catching.replace(true));
    let result = catch_unwind(AssertUnwindSafe(call));
    CATCHING.with(|catching| catching.set(outer));
    result.map_err(|payload| {
        let message = if let Some(message) = payload.downcast_ref::<&str>() {
            (*message).to_string()
        } else if let Some(message) = payload.downcast_ref::<String>() {
            message.clone()
        } else {
            "a panic without a message".to_string()
        };
        match LOCATION.with(|last| last.borrow_mut().take()) {
            Some(location) => format!("{message} (at {location})"),
            None => message,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_comes_back_with_its_message_and_place() {
        let message = catch(|| -> u8 { panic!("no moves left: {}", 7) }).unwrap_err();
        assert!(message.starts_with("no moves left: 7 (at "), "{message}");
        assert!(message.contains("catch.rs"), "{message}");
        assert_eq!(catch(|| 5), Ok(5));
    }

    #[test]
    fn nested_catches_report_the_inner_panic_to_the_inner_call() {
        let outer = catch(|| catch(|| -> u8 { panic!("inner") }));
        let inner = outer.expect("the outer call returns");
        assert!(inner.unwrap_err().starts_with("inner"));
    }
}
