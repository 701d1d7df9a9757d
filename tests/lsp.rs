//! `soumille lsp` spoken to over its stdin and stdout (JSON-RPC with `Content-Length`
//! headers, as an editor speaks it): initialize, didOpen and the diagnostics published,
//! hover, completion, codeAction (the repair candidates among them), formatting,
//! documentSymbol, changes (incremental and full), shutdown and exit.

use crate::common::{bin, root, run, run_stdin, scratch_dir, text as utf8};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// A client of `soumille lsp`: the child, its stdin, the messages it wrote.
pub struct Client {
    child: Child,
    stdin: ChildStdin,
    inbox: Receiver<Value>,
    next_id: i64,
}

impl Client {
    /// Starts `soumille lsp` and initializes it; returns the client and the server's
    /// capabilities.
    pub fn start() -> (Client, Value) {
        Client::start_with(Value::Null)
    }

    /// Starts `soumille lsp` with the editor's `initializationOptions` (docs/editors.md) and
    /// initializes it.
    pub fn start_with(options: Value) -> (Client, Value) {
        let mut child =
            bin().arg("lsp").stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn().unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, inbox) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            while let Some(msg) = read_message(&mut r) {
                if tx.send(msg).is_err() {
                    break;
                }
            }
        });
        let mut c = Client { child, stdin, inbox, next_id: 0 };
        let params =
            json!({ "capabilities": {}, "processId": null, "rootUri": null, "initializationOptions": options });
        let init = c.request("initialize", params);
        c.notify("initialized", json!({}));
        (c, init["capabilities"].clone())
    }

    /// Sends a notification.
    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request and waits for its answer's `result` (panics on an error answer).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        loop {
            let m = self.next();
            if m["id"] == json!(id) {
                assert!(m.get("error").is_none() || m["error"].is_null(), "{method}: {m}");
                return m["result"].clone();
            }
        }
    }

    /// Waits for the next diagnostics the server publishes.
    pub fn diagnostics(&mut self) -> Vec<Value> {
        loop {
            let m = self.next();
            if m["method"] == "textDocument/publishDiagnostics" {
                return m["params"]["diagnostics"].as_array().unwrap().clone();
            }
        }
    }

    fn next(&mut self) -> Value {
        self.inbox.recv_timeout(Duration::from_secs(60)).expect("the server answers within a minute")
    }

    fn send(&mut self, v: Value) {
        let body = v.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    /// Opens `text` as document `uri`; returns its diagnostics.
    pub fn open(&mut self, uri: &str, text: &str) -> Vec<Value> {
        let doc = json!({ "uri": uri, "languageId": "stn", "version": 1, "text": text });
        self.notify("textDocument/didOpen", json!({ "textDocument": doc }));
        self.diagnostics()
    }

    /// Sends `change` (one content change: a range and its text, or a whole `text`) to
    /// document `uri` as its version `version`; returns its diagnostics.
    pub fn change(&mut self, uri: &str, version: u32, change: Value) -> Vec<Value> {
        let params = json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [change] });
        self.notify("textDocument/didChange", params);
        self.diagnostics()
    }

    /// Shuts the server down and waits for it to exit; its exit status.
    pub fn shutdown(mut self) -> Option<i32> {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        drop(self.stdin);
        self.child.wait().unwrap().code()
    }
}

/// One message: its headers, a blank line, `Content-Length` bytes of JSON.
fn read_message(r: &mut impl BufRead) -> Option<Value> {
    let mut len = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            len = n.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; len?];
    r.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

fn uri_of(path: &str) -> String {
    format!("file://{}", root().join(path).display())
}

fn pos(line: u32, character: u32) -> Value {
    json!({ "line": line, "character": character })
}

/// The position of the first `needle` in `text` (ASCII lines).
fn pos_of(text: &str, needle: &str) -> Value {
    let at = text.find(needle).unwrap_or_else(|| panic!("{needle} in the text"));
    let line = text[..at].matches('\n').count();
    let col = at - text[..at].rfind('\n').map_or(0, |i| i + 1);
    pos(line as u32, col as u32)
}

/// The code actions other than the repair candidates (`Repair: …`, tested below).
fn not_repairs(actions: &Value) -> Vec<Value> {
    actions.as_array().unwrap().iter().filter(|a| !is_repair(a)).cloned().collect()
}

fn is_repair(a: &Value) -> bool {
    a["title"].as_str().unwrap().starts_with("Repair: ")
}

fn codes(diags: &[Value]) -> Vec<String> {
    diags.iter().map(|d| d["code"].as_str().unwrap().to_string()).collect()
}

const GT: &str = "tests/data/lsp/grand-trictrac.stn";

#[test]
fn the_server_says_what_it_can_do_and_exits_cleanly() {
    let (c, caps) = Client::start();
    assert_eq!(caps["textDocumentSync"], json!(2), "{caps}"); // incremental
    assert_eq!(caps["hoverProvider"], json!(true));
    assert_eq!(caps["codeActionProvider"], json!(true));
    assert_eq!(caps["documentFormattingProvider"], json!(true));
    assert_eq!(caps["documentSymbolProvider"], json!(true));
    assert!(caps["completionProvider"].is_object());
    assert_eq!(c.shutdown(), Some(0));
}

/// The diagnostics are the flags `check` gives, with their spans, messages and rules, for
/// every game, in the record's letters.
#[test]
fn the_diagnostics_are_checks_flags_in_every_game() {
    let files = [
        GT,
        "samples/lepeintre-teaching-game.lep.stn",
        "samples/a-ecrire/end-of-a-marque.stn",
        "samples/jacquet/occupied.stn",
        "samples/moultezim/postillon.stn",
        "samples/backgammon/rule-occupied.stn",
        "samples/backgammon/gnubg-match3-game2.stn",
        "samples/tric-trac/claim-marks.stn",
    ];
    let (mut c, _) = Client::start();
    for f in files {
        let text = std::fs::read_to_string(root().join(f)).unwrap();
        let diags = c.open(&uri_of(f), &text);
        let o = run(&["check", "--format", "json", f]);
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        let flags: Vec<&Value> =
            v["files"][0]["games"].as_array().unwrap().iter().flat_map(|g| g["flags"].as_array().unwrap()).collect();
        let want: Vec<(String, String)> = flags
            .iter()
            .map(|x| {
                (x["rule"].as_str().or(x["kind"].as_str()).unwrap().to_string(), x["message"].as_str().unwrap().into())
            })
            .collect();
        let got: Vec<(String, String)> =
            diags.iter().map(|d| (d["code"].as_str().unwrap().into(), d["message"].as_str().unwrap().into())).collect();
        assert_eq!(got, want, "{f}");
        assert!(diags.iter().all(|d| d["source"] == "soumille"), "{f}");
    }
    let lep = std::fs::read_to_string(root().join("samples/lepeintre-teaching-game.lep.stn")).unwrap();
    assert!(lep.contains("[Letters \"lepeintre\"]"));
    assert_eq!(c.shutdown(), Some(0));
}

#[test]
fn a_fausse_case_is_flagged_where_it_is_with_its_lawful_plays() {
    let text = std::fs::read_to_string(root().join(GT)).unwrap();
    let (mut c, _) = Client::start();
    let diags = c.open(&uri_of(GT), &text);
    assert_eq!(codes(&diags), ["die-mismatch", "ecole"]);
    let f = &diags[0];
    assert_eq!(f["range"]["start"], pos_of(&text, "AH AE"));
    assert_eq!(f["range"]["end"]["character"], json!(12));
    assert_eq!(f["severity"], json!(2));
    let related: Vec<&str> =
        f["relatedInformation"].as_array().unwrap().iter().map(|r| r["message"].as_str().unwrap()).collect();
    assert_eq!(related[..3], ["lawful: AD AE", "lawful: AE BE", "lawful: AH"]);
    assert!(diags[1]["message"].as_str().unwrap().contains("the throw is worth 4 to top"), "{}", diags[1]);
    assert_eq!(diags[1]["range"]["start"], pos_of(&text, "+2 (vrai)"));
    assert_eq!(c.shutdown(), Some(0));
}

#[test]
fn hover_shows_the_boards_score_and_position_and_a_rules_text() {
    let text = std::fs::read_to_string(root().join(GT)).unwrap();
    let (mut c, _) = Client::start();
    let uri = uri_of(GT);
    c.open(&uri, &text);
    let h = c.request("textDocument/hover", json!({ "textDocument": { "uri": uri }, "position": pos_of(&text, "VO") }));
    let v = h["contents"]["value"].as_str().unwrap();
    assert_eq!(h["contents"]["kind"], "markdown");
    let after = run(&["show", "--format", "position", "--at", "4", GT]);
    let before = run(&["show", "--format", "text", "--at", "3", GT]);
    let before_board = String::from_utf8(before.stdout).unwrap();
    let before_board = before_board.split_once('\n').unwrap().1;
    assert!(v.starts_with("**Throw 4**: bottom 4-2"), "{v}");
    assert!(v.contains(&format!("Before:\n```text\n{before_board}")), "{v}\n---\n{before_board}");
    let position = String::from_utf8(after.stdout).unwrap();
    assert!(v.contains(&format!("Position after: `{}`", position.trim())), "{v}\n{position}");
    assert!(v.contains("Score after: `holes=0/0 points="), "{v}");
    // the fausse case's throw names its flag
    let h =
        c.request("textDocument/hover", json!({ "textDocument": { "uri": uri }, "position": pos_of(&text, "3. 4-3") }));
    assert!(h["contents"]["value"].as_str().unwrap().contains("* `die-mismatch`: top moved AE"), "{h}");
    // a rule's name in a comment
    let h = c.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": pos_of(&text, "ust-fill") }),
    );
    let v = h["contents"]["value"].as_str().unwrap();
    assert!(v.starts_with("**`must-fill`**") && v.contains("## 10. Fausse case (illegal play)"), "{v}");
    assert_eq!(c.shutdown(), Some(0));
}

/// The lawful plays `explain` gives for `dice` after throw `at` of `file`.
fn explained(file: &str, at: &str, dice: &str) -> Vec<String> {
    let o = run(&["explain", file, "--at", at, "--dice", dice, "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let mut plays: Vec<String> =
        v["plays"].as_array().unwrap().iter().map(|p| p["notation"].as_str().unwrap().to_string()).collect();
    plays.sort();
    plays
}

#[test]
fn completion_gives_the_lawful_plays_after_the_dice_those_typed_first() {
    let text = std::fs::read_to_string(root().join(GT)).unwrap();
    let (mut c, _) = Client::start();
    let uri = uri_of(GT);
    c.open(&uri, &text);
    // type a seventh throw at the end, incrementally
    let end = pos(text.lines().count() as u32, 0);
    let change = json!({ "range": { "start": end, "end": end }, "text": "7. 6-3 " });
    c.change(&uri, 2, change);
    let at = pos(text.lines().count() as u32, 7);
    let items = c.request("textDocument/completion", json!({ "textDocument": { "uri": uri }, "position": at }));
    let items = items.as_array().unwrap();
    let mut plays: Vec<String> =
        items.iter().filter(|i| i["kind"] == json!(12)).map(|i| i["label"].as_str().unwrap().to_string()).collect();
    plays.sort();
    assert_eq!(plays, explained(GT, "6", "6-3"));
    // this roll scores nothing here: no marks are offered
    assert!(items.iter().all(|i| i["kind"] == json!(12)), "{items:?}");
    // part of a play typed: the plays it starts come first
    let first = plays[0].clone();
    let typed = &first[..1];
    let change = json!({ "range": { "start": at, "end": at }, "text": typed });
    c.change(&uri, 3, change);
    let at1 = pos(text.lines().count() as u32, 8);
    let items = c.request("textDocument/completion", json!({ "textDocument": { "uri": uri }, "position": at1 }));
    let first_item = &items.as_array().unwrap()[0];
    assert!(first_item["label"].as_str().unwrap().starts_with(typed), "{first_item}");
    assert_eq!(first_item["textEdit"]["range"]["start"], at);
    assert_eq!(c.shutdown(), Some(0));
}

#[test]
fn code_actions_replace_a_fausse_case_and_write_the_marks() {
    let text = std::fs::read_to_string(root().join(GT)).unwrap();
    let (mut c, _) = Client::start();
    let uri = uri_of(GT);
    c.open(&uri, &text);
    let at = pos_of(&text, "AH AE");
    let actions = c.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri }, "range": { "start": at, "end": at }, "context": { "diagnostics": [] } }),
    );
    let actions = actions.as_array().unwrap();
    let titles: Vec<&str> = actions.iter().map(|a| a["title"].as_str().unwrap()).collect();
    assert_eq!(titles[0], "Replace the fausse case by AD AE (lawful)", "{titles:?}");
    let edit = &actions[0]["edit"]["changes"][&uri][0];
    assert_eq!(edit["newText"], "AD AE");
    assert_eq!(edit["range"]["start"], at);
    assert_eq!(actions[0]["isPreferred"], json!(true));
    // throw 5 claims 2 for a roll worth 4
    let at = pos_of(&text, "5. 6-3");
    let actions = c.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri }, "range": { "start": at, "end": at }, "context": { "diagnostics": [] } }),
    );
    let actions = not_repairs(&actions);
    assert_eq!(actions.len(), 1, "{actions:?}");
    assert_eq!(actions[0]["title"], "Write the computed marks of throw 5");
    let edit = &actions[0]["edit"]["changes"][&uri][0];
    assert_eq!(edit["newText"], "5. 6-3 +4 (vrai x2) AG BE");
    // applying it clears the école
    let change = json!({ "range": edit["range"], "text": edit["newText"] });
    assert_eq!(codes(&c.change(&uri, 2, change)), ["die-mismatch"]);
    assert_eq!(c.shutdown(), Some(0));
}

#[test]
fn formatting_is_the_canonical_printers_and_symbols_are_games_and_releves() {
    let text = "[Game \"grand-trictrac\"]\n[First \"top\"]\n\n1. 5-6 A-G A-F\n2. 3-4 &V &X\n\n[Game \"jacquet\"]\n\n1. 3-1 AB\n";
    let (mut c, _) = Client::start();
    let uri = "file:///tmp/soumille-lsp-test/two.stn";
    c.open(uri, text);
    let edits = c.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    let o = crate::common::run_stdin(&["fmt", "-"], text.as_bytes());
    assert_eq!(edits[0]["newText"].as_str().unwrap(), String::from_utf8(o.stdout).unwrap());
    assert_eq!(edits[0]["range"]["start"], pos(0, 0));
    assert_eq!(edits[0]["range"]["end"], pos(9, 0));
    let symbols = c.request("textDocument/documentSymbol", json!({ "textDocument": { "uri": uri } }));
    let names: Vec<&str> = symbols.as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Game 1: grand-trictrac", "Game 2: jacquet"]);
    assert_eq!(symbols[0]["children"][0]["name"], "Relève 1");
    assert_eq!(symbols[0]["children"][0]["detail"], "throws 1–2");
    // a record with a syntax error is not formatted
    let change = json!({ "text": "1. 7-5 AG\n" });
    let diags = c.change(uri, 2, change);
    assert_eq!(diags[0]["severity"], json!(1));
    let edits = c.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    assert_eq!(edits, Value::Null);
    assert_eq!(c.shutdown(), Some(0));
}

/// A syntax error while typing: the error is shown where it is, and the flags of the throws
/// before it still are.
#[test]
fn a_syntax_error_keeps_the_flags_before_it() {
    let text = std::fs::read_to_string(root().join(GT)).unwrap();
    let (mut c, _) = Client::start();
    let uri = uri_of(GT);
    c.open(&uri, &text);
    let at = pos_of(&text, "5. 6-3");
    let change = json!({ "range": { "start": at, "end": at }, "text": "5. 9-3 AG\n" });
    let diags = c.change(&uri, 2, change);
    let codes = codes(&diags);
    assert!(codes.contains(&"die-mismatch".to_string()), "{diags:?}");
    let syntax = diags.iter().find(|d| d["severity"] == json!(1)).expect("a syntax error");
    assert_eq!(syntax["range"]["start"]["line"], at["line"], "{syntax}");
    assert_eq!(c.shutdown(), Some(0));
}

/// A record in Lepeintre's letters is answered in them: the lawful plays of its fausse case
/// and the completions.
#[test]
fn a_record_in_lepeintres_letters_is_answered_in_them() {
    let f = "samples/lepeintre-teaching-game.lep.stn";
    let text = std::fs::read_to_string(root().join(f)).unwrap();
    let (mut c, _) = Client::start();
    let uri = uri_of(f);
    let diags = c.open(&uri, &text);
    let fausse = diags.iter().find(|d| d["code"] == "must-fill").expect("the fausse case of throw 13");
    let related: Vec<&str> =
        fausse["relatedInformation"].as_array().unwrap().iter().map(|r| r["message"].as_str().unwrap()).collect();
    assert!(
        !related.is_empty() && related.iter().all(|r| r.strip_prefix("lawful: ").unwrap() == r[8..].to_lowercase()),
        "{related:?}"
    );
    let at = pos_of(&text, "4. 3-2 ");
    let at = pos(at["line"].as_u64().unwrap() as u32, 7);
    let items = c.request("textDocument/completion", json!({ "textDocument": { "uri": uri }, "position": at }));
    let mut plays: Vec<String> = items
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["kind"] == json!(12))
        .map(|i| i["label"].as_str().unwrap().to_string())
        .collect();
    plays.sort();
    assert!(plays.contains(&"ur tr".to_string()), "{plays:?}");
    assert_eq!(plays, explained(f, "3", "3-2"));
    assert_eq!(c.shutdown(), Some(0));
}

/// The completions after a throw's dice are the lawful plays in every game, as `explain`
/// gives them, whatever the throw's line says before the dice (`top:`).
#[test]
fn completion_gives_the_lawful_plays_in_every_game() {
    let (mut c, _) = Client::start();
    for g in soumille::games::registry::GAMES.iter().filter(|g| !g.is_grand_trictrac()).map(|g| g.tag()) {
        let f = format!("samples/{g}/generated.stn");
        let text = std::fs::read_to_string(root().join(&f)).unwrap();
        let uri = uri_of(&f);
        c.open(&uri, &text);
        for n in [3, 9] {
            let line = text.lines().find(|l| l.starts_with(&format!("{n}. "))).unwrap();
            let dice = line.split_whitespace().find(|t| t.contains('-')).unwrap();
            let col = line.find(dice).unwrap() + dice.len() + 1;
            let at = pos_of(&text, line);
            let at = pos(at["line"].as_u64().unwrap() as u32, col as u32);
            let items = c.request("textDocument/completion", json!({ "textDocument": { "uri": uri }, "position": at }));
            let mut plays: Vec<String> = items
                .as_array()
                .unwrap()
                .iter()
                .filter(|i| i["kind"] == json!(12))
                .map(|i| i["label"].as_str().unwrap().to_string())
                .collect();
            plays.sort();
            assert_eq!(plays, explained(&f, &(n - 1).to_string(), dice), "{f} throw {n}");
            let written = line[col..].split(" {").next().unwrap().trim();
            assert!(plays.iter().any(|p| written.starts_with(p.as_str())), "{f} throw {n}: {written} in {plays:?}");
        }
    }
    assert_eq!(c.shutdown(), Some(0));
}

/// Grand Trictrac scores the roll before the men move (docs/rules.md §1): after the dice the
/// thrower's marks are offered first; after a lawful play, the marks are offered, written
/// after the dice.
#[test]
fn completion_offers_the_marks_of_the_roll() {
    let text = std::fs::read_to_string(root().join(GT)).unwrap();
    let (mut c, _) = Client::start();
    let uri = uri_of(GT);
    c.open(&uri, &text);
    let edited = text.replace("5. 6-3 +2 (vrai) AG BE", "5. 6-3 ");
    c.change(&uri, 2, json!({ "text": edited }));
    let line = pos_of(&edited, "5. 6-3")["line"].as_u64().unwrap() as u32;
    let items =
        c.request("textDocument/completion", json!({ "textDocument": { "uri": uri }, "position": pos(line, 7) }));
    let first = &items[0];
    assert_eq!((first["label"].as_str(), first["kind"].as_u64()), (Some("+4 (vrai x2)"), Some(23)), "{items}");
    assert_eq!(first["textEdit"]["newText"], "+4 (vrai x2)");
    // the play typed, then a space: the marks, written after the dice
    let change = json!({ "range": { "start": pos(line, 7), "end": pos(line, 7) }, "text": "AG BE " });
    c.change(&uri, 3, change);
    let items =
        c.request("textDocument/completion", json!({ "textDocument": { "uri": uri }, "position": pos(line, 13) }));
    let items = items.as_array().unwrap();
    assert_eq!(items.len(), 1, "{items:?}");
    assert_eq!(items[0]["label"], "+4 (vrai x2)");
    assert_eq!(items[0]["textEdit"]["newText"], "");
    let extra = &items[0]["additionalTextEdits"][0];
    assert_eq!((extra["range"]["start"].clone(), extra["newText"].as_str()), (pos(line, 6), Some(" +4 (vrai x2)")));
    assert_eq!(c.shutdown(), Some(0));
}

/// A request the server does not know is refused as such (and the server goes on).
#[test]
fn an_unknown_request_is_refused_and_the_server_goes_on() {
    let (mut c, _) = Client::start();
    c.next_id += 1;
    let id = c.next_id;
    c.send(json!({ "jsonrpc": "2.0", "id": id, "method": "textDocument/references", "params": {
        "textDocument": { "uri": "file:///x.stn" }, "position": { "line": 0, "character": 0 },
        "context": { "includeDeclaration": true } } }));
    let answer = c.next();
    assert_eq!(answer["id"], json!(id));
    assert_eq!(answer["error"]["code"], json!(-32601), "{answer}");
    let h =
        c.request("textDocument/hover", json!({ "textDocument": { "uri": "file:///x.stn" }, "position": pos(0, 0) }));
    assert_eq!(h, Value::Null);
    assert_eq!(c.shutdown(), Some(0));
}

/// Tric Trac scores the play itself (docs/games.md §E.9): after a lawful play, its points.
#[test]
fn completion_offers_a_tric_trac_plays_points() {
    let f = "samples/tric-trac/generated.stn";
    let text = std::fs::read_to_string(root().join(f)).unwrap();
    let (mut c, _) = Client::start();
    let uri = uri_of(f);
    c.open(&uri, &text);
    let at = pos_of(&text, "25. bottom: 3-3 VR OL* +1 (prise)");
    let at = pos(at["line"].as_u64().unwrap() as u32, "25. bottom: 3-3 VR OL* ".len() as u32);
    let items = c.request("textDocument/completion", json!({ "textDocument": { "uri": uri }, "position": at }));
    let labels: Vec<&str> = items.as_array().unwrap().iter().map(|i| i["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["+1"], "{items}");
    assert_eq!(c.shutdown(), Some(0));
}

/// A Tric Trac throw whose marks are flagged gets the marks its play scores.
#[test]
fn a_tric_trac_throws_marks_can_be_written() {
    let f = "samples/tric-trac/claim-marks.stn";
    let text = std::fs::read_to_string(root().join(f)).unwrap();
    let (mut c, _) = Client::start();
    let uri = uri_of(f);
    assert_eq!(codes(&c.open(&uri, &text)), ["marks"]);
    let at = pos_of(&text, "1. bottom");
    let actions = c.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri }, "range": { "start": at, "end": at }, "context": { "diagnostics": [] } }),
    );
    let actions = not_repairs(&actions);
    assert_eq!(actions.len(), 1, "{actions:?}");
    let edit = &actions[0]["edit"]["changes"][&uri][0];
    assert_eq!(edit["newText"], "1. bottom: 5-1 TO* YX +1 (prise)");
    let change = json!({ "range": edit["range"], "text": edit["newText"] });
    assert_eq!(codes(&c.change(&uri, 2, change)), Vec::<String>::new());
    assert_eq!(c.shutdown(), Some(0));
}

/// The code actions at `at` in document `uri`.
fn code_actions(c: &mut Client, uri: &str, at: Value) -> Vec<Value> {
    let actions = c.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri }, "range": { "start": at, "end": at }, "context": { "diagnostics": [] } }),
    );
    actions.as_array().unwrap().clone()
}

/// The byte of `text` at an LSP position (ASCII lines).
fn byte_at(text: &str, p: &Value) -> usize {
    let (line, col) = (p["line"].as_u64().unwrap() as usize, p["character"].as_u64().unwrap() as usize);
    let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
    start + col
}

/// `text` with a code action's edits of document `uri` made (ranges of the text as it was,
/// in order, none overlapping, as the protocol has them).
fn applied(text: &str, action: &Value, uri: &str) -> String {
    let mut out = text.to_string();
    for (range, new) in replaced(text, action, uri).into_iter().rev() {
        out.replace_range(range, &new);
    }
    out
}

/// A code action's edits of document `uri`: the bytes of `text` each replaces, and by what;
/// asserted in order and apart.
fn replaced(text: &str, action: &Value, uri: &str) -> Vec<(std::ops::Range<usize>, String)> {
    let edits = action["edit"]["changes"][uri].as_array().unwrap();
    assert!(!edits.is_empty(), "{action}");
    let got: Vec<(std::ops::Range<usize>, String)> = edits
        .iter()
        .map(|e| {
            let (a, b) = (byte_at(text, &e["range"]["start"]), byte_at(text, &e["range"]["end"]));
            (a..b, e["newText"].as_str().unwrap().to_string())
        })
        .collect();
    assert!(got.windows(2).all(|w| w[0].0.end <= w[1].0.start), "{got:?}");
    got
}

/// Repair searches that a debug build on a busy machine finishes well within.
fn patient() -> Value {
    json!({ "repair": { "budgetMs": 60000 } })
}

/// `soumille repair FILE --apply N` on `record` (written to a scratch file).
fn repair_apply(name: &str, record: &str, n: usize) -> String {
    let f = scratch_dir("lsp", name).join(format!("{name}.stn"));
    std::fs::write(&f, record).unwrap();
    let o = run(&["repair", f.to_str().unwrap(), "--apply", &n.to_string(), "--budget", "60s"]);
    assert!(o.status.code().is_some_and(|c| c < 2), "{}", utf8(&o.stderr));
    utf8(&o.stdout)
}

/// A Grand Trictrac record with one misread letter (generated game 1 of seed 4, throw 57
/// `4-4 AE AE` written `AE AF`), after a clean record in the same file: the repair action
/// names the edit, is preferred, replaces that record only, as `repair --apply 1` writes it,
/// and the file it gives checks clean.
#[test]
fn a_misread_letter_gets_a_repair_action_and_the_record_then_checks_clean() {
    let generated = utf8(&crate::common::generated(1, 4));
    assert!(generated.contains("\n57. 4-4 AE AE\n"));
    let misread = generated.replace("\n57. 4-4 AE AE\n", "\n57. 4-4 AE AF\n");
    let first = std::fs::read_to_string(root().join("samples/two-records.stn")).unwrap();
    let first = first.split("\n\n[Game").next().unwrap().to_string() + "\n\n";
    let doc = format!("{first}{misread}");
    let (mut c, _) = Client::start_with(patient());
    let uri = "file:///tmp/soumille-lsp-test/misread.stn";
    assert!(codes(&c.open(uri, &doc)).contains(&"die-mismatch".to_string()));

    // in the clean record: nothing to repair
    assert!(code_actions(&mut c, uri, pos_of(&doc, "2. 4-3 AD AE")).iter().all(|a| !is_repair(a)));

    let actions = code_actions(&mut c, uri, pos_of(&doc, "12. "));
    let repairs: Vec<&Value> = actions.iter().filter(|a| is_repair(a)).collect();
    assert!((1..=3).contains(&repairs.len()), "{actions:?}");
    let best = repairs[0];
    assert_eq!(best["title"], "Repair: throw 57: `E` read for `F` (move 2) (removes 3 flags)", "{actions:?}");
    assert_eq!(best["kind"], "quickfix");
    assert_eq!(best["isPreferred"], json!(true));
    assert!(repairs[1..].iter().all(|a| a.get("isPreferred").is_none()), "{repairs:?}");
    // the edited tokens only (issue 26): the comment put in after the dice, the letter
    // changed; the file then as `repair --apply 1` writes the record
    let edits = replaced(&doc, best, uri);
    assert_eq!(edits.len(), 2, "{edits:?}");
    assert_eq!((&doc[edits[1].0.clone()], edits[1].1.as_str()), ("AF", "AE"), "{edits:?}");
    assert_eq!(edits[0].1.trim(), "{ repaired: throw 57: `E` read for `F` (move 2) }", "{edits:?}");
    assert!(doc[edits[0].0.clone()].trim().is_empty(), "{edits:?}");
    assert!(edits.iter().all(|(r, _)| r.start > doc.find("\n57. 4-4 ").unwrap()), "{edits:?}");
    let fixed = applied(&doc, best, uri);
    assert_eq!(fixed, format!("{first}{}", repair_apply("misread57", &misread, 1)));
    assert!(fixed.starts_with(&first), "the clean record is left as it was");
    assert!(fixed.contains("\n57. 4-4 { repaired: throw 57: `E` read for `F` (move 2) } AE AE\n"), "{fixed}");
    let check = run_stdin(&["check", "-"], fixed.as_bytes());
    assert_eq!(check.status.code(), Some(0), "{}", utf8(&check.stdout));
    assert!(utf8(&check.stdout).contains("2 games"), "{}", utf8(&check.stdout));

    // made in the editor, the record has no flag left, and no repair is offered
    assert_eq!(c.change(uri, 2, json!({ "text": fixed })), Vec::<Value>::new());
    assert!(code_actions(&mut c, uri, pos_of(&fixed, "57. 4-4")).iter().all(|a| !is_repair(a)));
    assert_eq!(c.shutdown(), Some(0));
}

/// A clean record gets no repair action, whatever the place asked (a record of another game
/// than Grand Trictrac too).
#[test]
fn a_clean_record_gets_no_repair_action() {
    let (mut c, _) = Client::start_with(patient());
    for f in ["samples/two-records.stn", "samples/backgammon/generated.stn", "samples/jacquet/generated.stn"] {
        let text = std::fs::read_to_string(root().join(f)).unwrap();
        let uri = uri_of(f);
        assert_eq!(c.open(&uri, &text), Vec::<Value>::new(), "{f}");
        for at in [pos(0, 0), pos_of(&text, "1. "), pos_of(&text, "\n2. ")] {
            assert_eq!(code_actions(&mut c, &uri, at), Vec::<Value>::new(), "{f}");
        }
    }
    assert_eq!(c.shutdown(), Some(0));
}

/// A backgammon record with a misread letter (`RY` for `RV` at throw 9): its repair action,
/// made, leaves a record that checks clean. And with the default budget (no
/// `initializationOptions`), the action is offered too, its title saying when the search was
/// cut.
#[test]
fn a_backgammon_record_gets_a_repair_action() {
    let f = "samples/backgammon/generated.stn";
    let clean = std::fs::read_to_string(root().join(f)).unwrap();
    assert!(clean.contains("\n9. top: 5-3 OT RV\n"));
    let misread = clean.replace("\n9. top: 5-3 OT RV\n", "\n9. top: 5-3 OT RY\n");
    let uri = "file:///tmp/soumille-lsp-test/backgammon.stn";
    let (mut c, _) = Client::start_with(patient());
    assert!(codes(&c.open(uri, &misread)).contains(&"die".to_string()));
    let actions = code_actions(&mut c, uri, pos_of(&misread, "9. top"));
    let best = actions.iter().find(|a| is_repair(a)).expect("a repair action");
    assert_eq!(best["title"], "Repair: throw 9: `V` read for `Y` (move 2) (removes 4 flags)", "{actions:?}");
    assert_eq!(best["isPreferred"], json!(true));
    let fixed = applied(&misread, best, uri);
    assert!(fixed.contains("\n9. top: 5-3 { repaired: throw 9: `V` read for `Y` (move 2) } OT RV\n"), "{fixed}");
    let check = run_stdin(&["check", "-"], fixed.as_bytes());
    assert_eq!(check.status.code(), Some(0), "{}", utf8(&check.stdout));
    assert_eq!(c.shutdown(), Some(0));

    let (mut c, _) = Client::start();
    c.open(uri, &misread);
    let actions = code_actions(&mut c, uri, pos_of(&misread, "9. top"));
    for a in actions.iter().filter(|a| is_repair(a)) {
        let t = a["title"].as_str().unwrap();
        let ends = [" flags)", " flag)", " more throws)", " more throw)", "; search cut at 300 ms)"];
        assert!(ends.iter().any(|e| t.ends_with(e)), "{t}");
    }
    assert_eq!(c.shutdown(), Some(0));
}

/// `initializationOptions.repair.budgetMs` 0 turns the repair actions off.
#[test]
fn a_budget_of_zero_offers_no_repair() {
    let text = std::fs::read_to_string(root().join(GT)).unwrap();
    let (mut c, _) = Client::start_with(json!({ "repair": { "budgetMs": 0 } }));
    let uri = uri_of(GT);
    c.open(&uri, &text);
    let actions = code_actions(&mut c, &uri, pos_of(&text, "AH AE"));
    assert!(!actions.is_empty() && actions.iter().all(|a| !is_repair(a)), "{actions:?}");
    assert_eq!(c.shutdown(), Some(0));
}

/// A record in Lepeintre's letters gets its repair actions in them: the words and the record
/// of `repair` (its JSON's `described` and `--apply N`), candidate for candidate.
#[test]
fn the_repair_actions_are_repairs_own_in_the_records_letters() {
    // the book's game with a slip put in: `ur` (throw 4) written `vr`, u and v alike
    let text = std::fs::read_to_string(root().join("samples/lepeintre-teaching-game.lep.stn")).unwrap();
    assert!(text.contains("\n4. 3-2 ur tr\n"));
    let text = text.replace("\n4. 3-2 ur tr\n", "\n4. 3-2 vr tr\n");
    let f = scratch_dir("lsp", "lep-slip").join("lep-slip.stn");
    std::fs::write(&f, &text).unwrap();
    let o = run(&["repair", f.to_str().unwrap(), "--format", "json", "--budget", "60s"]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let (mut c, _) = Client::start_with(patient());
    let uri = uri_of("lep-slip.stn");
    c.open(&uri, &text);
    let actions = code_actions(&mut c, &uri, pos_of(&text, "4. 3-2 vr"));
    let repairs: Vec<&Value> = actions.iter().filter(|a| is_repair(a)).collect();
    assert!(!repairs.is_empty(), "{actions:?}");
    assert!(text.ends_with('\n'));
    for (k, a) in repairs.iter().enumerate() {
        let words: Vec<&str> = v["described"][k].as_array().unwrap().iter().map(|w| w.as_str().unwrap()).collect();
        let removes = v["candidates"][k]["removes"].as_u64().unwrap();
        let flags = if removes == 1 { "flag" } else { "flags" };
        let title = a["title"].as_str().unwrap();
        // the words of `repair`, those past 100 characters counted (`…; 1 more edit`)
        assert!(title.chars().count() <= 100, "{title}");
        let (said, rest) = title.strip_prefix("Repair: ").unwrap().split_once(" (removes ").unwrap();
        assert!(rest.starts_with(&format!("{removes} {flags}")), "{title}");
        let full = words.join("; ");
        let counted = said.rsplit_once("; ").filter(|(_, n)| n.ends_with(" more edit") || n.ends_with(" more edits"));
        let shown = counted.map_or(said, |(s, _)| s);
        assert!(said == full || full.starts_with(shown.trim_end_matches('…')), "{title} / {full}");
        // the edited tokens only, each within a line, giving the file `--apply N` writes
        assert_eq!(applied(&text, a, &uri), repair_apply("lepeintre", &text, k + 1), "{title}");
        for (r, _) in replaced(&text, a, &uri) {
            assert!(!text[r.clone()].contains('\n') && r.len() < 40, "{title}: {r:?} {:?}", replaced(&text, a, &uri));
        }
    }
    assert!(repairs[0]["title"].as_str().unwrap().contains("`u` read for `v`"), "{repairs:?}");
    // none below the record as written (whose flags are the book's own faults)
    let written = v["candidates"].as_array().unwrap().iter().position(|c| c["as_written"] == true).unwrap();
    assert!(repairs.len() <= written, "{repairs:?}");
    assert_eq!(c.shutdown(), Some(0));
}

/// The turn-4 repro `lsp-content-length.py`: a `Content-Length` of 2·10⁹, 10¹¹ and
/// 2⁶⁴−1 gets an error reply before anything is allocated (the server stays under 64 MB),
/// and the exit names the real cause (issue 26).
#[test]
fn a_huge_content_length_is_refused_before_it_is_allocated() {
    for n in ["2000000000", "100000000000", "18446744073709551615"] {
        let mut child =
            bin().arg("lsp").stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        let mut stdin = child.stdin.take().unwrap();
        write!(stdin, "Content-Length: {n}\r\n\r\n{{").unwrap();
        stdin.flush().unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let reply = read_message(&mut out).expect("an error reply");
        assert_eq!(reply["error"]["code"], -32600, "{reply}");
        assert!(reply["error"]["message"].as_str().unwrap().contains(&format!("a message of {n} bytes is over")));
        let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
        let peak: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap();
        assert!(peak < 64_000, "{n}: peak {peak} kB");
        drop(stdin);
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{n}");
        let err = utf8(&o.stderr);
        assert!(err.contains(&format!("the client closed the connection within a message of {n} bytes")), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// Malformed messages (not JSON, JSON that is no request, a header without a length) each
/// get a JSON-RPC error reply, and the server answers the next request as ever.
#[test]
fn a_malformed_message_gets_an_error_reply_and_the_server_goes_on() {
    let (mut c, _) = Client::start();
    write!(c.stdin, "Content-Length: 6\r\n\r\n{{oops}}").unwrap();
    write!(c.stdin, "Content-Length: 20\r\n\r\n{{\"id\":7,\"what\":true}}").unwrap();
    write!(c.stdin, "Content-Length: lots\r\n\r\n").unwrap();
    c.stdin.flush().unwrap();
    let replies: Vec<Value> = (0..3).map(|_| c.next()).collect();
    assert_eq!(replies[0]["error"]["code"], -32700, "{replies:?}");
    assert_eq!(replies[0]["id"], Value::Null);
    assert_eq!((replies[1]["error"]["code"].clone(), replies[1]["id"].clone()), (json!(-32600), json!(7)));
    assert!(replies[2]["error"]["message"].as_str().unwrap().contains("`Content-Length: lots` is not a length"));
    let text = std::fs::read_to_string(root().join(GT)).unwrap();
    let uri = uri_of(GT);
    assert!(!c.open(&uri, &text).is_empty());
    assert_eq!(c.shutdown(), Some(0));
}

/// The turn-4 repro `lsp-codeaction-quadratic.py`: code actions over the whole of a
/// 100,000-throw record take time linear in its throws (3.8 s before, by a linear search
/// of each throw's step).
#[test]
fn code_actions_over_a_long_record_are_linear() {
    let mut rng = soumille::Rng::new(5);
    let mut text = String::from("[Game \"backgammon\"]\n[Position \"T2V2X2Y2Z2&2@3/A2B2C2D2E2F2@3 top\"]\n\n");
    let n: u32 = 100_000;
    for i in 1..=n {
        let (a, b) = (1 + rng.below(6), 1 + rng.below(6));
        let seat = if i % 2 == 1 { "top" } else { "bottom" };
        text.push_str(&format!("{i}. {seat}: {}-{} -\n", a.max(b), a.min(b)));
    }
    let (mut c, _) = Client::start();
    let uri = "file:///long.stn";
    c.open(uri, &text);
    let start = std::time::Instant::now();
    let range = json!({ "start": pos(0, 0), "end": pos(n + 3, 0) });
    let params = json!({ "textDocument": { "uri": uri }, "range": range, "context": { "diagnostics": [] } });
    let actions = c.request("textDocument/codeAction", params);
    let took = start.elapsed();
    assert!(actions.is_array(), "{actions}");
    assert!(took < Duration::from_secs(2), "{took:?}");
    for a in actions.as_array().unwrap() {
        assert!(a["title"].as_str().unwrap().chars().count() <= 100, "{}", a["title"]);
    }
    assert_eq!(c.shutdown(), Some(0));
}

/// The score fields of `show --format position --at N FILE`, as `name=value` pairs.
fn position_fields(file: &str, at: u32) -> Vec<(String, String)> {
    let o = run(&["show", "--format", "position", "--at", &at.to_string(), file]);
    let text = utf8(&o.stdout);
    text.split_whitespace()
        .skip(2)
        .filter_map(|f| f.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())))
        .collect()
}

fn inlay_hints(c: &mut Client, uri: &str, lines: u32) -> Vec<Value> {
    let range = json!({ "start": pos(0, 0), "end": pos(lines, 0) });
    let v = c.request("textDocument/inlayHint", json!({ "textDocument": { "uri": uri }, "range": range }));
    v.as_array().unwrap().clone()
}

/// Inlay hints: after each throw replayed, at its end, the score `show` gives after it
/// (Grand Trictrac's points and holes; backgammon's cube, its owner and the match score).
#[test]
fn inlay_hints_give_the_running_score_after_each_throw() {
    let (mut c, caps) = Client::start();
    assert_eq!(caps["inlayHintProvider"], json!(true), "{caps}");
    let text = std::fs::read_to_string(root().join(GT)).unwrap();
    c.open(&uri_of(GT), &text);
    let hints = inlay_hints(&mut c, &uri_of(GT), 99);
    assert_eq!(hints.len(), 6, "{hints:#?}");
    for (k, h) in hints.iter().enumerate() {
        let n = k as u32 + 1;
        let line = text.lines().position(|l| l.starts_with(&format!("{n}. "))).unwrap();
        let end = text.lines().nth(line).unwrap().trim_end().len();
        assert_eq!(h["position"], pos(line as u32, end as u32), "throw {n}");
        let f = position_fields(GT, n);
        let get = |k: &str| f.iter().find(|(n, _)| n == k).unwrap().1.clone();
        let want = format!("points {} · holes {}", get("points"), get("holes"));
        assert_eq!(h["label"], json!(want), "throw {n}");
    }
    // only the throws that end in the range asked
    let some = inlay_hints(&mut c, &uri_of(GT), 8);
    assert_eq!(some.len(), 2, "{some:#?}");
    // Tric Trac: the partie's points and the series' parties, as `show` gives them
    let tt = "samples/tric-trac/hand-written.stn";
    let text = std::fs::read_to_string(root().join(tt)).unwrap();
    c.open(&uri_of(tt), &text);
    let hints = inlay_hints(&mut c, &uri_of(tt), 999);
    assert_eq!(hints.len(), 6, "{hints:#?}");
    for (k, h) in hints.iter().enumerate() {
        let f = position_fields(tt, k as u32 + 1);
        // the position string leaves out a score of 0/0
        let get = |k: &str| f.iter().find(|(n, _)| n == k).map_or("0/0".to_string(), |f| f.1.clone());
        assert_eq!(h["label"], json!(format!("points {} · parties {}", get("points"), get("parties"))), "{f:?}");
    }
    // backgammon: the cube, its owner, the match score of the Match and Score tags
    let bg = "samples/backgammon/gnubg-match3-game2.stn";
    let text = std::fs::read_to_string(root().join(bg)).unwrap();
    c.open(&uri_of(bg), &text);
    let hints = inlay_hints(&mut c, &uri_of(bg), 999);
    let labels: Vec<&str> = hints.iter().map(|h| h["label"].as_str().unwrap()).collect();
    assert_eq!(labels[0], "cube 1 · match 3: top 1 bottom 0", "{labels:?}");
    assert_eq!(labels[3], "cube 2 (top) · match 3: top 1 bottom 0", "{labels:?}");
    assert_eq!(c.shutdown(), Some(0));
}

/// A record whose throw 7 moves a man the thrower does not have: the replay stops there.
fn stopped_record() -> String {
    let mut text = std::fs::read_to_string(root().join(GT)).unwrap();
    text.push_str("7. 6-3 CI CF\n8. 4-3 &V &X\n");
    text
}

/// Hover on the throw where the replay stopped: the board before it, the position there and
/// the throw's flags (it was "no board" before issue 26).
#[test]
fn hover_shows_the_board_at_the_throw_that_stops_the_replay() {
    let (mut c, _) = Client::start();
    let uri = "file:///tmp/soumille-lsp-test/stopped.stn";
    let text = stopped_record();
    let diags = c.open(uri, &text);
    assert!(codes(&diags).contains(&"not-replayed".to_string()), "{diags:#?}");
    let h =
        c.request("textDocument/hover", json!({ "textDocument": { "uri": uri }, "position": pos_of(&text, "7. 6-3") }));
    let v = h["contents"]["value"].as_str().unwrap();
    assert!(v.starts_with("**Throw 7**: the replay stopped here"), "{v}");
    assert_eq!(v.matches("&  Z  Y  X  V  T |  S  R  Q  P  O  N").count(), 1, "{v}");
    let o = run(&["show", "--format", "position", "--at", "6", GT]);
    assert!(v.contains(&format!("Position before: `{}`", utf8(&o.stdout).trim())), "{v}");
    assert!(v.contains("* `not-own-man`: top moved CI but there is no man on C: lawful plays were"), "{v}");
    assert!(v.contains("* `not-replayed`: the play of throw 7 cannot be applied"), "{v}");
    // the throw after it has no board, and says why
    let h =
        c.request("textDocument/hover", json!({ "textDocument": { "uri": uri }, "position": pos_of(&text, "8. 4-3") }));
    assert_eq!(h["contents"]["value"], "**Throw 8**: no board: the replay stopped at throw 7.");
    // a record whose first throw stops it: the board of its Position tag
    let f = "samples/fausse-cases/blocked.stn";
    let text = std::fs::read_to_string(root().join(f)).unwrap();
    c.open(&uri_of(f), &text);
    let h = c.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri_of(f) }, "position": pos_of(&text, "1. 6-5") }),
    );
    let v = h["contents"]["value"].as_str().unwrap();
    assert!(v.contains("Position before: `A15/F2&13 top"), "{v}");
    assert!(v.contains("* `blocked`: "), "{v}");
    assert_eq!(c.shutdown(), Some(0));
}

/// Folding ranges: each record, each relève (the outline's).
#[test]
fn folding_ranges_are_records_and_releves() {
    let f = "samples/lepeintre-teaching-game.stn";
    let text = std::fs::read_to_string(root().join(f)).unwrap();
    let (mut c, caps) = Client::start();
    assert_eq!(caps["foldingRangeProvider"], json!(true));
    c.open(&uri_of(f), &text);
    let folds = c.request("textDocument/foldingRange", json!({ "textDocument": { "uri": uri_of(f) } }));
    let folds = folds.as_array().unwrap();
    let symbols = c.request("textDocument/documentSymbol", json!({ "textDocument": { "uri": uri_of(f) } }));
    let record = &symbols[0];
    let releves = record["children"].as_array().map_or(0, Vec::len);
    assert!(releves >= 1, "{symbols:#}");
    assert_eq!(folds[0]["startLine"], record["range"]["start"]["line"]);
    assert_eq!(folds[0]["endLine"], record["range"]["end"]["line"]);
    assert_eq!(folds[0]["collapsedText"], record["name"]);
    assert!(folds.len() > releves.min(1), "{folds:#?}");
    assert!(folds.iter().all(|f| f["endLine"].as_u64() > f["startLine"].as_u64()));
    // two records of two games: two folds at least
    let two = "samples/two-records.stn";
    c.open(&uri_of(two), &std::fs::read_to_string(root().join(two)).unwrap());
    let folds = c.request("textDocument/foldingRange", json!({ "textDocument": { "uri": uri_of(two) } }));
    let names: Vec<&str> = folds.as_array().unwrap().iter().filter_map(|f| f["collapsedText"].as_str()).collect();
    assert!(names.iter().filter(|n| n.starts_with("Game ")).count() >= 2, "{names:?}");
    assert_eq!(c.shutdown(), Some(0));
}

/// The semantic tokens, decoded: (line, column, length, type, flagged).
fn decoded(data: &[Value]) -> Vec<(u64, u64, u64, u64, u64)> {
    let (mut line, mut col) = (0, 0);
    data.chunks(5)
        .map(|t| {
            let n: Vec<u64> = t.iter().map(|x| x.as_u64().unwrap()).collect();
            if n[0] > 0 {
                col = 0;
            }
            line += n[0];
            col += n[1];
            (line, col, n[2], n[3], n[4])
        })
        .collect()
}

/// Semantic tokens: the dice (`number`), the plays (`variable`), the marks (`enumMember`),
/// a token a flag stands on marked `flagged`.
#[test]
fn semantic_tokens_are_dice_plays_marks_and_flags() {
    let (mut c, caps) = Client::start();
    let legend = &caps["semanticTokensProvider"]["legend"];
    assert_eq!(legend["tokenTypes"], json!(["number", "variable", "enumMember"]), "{caps}");
    assert_eq!(legend["tokenModifiers"], json!(["flagged"]));
    let text = std::fs::read_to_string(root().join(GT)).unwrap();
    c.open(&uri_of(GT), &text);
    let v = c.request("textDocument/semanticTokens/full", json!({ "textDocument": { "uri": uri_of(GT) } }));
    let tokens = decoded(v["data"].as_array().unwrap());
    let at = |needle: &str| {
        let p = pos_of(&text, needle);
        (p["line"].as_u64().unwrap(), p["character"].as_u64().unwrap())
    };
    let find = |needle: &str| *tokens.iter().find(|t| (t.0, t.1) == at(needle)).unwrap_or_else(|| panic!("{needle}"));
    assert_eq!(find("1-1"), (at("1-1").0, at("1-1").1, 3, 0, 0));
    assert_eq!(find("AB AB"), (at("AB AB").0, at("AB AB").1, 5, 1, 0));
    assert_eq!(find("+2").3, 2, "{tokens:?}");
    // throw 3's fausse case (die-mismatch) and throw 5's école are flagged
    let flagged: Vec<u64> = tokens.iter().filter(|t| t.4 == 1).map(|t| t.0).collect();
    assert!(flagged.contains(&at("AH AE").0), "{tokens:?}");
    assert!(flagged.contains(&at("+2").0), "{tokens:?}");
    assert!(!flagged.contains(&at("1-1").0), "{tokens:?}");
    assert_eq!(c.shutdown(), Some(0));
}

/// Go to definition on a flagged throw, or on a rule's name, opens the rule's text in docs/.
#[test]
fn definition_goes_from_a_flag_to_its_rule() {
    let (mut c, caps) = Client::start();
    assert_eq!(caps["definitionProvider"], json!(true));
    let text = std::fs::read_to_string(root().join(GT)).unwrap();
    c.open(&uri_of(GT), &text);
    let lines_of = |doc: &str| std::fs::read_to_string(root().join("docs").join(doc)).unwrap();
    let target = |loc: &Value| {
        let uri = loc["uri"].as_str().unwrap().to_string();
        let doc = uri.rsplit('/').next().unwrap().to_string();
        assert!(uri.starts_with("file://") && uri.contains("/docs/"), "{uri}");
        let line = loc["range"]["start"]["line"].as_u64().unwrap() as usize;
        lines_of(&doc).lines().nth(line).unwrap().to_string()
    };
    // the word `must-fill` in a comment: docs/rules.md §10
    let p = pos_of(&text, "must-fill");
    let loc = c.request("textDocument/definition", json!({ "textDocument": { "uri": uri_of(GT) }, "position": p }));
    assert!(target(&loc).starts_with("## 10."), "{loc}");
    // throw 3, flagged die-mismatch: the row that defines it
    let p = pos_of(&text, "3. 4-3");
    let loc = c.request("textDocument/definition", json!({ "textDocument": { "uri": uri_of(GT) }, "position": p }));
    let line = target(&loc);
    assert!(line.contains("die-mismatch") || line.starts_with("## 10."), "{line}");
    // throw 5, an école: docs/rules.md §9
    let p = pos_of(&text, "5. 6-3");
    let loc = c.request("textDocument/definition", json!({ "textDocument": { "uri": uri_of(GT) }, "position": p }));
    let line = target(&loc);
    assert!(line.contains("ecole") || line.contains("## 9."), "{line}");
    // a throw with no flag: nothing
    let p = pos_of(&text, "1. 1-1");
    let loc = c.request("textDocument/definition", json!({ "textDocument": { "uri": uri_of(GT) }, "position": p }));
    assert_eq!(loc, Value::Null);
    assert_eq!(c.shutdown(), Some(0));
}

/// The entries of a zip file's central directory: (name, CRC-32, uncompressed size).
fn zip_entries(zip: &[u8]) -> Vec<(String, u32, u32)> {
    let u16_at = |i: usize| u16::from_le_bytes([zip[i], zip[i + 1]]) as usize;
    let u32_at = |i: usize| u32::from_le_bytes([zip[i], zip[i + 1], zip[i + 2], zip[i + 3]]);
    let eocd = (0..zip.len().saturating_sub(21)).rev().find(|&i| zip[i..].starts_with(b"PK\x05\x06")).expect("a zip");
    let (count, mut at) = (u16_at(eocd + 10), u32_at(eocd + 16) as usize);
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        assert!(zip[at..].starts_with(b"PK\x01\x02"), "a central directory entry at {at}");
        let (crc, size) = (u32_at(at + 16), u32_at(at + 24));
        let (name_len, extra, comment) = (u16_at(at + 28), u16_at(at + 30), u16_at(at + 32));
        out.push((String::from_utf8_lossy(&zip[at + 46..at + 46 + name_len]).into_owned(), crc, size));
        at += 46 + name_len + extra + comment;
    }
    out
}

/// CRC-32 (the zip's, IEEE 802.3).
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// The VS Code extension, as `scripts/build-vscode` packages it (scripts/test runs it before
/// `cargo test`): the `.vsix` holds the VSIX manifest, the extension's files as committed
/// (their CRC-32 the files' own), and the language client it needs at run time.
#[test]
fn the_vscode_extension_is_packaged() {
    let ext = root().join("editors/vscode");
    let manifest: Value = serde_json::from_str(&std::fs::read_to_string(ext.join("package.json")).unwrap()).unwrap();
    assert_eq!(manifest["contributes"]["languages"][0]["extensions"], json!([".stn"]));
    assert_eq!(manifest["main"], "./extension.js");
    let js = std::fs::read_to_string(ext.join("extension.js")).unwrap();
    assert!(js.contains("args: [\"lsp\"]") && js.contains("vscode-languageclient/node"), "{js}");
    let grammar: Value =
        serde_json::from_str(&std::fs::read_to_string(ext.join("syntaxes/stn.tmLanguage.json")).unwrap()).unwrap();
    assert_eq!(grammar["scopeName"], "source.stn");
    assert!(ext.join("package-lock.json").is_file(), "the lock pins vsce and the language client");
    let vsix = root().join(format!(
        "target/{}-{}.vsix",
        manifest["name"].as_str().unwrap(),
        manifest["version"].as_str().unwrap()
    ));
    let zip = std::fs::read(&vsix).unwrap_or_else(|e| {
        panic!(
            "{}: {e}: the VS Code extension is not built; run scripts/build-vscode (scripts/test runs it \
             before cargo test; it needs node, npm and the npm registry)",
            vsix.display()
        )
    });
    let entries = zip_entries(&zip);
    let names: Vec<&str> = entries.iter().map(|e| e.0.as_str()).collect();
    assert!(names.contains(&"extension.vsixmanifest"), "{names:?}");
    for f in ["package.json", "extension.js", "language-configuration.json", "syntaxes/stn.tmLanguage.json"] {
        let bytes = std::fs::read(ext.join(f)).unwrap();
        let e = entries.iter().find(|e| e.0 == format!("extension/{f}")).unwrap_or_else(|| panic!("{f}: {names:?}"));
        assert_eq!(
            (e.1, e.2 as usize),
            (crc32(&bytes), bytes.len()),
            "{f} as committed (rebuild: scripts/build-vscode)"
        );
    }
    assert!(names.iter().any(|n| n.starts_with("extension/node_modules/vscode-languageclient/")), "{names:?}");
    assert!(!names.iter().any(|n| n.starts_with("extension/node_modules/@vscode/vsce")), "vsce is not shipped");
}

/// Helix's configuration starts `soumille lsp` for the `stn` files, as docs/editors.md shows.
#[test]
fn the_helix_configuration_starts_the_server() {
    let toml = std::fs::read_to_string(root().join("editors/helix/languages.toml")).unwrap();
    let docs = std::fs::read_to_string(root().join("docs/editors.md")).unwrap();
    for line in [
        "[language-server.soumille]",
        "command = \"soumille\"",
        "args = [\"lsp\"]",
        "file-types = [\"stn\"]",
        "language-servers = [\"soumille\"]",
    ] {
        assert!(toml.lines().any(|l| l == line), "{line}");
        assert!(docs.lines().any(|l| l == line), "docs/editors.md: {line}");
    }
}

/// The `points` setting (docs/editors.md): from the `initializationOptions`, a backgammon
/// record's diagnostics (the message and the lawful plays), hover (the play, the boards from
/// the side of the player on roll, the flags) and inlay hints (the play) in point numbers; a
/// Grand Trictrac record keeps its letters; `workspace/didChangeConfiguration` turns it back
/// to letters and the diagnostics are published again, and to numbers again.
#[test]
fn the_points_setting_names_a_backgammon_records_points_in_numbers() {
    let bg = "samples/backgammon/rule-occupied.stn";
    let text = std::fs::read_to_string(root().join(bg)).unwrap();
    let uri = uri_of(bg);
    let (mut c, _) = Client::start_with(json!({ "points": "numbers" }));
    let diags = c.open(&uri, &text);
    assert_eq!(codes(&diags), ["occupied"]);
    let message = diags[0]["message"].as_str().unwrap();
    assert!(message.contains("`24/20/19` is not lawful, lawful plays were 24/23 13/9"), "{message}");
    let related = diags[0]["relatedInformation"][0]["message"].as_str().unwrap();
    assert_eq!(related, "lawful: 24/23 13/9");
    let at = json!({ "textDocument": { "uri": uri }, "position": pos_of(&text, "AEF") });
    let h = c.request("textDocument/hover", at.clone());
    let v = h["contents"]["value"].as_str().unwrap();
    assert!(v.starts_with("**Throw 1**: top 4-1 `24/20/19` — unlawful play"), "{v}");
    // top on roll before the throw: its talon A is its 24-point
    assert!(v.contains("\n  24 23 22 21 20 19 | 18 17 16 15 14 13\n"), "{v}");
    assert!(
        v.contains("* `occupied`: a man lands or rests on a point held by two or more opposing men; `24/20/19`"),
        "{v}"
    );
    let hints = inlay_hints(&mut c, &uri, 99);
    assert_eq!(hints[0]["label"], json!("24/20/19 · cube 1"), "{hints:#?}");
    // another game keeps its letters
    let gt = std::fs::read_to_string(root().join(GT)).unwrap();
    let diags = c.open(&uri_of(GT), &gt);
    assert_eq!(diags[0]["relatedInformation"][0]["message"], json!("lawful: AD AE"));
    // letters again: both documents' diagnostics are published again
    c.notify("workspace/didChangeConfiguration", json!({ "settings": { "soumille": { "points": "letters" } } }));
    let again = [c.diagnostics(), c.diagnostics()];
    let bg_again = again.iter().find(|d| codes(d) == ["occupied"]).expect("the backgammon record's diagnostics");
    assert!(bg_again[0]["message"].as_str().unwrap().contains("`AEF` is not lawful, lawful plays were AB MQ"));
    let v = c.request("textDocument/hover", at.clone())["contents"]["value"].as_str().unwrap().to_string();
    assert!(v.starts_with("**Throw 1**: top 4-1 — unlawful play") && v.contains("`AEF`"), "{v}");
    assert_eq!(inlay_hints(&mut c, &uri, 99)[0]["label"], json!("cube 1"));
    c.notify("workspace/didChangeConfiguration", json!({ "settings": { "soumille": { "points": "numbers" } } }));
    let again = [c.diagnostics(), c.diagnostics()];
    let bg_again = again.iter().find(|d| codes(d) == ["occupied"]).unwrap();
    assert!(bg_again[0]["message"].as_str().unwrap().contains("`24/20/19`"));
    assert_eq!(c.shutdown(), Some(0));
}

/// Lepeintre's teaching game as the book has it (issue 26, "the player may be right"): its
/// known faults (the sample's head comment: the fausse case of throw 13, the deuce of throw
/// 20 left undescribed, top's marks at throws 18 and 22 never recorded, whence the écoles of
/// throws 19 and 23; throw 15 ambiguous but lawful) are the players' own, not slips: at each
/// flagged place `repair` says that no slip explains it better, the first candidate is the
/// record as written, with no edit, in both alphabets, and the editor offers no repair of it.
/// The README shows `repair`'s output as the binary writes it.
#[test]
fn lepeintres_known_faults_are_the_players_own() {
    let known = [(13, "a fausse case"), (19, "an école"), (20, "a fausse case"), (23, "an école")];
    for f in ["samples/lepeintre-teaching-game.stn", "samples/lepeintre-teaching-game.lep.stn"] {
        let o = run(&["repair", f, "--format", "json", "--budget", "60s"]);
        let v: Value = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{f}: {e}"));
        assert_eq!(v["flags"], 5, "{f}");
        let places: Vec<(u64, &str)> = v["places"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["throw"].as_u64().unwrap(), p["as_written"].as_str().unwrap_or("an edit")))
            .collect();
        assert_eq!(places, known, "{f}");
        let first = &v["candidates"][0];
        assert_eq!((first["as_written"].clone(), first["edits"].clone()), (json!(true), json!([])), "{f}");
        assert_eq!(first["left"], 5, "{f}");
        let out = utf8(&run(&["repair", f, "--budget", "60s"]).stdout);
        for (n, what) in known {
            let said = format!("  no transcription slip explains throw {n} better than {what} by the player\n");
            assert!(out.contains(&said), "{f}: {out}");
        }

        // in the editor: the flags, and at each of them no repair to apply
        let text = std::fs::read_to_string(root().join(f)).unwrap();
        let (mut c, _) = Client::start_with(patient());
        let uri = uri_of(f);
        let diags = c.open(&uri, &text);
        assert!(diags.len() >= 5, "{f}: {diags:?}");
        for d in &diags {
            let actions = code_actions(&mut c, &uri, d["range"]["start"].clone());
            assert!(actions.iter().all(|a| !is_repair(a)), "{f}: {actions:?}");
        }
        assert_eq!(c.shutdown(), Some(0));
    }
    // the README's output is the binary's (its last line, the search's time, left out)
    let out = utf8(&run(&["repair", "samples/lepeintre-teaching-game.stn", "--budget", "60s"]).stdout);
    let out: String = out.lines().filter(|l| !l.starts_with("searched: ")).map(|l| format!("{l}\n")).collect();
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    assert!(readme.contains(&format!("```text\n{out}```\n")), "the README's Lepeintre output is not:\n{out}");
}
