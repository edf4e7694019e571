//! engine-sim: mechanistic simulations of InnoDB's core algorithms, compiled to WebAssembly.
//!
//! # ABI (no wasm-bindgen)
//!
//! The module exports a memory and four functions:
//!
//! * `alloc(len: u32) -> u32`: reserve `len` bytes in linear memory and return their address
//!   (0 if `len` exceeds the request limit).
//! * `dealloc(ptr: u32, len: u32)`: release a block returned by `alloc` or by `simulate`.
//! * `simulate(ptr: u32, len: u32) -> u64`: read a UTF-8 JSON request of `len` bytes at `ptr`
//!   and return the response location packed as `(out_ptr << 32) | out_len`. The caller reads
//!   the response and releases it with `dealloc(out_ptr, out_len)`. The request block stays
//!   owned by the caller.
//! * `abi_version() -> u32`: currently 1.
//!
//! Request: `{"op": "simulate" | "describe" | "models", "model": "<name>", "params": {...}}`
//! (`op` defaults to `simulate`). Response: `{"ok": true, "model": ..., "result": {...}}`, or
//! `{"ok": false, "error": {"param": "<name>", "message": "..."}}`.
//!
//! The module never traps on any input: requests are size-limited, parameters are validated
//! with explicit ranges, and every model bounds its work independently of the input values.

pub mod json;
pub mod models;
pub mod params;
pub mod sim;

use json::{Json, Out};
use params::{Params, SimError};

pub const ABI_VERSION: u32 = 1;

/// Process one JSON request and return the JSON response.
pub fn handle(request: &[u8]) -> String {
    match handle_inner(request) {
        Ok(s) => s,
        Err(e) => {
            let mut o = Out::new();
            o.begin_obj();
            o.boolean("ok", false);
            o.begin_obj_key("error");
            o.str("param", &e.param);
            o.str("message", &e.message);
            o.end_obj();
            o.end_obj();
            o.finish()
        }
    }
}

fn handle_inner(request: &[u8]) -> Result<String, SimError> {
    let req = json::parse(request).map_err(|m| SimError::new("request", m))?;
    if !matches!(req, Json::Obj(_)) {
        return Err(SimError::new("request", "must be a JSON object"));
    }
    if let Json::Obj(fields) = &req {
        for (k, _) in fields {
            if !matches!(k.as_str(), "op" | "model" | "params") {
                return Err(SimError::new(
                    k,
                    "unknown request field; expected op, model, params",
                ));
            }
        }
    }
    let op = match req.get("op") {
        None => "simulate",
        Some(Json::Str(s)) => s.as_str(),
        Some(_) => return Err(SimError::new("op", "must be a string")),
    };
    if op == "models" {
        let mut o = Out::new();
        o.begin_obj();
        o.boolean("ok", true);
        o.begin_arr_key("models");
        for m in models::MODEL_NAMES {
            o.item_str(m);
        }
        o.end_arr();
        o.int("abi_version", ABI_VERSION as u64);
        o.end_obj();
        return Ok(o.finish());
    }
    let model = match req.get("model") {
        Some(Json::Str(s)) => s.as_str(),
        Some(_) => return Err(SimError::new("model", "must be a string")),
        None => return Err(SimError::new("model", "is required")),
    };
    if !models::MODEL_NAMES.contains(&model) {
        return Err(SimError::new(
            "model",
            format!(
                "unknown model \"{}\"; known models: {}",
                model,
                models::MODEL_NAMES.join(", ")
            ),
        ));
    }
    let mut params = Params::new(req.get("params"))?;
    let mut o = Out::new();
    o.begin_obj();
    o.boolean("ok", true);
    o.str("model", model);
    match op {
        "simulate" => {
            o.begin_obj_key("result");
            models::run(model, &mut params, &mut o)?;
            o.end_obj();
        }
        "describe" => {
            // Collect the parameter specs by validating the defaults (no simulation runs).
            let mut empty = Params::new(None)?;
            models::describe(model, &mut empty)?;
            empty.write_specs(&mut o);
            let _ = &mut params;
        }
        other => {
            return Err(SimError::new(
                "op",
                format!(
                    "unknown op \"{}\"; expected simulate, describe or models",
                    other
                ),
            ))
        }
    }
    o.end_obj();
    Ok(o.finish())
}

// ------------------------------------------------------------------------------------------
// WebAssembly exports
// ------------------------------------------------------------------------------------------

#[no_mangle]
pub extern "C" fn abi_version() -> u32 {
    ABI_VERSION
}

#[no_mangle]
pub extern "C" fn alloc(len: u32) -> u32 {
    let len = len as usize;
    if len == 0 || len > json::MAX_INPUT_BYTES + 1024 {
        return 0;
    }
    let mut v: Vec<u8> = Vec::with_capacity(len);
    let ptr = v.as_mut_ptr();
    std::mem::forget(v);
    ptr as usize as u32
}

/// # Safety
/// `ptr`/`len` must come from `alloc` or from a `simulate` response and be released once.
#[no_mangle]
pub unsafe extern "C" fn dealloc(ptr: u32, len: u32) {
    if ptr == 0 || len == 0 {
        return;
    }
    drop(Vec::from_raw_parts(
        ptr as usize as *mut u8,
        0,
        len as usize,
    ));
}

/// # Safety
/// `ptr` must point to `len` readable bytes (normally a block from `alloc`).
#[no_mangle]
pub unsafe extern "C" fn simulate(ptr: u32, len: u32) -> u64 {
    let input: &[u8] = if ptr == 0 || len == 0 {
        &[]
    } else {
        std::slice::from_raw_parts(ptr as usize as *const u8, len as usize)
    };
    let out = handle(input).into_bytes();
    // Return a block whose capacity equals its length so that dealloc(ptr, len) is exact.
    let mut boxed = out.into_boxed_slice();
    let out_len = boxed.len() as u64;
    let out_ptr = boxed.as_mut_ptr() as usize as u64;
    std::mem::forget(boxed);
    (out_ptr << 32) | out_len
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_model_and_bad_json_are_errors() {
        let r = handle(br#"{"model":"nope"}"#);
        assert!(
            r.contains("\"ok\":false") && r.contains("\"param\":\"model\""),
            "{}",
            r
        );
        let r = handle(b"not json");
        assert!(r.contains("\"param\":\"request\""), "{}", r);
        let r = handle(br#"{"model":"bp_scan","extra":1}"#);
        assert!(r.contains("\"param\":\"extra\""), "{}", r);
    }

    #[test]
    fn every_model_runs_with_defaults_and_describes_itself() {
        for m in models::MODEL_NAMES {
            let r = handle(format!(r#"{{"model":"{}"}}"#, m).as_bytes());
            assert!(r.starts_with("{\"ok\":true"), "{}: {}", m, r);
            assert!(json::parse(r.as_bytes()).is_ok());
            let d = handle(format!(r#"{{"op":"describe","model":"{}"}}"#, m).as_bytes());
            assert!(d.contains("\"params\":["), "{}: {}", m, d);
        }
    }
}
