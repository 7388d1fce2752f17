//! The simulation study's page-side text and drawing: the settings form's text, the plot and
//! the plain-language note (and the words of the policies and the paper's claims, in the
//! reader's language). The run itself is on Web Workers (`crate::workers`). Every number comes
//! from `engine::simulate`.

pub mod form;
pub mod note;
pub mod plot;
