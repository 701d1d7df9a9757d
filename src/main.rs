//! `soumille`: the command line, a thin layer over the library (docs/commands.md): it parses the
//! command line ([`soumille::commands::cli`]), calls the command
//! ([`soumille::commands`]), and prints what stopped it.
//!
//! Exit status: 0 clean, 1 something was flagged, 2 a file could not be read or parsed, or
//! the command line was wrong. A closed pipe on standard output is not an error.

use clap::Parser;
use soumille::commands::cli::{record_asked, Cli, Command, Format};
use soumille::commands::explain::Asked;
use soumille::commands::{self, CommandError, Console, Outcome};
use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let (mut out, mut err) = (io::stdout(), io::stderr());
    let mut con = Console { out: &mut out, err: &mut err, style: cli.diagnostics.style() };
    let ran = run(cli, &mut con);
    let ran = ran.and_then(|o| con.out.flush().map(|_| o).map_err(CommandError::from));
    match ran {
        Ok(o) => ExitCode::from(o.status()),
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            let who = e.command().map(|c| format!(" {c}")).unwrap_or_default();
            let _ = writeln!(io::stderr(), "soumille{who}: {e}");
            ExitCode::from(2)
        }
    }
}

/// Runs the command of the command line.
fn run(cli: Cli, con: &mut Console) -> Result<Outcome, CommandError> {
    let d = cli.diagnostics;
    match cli.command {
        Command::Check { files, format, points, corpus } => {
            commands::corpus::check(&files, (format == Format::Json, points), &corpus.options(d))
        }
        Command::Fmt { files, letters, from_json: true, .. } => {
            commands::corpus::fmt_from_json(con, &files, letters.map(Into::into))
        }
        Command::Fmt { files, letters, write, corpus, annotate, strip, .. } if annotate || strip => {
            commands::select::annotate(&files, (letters.map(Into::into), write, strip), &corpus.options(d))
        }
        Command::Fmt { files, letters, letters_in_comments, write, corpus, .. } => {
            let opts = soumille::notation::PrintOptions {
                letters: letters.map(Into::into),
                letters_in_comments,
                higher_die_first: true,
            };
            commands::corpus::fmt(&files, opts, write, &corpus.options(d))
        }
        Command::Json { files, spans, corpus } => commands::corpus::json(&files, spans, &corpus.options(d)),
        Command::Replay { file, record, old_game, format, points } => {
            let game = record_asked(record, old_game, con.err).unwrap_or(1);
            commands::record::replay(con, &file, game, format.into(), points)
        }
        Command::Sheet { file, record, old_game, format, points } => {
            let game = record_asked(record, old_game, con.err);
            commands::record::sheet(con, &file, game, format.into(), points)
        }
        Command::Show { file, at, record, old_game, format, points } => {
            let game = record_asked(record, old_game, con.err).unwrap_or(1);
            commands::record::show(con, &file, (at, game), format.into(), points)
        }
        Command::View { file, record, old_game, points } => {
            let game = record_asked(record, old_game, con.err);
            commands::record::view(con, &file, game, points)
        }
        Command::Explain { position, dice, batch, format, rules, game, at, record, points } => {
            let asked = Asked { game, rules, points };
            commands::explain::command(con, (position, dice), (batch, format == Format::Json), (at, record), &asked)
        }
        Command::Completions { shell } => {
            con.out.write_all(&commands::cli::completions(shell))?;
            Ok(Outcome::Clean)
        }
        Command::Man => {
            con.out.write_all(commands::cli::man_page()?.as_bytes())?;
            Ok(Outcome::Clean)
        }
        Command::Import { file, from } => commands::interop::import(con, &file, from.map(Into::into)),
        Command::Export { file, to, force } => commands::interop::export(con, &file, to.into(), force),
        Command::Repair { file, record, old_game, format, diff, apply, budget, confusions, points } => {
            let game = record_asked(record, old_game, con.err).unwrap_or(1);
            let json = format == Format::Json;
            let asked =
                commands::repair::RepairAsked { game, json, diff, apply, budget: Some(budget), confusions, points };
            commands::repair::repair(con, &file, &asked)
        }
        Command::Generate { games, seed, game } => commands::generate(con, game, games, seed),
        Command::Select { files, select, corpus } => {
            commands::select::select(&files, &select.asked()?, &corpus.options(d))
        }
        Command::Table { files, of, to, output, corpus } => {
            commands::table::table(&files, of.into(), to.into(), output.as_deref(), &corpus.options(d))
        }
        Command::Lsp => commands::lsp::lsp(),
    }
}
