//! What one side accepts, the other writes back (issue 16, item 18): the JSON reader
//! (`fmt --from-json`) refuses, naming the field, exactly what the printer cannot write so
//! that the file reader gives it back, and accepts whatever the file reader can produce.

use crate::common;
use common::*;
use proptest::prelude::*;
use soumille::notation::{stream_records, Comment, CommentStyle, Record, Tag};
use std::ops::ControlFlow;

/// The records of `bytes` as the file reader reads them (`fmt FILE`, `json FILE`), spans
/// stripped; `None` if any part is not read cleanly (a syntax error, binary data).
fn read_file_bytes(bytes: &[u8]) -> Option<Vec<Record>> {
    let mut out = Vec::new();
    let mut clean = true;
    let end = stream_records(bytes, |r| {
        if !r.read.errors.is_empty() || !r.is_game() {
            clean = false;
        }
        let mut rec = r.read.record;
        rec.strip_spans();
        out.push(rec);
        ControlFlow::Continue(())
    })
    .ok()?;
    (clean && end.unreadable.is_none()).then_some(out)
}

fn json_of(records: &[Record]) -> String {
    soumille::json::to_string(&soumille::json::to_document(records.to_vec(), false))
}

/// Characters that end, open or break something in STN, and some that do not.
const HOSTILE: &[char] = &[
    'a', 'Z', ' ', '}', '{', '"', '\\', ';', '[', ']', '\r', '\n', '\t', '\0', '\u{1b}', '\u{feff}', '\u{2028}', 'é',
    '\u{7f}', '#', '1', '.',
];

fn hostile_text(max: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(HOSTILE), 0..max).prop_map(|v| v.into_iter().collect())
}

fn hostile_comment() -> impl Strategy<Value = Comment> {
    (any::<bool>(), hostile_text(8)).prop_map(|(brace, text)| Comment {
        style: if brace { CommentStyle::Brace } else { CommentStyle::Line },
        text,
        after: None,
    })
}

/// The base records whose texts the strategies below change.
const BASES: &[&str] = &[
    "[Event \"x\"]\n\n1. 6-5 AG AF\n2. 4-2 AE AC\n",
    "[Game \"backgammon\"]\n[First \"top\"]\n\n1. top: 4-3 AE MP\n",
    "[Game \"jacquet\"]\n\n1. 6-5\n",
];

fn base(k: usize) -> Record {
    let mut recs = read_file_bytes(BASES[k].as_bytes()).expect("the bases read");
    recs.remove(0)
}

/// A record of a base with hostile texts in its tags, comments and throws' comments.
fn hostile_record() -> impl Strategy<Value = Record> {
    (
        0..BASES.len(),
        proptest::collection::vec(hostile_comment(), 0..2),
        proptest::collection::vec(
            ("[A-Z][a-z]{0,4}|[A-Z]\\PC{0,3}", hostile_text(8), proptest::collection::vec(hostile_comment(), 0..2)),
            0..3,
        ),
        proptest::collection::vec((0usize..4, hostile_comment()), 0..3),
    )
        .prop_map(|(b, head, tags, throw_comments)| {
            let mut rec = base(b);
            rec.comments = head;
            for (name, value, comments) in tags {
                if soumille::notation::canonical_tag_name(&name).is_none() && !rec.tags.iter().any(|t| t.name == name) {
                    rec.tags.push(Tag { name: name.into(), value, comments, spans: None });
                }
            }
            for (k, mut c) in throw_comments {
                let n = rec.throws.len();
                if n > 0 {
                    c.after = Some(soumille::notation::Anchor::Dice);
                    rec.throws[k % n].comments.push(c);
                }
            }
            rec
        })
}

/// An STN text with hostile characters written wherever the notation takes free text.
fn hostile_stn() -> impl Strategy<Value = Vec<u8>> {
    (hostile_text(8), hostile_text(10), hostile_text(8), hostile_text(8), hostile_text(8), any::<bool>()).prop_map(
        |(head, value, tag_comment, throw_comment, line, two)| {
            let value: String = value
                .chars()
                .map(|c| match c {
                    '"' => "\\\"".to_string(),
                    '\\' => "\\\\".to_string(),
                    '\n' => " ".to_string(),
                    c => c.to_string(),
                })
                .collect();
            let brace = |s: &str| s.replace('}', ")");
            let line = line.replace('\n', " ");
            let mut s = format!(
                "{{{}}}\n[Event \"{value}\"] {{{}}}\n[Site \"s\"] ;{line}\n\n1. 6-5 AG AF {{{}}} ;{line}\n2. 4-2 AE AC\n",
                brace(&head),
                brace(&tag_comment),
                brace(&throw_comment)
            );
            if two {
                s.push_str(&format!("\n[Event \"{value}\"]\n\n1. 6-5 AG AF {{{}}}\n", brace(&throw_comment)));
            }
            s.into_bytes()
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(512)
    ))]

    /// Any JSON the JSON reader accepts prints to STN that the file reader reads back to the
    /// same records, and so to the same JSON.
    #[test]
    fn accepted_json_prints_and_reads_back(records in proptest::collection::vec(hostile_record(), 1..3)) {
        let json = json_of(&records);
        if let Ok(accepted) = soumille::json::from_str(&json) {
            let stn = soumille::notation::print_records(&accepted, Default::default());
            let back = read_file_bytes(stn.as_bytes());
            prop_assert!(back.is_some(), "accepted JSON prints STN the reader refuses:\n{}\n{:?}", json, stn);
            let back = back.unwrap();
            prop_assert_eq!(&back, &accepted, "printed:\n{:?}", stn);
            prop_assert_eq!(json_of(&back), json_of(&accepted));
        }
    }

    /// Any STN the file reader reads cleanly goes to JSON that the JSON reader accepts, as
    /// the same records, and prints back.
    #[test]
    fn read_stn_goes_through_json(bytes in hostile_stn()) {
        if let Some(records) = read_file_bytes(&bytes) {
            let json = json_of(&records);
            let back = soumille::json::from_str(&json);
            prop_assert!(back.is_ok(), "{:?}\nrefused: {}", String::from_utf8_lossy(&bytes), back.unwrap_err());
            let back = back.unwrap();
            prop_assert_eq!(&back, &records);
            let stn = soumille::notation::print_records(&back, Default::default());
            let again = read_file_bytes(stn.as_bytes());
            prop_assert_eq!(again.as_ref(), Some(&records));
        }
    }
}

const REPROS: &str = "tests/data/defect-repros";

#[test]
fn a_tag_comment_holding_a_brace_is_refused_naming_the_field() {
    let o = run(&["fmt", "--from-json", &format!("{REPROS}/from-json-tag-comment-injection.json")]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stdout));
    assert!(o.stdout.is_empty(), "nothing is printed: {}", text(&o.stdout));
    let err = text(&o.stderr);
    assert!(err.contains("record 1: tags[0].comments[0].text") && err.contains('}'), "{err}");
}

#[test]
fn a_nul_byte_is_refused_naming_the_field() {
    let o = run(&["fmt", "--from-json", &format!("{REPROS}/from-json-nul-in-comment.json")]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stdout));
    let err = text(&o.stderr);
    assert!(err.contains("record 1: throws[0].comments[0].text") && err.contains("NUL"), "{err}");
}

#[test]
fn a_carriage_return_in_a_tag_value_goes_through_json_and_back() {
    let file = format!("{REPROS}/json-roundtrip-cr-in-tag.stn");
    let json = run(&["json", &file]);
    assert_eq!(json.status.code(), Some(0), "{}", text(&json.stderr));
    let o = run_stdin(&["fmt", "--from-json", "-"], &json.stdout);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), std::fs::read_to_string(root().join(&file)).unwrap());
}

#[test]
fn comments_before_a_later_record_are_refused() {
    let mut recs = read_file_bytes(b"[Event \"a\"]\n\n1. 6-5 AG AF\n\n[Event \"b\"]\n\n1. 6-5 AG AF\n").unwrap();
    recs[1].comments.push(Comment { style: CommentStyle::Brace, text: "head".into(), after: None });
    let e = soumille::json::from_str(&json_of(&recs)).unwrap_err().to_string();
    assert!(e.contains("record 2") && e.contains("comments"), "{e}");
    // the first record's are written before its tags
    recs.swap(0, 1);
    assert!(soumille::json::from_str(&json_of(&recs)).is_ok());
}

// ---- the schema against the output (schema_version 2) -------------------------------

/// Checks `v` against the `schema` node of `root` (the subset of JSON Schema that
/// `schema/record.schema.json` uses); the errors name the path in `v`.
fn validate(
    root: &serde_json::Value,
    schema: &serde_json::Value,
    v: &serde_json::Value,
    at: &str,
    errs: &mut Vec<String>,
) {
    use serde_json::Value;
    if let Some(Value::String(r)) = schema.get("$ref") {
        let name = r.trim_start_matches("#/$defs/");
        return validate(root, &root["$defs"][name], v, at, errs);
    }
    let mut fail = |what: String| errs.push(format!("{at}: {what}"));
    if let Some(t) = schema.get("type").and_then(Value::as_str) {
        let ok = match t {
            "object" => v.is_object(),
            "array" => v.is_array(),
            "string" => v.is_string(),
            "integer" => v.is_i64() || v.is_u64(),
            "boolean" => v.is_boolean(),
            _ => true,
        };
        if !ok {
            fail(format!("not of type {t}: {v}"));
            return;
        }
    }
    if let Some(c) = schema.get("const") {
        if c != v {
            fail(format!("{v} is not {c}"));
        }
    }
    if let Some(Value::Array(e)) = schema.get("enum") {
        if !e.contains(v) {
            fail(format!("{v} is none of {e:?}"));
        }
    }
    if let (Some(p), Some(s)) = (schema.get("pattern").and_then(Value::as_str), v.as_str()) {
        if !regex::Regex::new(p).unwrap().is_match(s) {
            fail(format!("`{s}` does not match {p}"));
        }
    }
    if let Some(n) = v.as_i64() {
        if schema.get("minimum").and_then(Value::as_i64).is_some_and(|m| n < m)
            || schema.get("maximum").and_then(Value::as_i64).is_some_and(|m| n > m)
        {
            fail(format!("{n} out of range"));
        }
    }
    validate_parts(root, schema, v, at, errs);
}

/// The `anyOf`/`oneOf`, object and array keywords of [`validate`].
fn validate_parts(
    root: &serde_json::Value,
    schema: &serde_json::Value,
    v: &serde_json::Value,
    at: &str,
    errs: &mut Vec<String>,
) {
    use serde_json::Value;
    for (key, want_one) in [("anyOf", false), ("oneOf", true)] {
        if let Some(Value::Array(alts)) = schema.get(key) {
            let ok = alts
                .iter()
                .filter(|s| {
                    let mut e = Vec::new();
                    validate(root, s, v, at, &mut e);
                    e.is_empty()
                })
                .count();
            if ok == 0 || (want_one && ok > 1) {
                errs.push(format!("{at}: {ok} of the {key} alternatives fit {v}"));
            }
        }
    }
    if let Value::Object(o) = v {
        for r in schema.get("required").and_then(Value::as_array).into_iter().flatten() {
            if !o.contains_key(r.as_str().unwrap()) {
                errs.push(format!("{at}: no `{r}`"));
            }
        }
        let props = schema.get("properties").and_then(Value::as_object);
        for (k, x) in o {
            match props.and_then(|p| p.get(k)) {
                Some(s) => validate(root, s, x, &format!("{at}.{k}"), errs),
                None if schema.get("additionalProperties") == Some(&Value::Bool(false)) => {
                    errs.push(format!("{at}: `{k}` is not in the schema"))
                }
                None => {}
            }
        }
    }
    if let Value::Array(a) = v {
        let n = a.len() as u64;
        if schema.get("minItems").and_then(Value::as_u64).is_some_and(|m| n < m)
            || schema.get("maxItems").and_then(Value::as_u64).is_some_and(|m| n > m)
        {
            errs.push(format!("{at}: {n} items"));
        }
        if let Some(s) = schema.get("items") {
            for (i, x) in a.iter().enumerate() {
                validate(root, s, x, &format!("{at}[{i}]"), errs);
            }
        }
    }
}

fn schema() -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(root().join("schema/record.schema.json")).unwrap()).unwrap()
}

fn schema_errors(doc: &serde_json::Value) -> Vec<String> {
    let s = schema();
    let mut errs = Vec::new();
    validate(&s, &s, doc, "$", &mut errs);
    errs
}

/// `json` of every sample, with and without `--spans`, is a document of the schema.
#[test]
fn the_json_of_every_sample_fits_the_schema() {
    for spans in [false, true] {
        let args: &[&str] = if spans { &["json", "--spans", "samples"] } else { &["json", "samples"] };
        let o = run(args);
        let mut files = 0;
        for line in text(&o.stdout).lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let errs = schema_errors(&v["document"]);
            assert!(errs.is_empty(), "{}: {errs:#?}", v["path"]);
            files += 1;
        }
        assert!(files > 100, "{files} files");
    }
}

/// The checker itself refuses what the schema does not allow.
#[test]
fn the_schema_check_refuses_a_version_one_move_and_a_stray_field() {
    let doc = serde_json::json!({"schema_version": 2, "records": [{"throws": [{"number": 1, "dice": [4, 3],
        "play": {"moves": [{"from": "M", "to": "P", "hits": 1}]}, "extra": true}]}]});
    let errs = schema_errors(&doc);
    assert!(errs.iter().any(|e| e.contains("hits")) && errs.iter().any(|e| e.contains("`extra`")), "{errs:#?}");
    assert!(!schema_errors(&serde_json::json!({"schema_version": 1, "records": []})).is_empty());
}

/// The example of docs/commands.md fits the schema and reads as records.
#[test]
fn the_example_of_the_docs_fits_the_schema_and_reads() {
    let doc = std::fs::read_to_string(root().join("docs/commands.md")).unwrap();
    let at = doc.find("```json\n{\n  \"schema_version\": 2").expect("the example") + 8;
    let example = &doc[at..at + doc[at..].find("```").unwrap()];
    let v: serde_json::Value = serde_json::from_str(example).unwrap();
    assert_eq!(schema_errors(&v), Vec::<String>::new());
    let recs = soumille::json::from_str(example).unwrap_or_else(|e| panic!("{e}"));
    let stn = soumille::notation::print_records(&recs, Default::default());
    assert!(stn.contains("MRX*P*"), "{stn}");
}

// ---- versions -------------------------------------------------------------------------

/// A version 1 document is read as version 1 wrote it (the bit mask of `hits`, `rest`);
/// version 2 refuses those forms naming the field; other versions are refused naming the
/// migration note.
#[test]
fn version_one_documents_are_read_as_they_were_written() {
    let v1 = r#"{"schema_version": 1, "records": [{"tags": [{"name": "Game", "value": "backgammon"}],
        "throws": [{"number": 1, "seat": "top", "dice": [4, 3],
        "play": {"moves": [{"from": "M", "rest": "R", "rests": ["X"], "to": "P", "hits": 6}]}}]}]}"#;
    let recs = soumille::json::from_str(v1).unwrap_or_else(|e| panic!("{e}"));
    let stn = soumille::notation::print_records(&recs, Default::default());
    assert!(stn.contains("MRX*P*"), "{stn}");
    // the same records written again are version 2, with the points hit
    let again = json_of(&recs);
    assert!(again.contains("\"schema_version\": 2") && again.contains("\"hits\": [\n"), "{again}");
    assert_eq!(soumille::json::from_str(&again).unwrap(), recs);
    let v2 = v1.replace("\"schema_version\": 1", "\"schema_version\": 2");
    let e = soumille::json::from_str(&v2).unwrap_err().to_string();
    assert!(e.contains("record 1: throws[0].play.moves[0].rest"), "{e}");
    let v2 = v2.replace("\"rest\": \"R\", \"rests\": [\"X\"]", "\"rests\": [\"R\", \"X\"]");
    let e = soumille::json::from_str(&v2).unwrap_err().to_string();
    assert!(e.contains("record 1: throws[0].play.moves[0].hits"), "{e}");
    let e = soumille::json::from_str(r#"{"schema_version": 3, "records": []}"#).unwrap_err().to_string();
    assert!(e.contains("schema_version 3") && e.contains("json-migration.md"), "{e}");
}

/// `fmt --from-json` of a version 1 document prints what it printed.
#[test]
fn fmt_from_json_reads_a_version_one_document() {
    let o = run(&["fmt", "--from-json", &format!("{REPROS}/from-json-nul-in-comment.json")]);
    assert_eq!(o.status.code(), Some(2), "still refused for its NUL: {}", text(&o.stdout));
    let v1 = br#"{"schema_version": 1, "records": [{"throws": [{"number": 1, "dice": [6, 5], "play": {"moves": [{"from": "A", "to": "G"}, {"from": "A", "to": "F"}]}}]}]}"#;
    let o = run_stdin(&["fmt", "--from-json", "-"], v1);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "1. 6-5 AG AF\n");
}
