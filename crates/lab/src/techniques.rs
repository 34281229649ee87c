//! The search's techniques by name, for the drivers that switch them from the command line
//! (a match of a configuration against itself with one technique off).

use plyforge_search::Config;

/// The names of the switchable techniques: each `Config` field's name in kebab case.
pub const TECHNIQUES: [&str; 24] = [
    "iterative-deepening",
    "tt",
    "pvs",
    "aspiration",
    "null-move",
    "lmr",
    "killers",
    "history",
    "countermove",
    "continuation-history",
    "capture-history",
    "order-hints",
    "correction-history",
    "eval-cache",
    "quiescence",
    "check-extension",
    "mate-distance",
    "reverse-futility",
    "futility",
    "late-move-pruning",
    "internal-iterative-reduction",
    "static-exchange",
    "singular-extension",
    "table-score-pruning",
];

/// The switch of the technique called `name` (one of [`TECHNIQUES`]); `None` for any other
/// name.
///
/// ```
/// use plyforge_lab::techniques::technique_mut;
/// use plyforge_search::Config;
/// let mut config = Config::default();
/// *technique_mut(&mut config, "null-move").unwrap() = false;
/// assert!(!config.null_move && config.lmr);
/// assert!(technique_mut(&mut config, "razoring").is_none());
/// ```
pub fn technique_mut<'a>(config: &'a mut Config, name: &str) -> Option<&'a mut bool> {
    Some(match name {
        "iterative-deepening" => &mut config.iterative_deepening,
        "tt" => &mut config.tt,
        "pvs" => &mut config.pvs,
        "aspiration" => &mut config.aspiration,
        "null-move" => &mut config.null_move,
        "lmr" => &mut config.lmr,
        "killers" => &mut config.killers,
        "history" => &mut config.history,
        "countermove" => &mut config.countermove,
        "continuation-history" => &mut config.continuation_history,
        "capture-history" => &mut config.capture_history,
        "order-hints" => &mut config.order_hints,
        "correction-history" => &mut config.correction_history,
        "eval-cache" => &mut config.eval_cache,
        "quiescence" => &mut config.quiescence,
        "check-extension" => &mut config.check_extension,
        "mate-distance" => &mut config.mate_distance,
        "reverse-futility" => &mut config.reverse_futility,
        "futility" => &mut config.futility,
        "late-move-pruning" => &mut config.late_move_pruning,
        "internal-iterative-reduction" => &mut config.internal_iterative_reduction,
        "static-exchange" => &mut config.static_exchange,
        "singular-extension" => &mut config.singular_extension,
        "table-score-pruning" => &mut config.table_score_pruning,
        _ => return None,
    })
}

/// The chess engine's configuration (`Config::selective()`) with the techniques `variant`
/// names switched: `without-<technique>` off, `with-<technique>` on, several in a row
/// (`without-lmr-with-countermove`); or what is wrong with the name.
///
/// ```
/// use plyforge_lab::techniques::selective_variant;
/// let config = selective_variant("without-lmr-without-futility").unwrap();
/// assert!(!config.lmr && !config.futility && config.null_move);
/// let config = selective_variant("with-internal-iterative-reduction-without-lmr").unwrap();
/// assert!(config.internal_iterative_reduction && !config.lmr);
/// assert!(selective_variant("lmr").is_err());
/// assert!(selective_variant("without-magic").is_err());
/// assert!(selective_variant("without-").is_err());
/// ```
pub fn selective_variant(variant: &str) -> Result<Config, String> {
    let mut config = Config::selective();
    let mut rest = variant;
    while !rest.is_empty() {
        let (on, after) = if let Some(after) = rest.strip_prefix("without-") {
            (false, after)
        } else if let Some(after) = rest.strip_prefix("with-") {
            (true, after)
        } else {
            return Err(format!(
                "a variant is a row of without-<technique> and with-<technique>, got {variant:?}"
            ));
        };
        // A name runs to the next switch ("-with-" is not part of "-without-").
        let end = [after.find("-without-"), after.find("-with-")]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or(after.len());
        let technique = &after[..end];
        let switch = technique_mut(&mut config, technique).ok_or_else(|| {
            format!(
                "unknown technique {technique:?} in {variant:?} (known: {})",
                TECHNIQUES.join(", ")
            )
        })?;
        *switch = on;
        rest = after[end..].strip_prefix('-').unwrap_or(&after[end..]);
    }
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every name reaches its own switch: all of them off is `Config::plain()`, each one alone
    /// off changes exactly one switch of a configuration with every technique on.
    #[test]
    fn every_technique_has_its_switch() {
        let every = Config::selective()
            .with_late_move_pruning(true)
            .with_internal_iterative_reduction(true)
            .with_countermove(true)
            .with_continuation_history(true);
        let mut all_off = every.clone();
        for name in TECHNIQUES {
            *technique_mut(&mut all_off, name).unwrap() = false;
            let mut one_off = every.clone();
            *technique_mut(&mut one_off, name).unwrap() = false;
            let changed = TECHNIQUES
                .iter()
                .filter(|&&other| !*technique_mut(&mut one_off, other).unwrap())
                .count();
            assert_eq!(changed, 1, "{name}");
        }
        assert_eq!(all_off, Config::plain());
        assert!(technique_mut(&mut Config::selective(), "").is_none());
    }
}
