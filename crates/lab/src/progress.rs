//! The progress bar of the long drivers: done of total, a message (the score so far), and the
//! time left. It draws on standard error only when that is a terminal, so piped output stays
//! clean.

use indicatif::{ProgressBar, ProgressStyle};

/// A bar over `len` units of work named `unit` (`"games"`).
pub fn bar(len: u64, unit: &str) -> ProgressBar {
    let template = format!("{{bar:30}} {{pos}}/{{len}} {unit}, {{msg}}, {{eta}} left");
    ProgressBar::new(len).with_style(
        ProgressStyle::with_template(&template).expect("the template's placeholders are valid"),
    )
}
