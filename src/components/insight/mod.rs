//! The views that look beyond the recorded results: how the answer depends on k and on the
//! moment of withdrawal (`sensitivity`), what each policy would have said had a player withdrawn
//! (`whatif`), each player's chances of first place and the podium (`chances`), and the paper's
//! simulation study rerun in the browser (`simulation`).

pub mod chances;
pub mod sensitivity;
pub mod simulation;
pub mod whatif;
