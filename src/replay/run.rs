//! The one replay loop ([`run`]) and the hooks it asks of a game's books ([`Books`], [`Flow`]).

use super::{Ledger, Replay, Step, ThrowFeed};
use crate::notation::Throw;

/// What a hook tells the replay loop ([`run`]) to do next with the throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on to the throw's next hook.
    On,
    /// The throw is done (a double dropped, a `va`): its step is kept, the next throw comes.
    Done,
    /// The replay stops here (the hook raised the stop, docs/rules.md §10, or the record ends
    /// early): no step is kept for this throw, no throw comes after it.
    Stop,
}

/// A game's books: what the one replay loop ([`run`]) asks of a game at each throw, in this
/// order (docs/design.md, "The replay and the books"). The game's state between throws is
/// the fields of the books; what one throw carries from hook to hook is its [`Books::Turn`].
///
/// 1. [`Books::seat`]: is there a throw to replay (not after the end, dice thrown where the
///    game needs them at once), and who throws (the wrong-seat flag);
/// 2. [`Books::before_dice`]: what comes before the dice (backgammon's cube action; a double
///    dropped ends the game);
/// 3. [`Books::play`]: the play, judged against the legal plays and applied;
/// 4. [`Books::claims`]: what the throw scores and what was claimed (marks, holes, hits,
///    parties, decisions);
/// 5. [`Books::after`]: the end of a game and what it is worth, the relève, the partie, the
///    doublet's next throw;
/// 6. [`Books::step`]: the throw's step, asked only when steps are kept;
///
/// and after the last throw (or the stop) [`Books::finish`]: the position reached, the end,
/// the `Result` tag.
pub trait Books<'r> {
    /// What one throw carries from hook to hook (its thrower, dice, positions, judgement).
    type Turn;

    /// The shared books the hooks raise their flags on.
    fn ledger(&mut self) -> &mut Ledger<'r>;

    /// Whether throw `t` is replayed and who throws it: `None` stops the replay (the hook
    /// raised the stop).
    fn seat(&mut self, t: &Throw) -> Option<Self::Turn>;

    /// What comes before the dice (backgammon's cube action).
    fn before_dice(&mut self, _t: &Throw, _turn: &mut Self::Turn) -> Flow {
        Flow::On
    }

    /// The play: judged against the legal plays, flagged, applied.
    fn play(&mut self, t: &Throw, turn: &mut Self::Turn) -> Flow;

    /// What the throw scores and what was claimed.
    fn claims(&mut self, _t: &Throw, _turn: &mut Self::Turn) -> Flow {
        Flow::On
    }

    /// After the throw: the end of a game, a relève or a partie, the next thrower.
    fn after(&mut self, _t: &Throw, _turn: &mut Self::Turn) -> Flow {
        Flow::On
    }

    /// The throw's step (asked only when steps are kept).
    fn step(&mut self, t: &Throw, turn: &Self::Turn) -> Step;

    /// The books at the end: the position reached, the end, the `Result` tag.
    fn finish(self) -> Replay;

    /// The game's state between two throws, owned (no borrow of the record): what
    /// [`Books::restore`] rebuilds the books from, taken only when checkpoints are asked
    /// ([`replay_resumable`]). `None`: the game cannot be resumed, and [`replay_from`]
    /// replays its records whole.
    fn save(&self) -> Option<State> {
        None
    }

    /// Puts back the state [`Books::save`] took (the books were just built from the same
    /// tags); `false` when `state` is not this game's (then nothing changed).
    fn restore(&mut self, _state: &State) -> bool {
        false
    }
}

/// A game's state between two throws ([`Books::save`]), whatever the game.
pub type State = std::sync::Arc<dyn std::any::Any + Send + Sync>;

/// The one replay loop: takes each throw of `feed`, asks `books`' hooks in their order
/// ([`Books`]), keeps the throw's step when steps are kept, and stops when a hook says so.
/// Generic over the books (one copy per game, no dispatch per throw).
pub fn run<'r, B: Books<'r>>(mut books: B, mut feed: ThrowFeed<'_>) -> Replay {
    books.ledger().last_throw = feed.sum.last;
    let checkpoints = feed.checkpoints;
    if checkpoints {
        books.ledger().out.checkpoints.claims = Some(feed.claims());
        books.ledger().out.checkpoints.keep_steps = books.ledger().keep_steps;
        books.ledger().out.checkpoints.at.reserve(feed.sum.len);
    }
    let mut index = match feed.resume.take() {
        Some((earlier, from)) => super::resume::resume(&mut books, &mut feed, earlier, from),
        None => 0,
    };
    while let Some(t) = feed.next() {
        if checkpoints {
            super::resume::checkpoint(&mut books, index);
            index += 1;
        }
        let Some(mut turn) = books.seat(t) else { break };
        match throw_hooks(&mut books, t, &mut turn) {
            Flow::Stop => break,
            Flow::On | Flow::Done => {
                if books.ledger().keep_steps {
                    let step = books.step(t, &turn);
                    books.ledger().out.steps.push(step);
                }
            }
        }
    }
    books.finish()
}

/// The hooks of one throw after its seat, in order, until one ends the throw.
#[inline(always)]
fn throw_hooks<'r, B: Books<'r>>(books: &mut B, t: &Throw, turn: &mut B::Turn) -> Flow {
    match books.before_dice(t, turn) {
        Flow::On => {}
        f => return f,
    }
    match books.play(t, turn) {
        Flow::On => {}
        f => return f,
    }
    match books.claims(t, turn) {
        Flow::On => {}
        f => return f,
    }
    books.after(t, turn)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Seat;
    use crate::notation::Play as RecordedPlay;
    use crate::replay::StepDetail;

    /// Books that record the hooks the loop calls, a throw's being done early at `done` and
    /// the replay's stopping at `stop`.
    struct Toy<'r, 'c> {
        l: Ledger<'r>,
        calls: &'c mut Vec<String>,
        done: u32,
        stop: u32,
    }

    impl<'r> Books<'r> for Toy<'r, '_> {
        type Turn = u32;

        fn ledger(&mut self) -> &mut Ledger<'r> {
            &mut self.l
        }
        fn seat(&mut self, t: &Throw) -> Option<u32> {
            self.calls.push(format!("seat {}", t.number));
            (t.number != self.stop).then_some(t.number)
        }
        fn before_dice(&mut self, _: &Throw, n: &mut u32) -> Flow {
            self.calls.push(format!("before_dice {n}"));
            if *n == self.done {
                Flow::Done
            } else {
                Flow::On
            }
        }
        fn play(&mut self, _: &Throw, n: &mut u32) -> Flow {
            self.calls.push(format!("play {n}"));
            Flow::On
        }
        fn claims(&mut self, _: &Throw, n: &mut u32) -> Flow {
            self.calls.push(format!("claims {n}"));
            Flow::On
        }
        fn after(&mut self, _: &Throw, n: &mut u32) -> Flow {
            self.calls.push(format!("after {n}"));
            Flow::On
        }
        fn step(&mut self, t: &Throw, n: &u32) -> Step {
            self.calls.push(format!("step {n}"));
            let s = crate::games::jacquet::board::Board::opening(Seat::Top).to_setup();
            Step {
                number: t.number,
                seat: Seat::Top,
                dice: t.dice,
                play: RecordedPlay::Pass,
                applied: None,
                lawful: true,
                before: s.clone(),
                after: s,
                points: [0, 0],
                detail: StepDetail::Jacquet,
            }
        }
        fn finish(self) -> Replay {
            self.calls.push("finish".into());
            self.l.out
        }
    }

    #[test]
    fn the_loop_calls_the_hooks_in_order() {
        let text = "[Game \"jacquet\"]\n\n1. 3-1 AB\n2. 4-2 CD\n3. 5-5 EF\n4. 6-1 GH\n";
        let read = &crate::notation::read(text)[0];
        let (rec, header) = (&read.record, &read.header);
        for keep in [true, false] {
            let mut calls = Vec::new();
            let toy = Toy { l: Ledger::new(rec, header, None, keep), calls: &mut calls, done: 1, stop: 3 };
            let out = run(toy, ThrowFeed::of(rec));
            let mut want = vec!["seat 1", "before_dice 1", "step 1"];
            want.extend(["seat 2", "before_dice 2", "play 2", "claims 2", "after 2", "step 2", "seat 3", "finish"]);
            if !keep {
                want.retain(|c| !c.starts_with("step"));
            }
            assert_eq!(calls, want);
            assert_eq!(out.steps.iter().map(|s| s.number).collect::<Vec<_>>(), if keep { vec![1, 2] } else { vec![] });
        }
    }
}
