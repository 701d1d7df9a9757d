//! What the fuzz targets check, one function per target (`fuzz_targets/NAME.rs`): shared
//! with `tests/fuzz_regressions.rs`, which runs every seed and every input the fuzzer once
//! broke through the same function, so a crash found once stays a test.
#![allow(dead_code)] // each target uses one of these

use soumille::interop::{mat_to_stn, sgf_to_stn, stn_to_mat, stn_to_sgf};
use soumille::notation::parse_position_of;
use soumille::notation::{
    print_records, read, read_bytes, stream_records, Game, Header, Place, PrintOptions, Record, Tag,
};
use soumille::Dialect;
use std::io::{self, Read};
use std::ops::ControlFlow;

/// The importers and exporters (`import`, `export`): on any bytes read as a `.mat` or an SGF
/// match they never panic, and what they import is STN that the reader reads back as it is
/// and that the exporters write again; any STN the reader accepts exports without panic, and
/// what is exported imports again.
pub fn interop(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for imported in [mat_to_stn(&text), sgf_to_stn(&text)] {
        let Ok(records) = imported else { continue };
        let stn = print_records(&records, PrintOptions::default());
        let back = read(&stn);
        assert_eq!(back.len(), records.len(), "imported records print as {} records:\n{stn}", back.len());
        for (r, rec) in back.iter().zip(&records) {
            assert!(r.errors.is_empty(), "an imported record prints with errors {:?}:\n{stn}", r.errors);
            let mut got = r.record.clone();
            got.strip_spans();
            let mut want = rec.clone();
            want.strip_spans();
            assert_eq!(got, want, "an imported record reads back as another:\n{stn}");
            let _ = soumille::replay(&r.record, &r.header, Some(&stn));
        }
        let _ = stn_to_mat(&records);
        let _ = stn_to_sgf(&records);
    }
    // the same bytes as STN, exported and imported again
    let Ok((_, parsed)) = read_bytes(data) else { return };
    let records: Vec<Record> = parsed.into_iter().filter(|r| r.errors.is_empty()).map(|r| r.record).collect();
    if records.is_empty() {
        return;
    }
    if let Ok(mat) = stn_to_mat(&records) {
        let _ = mat_to_stn(&mat);
    }
    if let Ok(sgf) = stn_to_sgf(&records) {
        let _ = sgf_to_stn(&sgf);
    }
}

/// The JSON reader (`fmt --from-json`) on any text: it never panics, and whatever it accepts
/// prints to STN that the file reader reads back as the same records (issue 16, item 18).
pub fn json(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(records) = soumille::json::from_str(text) else { return };
    let stn = print_records(&records, PrintOptions::default());
    // read as `fmt FILE` reads a file: NUL bytes and bad UTF-8 stop it
    let mut back = Vec::new();
    let end = stream_records(stn.as_bytes(), |r| {
        assert!(r.read.errors.is_empty(), "accepted JSON prints with errors {:?}:\n{stn}", r.read.errors);
        let mut rec = r.read.record;
        rec.strip_spans();
        back.push(rec);
        ControlFlow::Continue(())
    })
    .expect("reading from memory");
    assert!(end.unreadable.is_none(), "accepted JSON prints what the file reader refuses:\n{stn:?}");
    assert_eq!(back, records, "accepted JSON prints STN that reads back as other records:\n{stn}");
    // and its own JSON reads back the same
    let again = soumille::json::to_string(&soumille::json::to_document(records.clone(), false));
    assert_eq!(soumille::json::from_str(&again).expect("own JSON reads"), records);
}

/// A reader that gives a few bytes at a time, to cut records everywhere.
struct Trickle<'a>(&'a [u8], usize);

impl Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.1.min(self.0.len()).min(out.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

/// The streaming file reader (`check`, `json`, `fmt` of files) on any bytes cut anywhere: it
/// never panics, and it finds the records the reader finds reading the whole text at once.
/// The first byte sets how many bytes each read gives.
pub fn stream(data: &[u8]) {
    let Some((&step, bytes)) = data.split_first() else { return };
    let step = match step {
        0 => 1 << 20,
        s => s as usize,
    };
    let mut streamed = Vec::new();
    let end = stream_records(Trickle(bytes, step), |r| {
        let mut loc = r.locator();
        for e in &r.read.errors {
            let _ = e.span.map_or(Place { line: 1, column: 1, line_start: Some(0) }, |s| loc.place(s.start as usize));
        }
        let mut rec = r.read.record.clone();
        rec.strip_spans();
        streamed.push((rec, r.read.errors.is_empty()));
        ControlFlow::Continue(())
    })
    .expect("reading from memory");
    // text the whole reader reads too: every byte read, the same records
    if end.unreadable.is_some() {
        return;
    }
    assert_eq!(end.bytes, bytes.len() as u64);
    let Ok((_, whole)) = read_bytes(bytes) else { panic!("the stream read bytes that are not UTF-8") };
    let whole: Vec<_> = whole
        .into_iter()
        .map(|r| {
            let mut rec = r.record;
            rec.strip_spans();
            (rec, r.errors.is_empty())
        })
        .collect();
    assert_eq!(streamed, whole, "streamed in reads of {step} bytes, the records differ");
}

const GAMES: &[Game] = Game::ALL;

/// Position strings and `explain` of every game: on any text they never panic, a position
/// string read prints and reads back as the same setup, and the legal plays are found. The
/// first byte picks the game; the rest is `POSITION\nDICE\nRULES`.
pub fn position(data: &[u8]) {
    let Some((&g, rest)) = data.split_first() else { return };
    let game = GAMES[g as usize % GAMES.len()];
    let dialect =
        if g as usize / GAMES.len() % 2 == 1 && game.is_trictrac() { Dialect::Lepeintre } else { Dialect::Soumille };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let mut parts = text.splitn(3, '\n');
    let (p, d, rules) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let Ok(setup) = parse_position_of(p, dialect, game) else { return };
    // printed in either alphabet, it reads back as the same setup
    for out in [Dialect::Soumille, dialect] {
        let s = setup.to_string_in(out);
        let again =
            parse_position_of(&s, out, game).unwrap_or_else(|e| panic!("`{s}` does not read back: {}", e.message));
        assert_eq!(again, setup, "`{p}` printed as `{s}` reads back as another setup");
    }
    let _ = soumille::setup_text(&setup, dialect);
    let Ok(dice) = soumille::parse_dice(d) else { return };
    if game.is_trictrac() {
        let Ok(pos) = soumille::Position::from_setup(&setup) else { return };
        let options = soumille::games::grand_trictrac::options::RuleOptions::parse(rules).unwrap_or_default();
        let history = soumille::history_of(&setup);
        let e = soumille::explain_with(&pos, dice, &options, &history);
        let _ = e.plays.len();
        let _ = soumille::board_text(&pos, dialect);
    } else {
        let tag =
            |name: &'static str, value: String| Tag { name: name.into(), value, comments: Vec::new(), spans: None };
        let mut tags = vec![tag("Game", game.to_string())];
        if !rules.is_empty() {
            tags.push(tag("Rules", rules.to_string()));
        }
        let Ok(header) = Header::of_tags(&tags) else { return };
        let _ = soumille::games::Games::of(&header).explain_plays(&setup, dice);
    }
}

/// The replay and every renderer of every game (`replay`, `sheet`, `show`, `view` of Grand
/// Trictrac, Trictrac à écrire, Jacquet, Moultezim, Backgammon, Tric Trac), and `explain` at
/// each board of the other games: they never panic. The first byte may set the game (a
/// `Game` tag put before the text).
pub fn games(data: &[u8]) {
    let Some((&g, rest)) = data.split_first() else { return };
    let mut bytes = Vec::with_capacity(rest.len() + 32);
    // a byte of 0x7f or more: the record's own game
    if let Some(game) = GAMES.get(usize::from(g)).filter(|_| g < 0x7f) {
        bytes.extend_from_slice(format!("[Game \"{game}\"]\n").as_bytes());
    }
    bytes.extend_from_slice(rest);
    let Ok((text, records)) = read_bytes(&bytes) else { return };
    for r in records.iter().filter(|r| r.errors.is_empty()) {
        let (rec, header) = (&r.record, &r.header);
        let rp = soumille::replay(rec, header, Some(&text));
        let _ = soumille::view_html(rec, header, &rp);
        let last = rec.throws.last().map_or(0, |t| t.number);
        if header.game.is_grand_trictrac() {
            let sheet = soumille::Sheet::of_record(&rp, rec, header);
            let _ = (sheet.text(), sheet.markdown(), sheet.html());
            let _ = soumille::replay_text(&rp, header.letters);
            for at in [0, 1, last / 2, last, last + 1] {
                let _ = soumille::picture_after(&rp, rec, header, at);
                if let Some(f) = soumille::frame_at(&rp, header, at) {
                    let _ = f.position_string();
                }
            }
            continue;
        }
        let sheet = soumille::Sheet::of_record(&rp, rec, header);
        let _ = (sheet.text(), sheet.markdown(), sheet.html());
        let _ = soumille::replay_text(&rp, header.letters);
        let _ = serde_json::to_string(&soumille::replay_document(&rp, &sheet, header));
        for at in [0, 1, last / 2, last, last + 1] {
            let _ = soumille::picture_after(&rp, rec, header, at);
        }
        let games = soumille::games::Games::of(header);
        for s in rp.steps.iter().take(64) {
            let _ = soumille::setup_text(&s.after, header.letters);
            let _ = s.after.to_string_in(soumille::Dialect::Soumille);
            if let Some(d) = s.dice {
                let _ = games.explain_plays(&s.before, d);
            }
        }
    }
}
