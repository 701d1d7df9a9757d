//! Speed of `soumille lsp` while the historian types: the time from a change to the
//! diagnostics published, in a record of 300 throws (the first generated Grand Trictrac or
//! Trictrac à écrire record that long, of lawful play with every mark written, cut at 300
//! throws).
//!
//! `cargo run --release --example lspbench [THROWS] [RUNS]` runs the server in this process
//! (`soumille::lsp::serve` over an in-memory connection, as over stdio but without the
//! pipe), opens the record, then for a change at throw 1, the middle throw and the last
//! throw (a `!` added after the play and taken away again, each an incremental change)
//! times `didChange` → `publishDiagnostics` received and written out as JSON, and prints the
//! median and the worst in milliseconds, with the diagnostics' count. Then the replay alone
//! (issue 19): the record replayed whole (`replay`, and `replay_resumable` with its
//! checkpoints) and from the changed throw (`replay_from`), median over the runs.

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::json;
use std::time::Instant;

fn record(throws: usize) -> String {
    use soumille::notation::Game;
    let mut best: Option<soumille::Record> = None;
    'search: for game in [Game::GrandTrictrac, Game::TrictracAEcrire] {
        for seed in 0..100u64 {
            let Some(Ok(rec)) = soumille::generate(game, 1, seed).next() else { continue };
            let longer = best.as_ref().is_none_or(|b| b.throws.len() < rec.throws.len());
            if longer {
                best = Some(rec);
            }
            if best.as_ref().is_some_and(|b| b.throws.len() >= throws) {
                break 'search;
            }
        }
    }
    let mut rec = best.expect("a generated game");
    rec.throws.truncate(throws);
    rec.tags.retain(|t| t.name != "Result");
    soumille::notation::print_record(&rec, Default::default())
}

fn main() {
    let mut args = std::env::args().skip(1);
    let throws: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(300);
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(50);
    let text = record(throws);
    let lines: Vec<&str> = text.lines().collect();
    let first = lines.iter().position(|l| l.starts_with("1. ")).expect("a first throw");
    let n = lines.len() - first;
    println!("record: {n} throws, {} bytes, {}", text.len(), text.lines().next().unwrap_or(""));

    let (server, client) = Connection::memory();
    let worker = std::thread::spawn(move || soumille::lsp::serve(&server));
    let init = Request::new(RequestId::from(1), "initialize".into(), json!({ "capabilities": {} }));
    client.sender.send(init.into()).unwrap();
    let _ = client.receiver.recv();
    client.sender.send(Notification::new("initialized".into(), json!({})).into()).unwrap();
    let uri = "file:///bench/record.stn";
    let doc = json!({ "uri": uri, "languageId": "stn", "version": 1, "text": text });
    let t0 = Instant::now();
    client
        .sender
        .send(Notification::new("textDocument/didOpen".into(), json!({ "textDocument": doc })).into())
        .unwrap();
    let diags = published(&client);
    println!("open: {:.2} ms, {diags} diagnostics", t0.elapsed().as_secs_f64() * 1e3);

    let mut version = 1;
    for at in [1, n / 2, n] {
        let line = first + at - 1;
        let col = lines[line].split(" {").next().unwrap_or(lines[line]).trim_end().len();
        let mut times = Vec::with_capacity(runs);
        let mut count = 0;
        for k in 0..runs {
            version += 1;
            let (range, glyph) = if k % 2 == 0 {
                (json!({ "start": { "line": line, "character": col }, "end": { "line": line, "character": col } }), "!")
            } else {
                (
                    json!({ "start": { "line": line, "character": col }, "end": { "line": line, "character": col + 1 } }),
                    "",
                )
            };
            let change = json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [{ "range": range, "text": glyph }] });
            let t = Instant::now();
            client.sender.send(Notification::new("textDocument/didChange".into(), change).into()).unwrap();
            count = published(&client);
            times.push(t.elapsed().as_secs_f64() * 1e3);
        }
        times.sort_by(f64::total_cmp);
        println!(
            "change at throw {at}: median {:.2} ms, worst {:.2} ms over {runs} changes ({count} diagnostics)",
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
    replay_alone(&text, n, runs);
    let shutdown = Request::new(RequestId::from(2), "shutdown".into(), serde_json::Value::Null);
    client.sender.send(shutdown.into()).unwrap();
    let _ = client.receiver.recv();
    client.sender.send(Notification::new("exit".into(), serde_json::Value::Null).into()).unwrap();
    worker.join().expect("the server's thread").expect("the server ends cleanly");
}

/// Waits for the next diagnostics, writes them out as JSON (as over stdio) and counts them.
fn published(client: &Connection) -> usize {
    loop {
        let Ok(msg) = client.receiver.recv() else { panic!("the server stopped") };
        if let Message::Notification(n) = &msg {
            if n.method == "textDocument/publishDiagnostics" {
                let mut out = Vec::new();
                msg.clone().write(&mut out).expect("written");
                return n.params["diagnostics"].as_array().map_or(0, Vec::len);
            }
        }
    }
}

/// The replay alone: whole, and resumed from throw 1, the middle throw and the last.
fn replay_alone(text: &str, n: usize, runs: usize) {
    let read = soumille::read(text).remove(0);
    let (rec, header) = (&read.record, &read.header);
    let median = |f: &dyn Fn() -> usize| {
        let mut times: Vec<f64> = (0..runs.max(1))
            .map(|_| {
                let t = Instant::now();
                std::hint::black_box(f());
                t.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        times.sort_by(f64::total_cmp);
        times[times.len() / 2]
    };
    let plain = median(&|| soumille::replay(rec, header, Some(text)).steps.len());
    let whole = median(&|| soumille::replay_resumable(rec, header, Some(text)).steps.len());
    println!("replay whole: {plain:.3} ms (with checkpoints {whole:.3} ms)");
    let earlier = soumille::replay_resumable(rec, header, Some(text));
    for at in [1, n / 2, n] {
        let from = median(&|| soumille::replay_from(rec, header, Some(text), &earlier, at - 1).steps.len());
        // the editor's way: the earlier replay taken (copied before the clock starts)
        let mut owned: Vec<f64> = (0..runs.max(1))
            .map(|_| {
                let e = earlier.clone();
                let t = Instant::now();
                std::hint::black_box(soumille::replay_from_owned(rec, header, Some(text), e, at - 1).steps.len());
                t.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        owned.sort_by(f64::total_cmp);
        println!("replay from throw {at}: {from:.3} ms (the earlier replay taken: {:.3} ms)", owned[owned.len() / 2]);
    }
}
