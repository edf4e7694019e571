//! The five models. Each one reads and validates its parameters, runs a bounded simulation of
//! the mechanism, and writes its result object.

pub mod bp_scan;
pub mod drop_stall;
pub mod index_build;
pub mod merge_sort;
pub mod partition_dives;
pub mod redo_commit;

use crate::json::Out;
use crate::params::{Params, SimError};

pub const MODEL_NAMES: &[&str] = &[
    "index_build",
    "redo_commit",
    "drop_stall",
    "partition_dives",
    "bp_scan",
];

pub fn run(model: &str, p: &mut Params, out: &mut Out) -> Result<(), SimError> {
    match model {
        "index_build" => {
            let input = index_build::Input::read(p)?;
            p.finish()?;
            index_build::simulate(&input).write(out);
        }
        "redo_commit" => {
            let input = redo_commit::Input::read(p)?;
            p.finish()?;
            redo_commit::simulate(&input).write(out);
        }
        "drop_stall" => {
            let input = drop_stall::Input::read(p)?;
            p.finish()?;
            drop_stall::simulate(&input).write(out);
        }
        "partition_dives" => {
            let input = partition_dives::Input::read(p)?;
            p.finish()?;
            partition_dives::simulate(&input).write(out);
        }
        "bp_scan" => {
            let input = bp_scan::Input::read(p)?;
            p.finish()?;
            bp_scan::simulate(&input).write(out);
        }
        _ => {
            return Err(SimError::new(
                "model",
                format!("unknown model \"{}\"", model),
            ))
        }
    }
    Ok(())
}

/// Validate the defaults only, collecting parameter specs.
pub fn describe(model: &str, p: &mut Params) -> Result<(), SimError> {
    match model {
        "index_build" => index_build::Input::read(p).map(|_| ()),
        "redo_commit" => redo_commit::Input::read(p).map(|_| ()),
        "drop_stall" => drop_stall::Input::read(p).map(|_| ()),
        "partition_dives" => partition_dives::Input::read(p).map(|_| ()),
        "bp_scan" => bp_scan::Input::read(p).map(|_| ()),
        _ => Err(SimError::new(
            "model",
            format!("unknown model \"{}\"", model),
        )),
    }
}

pub const KIB: f64 = 1024.0;
pub const MIB: f64 = 1024.0 * 1024.0;
pub const GIB: f64 = 1024.0 * 1024.0 * 1024.0;
pub const TIB: f64 = GIB * 1024.0;
