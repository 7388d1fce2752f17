//! The pairing worker (Trunk builds it from index.html's second `data-type="worker"` link):
//! registers `crosstable_workers::pairing::PairingWorker`, which pairs the next round of a
//! Swiss off the page's thread. Only meaningful in a browser.

#[cfg(target_arch = "wasm32")]
fn main() {
    use gloo_worker::Registrable;
    console_error_panic_hook::set_once();
    crosstable_workers::pairing::PairingWorker::registrar().register();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "The pairing worker runs in a browser (the app spawns it); natively, use \
         `crosstable pair --dutch`."
    );
    std::process::exit(2);
}
