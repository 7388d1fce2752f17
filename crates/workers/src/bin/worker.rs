//! The simulation study's Web Worker (Trunk builds it from index.html's `data-type="worker"`
//! link): registers `crosstable_workers::simulation::StudyWorker`, which runs chunks of the
//! study for the simulation page. Only meaningful in a browser.

#[cfg(target_arch = "wasm32")]
fn main() {
    use gloo_worker::Registrable;
    console_error_panic_hook::set_once();
    crosstable_workers::simulation::StudyWorker::registrar().register();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "The simulation worker runs in a browser (the app spawns it); natively, use \
         `crosstable simulate`."
    );
    std::process::exit(2);
}
