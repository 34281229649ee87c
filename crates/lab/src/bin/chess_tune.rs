//! Texel tuning of the chess evaluation: fits its weights to game results.
//!
//! ```text
//! cargo run --release -p plyforge-lab --bin chess_tune -- data.txt --out crates/chess/src/eval/weights.rs
//! ```
//!
//! Reads `FEN;result` or `FEN;result;score` lines (what `chess_datagen` writes), finds the
//! scaling constant `K` for which `sigmoid(K × eval)` best predicts the results under the
//! current weights, then minimises the mean squared error of that prediction over all the
//! weights with Adam. With `--result-weight W` below 1, a position's target is
//! `W × result + (1 - W) × sigmoid(K × score)` where the line has a score (the search's own
//! view of that position), and its result alone where it has none. The
//! evaluation is linear in its weights (`plyforge_chess::tuning`), so the gradient is exact and
//! cheap: each position is a short sparse feature vector and its phase. A tenth of the
//! positions is held out, chosen by a hash of each position (`training_data::is_held_out`:
//! spread over the whole file, from every engine and run it holds, and the same positions in
//! every file): its error is printed, and the weights kept are those of the epoch with the
//! least held-out error (early stopping). Writes the rounded weights as the source of
//! `crates/chess/src/eval/weights.rs` to `--out`.
//!
//! Options: `--epochs N` (default 2000), `--rate R` (Adam's first step in centipawns, default
//! 1.0, decaying linearly to a tenth of it by the last epoch), `--l2 L` (a ridge penalty
//! `L × weight²` on every weight but material's, and `L × (weight - start)²` on material's,
//! default 0), `--result-weight W` (the
//! result's share of the target, default 1), `--start engine|material` (begin
//! from the engine's weights, the default, or from its material values alone), `--out PATH` (default: print nothing
//! but the errors).
//!
//! Why the ridge: results are one label per game, so a few thousand games hold far fewer labels
//! than positions, and Adam moves a rare feature (a knight on a1) as fast as a common one. Without
//! the penalty a rare feature's weight wanders with the noise of the few games that have it; with
//! it, a weight leaves zero only as far as the games show it should. Choose `L` by the held-out
//! error. Material is pulled towards where it started instead: every other weight is measured
//! against it, and without a pull a piece seen in few imbalances drifts along a direction the
//! error hardly sees (a queen's middlegame value up and its endgame value down, since a queen on
//! the board means a high phase).

use plyforge_chess::Board;
use plyforge_chess::tuning::{self, FEATURE_COUNT, FULL_PHASE, SCALE_FULL, Weight};
use plyforge_lab::{progress, training_data};
use std::process::ExitCode;
use std::time::Instant;

/// Epochs of Adam when none is given.
const DEFAULT_EPOCHS: usize = 2000;
/// Adam's step when none is given, in centipawns.
const DEFAULT_RATE: f64 = 1.0;
/// One position in this many is kept apart to measure the error on unseen positions
/// ([`training_data::is_held_out`]).
const HOLD_OUT_EVERY: u64 = 10;
/// The group of weights the ridge penalty pulls towards their start rather than zero.
const MATERIAL_GROUP: &str = "MATERIAL";
/// Epochs between two measures of the held-out error.
const CHECK_EVERY: usize = 25;

/// The positions as sparse features: each position's nonzero features and their counts, kept
/// small (a feature index fits 16 bits, a count 8) so that a million positions fit in memory.
#[derive(Default)]
struct Data {
    /// Where each position's entries start in `features` (one more than positions).
    offsets: Vec<usize>,
    features: Vec<u16>,
    counts: Vec<i8>,
    /// The middlegame share of the blend, phase / FULL_PHASE.
    middle: Vec<f64>,
    /// The endgame sum's scale by the side it favours (White's when it is 0 or more), as a
    /// fraction of the full scale.
    end_scale: Vec<[f32; 2]>,
    /// What the prediction is fitted to: the result, or its blend with the score.
    result: Vec<f64>,
    /// The search's score from White's view, NaN where the line has none.
    score: Vec<f64>,
}

impl Data {
    fn len(&self) -> usize {
        self.result.len()
    }

    /// Blends each position's result with its score (where it has one): `weight` of the result.
    fn blend_scores(&mut self, k: f64, weight: f64) {
        for (result, &score) in self.result.iter_mut().zip(&self.score) {
            if !score.is_nan() {
                *result = weight * *result + (1.0 - weight) * sigmoid(k * score);
            }
        }
    }

    fn push(&mut self, board: &Board, result: f64, score: f64) {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        let features = tuning::features(board);
        for (index, &count) in features.counts.iter().enumerate() {
            if count != 0 {
                self.features.push(index as u16);
                self.counts.push(count.clamp(-128, 127) as i8);
            }
        }
        self.offsets.push(self.features.len());
        self.middle
            .push(f64::from(features.phase) / f64::from(FULL_PHASE));
        self.end_scale.push(
            features
                .end_scale
                .map(|scale| scale as f32 / SCALE_FULL as f32),
        );
        self.result.push(result);
        self.score.push(score);
    }

    fn entries(&self, position: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        let range = self.offsets[position]..self.offsets[position + 1];
        self.features[range.clone()]
            .iter()
            .zip(&self.counts[range])
            .map(|(&feature, &count)| (usize::from(feature), f64::from(count)))
    }

    /// The evaluation of `position` under `weights` (middlegame weights first, then endgame),
    /// without the engine's rounding, and the endgame sum's share in it (its blend weight
    /// times its scale).
    fn eval(&self, position: usize, weights: &[f64]) -> (f64, f64) {
        let (mut middle, mut end) = (0.0, 0.0);
        for (feature, count) in self.entries(position) {
            middle += count * weights[feature];
            end += count * weights[FEATURE_COUNT + feature];
        }
        let share = self.middle[position];
        let scale = f64::from(self.end_scale[position][usize::from(end < 0.0)]);
        let end_share = (1.0 - share) * scale;
        (middle * share + end * end_share, end_share)
    }

    /// The mean squared error of `sigmoid(k × eval)` against the results.
    fn error(&self, weights: &[f64], k: f64) -> f64 {
        let total: f64 = (0..self.len())
            .map(|position| {
                let predicted = sigmoid(k * self.eval(position, weights).0);
                (predicted - self.result[position]).powi(2)
            })
            .sum();
        total / self.len() as f64
    }

    /// The error and its gradient over the weights.
    fn gradient(&self, weights: &[f64], k: f64, gradient: &mut [f64]) -> f64 {
        gradient.fill(0.0);
        let mut total = 0.0;
        let scale = 1.0 / self.len() as f64;
        for position in 0..self.len() {
            let (eval, end_share) = self.eval(position, weights);
            let predicted = sigmoid(k * eval);
            let difference = predicted - self.result[position];
            total += difference * difference;
            // d(difference²)/d(eval), averaged over the positions.
            let slope = 2.0 * difference * predicted * (1.0 - predicted) * k * scale;
            let share = self.middle[position];
            for (feature, count) in self.entries(position) {
                gradient[feature] += slope * count * share;
                gradient[FEATURE_COUNT + feature] += slope * count * end_share;
            }
        }
        total * scale
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The `k` in `[low, high]` with the least error, by golden-section search (the error is
/// unimodal in `k` for any sensible evaluation).
fn best_k(data: &Data, weights: &[f64], mut low: f64, mut high: f64) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if data.error(weights, a) < data.error(weights, b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

fn read(path: &str) -> Result<(Data, Data), String> {
    let text =
        std::fs::read_to_string(path).map_err(|error| format!("cannot read {path}: {error}"))?;
    let lines: Vec<&str> = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect();
    let (mut train, mut test) = (Data::default(), Data::default());
    let bar = progress::bar(lines.len() as u64, "positions");
    for (index, line) in lines.iter().enumerate() {
        let mut fields = line.split(';');
        let (Some(fen), Some(result)) = (fields.next(), fields.next()) else {
            return Err(format!("{path}, line {}: no ';result'", index + 1));
        };
        let score = match fields.next() {
            Some(score) => score
                .trim()
                .parse()
                .map_err(|_| format!("{path}, line {}: bad score {score:?}", index + 1))?,
            None => f64::NAN,
        };
        let board: Board = fen
            .trim()
            .parse()
            .map_err(|error| format!("{path}, line {}: {error}", index + 1))?;
        let result: f64 = result
            .trim()
            .parse()
            .map_err(|_| format!("{path}, line {}: bad result {result:?}", index + 1))?;
        let data = if training_data::is_held_out(fen, HOLD_OUT_EVERY) {
            &mut test
        } else {
            &mut train
        };
        data.push(&board, result, score);
        if index % 4096 == 0 {
            bar.set_position(index as u64);
        }
    }
    bar.finish_and_clear();
    Ok((train, test))
}

/// What `--help` prints, and a wrong command line.
const USAGE: &str = "usage: chess_tune <data.txt> [--epochs N] [--rate R] [--l2 L] \
                     [--result-weight W] [--start engine|material] [--out weights.rs]";

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        return Err(USAGE.to_string());
    };
    let (mut epochs, mut rate, mut out) = (DEFAULT_EPOCHS, DEFAULT_RATE, None);
    let (mut ridge, mut from_material, mut result_weight) = (0.0, false, 1.0);
    let mut rest = args[1..].iter();
    while let Some(flag) = rest.next() {
        let value = rest
            .next()
            .ok_or_else(|| format!("{flag} needs a value; {USAGE}"))?;
        let bad = || format!("{flag}: not a number: {value:?}");
        match flag.as_str() {
            "--epochs" => epochs = value.parse().map_err(|_| bad())?,
            "--rate" => rate = value.parse().map_err(|_| bad())?,
            "--l2" => ridge = value.parse().map_err(|_| bad())?,
            "--result-weight" => result_weight = value.parse().map_err(|_| bad())?,
            "--start" => {
                from_material = match value.as_str() {
                    "engine" => false,
                    "material" => true,
                    _ => return Err(format!("--start: engine or material, not {value:?}")),
                }
            }
            "--out" => out = Some(value.clone()),
            _ => return Err(format!("unknown option {flag:?}; {USAGE}")),
        }
    }
    let start = Instant::now();
    let (mut train, test) = read(path)?;
    if train.len() == 0 || test.len() == 0 {
        return Err(format!("{path} holds too few positions"));
    }
    println!(
        "{} positions ({} to fit, {} held out), {} features, read in {:.0} s",
        train.len() + test.len(),
        train.len(),
        test.len(),
        FEATURE_COUNT,
        start.elapsed().as_secs_f64()
    );
    // The ridge pulls material towards its start, every other weight towards zero.
    let is_material: Vec<bool> = {
        let mut is_material = vec![false; FEATURE_COUNT];
        for (name, first, len) in tuning::groups() {
            if name == MATERIAL_GROUP {
                is_material[first..first + len].fill(true);
            }
        }
        is_material
            .iter()
            .chain(is_material.iter())
            .copied()
            .collect()
    };
    let initial: Vec<f64> = {
        let engine = tuning::weights();
        let middle = engine.iter().map(|weight| f64::from(weight.0));
        let end = engine.iter().map(|weight| f64::from(weight.1));
        let weights = middle.chain(end).zip(&is_material);
        let keep = |(weight, &is_material): (f64, &bool)| {
            if from_material && !is_material {
                0.0
            } else {
                weight
            }
        };
        weights.map(keep).collect()
    };
    // Where the ridge pulls each weight.
    let prior: Vec<f64> = initial
        .iter()
        .zip(&is_material)
        .map(|(&weight, &is_material)| if is_material { weight } else { 0.0 })
        .collect();
    let k = best_k(&train, &initial, 0.0005, 0.05);
    // The held-out positions keep their results alone: their error says how well the weights
    // predict games, whatever the training targets were.
    train.blend_scores(k, result_weight);
    let before = (train.error(&initial, k), test.error(&initial, k));
    println!(
        "K = {k:.6}; error before: {:.6} (fitted set), {:.6} (held out)",
        before.0, before.1
    );

    // Adam: a step of about `rate` centipawns per weight per epoch, scaled per weight by the
    // size of its recent gradients, so rare features move as fast as common ones.
    let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-12);
    let mut weights = initial.clone();
    let mut gradient = vec![0.0; weights.len()];
    let mut moment = vec![0.0; weights.len()];
    let mut velocity = vec![0.0; weights.len()];
    // Early stopping: positions of one game are alike, so the fit can learn the games rather
    // than chess; the weights kept are those with the least error on the held-out games.
    let (mut best, mut best_error, mut best_epoch) = (initial.clone(), before.1, 0);
    let bar = progress::bar(epochs as u64, "epochs");
    for epoch in 1..=epochs {
        let error = train.gradient(&weights, k, &mut gradient);
        for (i, slope) in gradient.iter_mut().enumerate() {
            *slope += 2.0 * ridge * (weights[i] - prior[i]);
        }
        let step_size = rate * (1.0 - 0.9 * (epoch - 1) as f64 / epochs as f64);
        let correction1 = 1.0 - f64::powi(beta1, epoch as i32);
        let correction2 = 1.0 - f64::powi(beta2, epoch as i32);
        for i in 0..weights.len() {
            moment[i] = beta1 * moment[i] + (1.0 - beta1) * gradient[i];
            velocity[i] = beta2 * velocity[i] + (1.0 - beta2) * gradient[i] * gradient[i];
            let step = moment[i] / correction1 / ((velocity[i] / correction2).sqrt() + epsilon);
            weights[i] -= step_size * step;
        }
        bar.inc(1);
        if epoch % CHECK_EVERY == 0 {
            let held_out = test.error(&weights, k);
            if held_out < best_error {
                (best, best_error, best_epoch) = (weights.clone(), held_out, epoch);
            }
            bar.set_message(format!("error {error:.6}, held out {held_out:.6}"));
        }
    }
    bar.finish_and_clear();
    let rounded: Vec<f64> = best.iter().map(|weight| weight.round()).collect();
    let after = (train.error(&rounded, k), test.error(&rounded, k));
    println!(
        "error after {best_epoch} of {epochs} epochs (the least held-out error): {:.6} (fitted \
         set), {:.6} (held out), {:.0} s in all",
        after.0,
        after.1,
        start.elapsed().as_secs_f64()
    );
    for (name, first, len) in tuning::groups() {
        let change: f64 = (first..first + len)
            .flat_map(|i| [i, FEATURE_COUNT + i])
            .map(|i| (rounded[i] - initial[i]).abs())
            .sum::<f64>()
            / (2 * len) as f64;
        println!("  {name}: mean change {change:.1} cp");
    }
    if let Some(out) = out {
        let tuned: Vec<Weight> = (0..FEATURE_COUNT)
            .map(|i| (rounded[i] as i32, rounded[FEATURE_COUNT + i] as i32))
            .collect();
        let start = if from_material { "material" } else { "engine" };
        let origin = format!(
            "Fitted by `chess_tune {path} --epochs {epochs} --rate {rate} --l2 {ridge:e} --result-weight {result_weight} --start {start}` \
             (best at epoch \
             {best_epoch})\non {} positions \
             ({} held out): K = {k:.6}, mean squared error on the held-out\npositions {:.6} \
             before, {:.6} after.",
            train.len() + test.len(),
            test.len(),
            before.1,
            after.1
        );
        std::fs::write(&out, tuning::weights_source(&tuned, &origin))
            .map_err(|error| format!("cannot write {out}: {error}"))?;
        println!("weights written to {out}");
    }
    Ok(())
}

fn main() -> ExitCode {
    if plyforge_lab::answered_help(USAGE) {
        return ExitCode::SUCCESS;
    }
    plyforge_lab::exit_with(run())
}
