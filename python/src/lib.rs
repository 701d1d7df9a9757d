//! `soumille._soumille`: the library's public API for Python (issue 29, docs/data.md §5).
//! Each function takes text or paths and gives plain data (JSON text, SVG, HTML, Parquet
//! bytes) that `soumille/__init__.py` wraps in Python objects. Nothing here panics on any
//! input: errors are Python `ValueError`s that name the place.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use serde_json::{json, Value};
use soumille::notation::ReadRecord;
use soumille::{Replay, Step};

/// The records of a text, each checked by its game's reader (`check`'s reading).
fn records(text: &str) -> Vec<ReadRecord> {
    let mut v = soumille::read(text);
    for r in &mut v {
        soumille::games::registry::check_read(r);
    }
    v.retain(|r| !r.record.tags.is_empty() || !r.record.throws.is_empty() || !r.errors.is_empty());
    v
}

fn one(text: &str, index: usize) -> PyResult<ReadRecord> {
    let mut v = records(text);
    if index >= v.len() {
        return Err(PyIndexError::new_err(format!("the text has {} record(s), not {}", v.len(), index + 1)));
    }
    let r = v.swap_remove(index);
    if let Some(e) = r.errors.first() {
        let (line, col) = e.span.map_or((0, 0), |s| soumille::notation::line_column(text, s.start as usize));
        return Err(PyValueError::new_err(format!("line {line}, column {col}: {}: {}", e.message, e.label)));
    }
    Ok(r)
}

/// Every record of `text`: its tags, game, throws, syntax errors (with line and column) and
/// canonical text, as JSON.
#[pyfunction]
fn read_json(text: &str) -> String {
    let recs: Vec<Value> = records(text)
        .iter()
        .map(|r| {
            let errors: Vec<Value> = r
                .errors
                .iter()
                .map(|e| {
                    let (line, column) =
                        e.span.map_or((0, 0), |s| soumille::notation::line_column(text, s.start as usize));
                    json!({"line": line, "column": column, "message": format!("{}: {}", e.message, e.label)})
                })
                .collect();
            let throws: Vec<Value> = r
                .record
                .throws
                .iter()
                .map(|t| {
                    json!({
                        "number": t.number,
                        "seat": t.seat.map(|s| s.name()),
                        "dice": t.dice.map(|d| d.to_string()),
                        "play": t.play.as_ref().map(|p| p.to_string()),
                        "text": t.to_string(),
                    })
                })
                .collect();
            let tags: Vec<Value> = r.record.tags.iter().map(|t| json!([t.name, t.value])).collect();
            json!({
                "game": r.header.game.name(),
                "tags": tags,
                "throws": throws,
                "errors": errors,
                "text": soumille::print_record(&r.record, Default::default()),
            })
        })
        .collect();
    Value::Array(recs).to_string()
}

fn step_json(s: &Step) -> Value {
    json!({
        "number": s.number,
        "seat": s.seat.name(),
        "dice": s.dice.map(|d| d.to_string()),
        "play": s.play.to_string(),
        "applied": s.applied.as_ref().map(|p| p.to_string()),
        "lawful": s.lawful,
        "before": s.before.to_string(),
        "after": s.after.to_string(),
        "points": s.points,
        "releve": s.releve(),
    })
}

fn replay_value(rp: &Replay) -> PyResult<Value> {
    let flags = serde_json::to_value(&rp.flags).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(json!({
        "steps": rp.steps.iter().map(step_json).collect::<Vec<_>>(),
        "flags": flags,
        "end": rp.end.map(|e| json!({"winner": e.winner.name(), "value": e.value, "kind": e.kind()})),
        "stopped_at": rp.stopped_at,
        "last": rp.last.as_ref().map(|s| s.to_string()),
    }))
}

/// The replay of record `index` of `text`: its steps, flags and end, as JSON.
#[pyfunction]
fn replay_json(text: &str, index: usize) -> PyResult<String> {
    let r = one(text, index)?;
    let rp = soumille::replay(&r.record, &r.header, Some(text));
    Ok(replay_value(&rp)?.to_string())
}

/// The board after throw `at` (0: the start) of record `index`, as SVG.
#[pyfunction]
fn board_svg(text: &str, index: usize, at: u32) -> PyResult<String> {
    let r = one(text, index)?;
    let rp = soumille::replay(&r.record, &r.header, Some(text));
    soumille::picture_after(&rp, &r.record, &r.header, at)
        .ok_or_else(|| PyValueError::new_err(format!("no board after throw {at}")))
}

/// The fiche (the score sheet) of record `index`, as an HTML page.
#[pyfunction]
fn sheet_html(text: &str, index: usize) -> PyResult<String> {
    let r = one(text, index)?;
    let rp = soumille::replay(&r.record, &r.header, Some(text));
    soumille::render::sheet(&rp, &r, soumille::render::SheetFormat::Html)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Every legal play of `dice` in the position string `position` of `game`, as
/// `explain --format json` writes it.
#[pyfunction]
fn explain_json(game: &str, position: &str, dice: &str) -> PyResult<String> {
    let g = soumille::notation::Game::from_name(game)
        .ok_or_else(|| PyValueError::new_err(format!("unknown game {game:?}")))?;
    let e = soumille::explain_roll(g, position, dice).map_err(|e| PyValueError::new_err(e.to_string()))?;
    serde_json::to_string(&e.json(position)).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The `.stn` files of paths (folders walked, in sorted order).
fn stn_files(paths: &[String]) -> Vec<std::path::PathBuf> {
    fn walk(p: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        if p.is_dir() {
            let mut v: Vec<_> = std::fs::read_dir(p).into_iter().flatten().flatten().map(|e| e.path()).collect();
            v.sort();
            v.iter().for_each(|q| walk(q, out));
        } else if p.extension().is_some_and(|x| x == "stn") {
            out.push(p.to_path_buf());
        }
    }
    let mut out = Vec::new();
    for p in paths {
        let p = std::path::Path::new(p);
        if p.is_file() {
            out.push(p.to_path_buf());
        } else {
            walk(p, &mut out);
        }
    }
    out
}

/// Each record of each file read without error, replayed (steps kept when `steps`), with
/// backgammon's match play judged across the file.
fn each_replayed(
    paths: &[String],
    steps: bool,
    mut f: impl FnMut(&str, usize, &ReadRecord, &str, &Replay),
) -> PyResult<()> {
    for path in stn_files(paths) {
        let bytes = std::fs::read(&path).map_err(|e| PyValueError::new_err(format!("{}: {e}", path.display())))?;
        // as the binary reads it: up to the first byte that is not UTF-8
        let text = match std::str::from_utf8(&bytes) {
            Ok(t) => t.to_string(),
            Err(e) => String::from_utf8_lossy(&bytes[..e.valid_up_to()]).into_owned(),
        };
        let name = path.display().to_string();
        let mut session = soumille::games::backgammon::Session::new();
        for (k, r) in records(&text).iter().enumerate() {
            if !r.errors.is_empty() {
                session.skip();
                continue;
            }
            let mut rp = if steps {
                soumille::replay(&r.record, &r.header, Some(&text))
            } else {
                soumille::replay_books(&r.record, &r.header, Some(&text))
            };
            session.judge(&r.record, &r.header, &mut rp);
            f(&name, k + 1, r, &text, &rp);
        }
    }
    Ok(())
}

/// The records of `paths` that pass the criteria (as `soumille select`'s options: docs/data.md
/// §1): a list of `(path, number, text)`.
#[pyfunction]
#[pyo3(signature = (paths, tags=vec![], games=vec![], players=vec![], flags=vec![], events=vec![], positions=vec![]))]
fn select(
    paths: Vec<String>,
    tags: Vec<String>,
    games: Vec<String>,
    players: Vec<String>,
    flags: Vec<String>,
    events: Vec<String>,
    positions: Vec<String>,
) -> PyResult<Vec<(String, usize, String)>> {
    let err = |e: soumille::CriterionError| PyValueError::new_err(e.to_string());
    let mut game_list = Vec::new();
    for g in &games {
        game_list.push(
            soumille::notation::Game::from_name(g)
                .ok_or_else(|| PyValueError::new_err(format!("unknown game {g:?}")))?,
        );
    }
    let mut pattern_list = Vec::new();
    for p in &positions {
        pattern_list.push(soumille::PositionPattern::parse(p).map_err(|e| PyValueError::new_err(e.to_string()))?);
    }
    let c = soumille::Criteria {
        tags: tags.iter().map(|t| soumille::TagTest::parse(t)).collect::<Result<_, _>>().map_err(err)?,
        games: game_list,
        players,
        flags: flags.iter().map(|f| soumille::FlagTest::parse(f)).collect::<Result<_, _>>().map_err(err)?,
        events: events.iter().map(|e| soumille::EventTest::parse(e)).collect::<Result<_, _>>().map_err(err)?,
        positions: pattern_list,
        ..Default::default()
    };
    let steps = c.need() == soumille::Need::Steps;
    let mut out = Vec::new();
    each_replayed(&paths, steps, |name, k, r, text, rp| {
        if c.text_holds(&r.record, &r.header) && c.replay_holds(rp) {
            let own = r.record.span.map_or(text, |s| &text[s.start as usize..s.end as usize]);
            out.push((name.to_string(), k, own.trim_end().to_string()));
        }
    })?;
    Ok(out)
}

/// The table `of` (`throws`, `flags`, `games`, `matches`: docs/data.md §3) of `paths`, as the
/// bytes of a Parquet file.
#[pyfunction]
fn table_parquet<'py>(py: Python<'py>, paths: Vec<String>, of: &str) -> PyResult<Bound<'py, PyBytes>> {
    use soumille::table::{Matches, Replayed, Table};
    let table = match of {
        "throws" => Table::Throws,
        "flags" => Table::Flags,
        "games" => Table::Games,
        "matches" => Table::Matches,
        _ => return Err(PyValueError::new_err(format!("no table {of:?}: throws, flags, games or matches"))),
    };
    let mut rows = Vec::new();
    let mut matches = Matches::default();
    let mut last = String::new();
    each_replayed(&paths, table.needs_steps(), |name, k, r, _, rp| {
        let one = Replayed { path: name, number: k, rec: &r.record, header: &r.header, rp };
        if table == Table::Matches {
            if last != name {
                matches.finish(&mut rows);
                last = name.to_string();
            }
            matches.add(&one, &mut rows);
        } else {
            soumille::table::rows(table, &one, &mut rows);
        }
    })?;
    matches.finish(&mut rows);
    let mut buf = Vec::new();
    let mut sink = soumille::table::parquet::ParquetSink::new(&mut buf, table.schema())
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    sink.write(&rows).and_then(|_| sink.finish()).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(PyBytes::new(py, &buf))
}

/// The module.
#[pymodule]
fn _soumille(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(read_json, m)?)?;
    m.add_function(wrap_pyfunction!(replay_json, m)?)?;
    m.add_function(wrap_pyfunction!(board_svg, m)?)?;
    m.add_function(wrap_pyfunction!(sheet_html, m)?)?;
    m.add_function(wrap_pyfunction!(explain_json, m)?)?;
    m.add_function(wrap_pyfunction!(select, m)?)?;
    m.add_function(wrap_pyfunction!(table_parquet, m)?)?;
    Ok(())
}
