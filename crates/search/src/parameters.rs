//! The numbers of the alpha-beta search: the depths at which each pruning works, its margins,
//! the reductions and the history steps, declared once with their defaults and their valid
//! ranges. They are part of the [`Config`](crate::Config), because the margins are in
//! evaluation units and evaluations of different games have different scales: a game whose
//! pawn is worth 1,000 wants wider margins than chess's centipawns. They are also what a tuner
//! varies: each parameter has a name, and a list of `name=value` pairs reads and writes them.

use core::fmt;
use core::str::FromStr;

/// One declared parameter: its name (the field's), its default and the range in which the
/// search means something by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParameterSpec {
    /// The name, as in [`SearchParameters::get`] and the `name=value` lists.
    pub name: &'static str,
    /// The value of [`SearchParameters::default`].
    pub default: i32,
    /// The least valid value.
    pub min: i32,
    /// The greatest valid value.
    pub max: i32,
}

/// Declares the parameters: the struct, its default, its table of specifications and its
/// access by name, all from one list, so that no parameter can be missing from any of them.
macro_rules! search_parameters {
    ($(
        $(#[doc = $doc:literal])*
        $field:ident = $default:literal in $min:literal..=$max:literal;
    )*) => {
        /// The search's tunable numbers, with defaults suited to an evaluation on a centipawn
        /// scale (a pawn about 100). Set fields directly (a search takes a value outside its
        /// declared range as the nearest end of the range: [`SearchParameters::clamped`]), or
        /// by name with [`SearchParameters::set`] (which rejects it), or from a
        /// `name=value,name=value` list with [`FromStr`] (names left out keep their defaults;
        /// [`Display`](fmt::Display) writes every parameter and reads back the same value).
        ///
        /// ```
        /// use plyforge_search::{Config, SearchParameters};
        /// let wide: SearchParameters = "futility_margin=900,reverse_futility_margin=800".parse()?;
        /// assert_eq!(wide.futility_margin, 900);
        /// assert_eq!(wide.null_min_depth, SearchParameters::default().null_min_depth);
        /// assert_eq!(wide.to_string().parse::<SearchParameters>()?, wide);
        /// let config = Config::selective().with_parameters(wide);
        /// assert_eq!(config.parameters.futility_margin, 900);
        /// # Ok::<(), plyforge_search::ParameterError>(())
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub struct SearchParameters {
            $(
                $(#[doc = $doc])*
                pub $field: i32,
            )*
        }

        impl Default for SearchParameters {
            fn default() -> Self {
                SearchParameters { $($field: $default,)* }
            }
        }

        impl SearchParameters {
            /// Every parameter, in declaration order.
            pub const SPECS: &'static [ParameterSpec] = &[$(
                ParameterSpec {
                    name: stringify!($field),
                    default: $default,
                    min: $min,
                    max: $max,
                },
            )*];

            /// The value of the parameter `name`, `None` for no such parameter.
            pub fn get(&self, name: &str) -> Option<i32> {
                match name {
                    $(stringify!($field) => Some(self.$field),)*
                    _ => None,
                }
            }

            fn slot(&mut self, name: &str) -> Option<&mut i32> {
                match name {
                    $(stringify!($field) => Some(&mut self.$field),)*
                    _ => None,
                }
            }
        }
    };
}

search_parameters! {
    /// Null-move pruning needs at least this much depth left.
    null_min_depth = 3 in 1..=8;
    /// The null move is searched `null_base_reduction + depth / null_depth_divisor` plies
    /// shallower than a real move.
    null_base_reduction = 3 in 1..=8;
    /// See [`SearchParameters::null_base_reduction`].
    null_depth_divisor = 3 in 1..=16;
    /// The null move is searched a ply shallower still per this much that the evaluation
    /// beats beta (evaluation units), up to three plies more: far above beta, a shallower
    /// search suffices to confirm the cut.
    null_eval_divisor = 200 in 1..=10000;
    /// A null move's fail-high is verified by a search without a null move from this depth on.
    null_verify_min_depth = 10 in 2..=64;
    /// Late-move reductions need at least this much depth left.
    lmr_min_depth = 3 in 1..=8;
    /// Moves searched before reductions start.
    lmr_min_moves = 3 in 1..=16;
    /// The late-move reduction table holds `(lmr_base + 100 · ln depth · ln moves /
    /// lmr_divisor) / 100` plies, rounded down: `lmr_base` in hundredths of a ply...
    lmr_base = 50 in -200..=300;
    /// ... and `lmr_divisor` in hundredths.
    lmr_divisor = 225 in 50..=1000;
    /// A late quiet move of a node expected to fail high (a cut node) is reduced this many
    /// plies more.
    lmr_cut_node = 2 in 0..=8;
    /// A late quiet move's reduction shrinks by one per this much history (and grows as much
    /// for bad history).
    lmr_history_divisor = 8192 in 256..=65536;
    /// Reverse futility pruning works up to this depth (deeper, a side far ahead after its
    /// opponent's sacrifice is cut before the null move can see the mate it threatens)...
    reverse_futility_max_depth = 5 in 0..=16;
    /// ... when the static evaluation beats beta by this much per ply (evaluation units).
    reverse_futility_margin = 80 in 1..=1000;
    /// Futility pruning works up to this depth...
    futility_max_depth = 6 in 0..=16;
    /// ... when the static evaluation plus this much...
    futility_base = 60 in 0..=1000;
    /// ... and this much per ply stays at or below alpha (evaluation units).
    futility_margin = 90 in 1..=1000;
    /// Quiescence search skips a capture when the stand-pat score plus this much plus what
    /// the capture wins by its exchange stays at or below alpha (evaluation units).
    quiescence_futility_margin = 150 in 0..=10000;
    /// Late-move pruning works up to this depth; the quiet moves kept are
    /// `late_move_base + depth²` (halved when the position is not improving).
    late_move_max_depth = 6 in 0..=16;
    /// See [`SearchParameters::late_move_max_depth`].
    late_move_base = 3 in 0..=64;
    /// History pruning works up to this depth...
    history_pruning_max_depth = 3 in 0..=16;
    /// ... on a late quiet move whose history lies below minus this much per ply.
    history_pruning_margin = 4096 in 0..=65536;
    /// Singular extensions need at least this much depth...
    singular_min_depth = 6 in 2..=32;
    /// ... a table entry at most this much shallower than the node...
    singular_table_depth_margin = 3 in 0..=16;
    /// ... and the other moves must fail this much per ply below the table's score
    /// (evaluation units).
    singular_margin = 2 in 0..=100;
    /// Internal iterative reduction needs at least this much depth.
    iir_min_depth = 4 in 2..=32;
    /// Moves losing their exchange are skipped up to this depth...
    exchange_max_depth = 6 in 0..=16;
    /// ... when a noisy move loses more than this per ply...
    exchange_noisy_margin = 90 in 0..=1000;
    /// ... or a quiet move more than this per ply (evaluation units).
    exchange_quiet_margin = 60 in 0..=1000;
    /// A cut-off's history bonus is this much times `depth² + 2·depth − 2`...
    history_bonus_scale = 32 in 1..=1024;
    /// ... up to this much, so that one deep cut-off does not outweigh many shallow ones.
    history_bonus_max = 1536 in 1..=16384;
    /// The first depth searched with an aspiration window.
    aspiration_min_depth = 4 in 1..=32;
    /// The half-width of the first aspiration window (evaluation units; the window saturates
    /// at the score range).
    aspiration_window = 50 in 1..=2147483647;
    /// The half-width of the first aspiration window of each line after the first when the
    /// search reports several lines.
    aspiration_window_later_lines = 15 in 1..=2147483647;
    /// The correction history's average moves this many 256ths of the way to a new error per
    /// ply of the search that found it...
    correction_weight_per_depth = 1 in 0..=256;
    /// ... and at most this many 256ths.
    correction_weight_max = 16 in 1..=256;
    /// The correction never exceeds this much either way (evaluation units): a few searches
    /// must not make a structure look won.
    correction_limit = 96 in 0..=10000;
}

impl SearchParameters {
    /// The specification of the parameter `name`.
    pub fn spec(name: &str) -> Option<&'static ParameterSpec> {
        Self::SPECS.iter().find(|spec| spec.name == name)
    }

    /// Sets the parameter `name` to `value`, which must lie in its declared range; on an
    /// error nothing changes.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), ParameterError> {
        let spec = Self::spec(name).ok_or_else(|| ParameterError::Unknown(name.to_string()))?;
        if !(spec.min..=spec.max).contains(&value) {
            return Err(ParameterError::OutOfRange {
                name: spec.name,
                value,
                min: spec.min,
                max: spec.max,
            });
        }
        *self.slot(name).expect("every spec names a field") = value;
        Ok(())
    }
}

impl SearchParameters {
    /// These parameters with each value outside its declared range moved to the nearest end
    /// of it: what a search uses, so that no value set directly can make it divide by zero or
    /// prune everything.
    #[must_use]
    pub fn clamped(mut self) -> Self {
        for spec in Self::SPECS {
            let slot = self.slot(spec.name).expect("every spec names a field");
            *slot = (*slot).clamp(spec.min, spec.max);
        }
        self
    }
}

impl fmt::Display for SearchParameters {
    /// Every parameter as `name=value`, separated by commas.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, spec) in Self::SPECS.iter().enumerate() {
            let value = self.get(spec.name).expect("every spec names a field");
            let separator = if index == 0 { "" } else { "," };
            write!(f, "{separator}{}={value}", spec.name)?;
        }
        Ok(())
    }
}

impl FromStr for SearchParameters {
    type Err = ParameterError;

    /// The defaults with the `name=value` pairs of a comma-separated list set (spaces around
    /// the pairs are allowed; an empty list gives the defaults).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut parameters = SearchParameters::default();
        for pair in text
            .split(',')
            .map(str::trim)
            .filter(|pair| !pair.is_empty())
        {
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| ParameterError::Malformed(pair.to_string()))?;
            let (name, value) = (name.trim(), value.trim());
            let spec = Self::spec(name).ok_or_else(|| ParameterError::Unknown(name.to_string()))?;
            let value = value.parse().map_err(|_| ParameterError::NotANumber {
                name: spec.name,
                text: value.to_string(),
            })?;
            parameters.set(name, value)?;
        }
        Ok(parameters)
    }
}

/// A parameter that cannot be set: from [`SearchParameters::set`] and
/// [`SearchParameters::from_str`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParameterError {
    /// No parameter has this name.
    Unknown(String),
    /// A list item is not `name=value`.
    Malformed(String),
    /// The value of the parameter `name` is not a whole number.
    NotANumber {
        /// The parameter.
        name: &'static str,
        /// The text given for its value.
        text: String,
    },
    /// The value lies outside the parameter's declared range.
    OutOfRange {
        /// The parameter.
        name: &'static str,
        /// The value given.
        value: i32,
        /// The least valid value.
        min: i32,
        /// The greatest valid value.
        max: i32,
    },
}

impl fmt::Display for ParameterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParameterError::Unknown(name) => write!(f, "no search parameter is named {name:?}"),
            ParameterError::Malformed(item) => {
                write!(f, "{item:?} is not a parameter setting (name=value)")
            }
            ParameterError::NotANumber { name, text } => {
                write!(f, "{name}: {text:?} is not a whole number")
            }
            ParameterError::OutOfRange {
                name,
                value,
                min,
                max,
            } => write!(f, "{name}: {value} lies outside {min}..={max}"),
        }
    }
}

impl std::error::Error for ParameterError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_lie_in_their_ranges_and_names_are_unique() {
        let defaults = SearchParameters::default();
        for (index, spec) in SearchParameters::SPECS.iter().enumerate() {
            assert!(
                spec.min <= spec.default && spec.default <= spec.max,
                "{spec:?}"
            );
            assert_eq!(defaults.get(spec.name), Some(spec.default));
            assert!(
                SearchParameters::SPECS[..index]
                    .iter()
                    .all(|earlier| earlier.name != spec.name)
            );
        }
    }

    #[test]
    fn every_parameter_is_set_by_name_and_the_list_round_trips() {
        let mut parameters = SearchParameters::default();
        for (index, spec) in SearchParameters::SPECS.iter().enumerate() {
            let value = spec.min + index as i32 % (spec.max - spec.min + 1);
            parameters.set(spec.name, value).unwrap();
            assert_eq!(parameters.get(spec.name), Some(value));
        }
        let text = parameters.to_string();
        assert_eq!(text.parse::<SearchParameters>(), Ok(parameters));
        assert_eq!(text.split(',').count(), SearchParameters::SPECS.len());
        assert_eq!(" ".parse(), Ok(SearchParameters::default()));
    }

    #[test]
    fn clamping_brings_every_value_into_its_range() {
        let wild = SearchParameters {
            null_depth_divisor: 0,
            lmr_history_divisor: -5,
            aspiration_window: i32::MIN,
            correction_weight_max: 100_000,
            ..SearchParameters::default()
        };
        let clamped = wild.clamped();
        assert_eq!(clamped.null_depth_divisor, 1);
        assert_eq!(clamped.lmr_history_divisor, 256);
        assert_eq!(clamped.aspiration_window, 1);
        assert_eq!(clamped.correction_weight_max, 256);
        assert_eq!(
            SearchParameters::default().clamped(),
            SearchParameters::default()
        );
    }

    #[test]
    fn bad_settings_are_typed_errors_and_change_nothing() {
        let mut parameters = SearchParameters::default();
        assert_eq!(
            parameters.set("futility", 3),
            Err(ParameterError::Unknown("futility".into()))
        );
        assert_eq!(
            parameters.set("null_depth_divisor", 0),
            Err(ParameterError::OutOfRange {
                name: "null_depth_divisor",
                value: 0,
                min: 1,
                max: 16
            })
        );
        assert_eq!(parameters, SearchParameters::default());
        assert_eq!(
            "futility_margin".parse::<SearchParameters>(),
            Err(ParameterError::Malformed("futility_margin".into()))
        );
        assert_eq!(
            "futility_margin=9x".parse::<SearchParameters>(),
            Err(ParameterError::NotANumber {
                name: "futility_margin",
                text: "9x".into()
            })
        );
        assert!(
            "lmr_base=1,nothing=2"
                .parse::<SearchParameters>()
                .unwrap_err()
                .to_string()
                .contains("nothing")
        );
    }
}
