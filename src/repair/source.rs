//! Edits made in the source (issue 26, "edits in the source, not a reprint"): a throw the
//! repair edits is changed in the file's own text token by token — the dice, a mark's or a
//! hole count's figures, the moves of the play that change, the number — and the rest of it
//! (spacing, comments, non-canonical writing) is kept, so that `--apply` and `--diff` change
//! only the edited tokens.

use crate::notation::{Anchor, CommentStyle, Game, Mark, Span, Throw, ThrowSpans};
use crate::Dialect;

/// One change of the source: the bytes `start..end` replaced by `text`.
struct Sub {
    start: usize,
    end: usize,
    text: String,
}

/// The text of throw `was` (read from `src`) with the tokens changed that differ in `now`
/// (its edited form), and the `{ repaired: … }` comments `now` adds, each after its token;
/// `None` when a change has no token to go in (a seat put in, a cube action changed, a
/// comment among the moves): the caller then prints the throw again.
pub fn patched(src: &str, was: &Throw, now: &Throw, d: Dialect, game: Game) -> Option<String> {
    let span = was.span?;
    let same_rest = was.cube == now.cube
        && was.decision == now.decision
        && was.glyph == now.glyph
        && was.partie == now.partie
        && was.resign == now.resign;
    if !same_rest || !now.comments.starts_with(&was.comments) {
        return None;
    }
    let sp = crate::notation::parser::throw_spans_of(src, was, d, game)?;
    let mut subs = Vec::new();
    if was.number != now.number {
        subs.push(digits(src, sp.number?, now.number.to_string())?);
    }
    if was.seat != now.seat {
        let (Some(a), Some(b), Some(s)) = (was.seat, now.seat, sp.seat) else { return None };
        let at = s.start as usize;
        src.get(at..s.end as usize)?.starts_with(a.name()).then_some(())?;
        subs.push(Sub { start: at, end: at + a.name().len(), text: b.name().to_string() });
    }
    if was.dice != now.dice {
        let (Some(_), Some(b), Some(s)) = (was.dice, now.dice, sp.dice) else { return None };
        subs.push(Sub { start: s.start as usize, end: s.end as usize, text: b.to_string() });
    }
    marks(src, &was.marks, &now.marks, &sp.marks, &mut subs)?;
    holes(src, was.holes, now.holes, sp.holes, &mut subs)?;
    if was.opponent != now.opponent {
        let (Some(a), Some(b)) = (&was.opponent, &now.opponent) else { return None };
        marks(src, &a.marks, &b.marks, &sp.opponent_marks, &mut subs)?;
        holes(src, a.holes, b.holes, sp.opponent_holes, &mut subs)?;
    }
    if was.play != now.play {
        let (Some(a), Some(b)) = (&was.play, &now.play) else { return None };
        play(src, sp.play?, &crate::repair::edit::play_in(a, d), &crate::repair::edit::play_in(b, d), &mut subs)?;
    }
    for c in &now.comments[was.comments.len()..] {
        let at = anchor_end(&sp, c.after)?;
        if c.style != CommentStyle::Brace || c.text.contains(['{', '}']) {
            return None;
        }
        subs.push(Sub { start: at, end: at, text: format!(" {{{}}}", c.text) });
    }
    splice(src, span, subs)
}

/// Where a comment after token `a` goes: the end of the token (the number or the dice).
fn anchor_end(sp: &ThrowSpans, a: Option<Anchor>) -> Option<usize> {
    let s = match a? {
        Anchor::Number => sp.number?,
        Anchor::Dice => sp.dice?,
        Anchor::Seat => sp.seat?,
        _ => return None,
    };
    Some(s.end as usize)
}

/// The leading figures of the token at `s` replaced by `text`.
fn digits(src: &str, s: Span, text: String) -> Option<Sub> {
    let at = s.start as usize;
    let token = src.get(at..s.end as usize)?;
    let n = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    (n > 0).then_some(Sub { start: at, end: at + n, text })
}

/// The figures of each mark that changes (`+4` → `+6`): the same marks but for their
/// points, each with its token.
fn marks(src: &str, was: &[Mark], now: &[Mark], spans: &[Span], subs: &mut Vec<Sub>) -> Option<()> {
    if was == now {
        return Some(());
    }
    if was.len() != now.len() || spans.len() != was.len() {
        return None;
    }
    for ((a, b), s) in was.iter().zip(now).zip(spans) {
        if a == b {
            continue;
        }
        if a.jans != b.jans || a.points < 0 || b.points < 0 {
            return None;
        }
        let at = s.start as usize;
        let token = src.get(at..s.end as usize)?;
        let sign = usize::from(token.starts_with('+'));
        let sub = digits(src, Span::new(at + sign, s.end as usize), b.points.to_string())?;
        subs.push(sub);
    }
    Some(())
}

/// A hole count's figures changed (`2 trous` → `3 trous`; `1 trou` ↔ `2 trous` whole).
fn holes(src: &str, was: Option<u32>, now: Option<u32>, s: Option<Span>, subs: &mut Vec<Sub>) -> Option<()> {
    if was == now {
        return Some(());
    }
    let (Some(a), Some(b), Some(s)) = (was, now, s) else { return None };
    let word = |n: u32| if n == 1 { "1 trou".to_string() } else { format!("{n} trous") };
    let token = src.get(s.start as usize..s.end as usize)?;
    if token == word(a) {
        subs.push(Sub { start: s.start as usize, end: s.end as usize, text: word(b) });
    } else {
        subs.push(digits(src, s, b.to_string())?);
    }
    Some(())
}

/// The moves of the play that change, each in its place among the moves as written (the
/// written ones matched with the printed play of the throw as read, move for move); the
/// whole play printed again when they do not match.
fn play(src: &str, s: Span, was: &str, now: &str, subs: &mut Vec<Sub>) -> Option<()> {
    let (start, end) = (s.start as usize, s.end as usize);
    let text = src.get(start..end)?;
    if text.contains(['{', '}', ';', '(']) {
        return None;
    }
    let written: Vec<(usize, usize)> = words(text).map(|(a, b)| (start + a, start + b)).collect();
    let (old, new): (Vec<&str>, Vec<&str>) = (was.split(' ').collect(), now.split(' ').collect());
    if written.len() != old.len() {
        subs.push(Sub { start, end, text: now.to_string() });
        return Some(());
    }
    let pre = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
    let most = old.len().min(new.len()) - pre;
    let post = old.iter().rev().zip(new.iter().rev()).take(most).take_while(|(a, b)| a == b).count();
    let (gone, put) = (pre..old.len() - post, new[pre..new.len() - post].join(" "));
    if gone.len() == new.len() - pre - post {
        // move for move: each word in its place, the spaces between kept
        for (k, w) in gone.clone().zip(&new[pre..]) {
            if old[k] != *w {
                subs.push(Sub { start: written[k].0, end: written[k].1, text: w.to_string() });
            }
        }
    } else if !gone.is_empty() {
        let (a, b) = (written[gone.start].0, written[gone.end - 1].1);
        subs.push(Sub { start: a, end: b, text: put });
    } else if pre < written.len() {
        subs.push(Sub { start: written[pre].0, end: written[pre].0, text: format!("{put} ") });
    } else {
        let at = written.last().map_or(start, |w| w.1);
        subs.push(Sub { start: at, end: at, text: format!(" {put}") });
    }
    Some(())
}

/// The words of `text` (split at white space), as byte ranges.
fn words(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut at = 0;
    text.split_whitespace().map(move |w| {
        let start = at + text[at..].find(w).unwrap_or(0);
        at = start + w.len();
        (start, at)
    })
}

/// The throw's text (`span` of `src`) with the changes made; `None` when two overlap.
fn splice(src: &str, span: Span, mut subs: Vec<Sub>) -> Option<String> {
    subs.sort_by_key(|s| (s.start, s.end));
    let (start, end) = (span.start as usize, span.end as usize);
    let mut out = String::new();
    let mut at = start;
    for s in subs {
        if s.start < at || s.end > end {
            return None;
        }
        out.push_str(src.get(at..s.start)?);
        out.push_str(&s.text);
        at = s.end;
    }
    out.push_str(src.get(at..end)?);
    Some(out)
}

#[cfg(test)]
mod tests {
    use crate::board::Point;
    use crate::dice::Dice;
    use crate::repair::{text, Candidate, Edit, Slot};
    use crate::Dialect;

    fn p(c: char) -> Point {
        Point::from_letter(c, Dialect::Soumille).unwrap()
    }

    /// The file with the edits made in it (as `repair --apply` writes it).
    fn edited(src: &str, edits: Vec<Edit>) -> String {
        let r = crate::notation::read(src).remove(0);
        let c = Candidate {
            edits,
            removes: 0,
            left: 0,
            unreplayed: 0,
            score: 0.0,
            as_written: false,
            record: r.record.clone(),
        };
        text::edited_source(src, &r.record, &c, &r.header).expect("spans")
    }

    const ODD: &str =
        "[Game \"jacquet\"]\n\n; a line comment\n1.  6-5   AG    AF   { two men }\n2. 4-2 &X  &Z 3.   3-1 GK   FG\n";

    #[test]
    fn only_the_edited_tokens_change() {
        let letter = Edit::Letter { throw: 1, mv: 1, slot: Slot::To, written: p('F'), read: p('E') };
        let note = "{ repaired: throw 1: `E` read for `F` (move 2) }";
        let want = ODD.replace("6-5   AG    AF", &format!("6-5 {note}   AG    AE"));
        assert_eq!(edited(ODD, vec![letter]), want);

        let die = Edit::Die { throw: 2, written: Dice::new(4, 2).unwrap(), read: Dice::new(5, 2).unwrap() };
        let want = ODD.replace("2. 4-2 &X", "2. 5-2 { repaired: throw 2: dice 5-2 read for 4-2 } &X");
        assert_eq!(edited(ODD, vec![die]), want);

        let out = edited(ODD, vec![Edit::SwapMoves { throw: 3, first: 0, second: 1 }]);
        assert!(
            out.ends_with("3.   3-1 { repaired: throw 3: moves 1 and 2 swapped between the dice } GG   FK\n"),
            "{out}"
        );

        let out = edited(ODD, vec![Edit::LeftOut { throw: 2, mv: 2, read: "ZX".into() }]);
        assert!(out.contains("} &X  &Z ZX 3.   3-1 GK   FG\n"), "{out}");
        let out = edited(ODD, vec![Edit::LeftOut { throw: 1, mv: 0, read: "AB".into() }]);
        assert!(out.contains("}   AB AG    AF   { two men }\n"), "{out}");
    }

    #[test]
    fn marks_and_holes_change_in_their_figures() {
        let src = "[Game \"grand-trictrac\"]\n\n1.  6-5  +4  AG AF\n2. 4-2 +2 +4 2 trous  &X &Z\n";
        let e = Edit::Mark { throw: 2, opponent: false, index: 1, written: 4, read: 6 };
        let out = edited(src, vec![e]);
        assert!(out.ends_with("2. 4-2 { repaired: throw 2: mark +6 read for +4 } +2 +6 2 trous  &X &Z\n"), "{out}");
        let e = Edit::Holes { throw: 2, opponent: false, written: Some(2), read: Some(1) };
        let out = edited(src, vec![e]);
        assert!(out.contains(" +2 +4 1 trou  &X &Z\n"), "{out}");
        assert!(out.starts_with("[Game \"grand-trictrac\"]\n\n1.  6-5  +4  AG AF\n"), "{out}");
    }
}
