//! The replay: a record folded throw by throw over the engine (RULES.md §10, §11), with a
//! flag for every fausse case, wrong seat and unreplayable play. It never stops at the
//! first flag; only a play that cannot be applied at all stops the game's replay.

use crate::board::Seat;
use crate::dice::Dice;
use crate::fausse_case::{judge, recorded_text, Rule};
use crate::notation::{parser::throw_spans, Decision, Header, Play as RecordedPlay, Record, Span};
use crate::position::{MoveRules, Position};
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
    /// The rule broken, for a fausse case.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<Rule>,
    /// Points claimed (écoles).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claimed: Option<i64>,
    /// Points expected (écoles).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<i64>,
    /// What is wrong, what was lawful or right.
    pub message: String,
    /// The bytes of the record it is about.
    #[serde(skip)]
    pub span: Option<Span>,
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
        }
    }
}

impl Flag {
    /// The flag as a diagnostic with a label on the bytes it is about.
    pub fn diagnostic(&self) -> crate::notation::SyntaxError {
        let what = match self.rule {
            Some(r) => r.name().to_string(),
            None => self.kind.name().to_string(),
        };
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
    /// The play as recorded, canonical (`-` for none).
    pub play: String,
    /// Whether the play was lawful.
    pub lawful: bool,
    /// The relève ended with this throw (`va` or a sortie).
    pub releve: bool,
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
}

/// The seat that throws first: the Position tag's, the `First` tag, the first throw's
/// recorded seat, or the seat whose men the first recorded move takes (RULES.md §11); top
/// when nothing tells.
pub fn first_seat(rec: &Record, header: &Header) -> Seat {
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
            if let Some(m0) = m.first() {
                let opening = Position::opening(Seat::Top);
                for s in Seat::ALL {
                    if opening.men(s, Position::relative(s, m0.from)) > 0 {
                        return s;
                    }
                }
            }
        }
    }
    Seat::Top
}

/// Replays a record. `src` (the text it was read from) lets flags point at the play.
pub fn replay(rec: &Record, header: &Header, src: Option<&str>) -> Replay {
    let rules = MoveRules::from(&header.rules);
    let first = first_seat(rec, header);
    let mut pos = match &header.position {
        Some(setup) => Position::from_setup(setup).unwrap_or_else(|_| Position::opening(first)),
        None => Position::opening(first),
    };
    pos.set_turn(first);
    let mut out = Replay::default();
    let spans_of = |t: &crate::notation::Throw| src.and_then(|s| throw_spans(s, t, header.letters));
    for (k, t) in rec.throws.iter().enumerate() {
        let expected = pos.turn();
        let thrower = t.seat.unwrap_or(expected);
        if thrower != expected {
            out.flags.push(Flag {
                throw: Some(t.number),
                kind: FlagKind::Seat,
                seat: Some(thrower),
                rule: None,
                claimed: None,
                expected: None,
                message: format!("throw {}: the record says {thrower} threw, but it was {expected}'s turn", t.number),
                span: spans_of(t).and_then(|s| s.seat.or(s.number)),
            });
            pos.set_turn(thrower);
        }
        let before = pos;
        if t.decision == Some(Decision::Go) {
            // va: the relève ends, nothing is played, the one who went throws first
            pos = Position::opening(thrower);
            out.steps.push(ThrowStep {
                number: t.number,
                seat: thrower,
                dice: t.dice,
                before,
                after: pos,
                play: "-".into(),
                lawful: true,
                releve: true,
            });
            continue;
        }
        let play = match &t.play {
            Some(p) => p.clone(),
            None => {
                let legal = pos.legal_plays(t.dice, rules);
                if legal.max_dice == 0 {
                    RecordedPlay::Pass
                } else {
                    out.flags.push(Flag {
                        throw: Some(t.number),
                        kind: FlagKind::NotReplayed,
                        seat: Some(thrower),
                        rule: None,
                        claimed: None,
                        expected: None,
                        message: format!(
                            "throw {} records no play though {thrower} could play; the replay stops here",
                            t.number
                        ),
                        span: spans_of(t).and_then(|s| s.dice),
                    });
                    out.stopped_at = Some(t.number);
                    out.end = Some(pos);
                    return out;
                }
            }
        };
        let j = judge(&pos, t.dice, &play, rules, header.letters);
        let lawful = j.fault.is_none();
        if let Some(f) = &j.fault {
            out.flags.push(Flag {
                throw: Some(t.number),
                kind: FlagKind::FausseCase,
                seat: Some(thrower),
                rule: Some(f.rule),
                claimed: None,
                expected: None,
                message: format!("throw {} ({} {}): {}", t.number, thrower, t.dice, f.message),
                span: spans_of(t).and_then(|s| s.play.or(s.dice)),
            });
            if f.fatal {
                if let Some(next) = rec.throws.get(k + 1) {
                    let last = rec.throws.last().map_or(t.number, |x| x.number);
                    out.flags.push(Flag {
                        throw: Some(t.number),
                        kind: FlagKind::NotReplayed,
                        seat: Some(thrower),
                        rule: None,
                        claimed: None,
                        expected: None,
                        message: format!(
                            "the play of throw {} cannot be applied; throws {}..{} are not replayed",
                            t.number, next.number, last
                        ),
                        span: spans_of(next).and_then(|s| s.number),
                    });
                }
                out.stopped_at = Some(t.number);
                out.end = Some(pos);
                return out;
            }
        }
        let mut after = j.after.unwrap_or(pos);
        let mut releve = false;
        if after.all_off(thrower) {
            // sortie: the relève ends; the one who bore off first throws first
            after = Position::opening(thrower);
            releve = true;
        }
        out.steps.push(ThrowStep {
            number: t.number,
            seat: thrower,
            dice: t.dice,
            before,
            after,
            play: recorded_text(&play, crate::board::Dialect::Soumille),
            lawful,
            releve,
        });
        pos = after;
    }
    out.end = Some(pos);
    out
}
