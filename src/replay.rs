//! The replay: a record folded throw by throw over the engine (RULES.md §10, §11), with a
//! flag for every fausse case, wrong seat and unreplayable play. It never stops at the
//! first flag; only a play that cannot be applied at all stops the game's replay.

use crate::board::{Dialect, Seat, Setup};
use crate::dice::Dice;
use crate::fausse_case::Rule;
use crate::games::{Game, Games, GrandTrictrac};
use crate::jan::JanCode;
use crate::notation::{
    parser::throw_spans, Decision, Header, Mark, Play as RecordedPlay, Record, ResultBredouille, ResultClaim, Span,
    Throw,
};
use crate::position::Position;
use crate::score::{MarkOutcome, Score};
use crate::scoring::{History, RollJans};
use serde::Serialize;

/// What a flag is about (CLI.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FlagKind {
    /// An illegal play.
    FausseCase,
    /// A wrong count of points.
    Ecole,
    /// A school claimed where there was none.
    FausseEcole,
    /// The recorded thrower is not the one whose turn it is.
    Seat,
    /// A wrong hole claim.
    Holes,
    /// A `tient` / `va` where none belongs, or none where one does.
    Decision,
    /// The `Result` tag disagrees with the replay.
    Result,
    /// Impossible dice.
    Dice,
    /// The replay stopped before this throw.
    NotReplayed,
    /// A wrong claim other than points and holes (the other games, GAMES.md §A.10, §D.10,
    /// §E.12): a hit `*`, Tric Trac's marks and partie, the first throw, a cube value, a
    /// position; the claim is named in the flag's `rule`.
    Claim,
    /// An unlawful cube action (Backgammon, GAMES.md §D.10), named in the flag's `rule`.
    Cube,
}

/// One flag of the replay.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Flag {
    /// The throw number (`None` for the Result tag).
    pub throw: Option<u32>,
    /// What kind of flag.
    pub kind: FlagKind,
    /// The seat concerned.
    pub seat: Option<Seat>,
    /// The rule broken, for a fausse case (`must-fill`, or another game's `occupied`, …), a
    /// wrong claim or a cube action (`hit`, `cube-owner`, …): its report name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<&'static str>,
    /// Points claimed (écoles).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claimed: Option<i64>,
    /// Points expected (écoles).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<i64>,
    /// The school's amount: what the other seat may mark (écoles, fausses écoles).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<i64>,
    /// The lawful plays a fausse case's message suggests, nearest the recorded play first
    /// (all of them; the message names three). Not in the JSON (`schema_version` 1).
    #[serde(skip)]
    pub plays: Vec<RecordedPlay>,
    /// The jans the count is about (écoles: what the throw is worth to the seat that
    /// marked). Not in the JSON (`schema_version` 1).
    #[serde(skip)]
    pub jans: Vec<crate::scoring::Jan>,
    /// What the flag says, as facts (the rule's, the replay loop's); its words are
    /// [`Flag::message`]. Not in the JSON (`schema_version` 1).
    #[serde(skip)]
    pub fact: Fact,
    /// What is wrong, what was lawful or right: the words of [`Flag::fact`], written by the
    /// reporting layer ([`crate::words`]) in the record's letters when the flag is raised.
    pub message: String,
    /// The bytes of the record it is about.
    #[serde(skip)]
    pub span: Option<Span>,
}

/// What a flag says, as facts: the rules and the replay loop raise flags with facts and never
/// format text; the reporting layer ([`crate::words`]) writes the words (docs/design.md).
#[derive(Clone, Debug, PartialEq)]
pub enum Fact {
    /// The replay stops at throw `throw`, for `why`; `last` is the record's last throw number.
    Stop {
        /// The throw where the replay stops.
        throw: u32,
        /// Why.
        why: Stop,
        /// The record's last throw (the throws after `throw` up to it are not replayed).
        last: u32,
    },
    /// The recorded thrower is not the seat whose turn it was (RULES.md §11).
    Seat {
        /// The throw.
        throw: u32,
        /// The seat the record names.
        recorded: Seat,
        /// The seat whose turn it was.
        expected: Seat,
        /// The game gives a doublet's thrower the next throw too (Tric Trac, GAMES.md §E.4):
        /// the words say so.
        again_after_doublet: bool,
    },
    /// A Grand Trictrac fact (RULES.md).
    GrandTrictrac(crate::games::grand_trictrac::Fact),
    /// A Jacquet or Moultezim fact (GAMES.md §A–§C).
    Jacquet(crate::games::jacquet::Fact),
    /// A Backgammon fact (GAMES.md §D).
    Backgammon(crate::games::backgammon::Fact),
    /// A Tric Trac fact (GAMES.md §E).
    TricTrac(crate::games::tric_trac::Fact),
    /// Words written before their facts were (while the rules move to the reporting layer;
    /// nothing is to raise it when that is done).
    Text(String),
}

/// Why a replay stops (RULES.md §10: only a play or throw that cannot be replayed at all
/// stops it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The throw comes after the end of the game at throw `ended`.
    AfterEnd {
        /// The throw that ended the game.
        ended: u32,
    },
    /// The throw has no dice.
    NoDice,
    /// The throw records no play though `seat` could play.
    NoPlay {
        /// The thrower.
        seat: Seat,
    },
    /// The recorded play cannot be applied (a man not there, a landing on a held point);
    /// `before_marks`: the throw's marks are not counted either (Grand Trictrac).
    CannotApply {
        /// The throw's marks are not counted.
        before_marks: bool,
    },
    /// The `Position` tag is no position of the game.
    NoStart,
    /// The `Rules` tag cannot be read: its errors.
    Rules(Vec<String>),
}

impl FlagKind {
    /// The kind's name in reports (`fausse-case`, …).
    pub fn name(self) -> &'static str {
        match self {
            FlagKind::FausseCase => "fausse-case",
            FlagKind::Ecole => "ecole",
            FlagKind::FausseEcole => "fausse-ecole",
            FlagKind::Seat => "seat",
            FlagKind::Holes => "holes",
            FlagKind::Decision => "decision",
            FlagKind::Result => "result",
            FlagKind::Dice => "dice",
            FlagKind::NotReplayed => "not-replayed",
            FlagKind::Claim => "claim",
            FlagKind::Cube => "cube",
        }
    }
}

impl Flag {
    /// What the flag is, in a word: its rule for a fausse case, else its kind.
    pub fn what(&self) -> &'static str {
        self.rule.unwrap_or(self.kind.name())
    }

    /// A flag of `kind` at `throw` (`None`: the record as a whole), with no rule or amounts.
    pub fn new(throw: Option<u32>, kind: FlagKind, seat: Option<Seat>, message: String, span: Option<Span>) -> Flag {
        Flag {
            throw,
            kind,
            seat,
            rule: None,
            claimed: None,
            expected: None,
            amount: None,
            plays: Vec::new(),
            jans: Vec::new(),
            fact: Fact::Text(message.clone()),
            message,
            span,
        }
    }

    /// A flag of `kind` at `throw` saying `fact`, its message written by the reporting layer
    /// ([`crate::words::message`]) in `letters`.
    pub fn of(
        throw: Option<u32>,
        kind: FlagKind,
        seat: Option<Seat>,
        fact: Fact,
        letters: Dialect,
        span: Option<Span>,
    ) -> Flag {
        let message = crate::words::message(&fact, letters);
        Flag { fact, ..Flag::new(throw, kind, seat, message, span) }
    }

    /// The flag as a diagnostic with a label on the bytes it is about.
    pub fn diagnostic(&self) -> crate::notation::SyntaxError {
        let what = self.what().to_string();
        let code = format!("soumille::{}", what.replace('-', "_"));
        let mut e = crate::notation::SyntaxError::new(self.span, self.message.clone(), what);
        e.code = Some(code);
        e
    }
}

/// One throw as replayed.
#[derive(Clone, Debug)]
pub struct ThrowStep {
    /// The throw number.
    pub number: u32,
    /// Who threw.
    pub seat: Seat,
    /// The roll.
    pub dice: Dice,
    /// The position before the throw.
    pub before: Position,
    /// The position after it (after a relève: the new opening).
    pub after: Position,
    /// The play as recorded (`Pass` for none).
    pub play: RecordedPlay,
    /// Whether the play was lawful.
    pub lawful: bool,
    /// The relève ended with this throw (`va` or a sortie).
    pub releve: bool,
    /// Every jan the roll makes (before any man moved).
    pub jans: RollJans,
    /// What each seat marked in the books (`[top, bottom]`; claims where the record has them).
    pub marked: [u16; 2],
    /// What each seat should have marked (`[top, bottom]`).
    pub expected: [u16; 2],
    /// Holes each seat won with this throw (`[top, bottom]`).
    pub holes_won: [u16; 2],
    /// The thrower held (`tient`) or went (`va`) after a hole; `None` when no hole.
    pub decision: Option<Decision>,
    /// The score after the throw.
    pub score: Score,
}

/// A replayed record.
#[derive(Clone, Debug, Default)]
pub struct Replay {
    /// Each throw replayed, in order.
    pub steps: Vec<ThrowStep>,
    /// Every flag, in throw order.
    pub flags: Vec<Flag>,
    /// The throw at which the replay stopped, if it did.
    pub stopped_at: Option<u32>,
    /// The position at the end (or where the replay stopped).
    pub end: Option<Position>,
    /// The score at the end, as the record's claims leave it (RULES.md §9).
    pub score: Score,
    /// Whether the record has claims (`+` marks); without them the computed marks are used.
    pub has_claims: bool,
    /// The outcome of the tour, when it ended.
    pub outcome: Option<Outcome>,
    /// Trictrac à écrire: the marqués played (winner's and loser's holes).
    pub marques: Vec<MarqueResult>,
    /// Whether the queue des jetons is counted (`queue-jetons`).
    pub queue_jetons: bool,
    /// The other games: each throw replayed, positions as setups (when steps are kept).
    pub board_steps: Vec<BoardStep>,
    /// The other games: the position at the end (or where the replay stopped).
    pub end_setup: Option<Setup>,
    /// The other games: how the game (or the Tric Trac series) ended.
    pub game_end: Option<GameEnd>,
}

/// One throw of a game other than Grand Trictrac, as replayed: positions as game-neutral
/// setups (absolute letters, bar, borne off, score fields), so that renderers need no rules.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardStep {
    /// The throw number.
    pub number: u32,
    /// Who threw.
    pub seat: Seat,
    /// The roll (`None`: a double dropped, no dice thrown).
    pub dice: Option<Dice>,
    /// The position before the throw (with the game's score fields: cube, points, …).
    pub before: Setup,
    /// The position after it.
    pub after: Setup,
    /// The play as recorded (`Pass` for `-` or none).
    pub play: RecordedPlay,
    /// Whether the play was lawful.
    pub lawful: bool,
    /// What each seat scored with this throw (`[top, bottom]`; Tric Trac), 0 elsewhere.
    pub points: [u16; 2],
    /// A short note for sheets: the cube action, the partie won, …
    pub note: String,
}

/// How a game other than Grand Trictrac ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GameEnd {
    /// The winner.
    pub winner: Seat,
    /// What it won (points; Tric Trac: the series' points).
    pub points: u32,
    /// The kind of win (`gammon`, `backgammon`, `drop`, `partie double`, …), when it has one.
    pub kind: Option<&'static str>,
}

/// How a tour ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Outcome {
    /// The seat that reached twelve holes.
    pub winner: Seat,
    /// Its holes.
    pub winner_holes: u16,
    /// The loser's holes.
    pub loser_holes: u16,
    /// Grande bredouille or not.
    pub bredouille: crate::score::Bredouille,
    /// The winnings under the scheme of the `Rules` tag.
    pub stakes: f64,
}

/// One marqué of Trictrac à écrire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MarqueResult {
    /// The throw that ended it.
    pub throw: u32,
    /// Holes of each seat.
    pub holes: [u16; 2],
    /// The winner (more holes); `None` for a refait.
    pub winner: Option<Seat>,
    /// Petite or grande bredouille.
    pub bredouille: crate::score::MarqueBredouille,
    /// The consolation counted (RULES.md §12).
    pub consolation: i64,
    /// The marqué's points for its winner.
    pub value: i64,
}

/// A school a seat may claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Due {
    amount: u16,
    /// Due because a fausse école disputed a school rightly claimed (RULES.md §9).
    augmentation: bool,
}

/// The books every game's replay keeps, whatever its rules: the output, the flags raised
/// with their facts, the spans of a throw read only when a flag needs them, the stop (RULES.md
/// §10). A game's replay ([`Game::books`]) holds one and adds its own claims.
pub struct Ledger<'a> {
    /// What the replay gives.
    pub out: Replay,
    /// Keep every throw's step (`false`: flags, score and end only, for corpora).
    pub keep_steps: bool,
    /// The record.
    pub rec: &'a Record,
    /// The text the record was read from, for the flags' spans.
    pub src: Option<&'a str>,
    /// The record's letters, for the flags' words and the spans.
    pub letters: Dialect,
}

impl<'a> Ledger<'a> {
    /// The books of `rec` (read from `src`) under `header`.
    pub fn new(rec: &'a Record, header: &Header, src: Option<&'a str>, keep_steps: bool) -> Ledger<'a> {
        Ledger { out: Replay::default(), keep_steps, rec, src, letters: header.letters }
    }

    /// The token spans of throw `t`, read again from the text (only when a flag needs them).
    pub fn spans(&self, t: &Throw) -> Option<crate::notation::ThrowSpans> {
        self.src.and_then(|s| throw_spans(s, t, self.letters))
    }

    /// The span of a tag's value.
    pub fn tag_span(&self, name: &str) -> Option<Span> {
        self.rec.tags.iter().find(|t| t.name == name).and_then(|t| t.spans.map(|s| s.value))
    }

    /// Raises a flag saying `fact`; the flag is returned for its rule and amounts.
    pub fn raise(
        &mut self,
        throw: Option<u32>,
        kind: FlagKind,
        seat: Option<Seat>,
        fact: Fact,
        span: Option<Span>,
    ) -> &mut Flag {
        self.out.flags.push(Flag::of(throw, kind, seat, fact, self.letters, span));
        self.out.flags.last_mut().expect("just pushed")
    }

    /// The recorded thrower of `t` is not `expected` (RULES.md §11): a `seat` flag.
    pub fn wrong_seat(&mut self, t: &Throw, recorded: Seat, expected: Seat, again_after_doublet: bool) {
        let span = self.spans(t).and_then(|s| s.seat.or(s.number));
        let fact = Fact::Seat { throw: t.number, recorded, expected, again_after_doublet };
        self.raise(Some(t.number), FlagKind::Seat, Some(recorded), fact, span);
    }

    /// Stops the replay at throw `t` (RULES.md §10): a `not-replayed` flag saying why and
    /// which throws are not replayed.
    pub fn stop(&mut self, t: &Throw, seat: Option<Seat>, why: Stop, span: Option<Span>) {
        let last = self.rec.throws.last().map_or(t.number, |x| x.number);
        self.raise(Some(t.number), FlagKind::NotReplayed, seat, Fact::Stop { throw: t.number, why, last }, span);
        self.out.stopped_at = Some(t.number);
    }
}

/// The seat that throws first: the Position tag's, the `First` tag, the first throw's
/// recorded seat, or the seat whose men the first recorded move takes (RULES.md §11); top
/// when nothing tells.
pub fn first_seat(rec: &Record, header: &Header) -> Seat {
    let opening = Position::opening(Seat::Top);
    first_seat_by(rec, header, |s, p| opening.men(s, Position::relative(s, p)) > 0)
}

/// [`first_seat`] for any game: `starts_on(seat, point)` tells whether `seat` has men on
/// `point` at the game's opening (its talon, its start), which decides when the first move
/// is all the record says (GAMES.md §A.2, §D.3, §E.3).
pub fn first_seat_by(rec: &Record, header: &Header, starts_on: impl Fn(Seat, crate::board::Point) -> bool) -> Seat {
    if let Some(p) = &header.position {
        return p.turn;
    }
    if let Some(s) = header.first {
        return s;
    }
    if let Some(t) = rec.throws.first() {
        if let Some(s) = t.seat {
            return s;
        }
        if let Some(RecordedPlay::Moves(m)) = &t.play {
            if let Some(p) = m.first().and_then(|m| m.from_point()) {
                if let Some(s) = Seat::ALL.into_iter().find(|&s| starts_on(s, p)) {
                    return s;
                }
            }
        }
    }
    Seat::Top
}

/// The score a record starts from: the score fields of its `Position` tag (NOTATION.md §6),
/// or nothing. Without `bredouille=`, the only seat holding points is en bredouille, if just
/// one does.
pub fn start_score(header: &Header) -> Score {
    let mut score = Score::default();
    let Some(sc) = header.position.as_ref().map(|s| &s.score) else { return score };
    if let Some(p) = sc.points {
        score.points = [p[Seat::Top] as u16, p[Seat::Bottom] as u16];
    }
    if let Some(h) = sc.holes {
        score.holes = [h[Seat::Top], h[Seat::Bottom]];
    }
    score.bredouille = match sc.bredouille {
        Some(b) => [b == Some(Seat::Top), b == Some(Seat::Bottom)],
        None => [score.points[0] > 0 && score.points[1] == 0, score.points[1] > 0 && score.points[0] == 0],
    };
    if let Some(p) = sc.pavillon {
        score.pavillon = p;
    }
    score
}

/// Claimed points in a list of marks: (ordinary marks, school claims).
fn claimed(marks: &[Mark]) -> (u16, u16) {
    let mut plain = 0i64;
    let mut school = 0i64;
    for m in marks {
        if m.jans.iter().any(|j| j.code == JanCode::Ecole) {
            school += m.points;
        } else {
            plain += m.points;
        }
    }
    (plain.clamp(0, u16::MAX as i64) as u16, school.clamp(0, u16::MAX as i64) as u16)
}

struct Books<'a> {
    out: Replay,
    /// Keep every throw's step (`false`: flags and score only, see [`replay_books`]).
    keep_steps: bool,
    src: Option<&'a str>,
    header: &'a Header,
    /// Schools each seat may claim (amounts), from the other's miscounts.
    due: [Vec<Due>; 2],
    /// The last school each seat rightly claimed: its amount, and whether it was an
    /// augmentation (an école proved right after a fausse école against it).
    last_school: [Option<(u16, bool)>; 2],
}

impl Books<'_> {
    fn flag(
        &mut self,
        t: &Throw,
        kind: FlagKind,
        seat: Option<Seat>,
        message: String,
        span: Option<Span>,
    ) -> &mut Flag {
        self.out.flags.push(Flag::new(Some(t.number), kind, seat, message, span));
        self.out.flags.last_mut().expect("just pushed")
    }

    /// Records a throw's step, when steps are kept.
    fn step(&mut self, step: ThrowStep) {
        if self.keep_steps {
            self.out.steps.push(step);
        }
    }
}

/// The span of a list of marks in a throw (the first to the last), else the dice.
fn marks_span(spans: &Option<crate::notation::ThrowSpans>, opponent: bool) -> Option<Span> {
    let sp = spans.as_ref()?;
    let v = if opponent { &sp.opponent_marks } else { &sp.marks };
    match (v.first(), v.last()) {
        (Some(a), Some(b)) => Some(Span { start: a.start, end: b.end }),
        _ => sp.dice,
    }
}

/// Replays a record (RULES.md §10, §11) and keeps its books (§8, §9). `src` (the text it
/// was read from) lets flags point at the play or the marks. The game is chosen once, from
/// the `Game` tag ([`Games::of`]).
pub fn replay(rec: &Record, header: &Header, src: Option<&str>) -> Replay {
    Games::of(header).replay(rec, header, src, true)
}

/// Like [`replay`], keeping no step (`steps` stays empty): the flags, the score, the end and
/// the outcome only, for checking many records in little memory.
pub fn replay_books(rec: &Record, header: &Header, src: Option<&str>) -> Replay {
    Games::of(header).replay(rec, header, src, false)
}

/// Replays a record under the rules of `game`, keeping each throw's step or not. A game the
/// engine does not know ([`Game::replayable`]) gives one `not-replayed` flag at the first
/// throw.
pub fn replay_game<G: Game>(game: &G, rec: &Record, header: &Header, src: Option<&str>, keep_steps: bool) -> Replay {
    if game.replayable() {
        return game.books(rec, header, src, keep_steps);
    }
    // the other tables games of RULES.md §14 share the notation, not these rules
    let mut out = Replay::default();
    if let Some(t) = rec.throws.first() {
        let message = format!(
            "{} records are read, printed and converted, but not replayed: the engine knows the rules of Grand Trictrac (and Trictrac à écrire) only",
            game.tag()
        );
        out.flags.push(Flag::new(Some(t.number), FlagKind::NotReplayed, None, message, None));
        out.stopped_at = Some(t.number);
    }
    out
}

/// Grand Trictrac's books: the replay of a record with its claims (RULES.md §8–§12).
pub(crate) fn grand_trictrac_books(
    game: &GrandTrictrac,
    rec: &Record,
    header: &Header,
    src: Option<&str>,
    keep_steps: bool,
) -> Replay {
    let options = header.rules;
    let a_ecrire = game.a_ecrire;
    let first = first_seat(rec, header);
    let mut pos = match &header.position {
        Some(setup) => Position::from_setup(setup).unwrap_or_else(|_| Position::opening(first)),
        None => Position::opening(first),
    };
    pos.set_turn(first);
    // Trictrac à écrire: who won a hole after the other's first (holes "in a row")
    let mut first_hole = [false; 2];
    let mut broken_row = [false; 2];
    let mut refaits = 0u32;
    let mut marque_first = first;
    let mut history = History { first_releve: header.position.is_none(), ..History::default() };
    let mut score = start_score(header);
    if let Some(sc) = header.position.as_ref().map(|s| &s.score) {
        if sc.holes.is_some() {
            // holes won before the record: a run "in a row" cannot be told when both have some
            first_hole = [score.holes[0] > 0, score.holes[1] > 0];
            broken_row = [first_hole[0] && first_hole[1]; 2];
        }
        if let Some(t) = sc.throws {
            history.throws = [t[Seat::Top], t[Seat::Bottom]];
        }
    }
    let has_claims =
        rec.throws.iter().any(|t| !t.marks.is_empty() || t.opponent.as_ref().is_some_and(|o| !o.marks.is_empty()));
    let queue_jetons = options.queue_jetons == crate::options::QueueJetons::Oui;
    let mut b = Books {
        out: Replay { has_claims, queue_jetons, ..Replay::default() },
        keep_steps,
        src,
        header,
        due: [Vec::new(), Vec::new()],
        last_school: [None, None],
    };
    let letters = header.letters;
    // the plays of each throw, in two lists reused from throw to throw
    let mut plays = Box::new(game.new_plays());
    for t in &rec.throws {
        // Grand Trictrac throws always have dice (the reader requires them)
        let Some(dice) = t.dice else { break };
        // token spans, read again only when a flag needs them
        let spans_cell: std::cell::OnceCell<Option<crate::notation::ThrowSpans>> = std::cell::OnceCell::new();
        let src_ = b.src;
        let spans_of = || spans_cell.get_or_init(|| src_.and_then(|s| throw_spans(s, t, letters))).clone();
        let expected_turn = pos.turn();
        let thrower = t.seat.unwrap_or(expected_turn);
        let opp = thrower.other();
        if thrower != expected_turn {
            b.flag(
                t,
                FlagKind::Seat,
                Some(thrower),
                format!("throw {}: the record says {thrower} threw, but it was {expected_turn}'s turn", t.number),
                spans_of().and_then(|s| s.seat.or(s.number)),
            );
            pos.set_turn(thrower);
        }
        let before = pos;
        let score_before = score;
        let jans = game.roll(&pos, &history, dice, &mut plays);
        let mut expected = [0u16; 2];
        expected[thrower.index()] = jans.points_of(thrower);
        expected[opp.index()] = jans.points_of(opp);
        let going = t.decision == Some(Decision::Go);
        // the play, judged first (a broken jan changes what the thrower may keep)
        let play: Option<RecordedPlay> = match &t.play {
            Some(p) => Some(p.clone()),
            None if plays.dice.max_dice == 0 => Some(RecordedPlay::Pass),
            None => None,
        };
        let judged =
            if going { None } else { play.as_ref().map(|p| game.judge(&pos, &history, dice, &plays, p, letters)) };
        if let Some(f) = judged.as_ref().and_then(|j| j.fault.as_ref()).filter(|f| f.fatal) {
            // a play that cannot be applied stops the replay before the throw's marks are
            // counted: the fausse case and one not-replayed flag at this throw (RULES.md §10)
            let sp = spans_of();
            let fl = b.flag(
                t,
                FlagKind::FausseCase,
                Some(thrower),
                format!("throw {} ({} {}): {}", t.number, thrower, dice, f.message),
                sp.as_ref().and_then(|s| s.play.or(s.dice)),
            );
            fl.rule = Some(f.rule.name());
            fl.plays = f.lawful.iter().map(|p| p.moves(thrower)).collect();
            let rest = match rec.throws.last().map(|x| x.number).filter(|&n| n > t.number) {
                Some(last) if last == t.number + 1 => format!("; throw {last} is not replayed"),
                Some(last) => format!("; throws {}..{last} are not replayed", t.number + 1),
                None => String::new(),
            };
            let message = format!(
                "the play of throw {} cannot be applied: the replay stops here, before its marks{rest}",
                t.number
            );
            b.flag(t, FlagKind::NotReplayed, Some(thrower), message, sp.as_ref().and_then(|s| s.number));
            b.out.stopped_at = Some(t.number);
            b.out.end = Some(pos);
            b.out.score = score_before;
            return b.out;
        }
        let broken = judged.as_ref().and_then(|j| j.fault.as_ref()).and_then(|f| match f.rule {
            Rule::MustFill => Some(f.rule),
            Rule::MustPreserve => Some(f.rule),
            _ => None,
        });
        let mut dropped = 0u16;
        if let (Some(rule), Some(j)) = (broken, &judged) {
            let after_full = j.after.map(|a| Position::full_jans(a.side(thrower))).unwrap_or(0);
            for (bit, fill, keep) in [
                (crate::position::jans::PETIT, JanCode::PetitJan, JanCode::ConservePetitJan),
                (crate::position::jans::GRAND, JanCode::GrandJan, JanCode::ConserveGrandJan),
                (crate::position::jans::RETOUR, JanCode::Retour, JanCode::ConserveRetour),
            ] {
                if after_full & bit == 0 {
                    dropped += jans.points_for(thrower, if rule == Rule::MustFill { fill } else { keep });
                }
            }
        }
        let owed = expected[thrower.index()] - dropped.min(expected[thrower.index()]);
        // 1. the thrower marks
        let (claim_t, school_t) = claimed(&t.marks);
        let marked_t = if has_claims { claim_t } else { owed };
        if has_claims && (claim_t != owed || dropped > 0) {
            let worth = jans.describe(thrower, letters);
            let message = if dropped > 0 {
                let marked_jan = if claim_t >= expected[thrower.index()] { dropped } else { 0 };
                let amount = match options.ecole_plein {
                    crate::options::EcolePlein::Guiton => dropped,
                    crate::options::EcolePlein::Lepeintre => marked_jan + dropped,
                };
                let what = if broken == Some(Rule::MustFill) {
                    "could fill a jan and did not"
                } else {
                    "broke a jan it could keep"
                };
                format!(
                    "throw {}: {thrower} {what}: the {dropped} points of it are not {thrower}'s ({worth}); {thrower} marked {claim_t}, keeps {owed}: école of {amount} for {opp}",
                    t.number
                )
            } else if claim_t < owed {
                format!(
                    "throw {}: {thrower} marked {claim_t}, the throw is worth {owed} to {thrower} ({worth}): école par moins of {} for {opp}",
                    t.number,
                    owed - claim_t
                )
            } else {
                format!(
                    "throw {}: {thrower} marked {claim_t}, the throw is worth {owed} to {thrower} ({worth}): école par trop of {} for {opp}",
                    t.number,
                    claim_t - owed
                )
            };
            let amount = if dropped > 0 {
                match options.ecole_plein {
                    crate::options::EcolePlein::Guiton => dropped,
                    crate::options::EcolePlein::Lepeintre => {
                        dropped + if claim_t >= expected[thrower.index()] { dropped } else { 0 }
                    }
                }
            } else {
                claim_t.abs_diff(owed)
            };
            let f = b.flag(t, FlagKind::Ecole, Some(thrower), message, marks_span(&spans_of(), false));
            f.jans = jans.iter().filter(|j| j.seat == thrower).copied().collect();
            f.claimed = Some(claim_t as i64);
            f.expected = Some(owed as i64);
            f.amount = Some(amount as i64);
            b.due[opp.index()].push(Due { amount, augmentation: false });
        }
        let mut holes_won = [0u16; 2];
        let before_holes = score.holes;
        let outcome = score.mark(thrower, marked_t);
        holes_won[thrower.index()] = outcome.holes;
        check_holes(&mut b, t, thrower, t.holes, outcome, &mut score, before_holes, &spans_of, false);
        holes_won[thrower.index()] = score.holes[thrower.index()] - before_holes[thrower.index()];
        note_row(&mut first_hole, &mut broken_row, thrower, holes_won[thrower.index()]);
        // school claims in the thrower's marks
        if school_t > 0 {
            claim_school(&mut b, t, thrower, school_t, &mut score, &spans_of, false);
        }
        // 2. hold or go
        let won = holes_won[thrower.index()] > 0;
        let tour_over = !a_ecrire && score.winner().is_some();
        let mut decision = None;
        if won && !tour_over {
            decision = Some(t.decision.unwrap_or(Decision::Hold));
            if t.decision.is_none() && has_claims {
                b.flag(
                    t,
                    FlagKind::Decision,
                    Some(thrower),
                    format!("throw {}: {thrower} won a hole and says neither tient nor va; read as tient", t.number),
                    spans_of().and_then(|s| s.holes.or(s.dice)),
                );
            }
        } else if won {
            // the twelfth hole: no decision is needed, one given is kept (RULES.md §8)
            decision = t.decision;
        } else if t.decision.is_some() {
            b.flag(
                t,
                FlagKind::Decision,
                Some(thrower),
                format!(
                    "throw {}: {thrower} won no hole with this throw, so there is nothing to hold or go; ignored",
                    t.number
                ),
                spans_of().and_then(|s| s.decision),
            );
        }
        // the twelfth hole ends the tour: `va` there still wipes both seats' points (RULES.md §8)
        let goes = decision == Some(Decision::Go);
        if goes {
            if tour_over && b.out.outcome.is_none() {
                b.out.outcome = game.outcome(&score, &score_before);
            }
            // va: the relève ends, nothing is played, the opponent marks nothing
            let (claim_o, _) = t.opponent.as_ref().map_or((0, 0), |o| claimed(&o.marks));
            if has_claims && claim_o > 0 {
                let f = b.flag(
                    t,
                    FlagKind::Ecole,
                    Some(opp),
                    format!("throw {}: {thrower} went, so {opp} marks nothing for this roll, but marked {claim_o}: école par trop", t.number),
                    marks_span(&spans_of(), true),
                );
                f.claimed = Some(claim_o as i64);
                f.expected = Some(0);
                f.amount = Some(claim_o as i64);
            }
            let mut next_first = thrower;
            if a_ecrire && score.holes.iter().any(|&h| h >= 6) {
                let h = score.holes;
                let winner = match h[0].cmp(&h[1]) {
                    std::cmp::Ordering::Greater => Some(Seat::Top),
                    std::cmp::Ordering::Less => Some(Seat::Bottom),
                    std::cmp::Ordering::Equal => None,
                };
                let consolation = crate::score::consolation(refaits, options.consolation);
                let (bredouille, value) = match winner {
                    Some(w) => {
                        let (wh, lh) = (h[w.index()], h[w.other().index()]);
                        let br = crate::score::marque_bredouille(wh, !broken_row[w.index()]);
                        (br, crate::score::marque_value(wh, lh, br, consolation))
                    }
                    None => (crate::score::MarqueBredouille::None, 0),
                };
                refaits = if winner.is_none() { refaits + 1 } else { 0 };
                b.out.marques.push(MarqueResult { throw: t.number, holes: h, winner, bredouille, consolation, value });
                score = Score::default();
                first_hole = [false; 2];
                broken_row = [false; 2];
                // primauté (RULES.md §12): the winner throws first, or in turn; a refait keeps it
                next_first = match (options.primaute, winner) {
                    (_, None) => marque_first,
                    (crate::options::Primaute::Gagnant, Some(w)) => w,
                    (crate::options::Primaute::Alterne, Some(_)) => marque_first.other(),
                };
                marque_first = next_first;
            }
            score.wipe_points();
            pos = Position::opening(next_first);
            history = History::default();
            b.step(ThrowStep {
                number: t.number,
                seat: thrower,
                dice,
                before,
                after: pos,
                play: RecordedPlay::Pass,
                lawful: true,
                releve: true,
                jans,
                marked: {
                    let mut m = [0; 2];
                    m[thrower.index()] = marked_t;
                    m
                },
                expected: {
                    let mut e = [0; 2];
                    e[thrower.index()] = owed;
                    e
                },
                holes_won,
                decision,
                score,
            });
            continue;
        }
        // 3. the play; after the twelfth hole nothing more need be played (RULES.md §8)
        let at_end_without_play = t.play.is_none() && tour_over;
        let play = match play {
            Some(p) => p,
            None if tour_over => RecordedPlay::Pass,
            None => {
                b.flag(
                    t,
                    FlagKind::NotReplayed,
                    Some(thrower),
                    format!("throw {} records no play though {thrower} could play; the replay stops here", t.number),
                    spans_of().and_then(|s| s.dice),
                );
                b.out.stopped_at = Some(t.number);
                b.out.end = Some(pos);
                b.out.score = score;
                return b.out;
            }
        };
        let j = if at_end_without_play {
            None
        } else {
            Some(judged.unwrap_or_else(|| game.judge(&pos, &history, dice, &plays, &play, letters)))
        };
        let lawful = j.as_ref().is_none_or(|j| j.fault.is_none());
        if let Some(f) = j.as_ref().and_then(|j| j.fault.as_ref()) {
            let fl = b.flag(
                t,
                FlagKind::FausseCase,
                Some(thrower),
                format!("throw {} ({} {}): {}", t.number, thrower, dice, f.message),
                spans_of().and_then(|s| s.play.or(s.dice)),
            );
            fl.rule = Some(f.rule.name());
            fl.plays = f.lawful.iter().map(|p| p.moves(thrower)).collect();
        }
        // a full jan de retour kept par privilège counts one of the three (provincial)
        if let (Some(p), crate::options::Sortie::Provinciale) = (j.as_ref().and_then(|j| j.legal), game.rules.sortie) {
            if p.steps().iter().any(|s| s.to as usize == crate::position::OFF) {
                let strict = crate::position::MoveRules { privileges_left: 0, ..game.move_rules(&pos, &history) };
                if crate::position::Board::new(&pos, strict).legal_plays(dice).find(p.key).is_none() {
                    history.privileges_used[thrower.index()] += 1;
                }
            }
        }
        // 4. the opponent marks (at the end of the tour with no play, only what he wrote)
        let (claim_o, school_o) = t.opponent.as_ref().map_or((0, 0), |o| claimed(&o.marks));
        if at_end_without_play && t.opponent.is_none() {
            expected[opp.index()] = 0;
        }
        let owed_o = expected[opp.index()];
        let marked_o = if has_claims { claim_o } else { owed_o };
        if school_o > 0 {
            claim_school(&mut b, t, opp, school_o, &mut score, &spans_of, true);
        }
        if has_claims && claim_o != owed_o {
            let (amount, how) = if claim_o < owed_o {
                (owed_o - claim_o, "école par moins")
            } else {
                (claim_o - owed_o, "école par trop")
            };
            let worth = jans.describe(opp, letters);
            let f = b.flag(
                t,
                FlagKind::Ecole,
                Some(opp),
                format!(
                    "throw {}: {opp} marked {claim_o}, the throw is worth {owed_o} to {opp} ({worth}): {how} of {amount} for {thrower}",
                    t.number
                ),
                marks_span(&spans_of(), true),
            );
            f.jans = jans.iter().filter(|j| j.seat == opp).copied().collect();
            f.claimed = Some(claim_o as i64);
            f.expected = Some(owed_o as i64);
            f.amount = Some(amount as i64);
            b.due[thrower.index()].push(Due { amount, augmentation: false });
        }
        let before_holes = score.holes;
        let o_out = score.mark(opp, marked_o);
        let opp_claim = t.opponent.as_ref().and_then(|o| o.holes);
        check_holes(&mut b, t, opp, opp_claim, o_out, &mut score, before_holes, &spans_of, true);
        holes_won[opp.index()] += score.holes[opp.index()] - before_holes[opp.index()];
        note_row(&mut first_hole, &mut broken_row, opp, holes_won[opp.index()]);
        // 5. after the play: a sortie ends the relève
        let mut after = j.as_ref().and_then(|j| j.after).unwrap_or(pos);
        let mut releve = false;
        if after.all_off(thrower) {
            after = Position::opening(thrower);
            releve = true;
            history = History::default();
        } else {
            if history.throws == [0, 0] {
                history.first_roll = Some(dice);
            }
            history.throws[thrower.index()] += 1;
        }
        let mut marked = [0u16; 2];
        marked[thrower.index()] = marked_t;
        marked[opp.index()] = marked_o;
        let mut exp = expected;
        exp[thrower.index()] = owed;
        b.step(ThrowStep {
            number: t.number,
            seat: thrower,
            dice,
            before,
            after,
            play,
            lawful,
            releve,
            jans,
            marked,
            expected: exp,
            holes_won,
            decision,
            score,
        });
        pos = after;
        if b.out.outcome.is_none() {
            b.out.outcome = game.outcome(&score, &score_before);
        }
    }
    b.out.end = Some(pos);
    b.out.score = score;
    let result_span = rec.tags.iter().find(|t| t.name == "Result").and_then(|t| t.spans.map(|s| s.value));
    check_result(&mut b, result_span);
    b.out
}

/// Notes holes won by `seat`: the other's run is broken if it had begun (RULES.md §12).
fn note_row(first: &mut [bool; 2], broken: &mut [bool; 2], seat: Seat, holes: u16) {
    if holes == 0 {
        return;
    }
    if first[seat.other().index()] {
        broken[seat.other().index()] = true;
    }
    first[seat.index()] = true;
}

/// Checks a hole claim against the holes the marks gave (RULES.md §9): an under-claimed
/// bredouille hole is flagged `holes` and the record's count stands; holes claimed beyond
/// the marks are an école of twelve points each.
#[allow(clippy::too_many_arguments)]
fn check_holes(
    b: &mut Books,
    t: &Throw,
    seat: Seat,
    claim: Option<u32>,
    out: MarkOutcome,
    score: &mut Score,
    before: [u16; 2],
    spans: &dyn Fn() -> Option<crate::notation::ThrowSpans>,
    opponent: bool,
) {
    let Some(c) = claim else { return };
    let c = c.min(u16::MAX as u32) as u16;
    let won = out.holes;
    if c == won {
        return;
    }
    // the spans are read only now, when there is something to flag (issue 7)
    let span = spans().and_then(|s| if opponent { s.opponent_holes } else { s.holes });
    let i = seat.index();
    if c < won {
        let why = if won - c <= out.doubled {
            "a bredouille hole not claimed (not an école)"
        } else {
            "fewer holes than the marks give"
        };
        let f = b.flag(
            t,
            FlagKind::Holes,
            Some(seat),
            format!(
                "throw {}: {seat} claimed {c} hole(s), the marks give {won}: {why}; the record's count stands",
                t.number
            ),
            span,
        );
        f.claimed = Some(c as i64);
        f.expected = Some(won as i64);
        score.holes[i] = before[i] + c;
    } else if !b.out.has_claims {
        // a record without marks is scored, not schooled: a wrong hole count is only that
        let f = b.flag(
            t,
            FlagKind::Holes,
            Some(seat),
            format!("throw {}: {seat} claimed {c} hole(s), the throw gives {won}; the record's count stands", t.number),
            span,
        );
        f.claimed = Some(c as i64);
        f.expected = Some(won as i64);
        score.win_holes(seat, c - won);
    } else {
        let extra = c - won;
        let f = b.flag(
            t,
            FlagKind::Ecole,
            Some(seat),
            format!(
                "throw {}: {seat} claimed {c} hole(s), the marks give {won}: école of {} points for {}",
                t.number,
                12 * extra,
                seat.other()
            ),
            span,
        );
        f.claimed = Some(c as i64);
        f.expected = Some(won as i64);
        f.amount = Some(12 * extra as i64);
        b.due[seat.other().index()].push(Due { amount: 12 * extra, augmentation: false });
        score.win_holes(seat, extra);
    }
}

/// A school claimed by `seat` (RULES.md §9): due from the other's miscount, or a fausse école.
fn claim_school(
    b: &mut Books,
    t: &Throw,
    seat: Seat,
    amount: u16,
    score: &mut Score,
    spans: &dyn Fn() -> Option<crate::notation::ThrowSpans>,
    opponent: bool,
) {
    let pool = &mut b.due[seat.index()];
    if let Some(k) = pool.iter().position(|d| d.amount == amount) {
        let d = pool.remove(k);
        b.last_school[seat.index()] = Some((amount, d.augmentation));
    } else {
        let due: Vec<String> = pool.iter().map(|d| d.amount.to_string()).collect();
        let note = if due.is_empty() {
            "none was due".to_string()
        } else {
            format!("the schools due were {}", due.join(", "))
        };
        // the other may mark what was claimed wrongly: when the fausse école disputed a
        // school the other rightly claimed, that is the augmentation d'école (the school
        // doubled), once; a dispute of the augmentation itself gives nothing more
        let other = seat.other();
        let disputes_augmentation = b.last_school[other.index()] == Some((amount, true));
        let augmentation = b.last_school[other.index()].is_some_and(|(a, _)| a == amount);
        let then = if disputes_augmentation {
            format!("{other}'s school was already doubled, so nothing more is due")
        } else if augmentation {
            format!("{other} may mark {amount} again (augmentation d'école)")
        } else {
            format!("{other} may mark {amount}")
        };
        let f = b.flag(
            t,
            FlagKind::FausseEcole,
            Some(seat),
            format!("throw {}: {seat} claimed a school of {amount} but {note}: a fausse école; {then}", t.number),
            marks_span(&spans(), opponent),
        );
        f.claimed = Some(amount as i64);
        f.expected = Some(0);
        f.amount = Some(amount as i64);
        if !disputes_augmentation {
            b.due[other.index()].push(Due { amount, augmentation });
        }
    }
    let out = score.mark(seat, amount);
    let _ = out;
}

/// The `Result` tag against the replay (RULES.md §9).
fn check_result(b: &mut Books, span: Option<Span>) {
    let Some(claim) = &b.header.result else { return };
    let computed = b.out.outcome;
    let msg = match (claim, computed) {
        (ResultClaim::Unfinished, None) => None,
        (ResultClaim::Unfinished, Some(o)) => Some(format!(
            "the Result tag says the tour is unfinished, but {} reached {} holes to {}",
            o.winner, o.winner_holes, o.loser_holes
        )),
        (ResultClaim::Won { winner, .. }, None) => {
            if b.out.stopped_at.is_some() {
                None
            } else {
                Some(format!(
                    "the Result tag says {winner} won, but the replay ends with holes top {} bottom {}",
                    b.out.score.holes[0], b.out.score.holes[1]
                ))
            }
        }
        (ResultClaim::Won { winner, winner_holes, loser_holes, bredouille, stakes }, Some(o)) => {
            let mut diffs = Vec::new();
            if *winner != o.winner {
                diffs.push(format!("the winner is {}", o.winner));
            }
            if *winner_holes as u16 != o.winner_holes || *loser_holes as u16 != o.loser_holes {
                diffs.push(format!("the holes are {}-{}", o.winner_holes, o.loser_holes));
            }
            // the word is optional; claimed where the tour was not so won, it is wrong
            // (NOTATION.md §7). `bredouille` in a Result is read as the grande bredouille,
            // the only one a tour is won in.
            let gb = o.bredouille != crate::score::Bredouille::None;
            if bredouille.is_some() && !gb {
                let word = match bredouille {
                    Some(ResultBredouille::Bredouille) => "bredouille",
                    _ => "grande-bredouille",
                };
                diffs.push(format!("it was not won en grande bredouille (the tag says {word})"));
            }
            if let Some(s) = stakes {
                if (s - o.stakes).abs() > 1e-9 {
                    diffs.push(format!("the stakes are {}", o.stakes));
                }
            }
            (!diffs.is_empty()).then(|| format!("the Result tag disagrees with the replay: {}", diffs.join("; ")))
        }
        (ResultClaim::Points { .. }, _) => Some("the Result tag gives points won, not a Grand Trictrac result".into()),
    };
    if let Some(message) = msg {
        b.out.flags.push(Flag::new(None, FlagKind::Result, None, message, span));
    }
}
