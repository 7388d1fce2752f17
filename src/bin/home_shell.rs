//! The home page's small shell (`crosstable::home_shell`): what index.html's loader starts on
//! "/" instead of the whole app (`src/main.rs`). Mount and nothing else.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(crosstable::home_shell::HomeShell);
}
