//! Long records (issue 16, item 8): `replay`, `sheet` and `view` are linear in the number of
//! throws. Not timed: a record long enough that a search over every throw and flag at each
//! step (what they did) would take hours is replayed, drawn and viewed whole, and what they
//! give is checked throw by throw. The figures of time against size are those of
//! `cargo run --release --example sizebench`.

use soumille::sheet::tables::{replay_text, TablesSheet};

/// Throws in the long record: 10^5 throws and as many flags make 10^10 comparisons for a
/// search per step, well under a second of work for an index.
const N: usize = 100_000;

/// A Backgammon record of `n` throws from the blocked position of the defect reproducer
/// (`bg-blocked-10000-throws.stn`: every man on the bar, both home boards closed, so each
/// throw passes lawfully), every throw written as top's: a `seat` flag at each throw but the
/// first, so that every step has flags to find.
fn blocked(n: usize) -> String {
    let mut s = String::from("[Game \"backgammon\"]\n[Position \"T2V2X2Y2Z2&2@3/A2B2C2D2E2F2@3 top\"]\n\n");
    let rolls = ["5-3", "6-2", "6-1", "4-1", "3-3", "2-1"];
    for k in 1..=n {
        s.push_str(&format!("{k}. top: {} - {{ c{k} }}\n", rolls[k % rolls.len()]));
    }
    s
}

#[test]
fn a_long_record_is_replayed_drawn_and_viewed_throw_by_throw() {
    let src = blocked(N);
    let read = soumille::notation::read(&src);
    let r = &read[0];
    assert!(r.errors.is_empty(), "{:?}", &r.errors[..1]);
    assert_eq!(r.record.throws.len(), N);
    let rp = soumille::replay::replay(&r.record, &r.header, Some(&src));
    assert_eq!(rp.board_steps.len(), N);
    assert_eq!(rp.flags.len(), N - 1);
    assert_eq!(rp.stopped_at, None);

    // the sheet: each row its own throw's flag and comment
    let sheet = TablesSheet::of_record(&rp, &r.record, &r.header);
    assert_eq!(sheet.rows.len(), N);
    for (k, row) in sheet.rows.iter().enumerate() {
        assert_eq!(row.throw as usize, k + 1);
        assert_eq!(row.comments, vec![format!("c{}", k + 1)]);
        let want: &[u32] = if k == 0 { &[] } else { &[row.throw] };
        assert_eq!(row.flags.iter().map(|f| f.throw.unwrap()).collect::<Vec<_>>(), want);
    }
    assert!(sheet.other_flags.is_empty());

    // the replay as text: one line per throw, its flag under it
    let text = replay_text(&rp, &r.record, &r.header);
    assert_eq!(text.lines().filter(|l| l.contains("[seat] throw ")).count(), N - 1);
    assert!(text.contains(&format!("\n{N}. top ")));

    // the view: a frame per throw and the start, each flag once in its frame, once in all
    let html = soumille::view::view_html(&r.record, &r.header, &rp);
    assert_eq!(html.matches("\"lawful\":").count(), N + 1);
    assert_eq!(html.matches("the record says top threw").count(), 2 * (N - 1));
}
