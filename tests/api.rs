//! The public API is small (issue 17, item 8): private modules, the vocabulary re-exported
//! flat at the crate root, and a few namespaces (`notation`, `games`, `render`, `interop`,
//! `json`, `repair`; `commands` and `lsp` are the binary's, with the `fancy` feature).

// the vocabulary, at the root: this file does not build if one of these moves
#[allow(unused_imports)]
use soumille::{
    explain, explain_with, frames, generate, picture_after, print_record, read, replay, view_html, Dice, End,
    Explained, Flag, FlagKind, Game, Games, Header, How, Point, Position, Record, Replay, Seat, Setup, Sheet, Step,
    StepDetail,
};

#[test]
fn the_library_has_a_few_public_namespaces_and_private_modules() {
    let lib = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/lib.rs")).unwrap();
    let public: Vec<&str> =
        lib.lines().filter_map(|l| l.strip_prefix("pub mod ")).map(|l| l.trim_end_matches(';')).collect();
    assert_eq!(
        public,
        ["commands", "games", "interop", "json", "lsp", "notation", "render", "repair", "table"],
        "{public:?}"
    );
    let notation = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/notation/mod.rs")).unwrap();
    assert!(!notation.lines().any(|l| l.starts_with("pub mod ")), "notation's modules are the crate's own");
}

#[test]
fn a_record_reads_and_replays_through_the_root_names() {
    let text = "[Game \"grand-trictrac\"]\n\n1. 5-6 A-G A-F\n";
    let recs = read(text);
    let rp: Replay = replay(&recs[0].record, &recs[0].header, Some(text));
    let step: &Step = &rp.steps[0];
    assert_eq!((step.number, step.seat), (1, Seat::Top));
    assert!(rp.flags.is_empty());
    // the dice as written; the canonical form (`fmt`'s) higher first
    assert_eq!(print_record(&recs[0].record, Default::default()), "[Game \"grand-trictrac\"]\n\n1. 5-6 AG AF\n");
    let canonical = soumille::notation::PrintOptions { higher_die_first: true, ..Default::default() };
    assert_eq!(print_record(&recs[0].record, canonical), "[Game \"grand-trictrac\"]\n\n1. 6-5 AG AF\n");
}
