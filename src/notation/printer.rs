//! The canonical printer (docs/format.md, "canonical"): higher die first, doublets as digits,
//! moves without dashes, seats only where the record had them, tags in a fixed order,
//! comments kept byte for byte after the token they followed. Printing is idempotent.
//! The other games (docs/games.md §0.3, §D.9, §E.11): every rest and `*` written, the cube
//! action before the dice, Tric Trac's marks, partie and decision after the play.

use super::ast::*;
use super::header::{tag_rank, Game};
use crate::board::Dialect;
use std::fmt::Write;

/// How to print.
#[derive(Clone, Copy, Debug, Default)]
pub struct PrintOptions {
    /// Convert the record to these letters (and set its `Letters` tag). Grand Trictrac
    /// and Trictrac à écrire only: the other games are always written in Soumille's
    /// letters (docs/games.md §0.3), and this option leaves them so.
    pub letters: Option<Dialect>,
    /// With `letters`, also convert the board letters quoted in comments
    /// ([`comment_letters_in`]): `fmt --letters-in-comments`.
    pub letters_in_comments: bool,
    /// Write the dice higher first (`6-5` for a `5-6` read): the canonical form, `fmt`'s
    /// (docs/format.md §3). Without it the dice are written in the order the record has them,
    /// so that an imported file's roll order is kept (docs/games.md §I.8).
    pub higher_die_first: bool,
}

/// Prints several records, separated by a blank line.
pub fn print_records<'a>(records: impl IntoIterator<Item = &'a Record>, opts: PrintOptions) -> String {
    let mut out = String::new();
    for (k, r) in records.into_iter().enumerate() {
        if k > 0 {
            out.push('\n');
        }
        out.push_str(&print_record(r, opts));
    }
    out
}

/// The record's letters, from its `Letters` tag.
pub fn record_dialect(rec: &Record) -> Dialect {
    rec.tag("Letters").and_then(Dialect::from_name).unwrap_or_default()
}

/// The record's game, from its `Game` tag.
pub fn record_game(rec: &Record) -> Game {
    rec.tag("Game").and_then(Game::from_name).unwrap_or_default()
}

/// Prints one record canonically: the dice in the order the record has them, unless
/// [`PrintOptions::higher_die_first`].
pub fn print_record(rec: &Record, opts: PrintOptions) -> String {
    let mut tags: Vec<Tag> = rec.tags.clone();
    let game = record_game(rec);
    let letters = if game.is_trictrac() { opts.letters } else { None };
    let dialect = match letters {
        Some(d) => {
            match tags.iter_mut().find(|t| t.name == "Letters") {
                Some(t) => t.value = d.name().to_string(),
                None if d == Dialect::Lepeintre => {
                    tags.push(Tag { name: "Letters".into(), value: d.name().into(), comments: Vec::new(), spans: None })
                }
                None => {}
            }
            d
        }
        None if game.is_trictrac() => record_dialect(rec),
        None => Dialect::Soumille,
    };
    tags.sort_by_key(|t| tag_rank(&t.name));
    let from = record_dialect(rec);
    let comment_letters =
        (opts.letters_in_comments && game.is_trictrac() && from != dialect).then_some((from, dialect));
    let mut w = Writer {
        out: String::with_capacity(64 + rec.throws.len() * 24),
        line_start: true,
        indent: false,
        comment_letters,
        higher_die_first: opts.higher_die_first,
    };
    for c in &rec.comments {
        w.comment(c);
        w.newline();
    }
    for t in &tags {
        let value = if t.name == "Position" && dialect != Dialect::Soumille {
            // of the game its `game=` names, if it names one (docs/games.md §H.7)
            super::parser::read_position(&t.value, super::Game::GrandTrictrac)
                .ok()
                .filter(|r| r.dialect == Dialect::Soumille)
                .map_or_else(|| t.value.clone(), |r| r.setup.to_string_in(dialect))
        } else {
            t.value.clone()
        };
        w.token(&format!("[{} \"{}\"]", t.name, escape(&value)));
        for c in &t.comments {
            w.comment(c);
        }
        w.newline();
    }
    if !tags.is_empty() && !rec.throws.is_empty() {
        w.out.push('\n');
    }
    for t in &rec.throws {
        print_throw(&mut w, t, dialect, game);
        w.newline();
    }
    w.out
}

/// A comment's text with the board letters it quotes converted from `from`'s alphabet to
/// `to`'s (docs/format.md §2, `fmt --letters-in-comments`). A comment is prose, so only what
/// reads as letters of the board is converted: everything between backquotes (`` `ad` ``),
/// and a letter standing alone as a word or joined to others by `-` or `/` (`x-t`,
/// `on o`, `A/F`). A letter inside a word (`d'une`, `tout`), in an abbreviation (`e.g.`),
/// or standing alone where it is also a word of French or English (`a`, `y`, `A`, `I`)
/// is left as written: quote it between backquotes to have it converted.
pub fn comment_letters_in(text: &str, from: Dialect, to: Dialect) -> String {
    use crate::board::Point;
    let conv = |c: char| Point::from_letter(c, from).map_or(c, |p| p.letter(to));
    let chars: Vec<char> = text.chars().collect();
    let wordish = |c: char| c.is_alphanumeric() || c == '\'' || c == '\u{2019}';
    let mut out = String::with_capacity(text.len());
    let mut quoted = false;
    for (k, &c) in chars.iter().enumerate() {
        if c == '`' {
            quoted = !quoted;
            out.push(c);
            continue;
        }
        if quoted {
            out.push(conv(c));
            continue;
        }
        let before = k.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(k + 1).copied();
        let alone = c.is_alphabetic() && !before.is_some_and(wordish) && !after.is_some_and(wordish);
        // an abbreviation: a letter between dots and letters (`e.g.`, `i.e.`)
        let abbreviation = after == Some('.') && chars.get(k + 2).is_some_and(|n| n.is_alphanumeric())
            || before == Some('.') && k >= 2 && chars[k - 2].is_alphanumeric();
        let joined = before.is_some_and(|b| b == '-' || b == '/') || after.is_some_and(|a| a == '-' || a == '/');
        let a_word = matches!(c, 'a' | 'y' | 'A' | 'I') && !joined;
        out.push(if alone && !abbreviation && !a_word { conv(c) } else { c });
    }
    out
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

struct Writer {
    out: String,
    line_start: bool,
    /// The line was ended by a line comment inside a throw: indent what follows.
    indent: bool,
    /// The letters of comments converted, from the first alphabet to the second.
    comment_letters: Option<(Dialect, Dialect)>,
    /// The dice higher first ([`PrintOptions::higher_die_first`]).
    higher_die_first: bool,
}

impl Writer {
    /// A token written in place by `write` (no text built apart: the printer's hot path),
    /// spaced as [`Writer::token`] spaces it.
    fn token_with(&mut self, write: impl FnOnce(&mut String)) {
        if self.indent {
            self.out.push_str("    ");
            self.indent = false;
        } else if !self.line_start {
            self.out.push(' ');
        }
        write(&mut self.out);
        self.line_start = false;
    }

    /// A token, separated from the previous one by a space (or indented after a line comment).
    fn token(&mut self, s: &str) {
        if self.indent {
            self.out.push_str("    ");
            self.indent = false;
        } else if !self.line_start {
            self.out.push(' ');
        }
        self.out.push_str(s);
        self.line_start = false;
    }

    /// Text glued to the previous token.
    fn glue(&mut self, s: &str) {
        self.out.push_str(s);
    }

    fn comment(&mut self, c: &Comment) {
        let text = match self.comment_letters {
            Some((from, to)) => std::borrow::Cow::Owned(comment_letters_in(&c.text, from, to)),
            None => std::borrow::Cow::Borrowed(c.text.as_str()),
        };
        match c.style {
            CommentStyle::Brace => self.token(&format!("{{{text}}}")),
            CommentStyle::Line => {
                self.token(&format!(";{text}"));
                self.out.push('\n');
                self.line_start = true;
                self.indent = true;
            }
        }
    }

    fn newline(&mut self) {
        if !self.line_start {
            self.out.push('\n');
        }
        self.line_start = true;
        self.indent = false;
    }

    fn comments_at(&mut self, t: &Throw, a: Anchor) {
        for c in t.comments.iter().filter(|c| c.after == Some(a)) {
            self.comment(c);
        }
    }
}

/// `+6 (vrai x2, coin)`
fn mark_text(m: &Mark) -> String {
    let mut s = format!("+{}", m.points);
    if !m.jans.is_empty() {
        s.push_str(" (");
        for (k, j) in m.jans.iter().enumerate() {
            if k > 0 {
                s.push_str(", ");
            }
            s.push_str(j.code.name());
            if let Some(n) = j.ways {
                let _ = write!(s, " x{n}");
            }
        }
        s.push(')');
    }
    s
}

fn holes_text(n: u32) -> String {
    if n == 1 {
        "1 trou".into()
    } else {
        format!("{n} trous")
    }
}

/// A move in `dialect`: `AF`, `AEK`, `Y#`, `&TON`, `MRX*`, `@X*P`.
pub fn move_text(m: &Move, dialect: Dialect) -> String {
    let mut s = String::with_capacity(3);
    push_move(&mut s, m, dialect);
    s
}

/// [`move_text`] appended to `s`.
fn push_move(s: &mut String, m: &Move, dialect: Dialect) {
    match m.from {
        Origin::Point(p) => s.push(p.letter(dialect)),
        Origin::Bar => s.push('@'),
    }
    for (k, r) in m.rests.iter().enumerate() {
        s.push(r.letter(dialect));
        if m.hit_after(k) {
            s.push('*');
        }
    }
    match m.to {
        Target::Point(p) => s.push(p.letter(dialect)),
        Target::Off => s.push('#'),
    }
    if m.hit_after(m.rests.len()) {
        s.push('*');
    }
}

/// A recorded play in `dialect`: `-`, or its moves separated by spaces (`AF AE`, `AE* EH`).
pub fn play_text(play: &Play, dialect: Dialect) -> String {
    match play {
        Play::Pass => "-".into(),
        Play::Moves(moves) => {
            let mut s = String::with_capacity(moves.len() * 4);
            for (k, m) in moves.iter().enumerate() {
                if k > 0 {
                    s.push(' ');
                }
                push_move(&mut s, m, dialect);
            }
            s
        }
    }
}

/// One throw as [`print_record`] writes it in a record of `game` in `dialect`, without the
/// line's end (a line comment at its end keeps no newline).
pub fn throw_text(t: &Throw, dialect: Dialect, game: Game) -> String {
    let mut w = Writer {
        out: String::with_capacity(24),
        line_start: true,
        indent: false,
        comment_letters: None,
        higher_die_first: false,
    };
    print_throw(&mut w, t, dialect, game);
    if w.out.ends_with('\n') {
        w.out.pop();
    }
    w.out
}

/// `double [V] [take|drop]`
fn cube_text(a: &CubeAction) -> String {
    let mut s = String::from("double");
    if let Some(v) = a.value {
        let _ = write!(s, " {v}");
    }
    if let Some(x) = a.answer {
        s.push(' ');
        s.push_str(x.name());
    }
    s
}

fn print_throw(w: &mut Writer, t: &Throw, dialect: Dialect, game: Game) {
    print_roll(w, t);
    // Tric Trac: the marks come from the play and are written after it (docs/games.md §E.11)
    let marks_after = game.is_tric_trac();
    if !marks_after {
        print_marks(w, t);
    }
    if let Some(h) = t.holes {
        w.token(&holes_text(h));
        w.comments_at(t, Anchor::Holes);
    }
    if let Some(d) = t.decision.filter(|d| !d.after_partie()) {
        let text = match d {
            // in Lepeintre's letters `va` is also a move: it reads as a decision only after holes
            Decision::Go if dialect == Dialect::Lepeintre && t.holes.is_none() => "je m'en vais",
            Decision::Go => "va",
            _ => "tient",
        };
        w.token(text);
        w.comments_at(t, Anchor::Decision);
    }
    let glyph_done = print_play(w, t, dialect);
    if let Some(g) = t.glyph {
        if !glyph_done {
            w.token(g.text());
        }
        w.comments_at(t, Anchor::Glyph);
    }
    if marks_after {
        print_marks(w, t);
    }
    if let Some(p) = t.partie {
        w.token(p.text());
        w.comments_at(t, Anchor::Partie);
    }
    if let Some(d) = t.decision.filter(|d| d.after_partie()) {
        w.token(if d == Decision::Prolong { "prolonge" } else { "recommence" });
        w.comments_at(t, Anchor::Decision);
    }
    if let Some(o) = &t.opponent {
        w.token("/");
        w.comments_at(t, Anchor::Slash);
        for (k, m) in o.marks.iter().enumerate() {
            w.token(&mark_text(m));
            w.comments_at(t, Anchor::OpponentMark(k));
        }
        if let Some(h) = o.holes {
            w.token(&holes_text(h));
            w.comments_at(t, Anchor::OpponentHoles);
        }
    }
    // comments whose token is missing (records built by hand) go at the end
    for c in t.comments.iter().filter(|c| !c.after.is_some_and(|a| anchor_present(t, a))) {
        w.comment(c);
    }
}

/// The throw's number, seat, cube action and dice, each with its comments.
fn print_roll(w: &mut Writer, t: &Throw) {
    w.token_with(|o| {
        let _ = std::fmt::Write::write_fmt(o, format_args!("{}.", t.number));
    });
    w.comments_at(t, Anchor::Number);
    if let Some(s) = t.seat {
        w.token_with(|o| {
            o.push_str(s.name());
            o.push(':');
        });
        w.comments_at(t, Anchor::Seat);
    }
    let cube = |w: &mut Writer, a: &CubeAction| {
        w.token(&cube_text(a));
        w.comments_at(t, Anchor::Cube);
    };
    if let Some(a) = t.cube.filter(|a| !a.after_dice) {
        cube(w, &a);
    }
    let late = t.cube.filter(|a| a.after_dice);
    if let Some(d) = t.dice {
        let d = if w.higher_die_first { d.canonical() } else { d };
        w.token_with(|o| {
            let _ = std::fmt::Write::write_fmt(o, format_args!("{d}"));
        });
        if t.resign && late.is_none() {
            // `31. bottom: 5-2 resign` (docs/games.md §I.5): the comments after the dice
            // and the word are one place
            w.token("resign");
        }
        w.comments_at(t, Anchor::Dice);
    }
    if let Some(a) = late {
        // where the record wrote it (docs/games.md §D.10: flagged `cube-timing`)
        cube(w, &a);
        if t.resign {
            w.token("resign");
        }
    }
}

/// The play (`-` or its moves), the glyph glued to its last token; whether the glyph was
/// written.
fn print_play(w: &mut Writer, t: &Throw, dialect: Dialect) -> bool {
    let mut glyph_done = false;
    match &t.play {
        Some(Play::Pass) => {
            w.token("-");
            if let Some(g) = t.glyph {
                w.glue(g.text());
                glyph_done = true;
            }
            w.comments_at(t, Anchor::Pass);
        }
        Some(Play::Moves(moves)) => {
            for (k, m) in moves.iter().enumerate() {
                // after a hole claim, a first move that spells `va` or `go` (or, as a path
                // of the other games, `HOLD`, `TIENT`) would read as the decision: a dash
                // keeps it a move
                let dash = k == 0 && t.holes.is_some() && t.decision.is_none_or(Decision::after_partie);
                w.token_with(|o| {
                    let start = o.len();
                    push_move(o, m, dialect);
                    if dash && ["va", "go", "hold", "tient"].iter().any(|d| o[start..].eq_ignore_ascii_case(d)) {
                        o.insert(start + 1, '-');
                    }
                });
                if k + 1 == moves.len() {
                    if let Some(g) = t.glyph {
                        w.glue(g.text());
                        glyph_done = true;
                    }
                }
                w.comments_at(t, Anchor::Move(k));
            }
        }
        None => {}
    }
    glyph_done
}

/// Whether the token a comment follows is in the throw (records built by hand may lack it).
fn anchor_present(t: &Throw, a: Anchor) -> bool {
    let n_moves = match &t.play {
        Some(Play::Moves(m)) => m.len(),
        _ => 0,
    };
    match a {
        Anchor::Number => true,
        Anchor::Dice => t.dice.is_some(),
        Anchor::Cube => t.cube.is_some(),
        Anchor::Partie => t.partie.is_some(),
        Anchor::Seat => t.seat.is_some(),
        Anchor::Mark(k) => k < t.marks.len(),
        Anchor::Holes => t.holes.is_some(),
        Anchor::Decision => t.decision.is_some(),
        Anchor::Move(k) => k < n_moves,
        Anchor::Pass => t.play == Some(Play::Pass),
        Anchor::Glyph => t.glyph.is_some(),
        Anchor::Slash => t.opponent.is_some(),
        Anchor::OpponentMark(k) => t.opponent.as_ref().is_some_and(|o| k < o.marks.len()),
        Anchor::OpponentHoles => t.opponent.as_ref().is_some_and(|o| o.holes.is_some()),
    }
}

/// The thrower's marks and the comments after each.
fn print_marks(w: &mut Writer, t: &Throw) {
    for (k, m) in t.marks.iter().enumerate() {
        w.token(&mark_text(m));
        w.comments_at(t, Anchor::Mark(k));
    }
}

#[cfg(test)]
mod tests {
    use super::comment_letters_in;
    use crate::board::Dialect::{Lepeintre, Soumille};

    #[test]
    fn a_comments_board_letters_are_converted_and_its_words_kept() {
        let c = |s| comment_letters_in(s, Lepeintre, Soumille);
        // letters alone or joined by - or /, and everything between backquotes
        assert_eq!(c("resting on o, then d-f tout d'une"), "resting on K, then X-T tout d'une");
        assert_eq!(c("played a-b-c; `ad` and `y`"), "played &-Z-Y; `&X` and `A`");
        // a letter inside a word, an abbreviation, and a, y alone are left as written
        assert_eq!(c("a fausse case, e.g. il y a"), "a fausse case, e.g. il y a");
        assert_eq!(c("l'as de b"), "l'as de Z");
        // capitals are no Lepeintre letters: the book's own quotes stay
        assert_eq!(c("\"ensemble en D\""), "\"ensemble en D\"");
        // and back: A and I alone are words
        let back = |s| comment_letters_in(s, Soumille, Lepeintre);
        assert_eq!(back("A to F, I think; X-T; `A`"), "A to s, I think; d-f; `y`");
    }
}
