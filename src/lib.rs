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
//! errors, and [`notation::print_record`] writes a record back in canonical form.
//!
//! ```
//! let text = "[Game \"grand-trictrac\"]\n\n1. 5-6 A-G A-F\n";
//! let recs = soumille::notation::read(text);
//! assert!(recs[0].errors.is_empty());
//! assert_eq!(recs[0].record.throws.len(), 1);
//! let canonical = soumille::notation::print_record(&recs[0].record, Default::default());
//! assert_eq!(canonical, "[Game \"grand-trictrac\"]\n\n1. 6-5 AG AF\n");
//!
//! // a syntax error says where and what was expected
//! let bad = soumille::notation::read("1. 7-5 AG\n");
//! assert_eq!(bad[0].errors.len(), 1);
//! ```
//!
//! ## Replaying it, and its flags
//!
//! [`replay::replay`] plays the record through the rules: one [`replay::Step`] per throw
//! (the play, the position before and after, what each seat scored, and the game's own data:
//! here Grand Trictrac's jans, marks and score) and every [`replay::Flag`].
//!
//! ```
//! let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/lepeintre-teaching-game.stn")).unwrap();
//! let recs = soumille::notation::read(&text);
//! let r = &recs[0];
//! let rp = soumille::replay::replay(&r.record, &r.header, Some(&text));
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
//! let f = rp.flags.iter().find(|f| f.kind == soumille::replay::FlagKind::FausseCase).unwrap();
//! assert_eq!((f.throw, f.what()), (Some(13), "must-fill"));
//! ```
//!
//! Every game replays into the same types: a backgammon match game and a Jacquet game give
//! the same [`replay::Step`]s (positions as [`Setup`]s with the game's score fields, the
//! game's own data in [`replay::StepDetail`]) and the same [`replay::End`].
//!
//! ```
//! use soumille::replay::{replay, How, StepDetail};
//! let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/samples");
//! let bg = std::fs::read_to_string(format!("{dir}/backgammon/gnubg-match3-game2.stn")).unwrap();
//! let recs = soumille::notation::read(&bg);
//! let rp = replay(&recs[0].record, &recs[0].header, Some(&bg));
//! let double = rp.steps.iter().find(|s| matches!(s.detail, StepDetail::Backgammon { cube: Some(_) })).unwrap();
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
//! ## Explaining a roll
//!
//! [`explain::explain_with`] lists every legal play of a roll and every jan it makes, from a
//! position string (`docs/format.md` §6). [`view::frames`] gives the position string after
//! each throw of a replay, so any throw of a record can be explained.
//!
//! ```
//! use soumille::explain::{explain_with, history_of, parse_dice, parse_setup};
//! let (setup, pos) = parse_setup("A13FG/&15 bottom").unwrap();
//! let e = explain_with(&pos, parse_dice("4-3").unwrap(), &Default::default(), &history_of(&setup));
//! let plays: Vec<&str> = e.plays.iter().map(|p| p.notation.as_str()).collect();
//! assert_eq!(plays, ["&R", "&X &V"]);
//! assert!(e.jans.is_empty());
//!
//! // the position after throw 15 of a record, with its score, explains throw 16
//! let text = "[First \"top\"]\n\n1. 6-5 AG AF\n";
//! let r = &soumille::notation::read(text)[0];
//! let rp = soumille::replay::replay(&r.record, &r.header, None);
//! let after = soumille::view::frames(&rp, &r.header)[1].position_string();
//! assert_eq!(after, "A13FG/&15 bottom holes=0/0 points=0/0 throws=1/0 bredouille=none pavillon=none");
//! let (setup, pos) = parse_setup(&after).unwrap();
//! let e = explain_with(&pos, parse_dice("4-3").unwrap(), &Default::default(), &history_of(&setup));
//! assert_eq!(e.plays.len(), 2);
//! ```

#![warn(missing_docs)]

pub mod board;
// the commands of the binary: only with the `fancy` feature, as `corpus`
#[cfg(feature = "fancy")]
pub mod commands;
/// Many files at once for the command line (diagnostics drawn by miette's `fancy` handlers):
/// only with the `fancy` feature, which the binary requires; the library's readers, engine
/// and renderers build without it (as the fuzz targets do).
#[cfg(feature = "fancy")]
pub mod corpus;
pub mod dice;
pub mod explain;
pub mod games;
pub mod generate;
pub mod interop;
pub mod json;
pub mod notation;
pub mod position;
pub mod render;
pub mod repair;
pub mod replay;
pub mod report;
pub mod sheet;
pub mod show;
pub mod view;
pub mod words;

pub use board::{BySeat, Dialect, Point, Seat, Setup};
pub use dice::Dice;
pub use games::grand_trictrac::options::RuleOptions;
pub use notation::jan::JanCode;
pub use notation::{Record, SyntaxError};
