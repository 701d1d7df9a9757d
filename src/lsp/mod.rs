//! `soumille lsp`: a Language Server over standard input and output (LSP 3.17, on the
//! `lsp-server` and `lsp-types` crates), for every game: the historian sees the flags as
//! they type (docs/editors.md).
//!
//! * diagnostics on open and on every change (full or incremental sync): the reader's
//!   syntax errors and the replay's flags, as `check` gives them ([`diagnostics`]);
//! * hover: a throw's boards, score and position string; a rule's text ([`hover`]);
//! * completion: the lawful plays of a throw's roll, the marks a play scores ([`complete`]);
//! * code actions, formatting by the canonical printer, document symbols ([`actions`]);
//! * inlay hints with the running score ([`inlay`]); folding ranges, semantic tokens, the
//!   rule's text from a flag ([`outline`]);
//! * the `points` setting (`"letters"` or `"numbers"`, from the `initializationOptions` and
//!   `workspace/didChangeConfiguration`): a backgammon record's hover, diagnostics and inlay
//!   hints in point numbers ([`points_setting`], docs/editors.md).
//!
//! Only with the `fancy` feature (the binary's). Positions are counted in UTF-16 code units,
//! the protocol's default ([`lines`]).

pub mod actions;
pub mod analysis;
pub mod complete;
pub mod diagnostics;
pub mod hover;
pub mod inlay;
pub mod lines;
pub mod outline;
pub mod rule_docs;
pub mod transport;

use analysis::Analysis;
use lsp_server::{Connection, ExtractError, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeConfiguration, DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, FoldingRangeRequest, Formatting, GotoDefinition,
    HoverRequest, InlayHintRequest, Request as _, SemanticTokensFullRequest,
};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, FoldingRangeProviderCapability, HoverProviderCapability, OneOf,
    PublishDiagnosticsParams, SemanticTokensFullOptions, SemanticTokensOptions, SemanticTokensServerCapabilities,
    ServerCapabilities, ServerInfo, TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
};
use std::collections::HashMap;

/// What stopped the server.
#[derive(Debug, thiserror::Error)]
pub enum LspError {
    /// The client broke the protocol (no `initialize` first, a message that is not JSON-RPC).
    #[error("protocol: {0}")]
    Protocol(#[from] lsp_server::ProtocolError),
    /// A message could not be written as JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// Standard input or output failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The connection to the client closed before `exit`.
    #[error("the client closed the connection")]
    Closed,
    /// Standard input broke or ended within a message: why.
    #[error("{0}")]
    Input(String),
}

/// Serves one client on standard input and output until it says `exit`.
/// The messages are read by [`transport`]: a huge `Content-Length` is refused before
/// anything is allocated, a malformed message gets an error reply; the error names the
/// real cause when the input ends or breaks.
pub fn serve_stdio() -> Result<(), LspError> {
    let (conn, io) = transport::stdio();
    let served = serve(&conn);
    drop(conn);
    // the reader has ended when the input closed; else it may wait on standard input
    let closed = match &served {
        Err(LspError::Closed) => true,
        Err(LspError::Protocol(e)) => e.channel_is_disconnected(),
        _ => false,
    };
    let joined = io.join(!closed);
    match (served, joined) {
        (Err(_), Err(why)) if closed => Err(LspError::Input(why)),
        (Err(LspError::Protocol(e)), Ok(())) if closed && e.channel_is_disconnected() => Err(LspError::Closed),
        (Err(e), _) => Err(e),
        (Ok(()), Err(why)) => Err(LspError::Input(why)),
        (Ok(()), Ok(())) => Ok(()),
    }
}

/// What the server can do, as `initialize` answers it.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::INCREMENTAL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![" ".into()]),
            ..CompletionOptions::default()
        }),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        inlay_hint_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: outline::legend(),
                full: Some(SemanticTokensFullOptions::Bool(true)),
                ..SemanticTokensOptions::default()
            },
        )),
        definition_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// Serves one client on `conn`: the handshake, then every message until `shutdown` and
/// `exit`.
pub fn serve(conn: &Connection) -> Result<(), LspError> {
    let init = serde_json::json!({
        "capabilities": capabilities(),
        "serverInfo": ServerInfo { name: "soumille".into(), version: Some(env!("CARGO_PKG_VERSION").into()) },
    });
    let (id, params) = conn.initialize_start()?;
    conn.initialize_finish(id, init)?;
    // the repair actions' budget (docs/editors.md)
    let repairs = actions::Repairs::new(actions::Settings::of_initialize(&params));
    let numbers = points_setting(params.pointer("/initializationOptions/points")).unwrap_or(false);
    let mut server = Server { repairs, numbers, ..Server::default() };
    for msg in &conn.receiver {
        match msg {
            Message::Request(req) => {
                if conn.handle_shutdown(&req)? {
                    return Ok(());
                }
                let resp = server.request(req);
                send(conn, Message::Response(resp))?;
            }
            Message::Notification(n) => {
                for out in server.notification(n) {
                    send(conn, Message::Notification(out))?;
                }
            }
            Message::Response(_) => {}
        }
    }
    Err(LspError::Closed)
}

/// The `points` setting (docs/editors.md): `"numbers"` (a backgammon record's points in
/// numbers 1–24 from the side of the player on roll, docs/games.md §I) or `"letters"` (the
/// default); `None` when it is absent or neither.
pub fn points_setting(value: Option<&serde_json::Value>) -> Option<bool> {
    match value?.as_str()? {
        "numbers" => Some(true),
        "letters" => Some(false),
        _ => None,
    }
}

fn send(conn: &Connection, msg: Message) -> Result<(), LspError> {
    conn.sender.send(msg).map_err(|_| LspError::Closed)
}

/// The open documents.
#[derive(Default)]
pub struct Server {
    docs: HashMap<Uri, Analysis>,
    /// The repair actions: their settings and the searches kept.
    repairs: actions::Repairs,
    /// The `points` setting: a backgammon record's points in numbers ([`points_setting`]).
    numbers: bool,
}

impl Server {
    /// The document `uri`, read and replayed, if it is open.
    pub fn document(&self, uri: &Uri) -> Option<&Analysis> {
        self.docs.get(uri)
    }

    /// Handles a notification; returns the notifications to send (the diagnostics).
    pub fn notification(&mut self, n: Notification) -> Vec<Notification> {
        let uri = match n.method.as_str() {
            DidChangeConfiguration::METHOD => return self.configure(&n.params),
            DidOpenTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<lsp_types::DidOpenTextDocumentParams>(n.params) else {
                    return Vec::new();
                };
                self.docs.insert(p.text_document.uri.clone(), Analysis::of(p.text_document.text, None));
                p.text_document.uri
            }
            DidChangeTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(n.params) else {
                    return Vec::new();
                };
                let uri = p.text_document.uri;
                self.change(&uri, &p.content_changes);
                uri
            }
            DidCloseTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<lsp_types::DidCloseTextDocumentParams>(n.params) else {
                    return Vec::new();
                };
                self.docs.remove(&p.text_document.uri);
                let cleared =
                    PublishDiagnosticsParams { uri: p.text_document.uri, diagnostics: Vec::new(), version: None };
                return vec![Notification::new(PublishDiagnostics::METHOD.into(), cleared)];
            }
            _ => return Vec::new(),
        };
        self.publish(&uri).into_iter().collect()
    }

    /// `workspace/didChangeConfiguration`: the `points` setting, as `settings.soumille.points`
    /// (or `settings.points`); when it changes, every open document's diagnostics again.
    fn configure(&mut self, params: &serde_json::Value) -> Vec<Notification> {
        let given = params.pointer("/settings/soumille/points").or_else(|| params.pointer("/settings/points"));
        let Some(numbers) = points_setting(given) else { return Vec::new() };
        if numbers == self.numbers {
            return Vec::new();
        }
        self.numbers = numbers;
        let mut uris: Vec<&Uri> = self.docs.keys().collect();
        uris.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        uris.into_iter().filter_map(|u| self.publish(u)).collect()
    }

    /// Applies the changes to document `uri` and reads and replays it again (the records the
    /// changes left alone keep their replays).
    pub fn change(&mut self, uri: &Uri, changes: &[lsp_types::TextDocumentContentChangeEvent]) {
        let old = self.docs.remove(uri).unwrap_or_default();
        let mut text = old.text.clone();
        for c in changes {
            lines::apply_change(&mut text, c);
        }
        self.docs.insert(uri.clone(), Analysis::of(text, Some(old)));
    }

    /// The diagnostics of document `uri`, as a notification.
    pub fn publish(&self, uri: &Uri) -> Option<Notification> {
        let a = self.docs.get(uri)?;
        let params = PublishDiagnosticsParams {
            uri: uri.clone(),
            diagnostics: diagnostics::diagnostics(uri, a, self.numbers),
            version: None,
        };
        Some(Notification::new(PublishDiagnostics::METHOD.into(), params))
    }

    /// Answers a request.
    pub fn request(&self, req: Request) -> Response {
        let id = req.id.clone();
        let known = [
            HoverRequest::METHOD,
            Completion::METHOD,
            CodeActionRequest::METHOD,
            Formatting::METHOD,
            DocumentSymbolRequest::METHOD,
            InlayHintRequest::METHOD,
            FoldingRangeRequest::METHOD,
            SemanticTokensFullRequest::METHOD,
            GotoDefinition::METHOD,
        ];
        let code = if known.contains(&req.method.as_str()) {
            lsp_server::ErrorCode::InvalidParams
        } else {
            lsp_server::ErrorCode::MethodNotFound
        };
        match self.answer(req) {
            // the value as it is: `Response::new_ok` would copy it (a repair of a long record is megabytes)
            Ok(value) => Response { id, response_result: Ok(value) },
            Err(e) => Response::new_err(id, code as i32, e),
        }
    }

    /// The answer to a request as JSON (`null` when there is nothing to say), or why the
    /// request cannot be answered.
    fn answer(&self, req: Request) -> Result<serde_json::Value, String> {
        use serde_json::to_value;
        let json = |e: serde_json::Error| e.to_string();
        match req.method.as_str() {
            HoverRequest::METHOD => {
                let (_, p) = extract::<HoverRequest>(req)?;
                let at = self.offset(&p.text_document_position_params)?;
                to_value(at.and_then(|(a, at)| hover::hover(a, at, self.numbers))).map_err(json)
            }
            Completion::METHOD => {
                let (_, p) = extract::<Completion>(req)?;
                let at = self.offset(&p.text_document_position)?;
                let items = at.map(|(a, at)| complete::completions(a, at)).unwrap_or_default();
                to_value(lsp_types::CompletionResponse::Array(items)).map_err(json)
            }
            CodeActionRequest::METHOD => {
                let (_, p) = extract::<CodeActionRequest>(req)?;
                let Some(a) = self.docs.get(&p.text_document.uri) else { return Ok(serde_json::Value::Null) };
                let (s, e) = (a.lines.offset(&a.text, p.range.start), a.lines.offset(&a.text, p.range.end));
                let span = crate::notation::Span { start: s as u32, end: e as u32 };
                to_value(actions::code_actions(&p.text_document.uri, a, span, &self.repairs)).map_err(json)
            }
            Formatting::METHOD => {
                let (_, p) = extract::<Formatting>(req)?;
                to_value(self.docs.get(&p.text_document.uri).and_then(actions::formatting)).map_err(json)
            }
            DocumentSymbolRequest::METHOD => {
                let (_, p) = extract::<DocumentSymbolRequest>(req)?;
                let symbols = self.docs.get(&p.text_document.uri).map(actions::symbols);
                to_value(symbols.map(lsp_types::DocumentSymbolResponse::Nested)).map_err(json)
            }
            _ => self.answer_shape(req),
        }
    }

    /// The answers about the document's shape: inlay hints, folding ranges, semantic
    /// tokens, definitions ([`inlay`], [`outline`]).
    fn answer_shape(&self, req: Request) -> Result<serde_json::Value, String> {
        use serde_json::to_value;
        let json = |e: serde_json::Error| e.to_string();
        match req.method.as_str() {
            InlayHintRequest::METHOD => {
                let (_, p) = extract::<InlayHintRequest>(req)?;
                let Some(a) = self.docs.get(&p.text_document.uri) else { return Ok(serde_json::Value::Null) };
                let (s, e) = (a.lines.offset(&a.text, p.range.start), a.lines.offset(&a.text, p.range.end));
                let span = crate::notation::Span { start: s as u32, end: e as u32 };
                to_value(inlay::inlay_hints(a, span, self.numbers)).map_err(json)
            }
            FoldingRangeRequest::METHOD => {
                let (_, p) = extract::<FoldingRangeRequest>(req)?;
                to_value(self.docs.get(&p.text_document.uri).map(outline::folding_ranges)).map_err(json)
            }
            SemanticTokensFullRequest::METHOD => {
                let (_, p) = extract::<SemanticTokensFullRequest>(req)?;
                to_value(self.docs.get(&p.text_document.uri).map(outline::semantic_tokens)).map_err(json)
            }
            GotoDefinition::METHOD => {
                let (_, p) = extract::<GotoDefinition>(req)?;
                let at = self.offset(&p.text_document_position_params)?;
                to_value(at.and_then(|(a, at)| outline::definition(a, at))).map_err(json)
            }
            other => Err(format!("soumille lsp does not answer {other}")),
        }
    }

    /// The document and byte a request's position names (`None`: the document is not open).
    fn offset(&self, p: &lsp_types::TextDocumentPositionParams) -> Result<Option<(&Analysis, usize)>, String> {
        Ok(self.docs.get(&p.text_document.uri).map(|a| (a, a.lines.offset(&a.text, p.position))))
    }
}

/// The parameters of a request of type `R`.
fn extract<R: lsp_types::request::Request>(req: Request) -> Result<(RequestId, R::Params), String> {
    req.extract::<R::Params>(R::METHOD).map_err(|e| match e {
        ExtractError::JsonError { error, .. } => error.to_string(),
        ExtractError::MethodMismatch(r) => format!("not {}: {}", R::METHOD, r.method),
    })
}
