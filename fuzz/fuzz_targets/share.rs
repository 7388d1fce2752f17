#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| crosstable_fuzz::share(data));
