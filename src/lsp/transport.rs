//! The server's own reading of the client's messages from standard input (issue 26): the
//! `Content-Length` is checked against [`MAX_MESSAGE`] before anything is allocated, and a
//! message that is not JSON-RPC gets an error reply (JSON-RPC 2.0 §5.1: `-32700` when it is
//! not JSON, `-32600` when it is no request, response or notification, `id` null when none
//! can be read) while the server goes on with the next one (docs/editors.md).

use lsp_server::{Connection, Message};
use std::io::{self, BufRead, Read, Write};
use std::sync::{Arc, Mutex};

/// The largest message read: 64 MiB, far above the text of any record an editor opens.
pub const MAX_MESSAGE: u64 = 64 << 20;

/// The longest header line read.
const MAX_HEADER: u64 = 8 << 10;

/// What one read gives.
#[derive(Debug)]
pub enum Incoming {
    /// A message.
    Message(Message),
    /// A message refused: the error reply to send (`id`, JSON-RPC code, why).
    Refused(Option<serde_json::Value>, i32, String),
    /// A message over [`MAX_MESSAGE`]: its length and why it is refused. Its body is still
    /// to be passed over ([`pass_over`]), once the refusal is sent.
    TooLarge(u64, String),
    /// The client closed its end between messages.
    End,
    /// The input failed or ended within a message: why.
    Broken(String),
}

/// Reads the next message of `r`.
pub fn read(r: &mut impl BufRead) -> Incoming {
    let mut length: Option<Result<u64, String>> = None;
    let mut line = Vec::new();
    loop {
        line.clear();
        match r.by_ref().take(MAX_HEADER).read_until(b'\n', &mut line) {
            Ok(0) if length.is_none() => return Incoming::End,
            Ok(0) => return Incoming::Broken("the client closed the connection within a message's header".into()),
            Ok(_) => {}
            Err(e) => return Incoming::Broken(format!("standard input: {e}")),
        }
        if line.last() != Some(&b'\n') {
            return Incoming::Broken(format!("a header line longer than {MAX_HEADER} bytes"));
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            if length.is_some() {
                break;
            }
            continue;
        }
        // a body read as a header (after a length that could not be read): the header
        // that follows it in the same line starts the next message
        let at = text.to_ascii_lowercase().find("content-length:");
        if let Some(k) = at {
            let value = text[k + "content-length:".len()..].trim();
            length = Some(value.parse::<u64>().map_err(|_| shown(value)));
        }
    }
    match length {
        Some(Ok(n)) => body(r, n),
        Some(Err(v)) => Incoming::Refused(None, -32600, format!("`Content-Length: {v}` is not a length")),
        None => Incoming::Refused(None, -32600, "a message without `Content-Length`".into()),
    }
}

/// The body of `n` bytes: read when within [`MAX_MESSAGE`], else passed over unread.
fn body(r: &mut impl BufRead, n: u64) -> Incoming {
    if n > MAX_MESSAGE {
        return Incoming::TooLarge(
            n,
            format!("a message of {n} bytes is over soumille lsp's limit of {MAX_MESSAGE} bytes"),
        );
    }
    let mut buf = vec![0; n as usize];
    if let Err(e) = r.read_exact(&mut buf) {
        return Incoming::Broken(format!("the client closed the connection within a message of {n} bytes ({e})"));
    }
    let value: serde_json::Value = match serde_json::from_slice(&buf) {
        Ok(v) => v,
        Err(e) => return Incoming::Refused(None, -32700, format!("the message is not JSON: {e}")),
    };
    let id = value.get("id").filter(|i| i.is_string() || i.is_number()).cloned();
    match serde_json::from_value::<Message>(value) {
        Ok(m) => Incoming::Message(m),
        Err(e) => Incoming::Refused(id, -32600, format!("not a JSON-RPC request, response or notification: {e}")),
    }
}

/// Reads the `n` bytes of a body refused as too large, keeping none of them; why the input
/// broke if it ends within them.
pub fn pass_over(r: &mut impl BufRead, n: u64) -> Result<(), String> {
    match io::copy(&mut r.by_ref().take(n), &mut io::sink()) {
        Ok(k) if k == n => Ok(()),
        Ok(k) => Err(format!(
            "the client closed the connection within a message of {n} bytes refused as too large ({k} bytes passed over)"
        )),
        Err(e) => Err(format!("standard input: {e}")),
    }
}

/// A header's value as an error names it: control characters escaped, cut.
fn shown(v: &str) -> String {
    let cut: String = v.chars().take(40).collect();
    crate::notation::escape_controls(&cut).into_owned()
}

/// Writes one message with its header.
fn write_raw(out: &Mutex<io::Stdout>, body: &[u8]) -> io::Result<()> {
    let out = out.lock().map_err(|_| io::Error::other("standard output"))?;
    let mut out = out.lock();
    write!(out, "Content-Length: {}\r\n\r\n", body.len())?;
    out.write_all(body)?;
    out.flush()
}

/// Sends the error reply to a message refused.
fn refuse(out: &Mutex<io::Stdout>, id: Option<serde_json::Value>, code: i32, why: &str) -> Result<(), String> {
    let reply = serde_json::json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": why } });
    write_raw(out, reply.to_string().as_bytes()).map_err(|e| format!("standard output: {e}"))
}

/// The threads serving standard input and output.
pub struct Threads {
    reader: std::thread::JoinHandle<Result<(), String>>,
    writer: std::thread::JoinHandle<io::Result<()>>,
}

impl Threads {
    /// Waits for the writer, then (unless `skip_reader`: the reader may still wait on
    /// standard input) for the reader: its cause of ending, if the input broke.
    pub fn join(self, skip_reader: bool) -> Result<(), String> {
        let written = self.writer.join().map_err(|_| "the writer stopped".to_string())?;
        written.map_err(|e| format!("standard output: {e}"))?;
        if skip_reader {
            return Ok(());
        }
        self.reader.join().map_err(|_| "the reader stopped".to_string())?
    }
}

/// The server's connection over standard input and output, read by [`read`].
pub fn stdio() -> (Connection, Threads) {
    let (server, client) = Connection::memory();
    let out = Arc::new(Mutex::new(io::stdout()));
    let (to_server, from_server) = (client.sender, client.receiver);
    let out_w = Arc::clone(&out);
    let writer = std::thread::spawn(move || {
        for m in from_server {
            let mut body = Vec::new();
            m.write(&mut body)?;
            // `Message::write` writes its own header
            let out = out_w.lock().map_err(|_| io::Error::other("standard output"))?;
            let mut out = out.lock();
            out.write_all(&body)?;
            out.flush()?;
        }
        Ok(())
    });
    let reader = std::thread::spawn(move || {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        loop {
            match read(&mut input) {
                Incoming::Message(m) => {
                    let exit = matches!(&m, Message::Notification(n) if n.method == "exit");
                    if to_server.send(m).is_err() || exit {
                        return Ok(());
                    }
                }
                Incoming::Refused(id, code, why) => refuse(&out, id, code, &why)?,
                Incoming::TooLarge(n, why) => {
                    refuse(&out, None, -32600, &why)?;
                    pass_over(&mut input, n)?;
                }
                Incoming::End => return Ok(()),
                Incoming::Broken(why) => return Err(why),
            }
        }
    });
    (server, Threads { reader, writer })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(input: &[u8]) -> Incoming {
        read(&mut io::Cursor::new(input))
    }

    #[test]
    fn a_huge_length_is_refused_before_anything_is_allocated() {
        for n in ["2000000000", "100000000000", "18446744073709551615"] {
            let text = format!("Content-Length: {n}\r\n\r\n{{");
            let mut r = io::Cursor::new(text.into_bytes());
            match read(&mut r) {
                Incoming::TooLarge(k, why) => {
                    assert_eq!(k.to_string(), n);
                    assert!(why.contains("over soumille lsp's limit"), "{why}");
                    let e = pass_over(&mut r, k).unwrap_err();
                    assert!(e.contains("closed the connection"), "{e}");
                }
                other => panic!("{other:?}"),
            }
        }
        let Incoming::Refused(None, -32600, why) = first(b"Content-Length: 99999999999999999999\r\n\r\n{") else {
            panic!()
        };
        assert!(why.contains("is not a length"), "{why}");
    }

    #[test]
    fn malformed_messages_are_refused_and_the_next_is_read() {
        let good = r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#;
        let text = format!(
            "Content-Length: 5\r\n\r\n{{oops\
             Content-Length: 14\r\n\r\n{{\"id\":3,\"x\":1}}\
             Content-Length: x\r\n\r\nnot json at allContent-Length: {}\r\n\r\n{good}",
            good.len()
        );
        let mut r = io::Cursor::new(text.into_bytes());
        assert!(matches!(read(&mut r), Incoming::Refused(None, -32700, _)));
        let Incoming::Refused(Some(id), -32600, _) = read(&mut r) else { panic!() };
        assert_eq!(id, 3);
        assert!(matches!(read(&mut r), Incoming::Refused(None, -32600, _)));
        assert!(matches!(read(&mut r), Incoming::Message(Message::Notification(_))));
        assert!(matches!(read(&mut r), Incoming::End));
        assert!(matches!(first(b"Content-Length: 10\r\n\r\n{}"), Incoming::Broken(_)));
    }
}
