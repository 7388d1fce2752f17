// Temporary stub: only `simulate`, so that it can be tried and tested on this branch. The real
// main.rs (another branch) adds `Command::Simulate(simulate_cmd::SimulateArgs)` the same way.
mod simulate_cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "crosstable",
    version,
    about = "Crosstable: a chess-tournament workbench"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Simulate(simulate_cmd::SimulateArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Simulate(args) => simulate_cmd::run(args),
    };
    match result {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
