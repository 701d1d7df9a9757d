//! The integration tests, as one binary so that CI links them once: each module is one
//! theme (the binary on files, each game, interop, the renderers, the docs).

mod common;

mod api;
mod backgammon;
mod backgammon_oracle;
mod bruteforce;
mod cli;
mod corpus;
mod damaged;
mod direct_judge;
mod docs;
mod escapes;
mod explain_batch;
mod files;
mod fuzz_regressions;
mod generated;
mod gnubg_readback;
mod grammar;
mod interop;
mod interop_roundtrip;
mod jacquet;
mod json_roundtrip;
mod lsp;
mod lsp_nvim;
mod match_play;
mod notation_games;
mod plakoto;
mod points;
mod position_strings;
mod positions;
mod props;
mod records;
mod repair;
mod resume;
mod rules;
mod select;
mod selfplay;
mod setup;
mod sheet_html;
mod sheets;
mod show_games;
mod sizes;
mod tables;
mod tric_trac;
mod view;
