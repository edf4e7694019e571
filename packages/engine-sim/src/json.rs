//! A small JSON reader and writer.
//!
//! The simulator only exchanges flat-ish objects of numbers, booleans and strings, so a
//! hand-written parser keeps the WebAssembly module small and gives full control over the
//! limits: input size, nesting depth and number syntax are all bounded, so a hostile or
//! malformed request produces an error value, never a trap.

use std::fmt::Write as _;

/// Largest request accepted, in bytes.
pub const MAX_INPUT_BYTES: usize = 1 << 20;
/// Deepest nesting accepted.
const MAX_DEPTH: usize = 16;

#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
    pub fn type_name(&self) -> &'static str {
        match self {
            Json::Null => "null",
            Json::Bool(_) => "boolean",
            Json::Num(_) => "number",
            Json::Str(_) => "string",
            Json::Arr(_) => "array",
            Json::Obj(_) => "object",
        }
    }
}

pub fn parse(input: &[u8]) -> Result<Json, String> {
    if input.len() > MAX_INPUT_BYTES {
        return Err(format!(
            "request is {} bytes; the limit is {}",
            input.len(),
            MAX_INPUT_BYTES
        ));
    }
    let text = std::str::from_utf8(input).map_err(|_| "request is not valid UTF-8".to_string())?;
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
    };
    p.ws();
    let v = p.value(0)?;
    p.ws();
    if p.i != p.s.len() {
        return Err(format!("unexpected trailing characters at byte {}", p.i));
    }
    Ok(v)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl<'a> Parser<'a> {
    fn ws(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn expect(&mut self, lit: &[u8]) -> Result<(), String> {
        if self.s.len() >= self.i + lit.len() && &self.s[self.i..self.i + lit.len()] == lit {
            self.i += lit.len();
            Ok(())
        } else {
            Err(format!("invalid JSON at byte {}", self.i))
        }
    }
    fn value(&mut self, depth: usize) -> Result<Json, String> {
        if depth > MAX_DEPTH {
            return Err("JSON nesting is too deep".into());
        }
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => Ok(Json::Str(self.string()?)),
            Some(b't') => self.expect(b"true").map(|_| Json::Bool(true)),
            Some(b'f') => self.expect(b"false").map(|_| Json::Bool(false)),
            Some(b'n') => self.expect(b"null").map(|_| Json::Null),
            Some(c) if c == b'-' || c.is_ascii_digit() => self.number(),
            Some(_) => Err(format!("invalid JSON at byte {}", self.i)),
            None => Err("unexpected end of JSON".into()),
        }
    }
    fn object(&mut self, depth: usize) -> Result<Json, String> {
        self.i += 1;
        let mut fields: Vec<(String, Json)> = Vec::new();
        self.ws();
        if self.peek() == Some(b'}') {
            self.i += 1;
            return Ok(Json::Obj(fields));
        }
        loop {
            self.ws();
            if self.peek() != Some(b'"') {
                return Err(format!("expected a key at byte {}", self.i));
            }
            let k = self.string()?;
            self.ws();
            self.expect(b":")?;
            self.ws();
            let v = self.value(depth + 1)?;
            if fields.iter().any(|(existing, _)| *existing == k) {
                return Err(format!("duplicate key \"{}\"", k));
            }
            fields.push((k, v));
            self.ws();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    return Ok(Json::Obj(fields));
                }
                _ => return Err(format!("expected ',' or '}}' at byte {}", self.i)),
            }
        }
    }
    fn array(&mut self, depth: usize) -> Result<Json, String> {
        self.i += 1;
        let mut items = Vec::new();
        self.ws();
        if self.peek() == Some(b']') {
            self.i += 1;
            return Ok(Json::Arr(items));
        }
        loop {
            self.ws();
            items.push(self.value(depth + 1)?);
            self.ws();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b']') => {
                    self.i += 1;
                    return Ok(Json::Arr(items));
                }
                _ => return Err(format!("expected ',' or ']' at byte {}", self.i)),
            }
        }
    }
    fn string(&mut self) -> Result<String, String> {
        self.i += 1; // opening quote
        let mut out = String::new();
        loop {
            let c = match self.peek() {
                Some(c) => c,
                None => return Err("unterminated string".into()),
            };
            self.i += 1;
            match c {
                b'"' => return Ok(out),
                b'\\' => {
                    let e = self.peek().ok_or("unterminated escape")?;
                    self.i += 1;
                    match e {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let cp = self.hex4()?;
                            let ch = if (0xD800..0xDC00).contains(&cp) {
                                self.expect(b"\\u")?;
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    return Err("invalid surrogate pair".into());
                                }
                                char::from_u32(0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00))
                            } else {
                                char::from_u32(cp)
                            };
                            out.push(ch.ok_or("invalid \\u escape")?);
                        }
                        _ => return Err("invalid escape".into()),
                    }
                }
                c if c < 0x20 => return Err("control character in string".into()),
                _ => {
                    // Copy the whole UTF-8 sequence (input was validated as UTF-8).
                    let start = self.i - 1;
                    let mut end = self.i;
                    while end < self.s.len() && (self.s[end] & 0xC0) == 0x80 {
                        end += 1;
                    }
                    out.push_str(
                        std::str::from_utf8(&self.s[start..end]).map_err(|_| "bad UTF-8")?,
                    );
                    self.i = end;
                }
            }
        }
    }
    fn hex4(&mut self) -> Result<u32, String> {
        if self.i + 4 > self.s.len() {
            return Err("short \\u escape".into());
        }
        let h = std::str::from_utf8(&self.s[self.i..self.i + 4]).map_err(|_| "bad \\u escape")?;
        let v = u32::from_str_radix(h, 16).map_err(|_| "bad \\u escape".to_string())?;
        self.i += 4;
        Ok(v)
    }
    fn number(&mut self) -> Result<Json, String> {
        let start = self.i;
        if self.peek() == Some(b'-') {
            self.i += 1;
        }
        let digits = |p: &mut Parser| {
            let s = p.i;
            while p.i < p.s.len() && p.s[p.i].is_ascii_digit() {
                p.i += 1;
            }
            p.i - s
        };
        if digits(self) == 0 {
            return Err(format!("invalid number at byte {}", start));
        }
        if self.peek() == Some(b'.') {
            self.i += 1;
            if digits(self) == 0 {
                return Err(format!("invalid number at byte {}", start));
            }
        }
        if matches!(self.peek(), Some(b'e') | Some(b'E')) {
            self.i += 1;
            if matches!(self.peek(), Some(b'+') | Some(b'-')) {
                self.i += 1;
            }
            if digits(self) == 0 {
                return Err(format!("invalid number at byte {}", start));
            }
        }
        if self.i - start > 64 {
            return Err(format!("number too long at byte {}", start));
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).map_err(|_| "bad number")?;
        text.parse::<f64>()
            .map(Json::Num)
            .map_err(|_| format!("invalid number at byte {}", start))
    }
}

/// Streaming writer for the response objects.
pub struct Out {
    buf: String,
    first: Vec<bool>,
}

impl Out {
    pub fn new() -> Out {
        Out {
            buf: String::with_capacity(1024),
            first: Vec::new(),
        }
    }
    fn sep(&mut self) {
        if let Some(f) = self.first.last_mut() {
            if *f {
                *f = false;
            } else {
                self.buf.push(',');
            }
        }
    }
    fn key(&mut self, k: &str) {
        self.sep();
        write_str(&mut self.buf, k);
        self.buf.push(':');
    }
    pub fn begin_obj(&mut self) {
        self.sep();
        self.buf.push('{');
        self.first.push(true);
    }
    pub fn begin_obj_key(&mut self, k: &str) {
        self.key(k);
        self.buf.push('{');
        self.first.push(true);
    }
    pub fn end_obj(&mut self) {
        self.first.pop();
        self.buf.push('}');
    }
    pub fn begin_arr_key(&mut self, k: &str) {
        self.key(k);
        self.buf.push('[');
        self.first.push(true);
    }
    pub fn end_arr(&mut self) {
        self.first.pop();
        self.buf.push(']');
    }
    pub fn num(&mut self, k: &str, v: f64) {
        self.key(k);
        write_num(&mut self.buf, v);
    }
    pub fn int(&mut self, k: &str, v: u64) {
        self.key(k);
        let _ = write!(self.buf, "{}", v);
    }
    pub fn boolean(&mut self, k: &str, v: bool) {
        self.key(k);
        self.buf.push_str(if v { "true" } else { "false" });
    }
    pub fn str(&mut self, k: &str, v: &str) {
        self.key(k);
        write_str(&mut self.buf, v);
    }
    pub fn null(&mut self, k: &str) {
        self.key(k);
        self.buf.push_str("null");
    }
    /// An array element that is a number.
    pub fn item_num(&mut self, v: f64) {
        self.sep();
        write_num(&mut self.buf, v);
    }
    pub fn item_str(&mut self, v: &str) {
        self.sep();
        write_str(&mut self.buf, v);
    }
    pub fn finish(self) -> String {
        self.buf
    }
}

impl Default for Out {
    fn default() -> Self {
        Out::new()
    }
}

fn write_num(buf: &mut String, v: f64) {
    if !v.is_finite() {
        buf.push_str("null");
    } else if v == v.trunc() && v.abs() < 9.0e15 {
        let _ = write!(buf, "{}", v as i64);
    } else {
        // Nine significant digits are plenty for a model's output and keep responses short.
        let _ = write!(buf, "{:.9e}", v);
    }
}

pub fn write_str(buf: &mut String, s: &str) {
    buf.push('"');
    for c in s.chars() {
        match c {
            '"' => buf.push_str("\\\""),
            '\\' => buf.push_str("\\\\"),
            '\n' => buf.push_str("\\n"),
            '\r' => buf.push_str("\\r"),
            '\t' => buf.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(buf, "\\u{:04x}", c as u32);
            }
            c => buf.push(c),
        }
    }
    buf.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_nested_objects() {
        let v = parse(br#"{"model":"x","params":{"a":1.5e3,"b":[true,null,"\u00e9"]}}"#).unwrap();
        assert_eq!(v.get("model"), Some(&Json::Str("x".into())));
        let p = v.get("params").unwrap();
        assert_eq!(p.get("a"), Some(&Json::Num(1500.0)));
    }

    #[test]
    fn rejects_bad_input() {
        assert!(parse(b"{").is_err());
        assert!(parse(b"{\"a\":01x}").is_err());
        assert!(parse(b"NaN").is_err());
        assert!(parse(b"{\"a\":1,\"a\":2}").is_err());
        let deep = "[".repeat(100) + &"]".repeat(100);
        assert!(parse(deep.as_bytes()).is_err());
        assert!(parse(&[0xff, 0xfe]).is_err());
    }

    #[test]
    fn writes_numbers_as_valid_json() {
        let mut o = Out::new();
        o.begin_obj();
        o.num("a", 1.0);
        o.num("b", f64::NAN);
        o.num("c", 1.0e-7);
        o.num("d", 2.5);
        o.end_obj();
        let s = o.finish();
        assert_eq!(
            s,
            r#"{"a":1,"b":null,"c":1.000000000e-7,"d":2.500000000e0}"#
        );
        assert!(parse(s.as_bytes()).is_ok());
    }
}
