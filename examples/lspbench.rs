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
//!
//! `cargo run --release --example lspbench actions [THROWS]` times the code actions over a
//! whole-document range (issue 26: linear, titles short) on a backgammon record of THROWS
//! throws (100,000 by default) where both sides dance on every roll (the record of
//! `tests/lsp.rs`, `code_actions_over_a_long_record_are_linear`): as it is, and with its
//! fifth throw written twice, whose repair renumbers every throw after it (one edit said
//! once in the title; a `WorkspaceEdit` of the numbers changed only). It prints the time of
//! the open and of each request, the actions, the longest title and the edits.

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
    if std::env::args().nth(1).as_deref() == Some("actions") {
        let throws = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(100_000);
        return actions(throws);
    }
    let mut args = std::env::args().skip(1);
    let throws: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(300);
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(50);
    let text = record(throws);
    let lines: Vec<&str> = text.lines().collect();
    let first = lines.iter().position(|l| l.starts_with("1. ")).expect("a first throw");
    let n = lines.len() - first;
    println!("record: {n} throws, {} bytes, {}", text.len(), text.lines().next().unwrap_or(""));

    let (client, worker) = started();
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

/// A backgammon record of `n` throws where both sides are closed out on the bar, every
/// throw a dance (`-`).
fn dancing(n: u32) -> String {
    let mut rng = soumille::Rng::new(5);
    let mut text = String::from("[Game \"backgammon\"]\n[Position \"T2V2X2Y2Z2&2@3/A2B2C2D2E2F2@3 top\"]\n\n");
    for i in 1..=n {
        let (a, b) = (1 + rng.below(6), 1 + rng.below(6));
        let seat = if i % 2 == 1 { "top" } else { "bottom" };
        text.push_str(&format!("{i}. {seat}: {}-{} -\n", a.max(b), a.min(b)));
    }
    text
}

/// A server on its own thread, initialized: the client's end and the server's thread.
fn started() -> (Connection, std::thread::JoinHandle<Result<(), soumille::lsp::LspError>>) {
    let (server, client) = Connection::memory();
    let worker = std::thread::spawn(move || soumille::lsp::serve(&server));
    let init = Request::new(RequestId::from(1), "initialize".into(), json!({ "capabilities": {} }));
    client.sender.send(init.into()).unwrap();
    let _ = client.receiver.recv();
    client.sender.send(Notification::new("initialized".into(), json!({})).into()).unwrap();
    (client, worker)
}

/// The code actions over the whole of a long record, clean and with a throw written twice.
fn actions(n: u32) {
    let (client, worker) = started();
    let clean = dancing(n);
    let fifth = clean.lines().find(|l| l.starts_with("5. ")).expect("a fifth throw").to_string();
    let doubled = clean.replacen(&format!("{fifth}\n"), &format!("{fifth}\n{fifth}\n"), 1);
    for (k, (what, text)) in [("clean", clean), ("throw 5 written twice", doubled)].into_iter().enumerate() {
        let uri = format!("file:///bench/long-{k}.stn");
        let doc = json!({ "uri": uri, "languageId": "stn", "version": 1, "text": text });
        let t = Instant::now();
        let open = Notification::new("textDocument/didOpen".into(), json!({ "textDocument": doc }));
        client.sender.send(open.into()).unwrap();
        let diags = published(&client);
        let opened = t.elapsed().as_secs_f64() * 1e3;
        let lines = text.lines().count();
        let range = json!({ "start": { "line": 0, "character": 0 }, "end": { "line": lines, "character": 0 } });
        let params = json!({ "textDocument": { "uri": uri }, "range": range, "context": { "diagnostics": [] } });
        let t = Instant::now();
        client
            .sender
            .send(Request::new(RequestId::from(10 + k as i32), "textDocument/codeAction".into(), params).into())
            .unwrap();
        let reply = loop {
            match client.receiver.recv() {
                Ok(Message::Response(r)) => break r,
                Ok(_) => continue,
                Err(_) => panic!("the server stopped"),
            }
        };
        let took = t.elapsed().as_secs_f64() * 1e3;
        let t = Instant::now();
        let mut out = Vec::new();
        Message::Response(reply.clone()).write(&mut out).expect("written");
        let written = t.elapsed().as_secs_f64() * 1e3;
        let list = reply.response_result.unwrap_or_default();
        let list = list.as_array().cloned().unwrap_or_default();
        let longest = list.iter().filter_map(|a| a["title"].as_str()).map(|t| t.chars().count()).max().unwrap_or(0);
        let edits: Vec<usize> =
            list.iter().map(|a| a["edit"]["changes"][&uri].as_array().map_or(0, Vec::len)).collect();
        println!(
            "{what}: {n} throws, open {opened:.0} ms ({diags} diagnostics); code actions over the whole document \
             {took:.0} ms, written out as over stdio {written:.0} ms (reply {} bytes): {} actions, longest title {longest} characters, edits {edits:?}",
            out.len(),
            list.len()
        );
        if let Some(t) = list.iter().find_map(|a| a["title"].as_str().filter(|t| t.starts_with("Repair"))) {
            println!("  {t}");
        }
    }
    let shutdown = Request::new(RequestId::from(2), "shutdown".into(), serde_json::Value::Null);
    client.sender.send(shutdown.into()).unwrap();
    let _ = client.receiver.recv();
    client.sender.send(Notification::new("exit".into(), serde_json::Value::Null).into()).unwrap();
    worker.join().expect("the server's thread").expect("the server ends cleanly");
}
