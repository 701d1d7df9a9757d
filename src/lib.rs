//! # soumille
//!
//! Records of French Grand Trictrac in the lettered notation of the abbé Soumille (1738):
//! the STN reader and printer, JSON both ways, and the rules engine that replays a record and
//! flags every fausse case (illegal play) and école (wrong count of points) at the throw where
//! it happened. The format is described in `docs/format.md`, the rules in `docs/rules.md`,
//! the command line in `docs/commands.md`.
//!
//! ## Reading a record
//!
//! [`notation::read`] never fails: it returns every record of the text with its syntax
//! errors, and [`notation::print_record`] writes a record back (the dice in the order the
//! record wrote them; in canonical form, higher die first, as `fmt` does, with
//! `higher_die_first`).
//!
//! ```
//! use soumille::notation::{print_record, PrintOptions};
//! let text = "[Game \"grand-trictrac\"]\n\n1. 5-6 A-G A-F\n";
//! let recs = soumille::notation::read(text);
//! assert!(recs[0].errors.is_empty());
//! assert_eq!(recs[0].record.throws.len(), 1);
//! let printed = print_record(&recs[0].record, PrintOptions::default());
//! assert_eq!(printed, "[Game \"grand-trictrac\"]\n\n1. 5-6 AG AF\n");
//! let canonical = print_record(&recs[0].record, PrintOptions { higher_die_first: true, ..Default::default() });
//! assert_eq!(canonical, "[Game \"grand-trictrac\"]\n\n1. 6-5 AG AF\n");
//!
//! // a syntax error says where and what was expected
//! let bad = soumille::notation::read("1. 7-5 AG\n");
//! assert_eq!(bad[0].errors.len(), 1);
//! ```
//!
//! ## Replaying it, and its flags
//!
//! [`replay()`] plays the record through the rules: one [`Step`] per throw
//! (the play, the position before and after, what each seat scored, and the game's own data:
//! here Grand Trictrac's jans, marks and score) and every [`Flag`].
//!
//! ```
//! let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/lepeintre-teaching-game.stn")).unwrap();
//! let recs = soumille::notation::read(&text);
//! let r = &recs[0];
//! let rp = soumille::replay(&r.record, &r.header, Some(&text));
//! assert_eq!(rp.steps.len(), 23);
//! let step = &rp.steps[14]; // throw 15
//! let gt = step.grand_trictrac().unwrap();
//! assert_eq!(gt.jans.iter().next().unwrap().code, soumille::JanCode::PetitJan);
//! assert_eq!(gt.score.holes, [0, 2]); // bottom won two holes, en bredouille
//! assert_eq!(step.after.score.holes.map(|h| h.0), Some([0, 2]));
//!
//! // Lepeintre's book has a fausse case at throw 13: bottom could fill the petit jan
//! for f in &rp.flags {
//!     println!("throw {:?}: {}: {}", f.throw, f.what(), f.message);
//! }
//! let f = rp.flags.iter().find(|f| f.kind == soumille::FlagKind::FausseCase).unwrap();
//! assert_eq!((f.throw, f.what()), (Some(13), "must-fill"));
//! ```
//!
//! Every game replays into the same types: a backgammon match game and a Jacquet game give
//! the same [`Step`]s (positions as [`Setup`]s with the game's score fields, the
//! game's own data in [`StepDetail`]) and the same [`End`].
//!
//! ```
//! use soumille::{replay, How, StepDetail};
//! let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/samples");
//! let bg = std::fs::read_to_string(format!("{dir}/backgammon/gnubg-match3-game2.stn")).unwrap();
//! let recs = soumille::notation::read(&bg);
//! let rp = replay(&recs[0].record, &recs[0].header, Some(&bg));
//! let double = rp.steps.iter().find(|s| matches!(s.detail, StepDetail::Backgammon { cube: Some(_), .. })).unwrap();
//! assert_eq!((double.number, double.after.score.cube), (4, Some(2)));
//! // each step starts where the one before it ended
//! assert!(rp.steps.windows(2).all(|w| w[0].after == w[1].before));
//!
//! let jq = std::fs::read_to_string(format!("{dir}/jacquet/generated.stn")).unwrap();
//! let recs = soumille::notation::read(&jq);
//! let rp = replay(&recs[0].record, &recs[0].header, Some(&jq));
//! let end = rp.end.unwrap();
//! assert_eq!((end.winner, end.points(), end.how), (soumille::Seat::Top, 1, How::BorneOff));
//! assert_eq!(rp.last.as_ref().map(|s| s.off[soumille::Seat::Top]), Some(15));
//! ```
//!
//! ## Replaying a match
//!
//! [`replay_file`] replays every record of a file as `soumille check` does, and judges the
//! backgammon games of a match as a match (docs/games.md §I: the score each game starts
//! from, the Crawford game, a game after the match was won). Records that were not read
//! from STN text — a Jellyfish `.mat` or a gnubg SGF imported by [`interop`] — take the
//! same path: [`read_records`] gives them their headers and [`replay_match`] replays them
//! with the match's checks.
//!
//! ```
//! let mat = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/interop/match3.mat"));
//! let records = soumille::interop::mat_to_stn(mat).unwrap();
//! let games = soumille::replay_match(soumille::read_records(records), None);
//! let m: Vec<_> = games.iter().map(|g| g.match_game.unwrap()).collect();
//! assert!(m.iter().all(|g| g.length == 3));
//! // the second game starts from the score the first one left
//! let first = games[0].replay.end.unwrap();
//! assert_eq!(m[1].before[first.winner], first.points());
//! ```
//!
//! ## Explaining a roll
//!
//! [`explain_with`] lists every legal play of a roll and every jan it makes, from a
//! position string (`docs/format.md` §6). [`frames`] gives the position string after
//! each throw of a replay, so any throw of a record can be explained.
//!
//! ```
//! use soumille::{explain_with, history_of, parse_dice, parse_setup};
//! let (setup, pos) = parse_setup("A13FG/&15 bottom").unwrap();
//! let e = explain_with(&pos, parse_dice("4-3").unwrap(), &Default::default(), &history_of(&setup));
//! let plays: Vec<&str> = e.plays.iter().map(|p| p.notation.as_str()).collect();
//! assert_eq!(plays, ["&R", "&X &V"]);
//! assert!(e.jans.is_empty());
//!
//! // the position after throw 15 of a record, with its score, explains throw 16
//! let text = "[First \"top\"]\n\n1. 6-5 AG AF\n";
//! let r = &soumille::notation::read(text)[0];
//! let rp = soumille::replay(&r.record, &r.header, None);
//! let after = soumille::frames(&rp, &r.header)[1].position_string();
//! assert_eq!(after, "A13FG/&15 bottom holes=0/0 points=0/0 throws=1/0 bredouille=none pavillon=none");
//! let (setup, pos) = parse_setup(&after).unwrap();
//! let e = explain_with(&pos, parse_dice("4-3").unwrap(), &Default::default(), &history_of(&setup));
//! assert_eq!(e.plays.len(), 2);
//! ```

#![warn(missing_docs)]

mod board;
// the commands of the binary: only with the `fancy` feature, as `corpus`
#[cfg(feature = "fancy")]
pub mod commands;
/// Many files at once for the command line (diagnostics drawn by miette's `fancy` handlers):
/// only with the `fancy` feature, which the binary requires; the library's readers, engine
/// and renderers build without it (as the fuzz targets do).
#[cfg(feature = "fancy")]
mod corpus;
mod declare;
mod dice;
mod explain;
pub mod games;
mod generate;
pub mod interop;
pub mod json;
/// `soumille lsp`, the Language Server (docs/editors.md): only with the `fancy` feature.
#[cfg(feature = "fancy")]
pub mod lsp;
pub mod notation;
mod output;
mod position;
pub mod render;
pub mod repair;
mod replay;
mod report;
mod select;
mod sheet;
mod show;
pub mod table;
mod view;

// The vocabulary, flat (issue 17, item 8). The modules above are private but for a few
// namespaces: `notation` (the record's syntax tree, reader and printer), `games` (each game's
// engine: boards, move generators, options), `render` (each command's output of a replayed
// record), `interop` (.mat and SGF), `json` (the wire types) and `repair` (what a scribe
// meant); `commands` and `lsp` are the binary's, behind the `fancy` feature.

// the board model
pub use board::{letters_in, men_field_in, BySeat, Dialect, Point, PointNames, ScoreFields, Seat, Setup, MAX_CUBE};
pub use dice::{Dice, DOUBLET_NAMES};
pub use position::{Position, PositionError, Route};
// the record
pub use notation::jan::JanCode;
pub use notation::{print_record, print_records, read, Header, ReadRecord, Record, SyntaxError};
// the games
pub use games::grand_trictrac::options::RuleOptions;
pub use games::{Game, Games, OptionError, OptionFault, PlaysError};
// the replay and its output model
pub use replay::{
    first_change, replay_from, replay_from_owned, replay_resumable, replay_resumed, Checkpoint, Checkpoints, Keep,
};
pub use replay::{
    position_of, read_records, readable_prefix, replay, replay_books, replay_file, replay_game, replay_match,
    start_score, throws_by_number, CubeAction, End, Fact, Flag, FlagKind, FlagsByThrow, GrandTrictracStep, How,
    NotRead, Outcome, PartieStep, Replay, ReplayedRecord, Step, StepDetail, Stop,
};
// questions on a position, and games made up
pub use explain::{
    explain, explain_roll, explain_with, game_with_rules, history_of, parse_dice, parse_position_string, parse_setup,
    position_string_at, rule_pairs, rules_words, stamp_position, write_explanation, Answer, ExplainError, Explained,
    Explanation, LetteredExplanation, Question, RulesRefused, RulesSource, Scratch,
};
pub use generate::{generate, GenerateError, Generated, Rng};
// records as data (issue 29): selections of a corpus
pub use select::{
    annotate_flags, compare_values, strip_annotations, Criteria, CriterionError, Event, EventTest, FlagTest, Need, Op,
    PatternError, Per, PositionPattern, Range, TagTest, Winner,
};
// what the renderers make of a replay
pub use report::{CheckReport, FileReading, FileReport, GameReport};
pub use sheet::{end_line, replay_document, replay_text, ReplayDocument, ReplayRow, Sheet};
pub use show::{board_picture, board_text, moved_points, picture_after, setup_text, trictrac_setup, Notes};
pub use view::{frame_at, frames, start_position, view_html, Frame};
