//! Typed, validated access to a model's parameters.
//!
//! Every model reads its inputs through [`Params`], which checks type, finiteness, integrality
//! and range, names the offending parameter in the error, records a description of every
//! parameter (so the wrapper can list defaults and limits), and rejects unknown keys so that a
//! typo is an error rather than a silently ignored setting.

use crate::json::{Json, Out};

#[derive(Debug, Clone, PartialEq)]
pub struct SimError {
    pub param: String,
    pub message: String,
}

impl SimError {
    pub fn new(param: &str, message: impl Into<String>) -> SimError {
        SimError {
            param: param.to_string(),
            message: message.into(),
        }
    }
}

#[derive(Debug, Clone)]
pub enum Kind {
    Number {
        default: f64,
        min: f64,
        max: f64,
        integer: bool,
    },
    Bool {
        default: bool,
    },
    Choice {
        default: &'static str,
        options: &'static [&'static str],
    },
}

#[derive(Debug, Clone)]
pub struct Spec {
    pub name: &'static str,
    pub kind: Kind,
    pub unit: &'static str,
    pub doc: &'static str,
}

pub struct Params<'a> {
    fields: &'a [(String, Json)],
    used: Vec<bool>,
    pub specs: Vec<Spec>,
}

static EMPTY: [(String, Json); 0] = [];

impl<'a> Params<'a> {
    pub fn new(obj: Option<&'a Json>) -> Result<Params<'a>, SimError> {
        let fields: &'a [(String, Json)] = match obj {
            None | Some(Json::Null) => &EMPTY,
            Some(Json::Obj(f)) => f.as_slice(),
            Some(other) => {
                return Err(SimError::new(
                    "params",
                    format!("must be an object, got {}", other.type_name()),
                ))
            }
        };
        Ok(Params {
            used: vec![false; fields.len()],
            fields,
            specs: Vec::new(),
        })
    }

    fn lookup(&mut self, name: &str) -> Option<&'a Json> {
        for (i, (k, v)) in self.fields.iter().enumerate() {
            if k == name {
                self.used[i] = true;
                return Some(v);
            }
        }
        None
    }

    #[allow(clippy::too_many_arguments)]
    fn number_impl(
        &mut self,
        name: &'static str,
        default: f64,
        min: f64,
        max: f64,
        integer: bool,
        unit: &'static str,
        doc: &'static str,
    ) -> Result<f64, SimError> {
        self.specs.push(Spec {
            name,
            kind: Kind::Number {
                default,
                min,
                max,
                integer,
            },
            unit,
            doc,
        });
        let v = match self.lookup(name) {
            None => return Ok(default),
            Some(Json::Num(v)) => *v,
            Some(Json::Null) => {
                return Err(SimError::new(
                    name,
                    "must be a finite number (got null; NaN and Infinity serialise to null)",
                ))
            }
            Some(other) => {
                return Err(SimError::new(
                    name,
                    format!("must be a number, got {}", other.type_name()),
                ))
            }
        };
        if !v.is_finite() {
            return Err(SimError::new(name, "must be a finite number"));
        }
        if integer && v != v.trunc() {
            return Err(SimError::new(
                name,
                format!("must be an integer, got {}", v),
            ));
        }
        if v < min || v > max {
            return Err(SimError::new(
                name,
                format!(
                    "must be between {} and {}{}, got {}",
                    fmt_num(min),
                    fmt_num(max),
                    unit_suffix(unit),
                    fmt_num(v)
                ),
            ));
        }
        Ok(v)
    }

    /// A finite number within `[min, max]`.
    pub fn num(
        &mut self,
        name: &'static str,
        default: f64,
        min: f64,
        max: f64,
        unit: &'static str,
        doc: &'static str,
    ) -> Result<f64, SimError> {
        self.number_impl(name, default, min, max, false, unit, doc)
    }

    /// An integer within `[min, max]` (both well inside 2^53).
    pub fn int(
        &mut self,
        name: &'static str,
        default: u64,
        min: u64,
        max: u64,
        unit: &'static str,
        doc: &'static str,
    ) -> Result<u64, SimError> {
        self.number_impl(
            name,
            default as f64,
            min as f64,
            max as f64,
            true,
            unit,
            doc,
        )
        .map(|v| v as u64)
    }

    pub fn boolean(
        &mut self,
        name: &'static str,
        default: bool,
        doc: &'static str,
    ) -> Result<bool, SimError> {
        self.specs.push(Spec {
            name,
            kind: Kind::Bool { default },
            unit: "",
            doc,
        });
        match self.lookup(name) {
            None => Ok(default),
            Some(Json::Bool(b)) => Ok(*b),
            Some(other) => Err(SimError::new(
                name,
                format!("must be a boolean, got {}", other.type_name()),
            )),
        }
    }

    pub fn choice(
        &mut self,
        name: &'static str,
        default: &'static str,
        options: &'static [&'static str],
        doc: &'static str,
    ) -> Result<&'static str, SimError> {
        self.specs.push(Spec {
            name,
            kind: Kind::Choice { default, options },
            unit: "",
            doc,
        });
        match self.lookup(name) {
            None => Ok(default),
            Some(Json::Str(s)) => options
                .iter()
                .find(|o| **o == s.as_str())
                .copied()
                .ok_or_else(|| {
                    SimError::new(
                        name,
                        format!("must be one of {}, got \"{}\"", options.join(", "), s),
                    )
                }),
            Some(other) => Err(SimError::new(
                name,
                format!("must be a string, got {}", other.type_name()),
            )),
        }
    }

    /// Fails on any key that no accessor asked for.
    pub fn finish(&self) -> Result<(), SimError> {
        for (i, (k, _)) in self.fields.iter().enumerate() {
            if !self.used[i] {
                let known: Vec<&str> = self.specs.iter().map(|s| s.name).collect();
                return Err(SimError::new(
                    k,
                    format!("unknown parameter; known parameters: {}", known.join(", ")),
                ));
            }
        }
        Ok(())
    }

    pub fn write_specs(&self, out: &mut Out) {
        out.begin_arr_key("params");
        for s in &self.specs {
            out.begin_obj();
            out.str("name", s.name);
            match &s.kind {
                Kind::Number {
                    default,
                    min,
                    max,
                    integer,
                } => {
                    out.str("type", if *integer { "integer" } else { "number" });
                    out.num("default", *default);
                    out.num("min", *min);
                    out.num("max", *max);
                }
                Kind::Bool { default } => {
                    out.str("type", "boolean");
                    out.boolean("default", *default);
                }
                Kind::Choice { default, options } => {
                    out.str("type", "choice");
                    out.str("default", default);
                    out.begin_arr_key("options");
                    for o in options.iter() {
                        out.item_str(o);
                    }
                    out.end_arr();
                }
            }
            if !s.unit.is_empty() {
                out.str("unit", s.unit);
            }
            out.str("doc", s.doc);
            out.end_obj();
        }
        out.end_arr();
    }
}

fn unit_suffix(unit: &str) -> String {
    if unit.is_empty() {
        String::new()
    } else {
        format!(" {}", unit)
    }
}

pub fn fmt_num(v: f64) -> String {
    if v == v.trunc() && v.abs() < 1e16 {
        format!("{}", v as i64)
    } else {
        format!("{}", v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::parse;

    #[test]
    fn validates_and_names_the_parameter() {
        let j = parse(br#"{"a":-1,"b":1.5,"c":"x","d":null}"#).unwrap();
        let mut p = Params::new(Some(&j)).unwrap();
        let e = p.num("a", 1.0, 0.0, 10.0, "s", "").unwrap_err();
        assert_eq!(e.param, "a");
        assert_eq!(p.int("b", 1, 0, 10, "", "").unwrap_err().param, "b");
        assert_eq!(p.choice("c", "y", &["y", "z"], "").unwrap_err().param, "c");
        let e = p.num("d", 1.0, 0.0, 10.0, "", "").unwrap_err();
        assert!(e.message.contains("finite"));
    }

    #[test]
    fn rejects_unknown_keys() {
        let j = parse(br#"{"a":1,"typo":2}"#).unwrap();
        let mut p = Params::new(Some(&j)).unwrap();
        p.num("a", 1.0, 0.0, 10.0, "", "").unwrap();
        assert_eq!(p.finish().unwrap_err().param, "typo");
    }
}
