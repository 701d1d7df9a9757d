//! Backgammon's [`Game`](super::Game) answers and books on records (docs/games.md §D.7–§D.10).

use super::*;
use crate::notation::{read, RulePair};
use crate::replay::FlagKind;

fn replay_text(text: &str) -> Replay {
    let r = &read(text)[0];
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    crate::replay::replay(&r.record, &r.header, Some(text))
}

fn steps_of(text: &str) -> Replay {
    let r = &read(text)[0];
    let g = Backgammon::of_rules(&r.header.game_rules);
    Game::books(&g, &r.record, &r.header, Some(text), true)
}

#[test]
fn the_game_answers_through_the_shared_position() {
    let g = Backgammon::default();
    assert_eq!(g.tag(), GameTag::Backgammon);
    let pos = g.opening(Seat::Top);
    assert_eq!(Board::from_position(&pos), Board::opening(Seat::Top));
    let mut plays = g.new_plays();
    let dice = Dice::new(2, 1).unwrap();
    Game::legal_plays_into(&g, &pos, &(), dice, &mut plays);
    assert_eq!(plays.len(), 15);
    let rec = &read("[Game \"backgammon\"]\n\n1. top: 2-1 ACD\n")[0].record;
    let play = rec.throws[0].play.clone().unwrap();
    let j = Game::judge(&g, &pos, &(), dice, &plays, &play);
    assert!(j.fault.is_none() && j.legal.is_some());
    assert_eq!(Board::from_position(&j.after.unwrap()).to_string(), "ADM5R3T5/F5H3N5&2 bottom");
    let bad = read("[Game \"backgammon\"]\n\n1. top: 2-1 AE\n")[0].record.throws[0].play.clone().unwrap();
    let j = Game::judge(&g, &pos, &(), dice, &plays, &bad);
    let f = j.fault.unwrap();
    assert_eq!(f.rule, Rule::Die);
    assert_eq!((f.lawful.len(), f.fatal, f.path.map(|p| p.points().to_vec())), (15, false, Some(vec![1, 5])));
    // the end: bottom bore off all, top none and a man on A: a backgammon, times the cube
    let mut score = Score::default();
    score.men[Seat::Bottom.index()][25] = 15;
    score.men[Seat::Top.index()][1] = 15;
    score.cube.cube.value = 2;
    let end = g.outcome(&score, &Score::default()).unwrap();
    assert_eq!((end.winner, end.points, end.kind), (Seat::Bottom, 6, EndKind::Backgammon));
}

#[test]
fn explain_and_generate_follow_the_options() {
    let g = Backgammon::default();
    let setup = Board::opening(Seat::Top).to_setup();
    let shown = g.explain_plays(&setup, Dice::new(2, 1).unwrap()).unwrap();
    assert_eq!(shown.len(), 15);
    assert!(shown.iter().any(|p| p.notation == "ACD" && p.result == "ADM5R3T5/F5H3N5&2"));
    assert!(g.generate(7).is_some());
    let bad = Backgammon::of_rules(&[RulePair::new("cube", "peut-etre")]);
    assert!(bad.bad_rules);
    assert!(bad.explain_plays(&setup, Dice::new(2, 1).unwrap()).unwrap_err().to_string().contains("premier-coup"));
    assert!(bad.generate(7).is_none());
    let livret = Backgammon::of_rules(&[RulePair::new("un-seul-de", "livret")]);
    let mut s = Board::empty(Seat::Top);
    s.men[0][1] = 1;
    s.men[0][24] = 14;
    s.men[1][25 - 3] = 2;
    s.men[1][25 - 7] = 2;
    s.men[1][25 - 8] = 2;
    s.men[1][12] = 9;
    let shown = livret.explain_plays(&s.to_setup(), Dice::new(6, 1).unwrap()).unwrap();
    assert_eq!(shown.iter().map(|p| p.notation.as_str()).collect::<Vec<_>>(), ["-"]);
}

#[test]
fn books_keep_the_cube_in_the_steps_and_end_on_the_drop() {
    let text = "[Game \"backgammon\"]\n[First \"top\"]\n[Result \"top 2 drop\"]\n\n1. top: 4-3 AE MP\n2. bottom: double take 6-5 &SN\n3. top: 2-1 AB EG\n4. bottom: 3-2 &X FD\n5. top: double drop\n";
    let rp = steps_of(text);
    assert!(rp.flags.is_empty(), "{:#?}", rp.flags);
    assert_eq!(rp.steps.len(), 5);
    let s2 = &rp.steps[1];
    assert_eq!((s2.seat, crate::replay::words::step_note(&s2.detail).as_str()), (Seat::Bottom, "double, take: cube 2"));
    assert_eq!((s2.before.score.cube, s2.after.score.cube), (Some(1), Some(2)));
    assert_eq!(s2.after.score.owner, Some(Some(Seat::Top)));
    let s5 = &rp.steps[4];
    assert_eq!(
        (s5.dice, crate::replay::words::step_note(&s5.detail).as_str(), s5.lawful),
        (None, "double, drop", true)
    );
    let end = rp.end.unwrap();
    assert_eq!((end.winner, end.points(), end.kind()), (Seat::Top, 2, Some("drop")));
    assert_eq!(rp.last.unwrap().score.cube, Some(2));
}

#[test]
fn after_a_take_the_doubler_throws() {
    // bottom doubles and takes its own throw; top writing the throw is the wrong seat
    let text = "[Game \"backgammon\"]\n[First \"top\"]\n\n1. top: 4-3 AE MP\n2. top: double take 6-5 AG EK\n";
    let rp = replay_text(text);
    assert_eq!(rp.flags[0].kind, FlagKind::Seat);
    let ok = "[Game \"backgammon\"]\n[First \"top\"]\n\n1. top: 4-3 AE MP\n2. bottom: double take 6-5 &SN\n3. top: 2-1 AB EG\n";
    assert!(replay_text(ok).flags.is_empty());
}

#[test]
fn a_game_set_up_takes_its_cube_from_the_position() {
    let text = "[Game \"backgammon\"]\n[Position \"Y4#11/E2F3#10 bottom cube=2 owner=top\"]\n[Result \"bottom 4 single\"]\n\n1. bottom: 6-5 F# E#\n2. top: double take 2-1 Y& YZ\n3. bottom: 6-6 F# F# E#\n";
    let rp = replay_text(text);
    assert!(rp.flags.is_empty(), "{:#?}", rp.flags);
    let end = rp.end.unwrap();
    assert_eq!((end.winner, end.points(), end.kind()), (Seat::Bottom, 4, Some("single")));
    // the owner redoubling at once is no timing fault in a set-up game; bottom cannot (the
    // double is still applied as recorded: 4, and the Result agrees)
    let bad =
        text.replace("2. top: double take 2-1", "2. top: 2-1").replace("1. bottom: 6-5", "1. bottom: double take 6-5");
    let rp = replay_text(&bad);
    assert_eq!(rp.flags.iter().map(|f| f.what()).collect::<Vec<_>>(), ["cube-owner"]);
    assert_eq!(rp.end.map(|e| e.points()), Some(4));
}

#[test]
fn every_flag_of_the_samples_says_a_fact_and_its_words() {
    use crate::replay::Fact as Said;
    let mut n = 0;
    for entry in std::fs::read_dir("samples/backgammon").unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        for r in read(&text) {
            let rp = crate::replay::replay(&r.record, &r.header, Some(&text));
            for f in &rp.flags {
                n += 1;
                // a flag of this game says one of its facts or the replay loop's
                let ours = matches!(f.fact, Said::Backgammon(_) | Said::Stop { .. } | Said::Seat { .. });
                assert!(ours, "{}: {f:?}", path.display());
                assert_eq!(f.message, crate::replay::words::message(&f.fact, r.header.letters));
            }
        }
    }
    assert!(n >= 20, "{n} flags");
}

#[test]
fn a_fausse_case_holds_its_rule_path_and_lawful_plays() {
    use crate::replay::Fact as Said;
    let rp = replay_text("[Game \"backgammon\"]\n[First \"top\"]\n\n1. top: 6-4 AG AD\n");
    let Said::Backgammon(Fact::FausseCase { throw, seat, rule, path, lawful, .. }) = &rp.flags[0].fact else {
        panic!("{:?}", rp.flags[0].fact)
    };
    assert_eq!((*throw, *seat, *rule), (1, Seat::Top, Rule::Die));
    assert_eq!(path.map(|p| p.points().to_vec()), Some(vec![1, 4]));
    assert_eq!(lawful.len(), 14);
    assert_eq!(rp.flags[0].plays.len(), 14);
}

#[test]
fn options_or_a_position_not_backgammon_s_stop_the_replay_with_the_shared_words() {
    let text = "[Game \"backgammon\"]\n[Rules \"sortie=parisienne\"]\n\n1. top: 6-4 AG AE\n2. bottom: 2-1 &X &Z\n";
    let r = &read(text)[0];
    let rp = Game::books(&Backgammon::of_rules(&r.header.game_rules), &r.record, &r.header, Some(text), false);
    assert_eq!(rp.stopped_at, Some(1));
    assert_eq!(
        rp.flags[0].message,
        "the Rules tag: unknown rule option `sortie` for backgammon; the options are premier-coup, un-seul-de, backgammon, cube, crawford, jacoby, beaver: the replay stops here; throw 2 is not replayed"
    );
    let no_throw = read("[Game \"backgammon\"]\n[Rules \"cube=peut-etre\"]\n\n")[0].clone();
    let rp = Game::books(&Backgammon::default(), &no_throw.record, &no_throw.header, None, false);
    assert_eq!(
        rp.flags[0].message,
        "the Rules tag: unknown value `peut-etre` for `cube`; accepted: oui, non: the replay stops here"
    );
    // a Position the reader would not give: the books say so and replay nothing
    let text = "[Game \"backgammon\"]\n\n1. top: 6-4 AG AE\n";
    let mut r = read(text)[0].clone();
    let mut setup = Board::opening(Seat::Top).to_setup();
    setup.score.cube = Some(3);
    r.header.position = Some(setup);
    let rp = Game::books(&Backgammon::default(), &r.record, &r.header, Some(text), false);
    let words: Vec<&str> = rp.flags.iter().map(|f| f.message.as_str()).collect();
    assert_eq!(
        words,
        [
            "the Position tag is no position of backgammon: the cube shows 1, 2, 4, 8, …, not 3",
            "the start is no position: the replay stops here"
        ]
    );
}
