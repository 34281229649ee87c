//! The search's techniques by name, for the drivers that switch them from the command line
//! (a match of a configuration against itself with one technique off).

use plyforge_search::Config;
use plyforge_search::Techniques;

/// The names of the switchable techniques in kebab case, in the order of their declaration
/// ([`Techniques`]).
pub fn technique_names() -> Vec<String> {
    Techniques::all()
        .iter()
        .map(Techniques::kebab_name)
        .collect()
}

/// The technique called `name` in kebab case; `None` for any other name.
///
/// ```
/// use plyforge_lab::techniques::technique;
/// use plyforge_search::Techniques;
/// assert_eq!(technique("null-move"), Some(Techniques::NULL_MOVE));
/// assert!(technique("razoring").is_none());
/// ```
pub fn technique(name: &str) -> Option<Techniques> {
    Techniques::from_kebab_name(name)
}

/// The chess engine's configuration (`Config::selective()`) with the techniques `variant`
/// names switched: `without-<technique>` off, `with-<technique>` on, several in a row
/// (`without-lmr-with-countermove`); or what is wrong with the name.
///
/// ```
/// use plyforge_lab::techniques::selective_variant;
/// use plyforge_search::Techniques;
/// let config = selective_variant("without-lmr-without-futility").unwrap();
/// assert!(!config.uses(Techniques::LMR) && !config.uses(Techniques::FUTILITY) && config.uses(Techniques::NULL_MOVE));
/// let config = selective_variant("with-internal-iterative-reduction-without-lmr").unwrap();
/// assert!(config.uses(Techniques::INTERNAL_ITERATIVE_REDUCTION) && !config.uses(Techniques::LMR));
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
        let switch = self::technique(technique).ok_or_else(|| {
            format!(
                "unknown technique {technique:?} in {variant:?} (known: {})",
                technique_names().join(", ")
            )
        })?;
        config.techniques.set(switch, on);
        rest = after[end..].strip_prefix('-').unwrap_or(&after[end..]);
    }
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every name reaches its own switch, and all of them off is `Config::plain()`.
    #[test]
    fn every_technique_has_its_switch() {
        let names = technique_names();
        assert_eq!(names.len(), 28);
        let mut all_off = Config::selective().with_techniques(Techniques::all());
        for name in &names {
            let flag = technique(name).unwrap();
            assert_eq!(flag.bits().count_ones(), 1, "{name}");
            all_off = all_off.without(flag);
        }
        assert_eq!(all_off, Config::plain());
        assert!(technique("").is_none());
    }
}
