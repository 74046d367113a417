//! The `hexmap` binary: parse arguments and hand over to the library.

fn main() -> std::process::ExitCode {
    hexmap::cli::main()
}
