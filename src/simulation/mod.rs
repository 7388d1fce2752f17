//! The simulation study in the browser: the Web Worker that runs chunks of
//! `engine::simulate::Study`, the workers the page keeps warm, the bookkeeping of a run on
//! several workers, the settings form's text, the plot and the plain-language note (and the words
//! of the policies and the paper's claims, in the reader's language). Every number comes from
//! `engine::simulate`.

pub mod book;
pub mod chances;
pub mod failure;
pub mod form;
pub mod note;
pub mod plot;
pub mod pool;
pub mod warm;
pub mod words;
pub mod worker;
