use std::process::ExitCode;

fn main() -> ExitCode {
    taktable::cli::main()
}
