//! One renderer call per command that shows one replayed record (`replay`, `sheet`, `view`,
//! `show`): the choice of renderer for the record's game is made here, once, so that the
//! command line calls one function each. (Grand Trictrac's renderers and the other games'
//! are still two families; this module is where they meet until they are one.)

use crate::board::PointNames;
use crate::notation::{Game, ReadRecord};
use crate::replay::Replay;
use std::borrow::Cow;

/// The formats of `replay`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayFormat {
    /// The game throw by throw, as text.
    Text,
    /// One JSON document: `rows`, `flags`, `result`, `final`.
    Json,
}

/// The formats of `sheet`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SheetFormat {
    /// Plain text.
    Text,
    /// Markdown.
    Markdown,
    /// A self-contained HTML page.
    Html,
    /// JSON.
    Json,
}

/// The pictures of `show`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picture {
    /// The board as text.
    Text,
    /// The board as SVG.
    Svg,
    /// The position string (docs/format.md §6) with every score field, for `explain`.
    Position,
    /// GNU Backgammon's Position ID (backgammon records only).
    Gnubg,
    /// GNU Backgammon's ID, `POSITION-ID:MATCH-ID` (backgammon records only; gnubg's `set
    /// gnubgid`): the board, and the cube, the seat on roll, the match and its score.
    GnubgId,
}

/// How far a replay went, when a board after some throw is not in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// The replay stopped at this throw.
    Stopped(u32),
    /// The record has this many throws.
    Throws(usize),
}

impl std::fmt::Display for Reach {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Reach::Stopped(n) => write!(f, "the replay stopped at throw {n}"),
            Reach::Throws(n) => write!(f, "the record has {n} throws"),
        }
    }
}

/// Why `show` has no picture.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShowError {
    /// The replay has no board after that throw.
    #[error("no board after throw {at}: {reach}")]
    NoBoard {
        /// The throw asked for.
        at: u32,
        /// How far the replay went.
        reach: Reach,
    },
    /// `--format gnubg` of a record of another game than backgammon.
    #[error("--format gnubg is GNU Backgammon's Position ID: a {0} record has none")]
    NotBackgammon(Game),
    /// The board is no backgammon board (GNU Backgammon's Position ID cannot hold it).
    #[error("no backgammon board after throw {at}: {error}")]
    NoBackgammonBoard {
        /// The throw asked for.
        at: u32,
        /// What is wrong with the board.
        error: String,
    },
}

/// A value as pretty JSON with a final line end.
fn json_text<T: serde::Serialize>(v: &T) -> Result<String, serde_json::Error> {
    let mut s = serde_json::to_string_pretty(v)?;
    s.push('\n');
    Ok(s)
}

/// `replay`: the game throw by throw, as text or JSON (one document shape for every game).
pub fn replay(rp: &Replay, rec: &ReadRecord, format: ReplayFormat) -> Result<String, serde_json::Error> {
    replay_in(rp, rec, format, false)
}

/// The replay of a backgammon record with its flags' messages in point numbers when `points`
/// ([`crate::replay::words::in_points`], docs/games.md §I); else the replay as it is (the
/// other games keep their letters).
pub fn in_points<'a>(rp: &'a Replay, rec: &ReadRecord, points: bool) -> Cow<'a, Replay> {
    if !points || rec.header.game != Game::Backgammon {
        return Cow::Borrowed(rp);
    }
    let mut rp = rp.clone();
    crate::replay::words::in_points(&mut rp.flags);
    Cow::Owned(rp)
}

/// [`replay`], with `points` a backgammon record's flags in point numbers and, in the text,
/// its plays too (`replay --points`); the JSON's `play` stays in Soumille's letters, as
/// documented (docs/commands.md `replay`), its flags' `message` in numbers.
pub fn replay_in(
    rp: &Replay,
    rec: &ReadRecord,
    format: ReplayFormat,
    points: bool,
) -> Result<String, serde_json::Error> {
    let plays = if points { plays_in_points(rp, rec) } else { Vec::new() };
    let rp = &*in_points(rp, rec, points);
    Ok(match format {
        ReplayFormat::Text => {
            let names = [rec.record.tag("Top"), rec.record.tag("Bottom")];
            crate::sheet::replay_text_with(rp, rec.header.letters, names, &plays)
        }
        ReplayFormat::Json => {
            let sheet = crate::sheet::Sheet::of_record(rp, &rec.record, &rec.header);
            json_text(&crate::sheet::replay_document(rp, &sheet, &rec.header))?
        }
    })
}

/// `sheet`: the score sheet of any game, as text, Markdown, HTML or JSON.
pub fn sheet(rp: &Replay, rec: &ReadRecord, format: SheetFormat) -> Result<String, serde_json::Error> {
    sheet_in(rp, rec, format, false)
}

/// `sheet --format html` of a backgammon file of several games (a match or a money session,
/// docs/games.md §I): one page, the match table linking to each game's sheet below it; each
/// replay gets the match's flags first ([`crate::output::match_lines`]).
/// `points`: the plays in point numbers.
pub fn match_sheet(games: &mut [(ReadRecord, Replay)], points: bool) -> String {
    let lines = crate::output::match_lines(games.iter_mut().map(|(rec, rp)| (&rec.record, &rec.header, rp)));
    let sheets: Vec<String> =
        games.iter().map(|(rec, rp)| sheet_in(rp, rec, SheetFormat::Html, points).unwrap_or_default()).collect();
    let names = games.first().map_or([None, None], |(rec, _)| [rec.record.tag("Top"), rec.record.tag("Bottom")]);
    let title = format!("{} against {}", names[0].unwrap_or("top"), names[1].unwrap_or("bottom"));
    crate::sheet::match_page::match_page(&title, names, &lines, &sheets)
}

/// A backgammon record's plays in point numbers, as gnubg writes them (`--points`,
/// [`crate::output::step_play_in_points`]), by throw; an unlawful play as it is written
/// (its rests and hits, where the fault is); none for another game, or a throw without dice.
pub fn plays_in_points(rp: &Replay, rec: &ReadRecord) -> Vec<(u32, String)> {
    if rec.header.game != Game::Backgammon {
        return Vec::new();
    }
    let shown = |s: &crate::replay::Step| Some((s.number, crate::output::step_play_in_points(s)?));
    rp.steps.iter().filter(|s| s.dice.is_some()).filter_map(shown).collect()
}

/// [`sheet`], backgammon's plays in point numbers with `points` (`sheet --points`).
pub fn sheet_in(rp: &Replay, rec: &ReadRecord, format: SheetFormat, points: bool) -> Result<String, serde_json::Error> {
    let rp = &*in_points(rp, rec, points);
    let mut sheet = crate::sheet::Sheet::of_record(rp, &rec.record, &rec.header);
    sheet.numbers = points;
    if points {
        let plays = plays_in_points(rp, rec);
        for row in &mut sheet.rows {
            if let Some((_, p)) = plays.iter().find(|(n, _)| *n == row.throw && row.dice.is_some()) {
                row.play.clone_from(p);
            }
        }
    }
    Ok(match format {
        SheetFormat::Text => sheet.text(),
        SheetFormat::Markdown => sheet.markdown(),
        SheetFormat::Html => sheet.html(),
        SheetFormat::Json => json_text(&sheet)?,
    })
}

/// [`view`], backgammon's plays in point numbers with `points` (`view --points`).
pub fn view_in(rp: &Replay, rec: &ReadRecord, points: bool) -> String {
    if !points {
        return view(rp, rec);
    }
    let shown = in_points(rp, rec, points);
    crate::view::view_html_in_points(&rec.record, &rec.header, &shown, &plays_in_points(rp, rec))
}

/// `view` of a file of several records of one game (a backgammon match or money session,
/// docs/games.md §I; a file of parties): one page that steps through every game, with the
/// list of the games and, in a backgammon file, the match score (each replay gets the
/// match's flags first, [`crate::output::match_lines`], as [`match_sheet`]'s).
/// `points`: the plays in point numbers.
pub fn view_file(games: &mut [(ReadRecord, Replay)], points: bool) -> String {
    let backgammon = games.iter().all(|(rec, _)| rec.header.game == Game::Backgammon);
    let mut lines = if backgammon {
        crate::output::match_lines(games.iter_mut().map(|(rec, rp)| (&rec.record, &rec.header, rp)))
    } else {
        Vec::new()
    }
    .into_iter();
    if points {
        // after the match's flags are given: they are said in numbers too
        games.iter_mut().filter(|(rec, _)| rec.header.game == Game::Backgammon).for_each(|(_, rp)| {
            crate::replay::words::in_points(&mut rp.flags);
        });
    }
    let shown: Vec<crate::view::FileGame> = games
        .iter()
        .map(|(rec, rp)| crate::view::FileGame {
            rec: &rec.record,
            header: &rec.header,
            replay: rp,
            plays: if points { plays_in_points(rp, rec) } else { Vec::new() },
            numbers: points,
            line: lines.next(),
        })
        .collect();
    crate::view::view_file_html(&shown)
}

/// `view`: the self-contained HTML page that steps through the game.
pub fn view(rp: &Replay, rec: &ReadRecord) -> String {
    crate::view::view_html(&rec.record, &rec.header, rp)
}

/// `show`: the board after throw `at` (`0`: the start) in `format`, for every game (the
/// replay's setups); `name` (the file's) is in the text picture's title.
pub fn show(rp: &Replay, rec: &ReadRecord, name: &str, at: u32, format: Picture) -> Result<String, ShowError> {
    show_in(rp, rec, name, at, format, false)
}

/// [`show`], with `points` the board's points in numbers 1–24 from the side of the player on
/// roll ([`PointNames::Numbers`], docs/games.md §I) and the throw's backgammon play in point
/// numbers in the picture's title (`show --points`: the text picture names the throw and its
/// play, the SVG's caption writes it so).
pub fn show_in(
    rp: &Replay,
    rec: &ReadRecord,
    name: &str,
    at: u32,
    format: Picture,
    points: bool,
) -> Result<String, ShowError> {
    let play = if points && at > 0 {
        plays_in_points(rp, rec).into_iter().find(|(n, _)| *n == at).map(|(_, p)| p)
    } else {
        None
    };
    let names = if points { PointNames::Numbers } else { rec.header.letters.into() };
    let setup = if at == 0 {
        rp.steps.first().map(|s| &s.before).or(rp.last.as_ref())
    } else {
        rp.steps.iter().find(|s| s.number == at).map(|s| &s.after)
    };
    let Some(setup) = setup else {
        let reach = match rp.stopped_at {
            Some(n) => Reach::Stopped(n),
            None => Reach::Throws(rec.record.throws.len()),
        };
        return Err(ShowError::NoBoard { at, reach });
    };
    Ok(match format {
        Picture::Text => {
            let title = match (at, &play) {
                (0, _) => "the start".to_string(),
                (_, Some(p)) => format!("after throw {at}: {p}"),
                _ => format!("after throw {at}"),
            };
            format!("{name} — {title}\n{}", crate::show::setup_text(setup, names))
        }
        Picture::Svg => {
            let rp = &*in_points(rp, rec, points);
            crate::show::picture_after_with_play(rp, &rec.record, &rec.header, at, play.as_deref(), names)
                .unwrap_or_default()
        }
        Picture::Position => position_line(rp, rec, at),
        Picture::Gnubg => gnubg_line(rec, setup, at)?,
        Picture::GnubgId => {
            let pos = gnubg_line(rec, setup, at)?;
            let id = crate::output::gnubg_match_id(&rec.record, &rec.header, setup).ok_or_else(|| {
                ShowError::NoBackgammonBoard {
                    at,
                    error: "the cube, the match length or the score does not fit gnubg's Match ID".into(),
                }
            })?;
            format!("{}:{id}\n", pos.trim_end())
        }
    })
}

/// The position string after throw `at`, with its line end (the board was found).
fn position_line(rp: &Replay, rec: &ReadRecord, at: u32) -> String {
    let text = crate::explain::position_string_at(rp, &rec.header, at).unwrap_or_default();
    format!("{text}\n")
}

/// `show --format gnubg`: GNU Backgammon's Position ID of a backgammon board.
fn gnubg_line(rec: &ReadRecord, setup: &crate::board::Setup, at: u32) -> Result<String, ShowError> {
    if rec.header.game != Game::Backgammon {
        return Err(ShowError::NotBackgammon(rec.header.game));
    }
    match crate::output::gnubg_position_id(setup) {
        Ok(id) => Ok(format!("{id}\n")),
        Err(e) => Err(ShowError::NoBackgammonBoard { at, error: e.to_string() }),
    }
}
