//! The search crate's modules stay in their layers: value types at the bottom, the machinery the
//! algorithms share above them, the algorithms above that, and the front end (configuration and
//! searcher) on top. A module names only modules of its own layer or below, and no modules name
//! each other in a loop. The sources are read as text: every `crate::module` and `super::module`
//! outside comments counts as a use.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Each module's layer, from the bottom. A module that is not listed fails the test, so that a
/// new module is placed on purpose.
const LAYERS: &[(&str, u8)] = &[
    // Value types: what every search and its callers speak.
    ("score", 0),
    ("game", 0),
    ("moves", 0),
    ("score_vector", 0),
    ("algorithm", 0),
    ("techniques", 0),
    ("limits", 0),
    ("report", 0),
    ("parameters", 0),
    // What the algorithms share.
    ("checks", 1),
    ("clock", 1),
    ("pages", 1),
    ("tt", 1),
    ("pv", 1),
    ("ordering", 1),
    ("movepick", 1),
    ("correction", 1),
    ("eval_cache", 1),
    ("node_type", 1),
    ("perft", 1),
    ("threads", 1),
    ("nim", 1),
    ("maxn", 1),
    // The algorithms.
    ("worker", 2),
    ("node", 2),
    ("quiescence", 2),
    ("multiplayer", 2),
    ("mcts", 2),
    ("proof", 2),
    ("retrograde", 2),
    ("contract", 2),
    // The front end.
    ("config", 3),
    ("searcher", 3),
    ("player", 4),
    ("arena", 4),
];

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the source directory is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            found.push(path);
        }
    }
}

/// The module path of a source file below `src`: `mcts::tree` for `src/mcts/tree.rs`,
/// `mcts` for `src/mcts/mod.rs`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).expect("a file below src");
    let mut parts: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts
        .last()
        .is_some_and(|last| last == "mod" || last == "lib")
    {
        parts.pop();
    }
    parts
}

/// The modules (as paths from the crate root) that `text`, the source of `module`, names. A
/// path is resolved to the longest module that exists.
fn uses(module: &[String], text: &str, modules: &BTreeSet<Vec<String>>) -> BTreeSet<Vec<String>> {
    let mut found = BTreeSet::new();
    let parent: Vec<String> = module[..module.len().saturating_sub(1)].to_vec();
    for line in text.lines() {
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        for (prefix, base) in [("crate::", Vec::new()), ("super::", parent.clone())] {
            let mut rest = code;
            while let Some(at) = rest.find(prefix) {
                let after = &rest[at + prefix.len()..];
                let path: Vec<String> = after
                    .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                    .next()
                    .unwrap_or("")
                    .split("::")
                    .filter(|part| !part.is_empty())
                    .map(str::to_string)
                    .collect();
                let mut full = base.clone();
                full.extend(path);
                while !full.is_empty() && !modules.contains(&full) {
                    full.pop();
                }
                if !full.is_empty() && full != module {
                    found.insert(full);
                }
                rest = after;
            }
        }
    }
    found
}

#[test]
fn modules_import_only_their_layer_and_below_and_never_in_a_loop() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let texts: BTreeMap<Vec<String>, String> = files
        .iter()
        .map(|file| {
            let text = std::fs::read_to_string(file).expect("a readable source file");
            (module_of(&src, file), text)
        })
        .collect();
    let modules: BTreeSet<Vec<String>> = texts.keys().cloned().collect();
    let layer = |module: &[String]| -> u8 {
        let top = module.first().map_or("", String::as_str);
        LAYERS
            .iter()
            .find(|(name, _)| *name == top)
            .map(|&(_, layer)| layer)
            .unwrap_or_else(|| panic!("module {top} has no layer in LAYERS"))
    };
    let mut graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    let mut upward = Vec::new();
    for (module, text) in &texts {
        if module.is_empty() || module.last().is_some_and(|last| last == "tests") {
            // The crate root re-exports everything; unit tests may reach anywhere.
            continue;
        }
        let used = uses(module, text, &modules);
        for target in &used {
            if target.is_empty() {
                continue;
            }
            if layer(target) > layer(module) {
                upward.push(format!("{} -> {}", module.join("::"), target.join("::")));
            }
        }
        graph.insert(module.clone(), used);
    }
    assert!(
        upward.is_empty(),
        "imports from a higher layer: {upward:#?}"
    );

    // Loops: a depth-first search that finds a module on its own path.
    fn visit(
        module: &Vec<String>,
        graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        path: &mut Vec<Vec<String>>,
        done: &mut BTreeSet<Vec<String>>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|on_path| on_path == module) {
            return Some(path[start..].iter().map(|m| m.join("::")).collect());
        }
        if !done.insert(module.clone()) {
            return None;
        }
        path.push(module.clone());
        for next in graph.get(module).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    for module in graph.keys() {
        let cycle = visit(module, &graph, &mut Vec::new(), &mut done);
        assert!(
            cycle.is_none(),
            "modules import each other in a loop: {cycle:?}"
        );
    }
}

#[test]
fn no_module_downcasts_at_run_time() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a readable source file");
        // A panic's payload is read with `downcast_ref` to print its message; nothing else is
        // kept as `dyn Any` and recovered by its type.
        assert!(
            !text.contains("dyn Any")
                && !text.contains("downcast::<")
                && !text.contains("downcast_mut"),
            "{} keeps values as `dyn Any`",
            file.display()
        );
    }
}
