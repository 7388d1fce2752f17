//! The prior strength k as the app offers it, defined once: the slider's range and step (the
//! withdrawal view, Learn, the sensitivity sweep and its plots), the upper bound of the number
//! input, and the one check that turns what the reader typed, a stored setting or a share link
//! into a k the app keeps. The engine's [`Params`] decides what the formula accepts (k ≥ 0,
//! finite); this module only adds the app's ceiling.

use engine::impute::Params;

/// The k slider's range, 0 to this (the paper's figures stop at 20). The sensitivity sweep and
/// its plots cover the same range, and the data tables end there.
pub const SLIDER_MAX: f64 = 20.0;
/// The slider's and the number input's step.
pub const STEP: f64 = 0.5;
/// The largest k the app keeps: the number input accepts any k from 0 up to it (beyond it the
/// weight n/(n + k) is 0 to three decimals for any event).
pub const INPUT_MAX: f64 = 1000.0;

// The paper's k is on the slider, and the slider ends below the input's ceiling.
const _: () = assert!(Params::PAPER_K <= SLIDER_MAX && SLIDER_MAX < INPUT_MAX);

/// `k` if the formula accepts it and it is within the number input's range, else `None`.
pub fn accept(k: f64) -> Option<f64> {
    Params::check_k(k).ok().filter(|k| *k <= INPUT_MAX)
}

/// `k` brought into the range the app keeps: a k the formula refuses (negative, not finite) is
/// the paper's, a k above [`INPUT_MAX`] is [`INPUT_MAX`]. For records the app did not write
/// itself (a hand-edited setting, a share link).
pub fn bring_into_range(k: f64) -> f64 {
    Params::check_k(k).unwrap_or(Params::PAPER_K).min(INPUT_MAX)
}

/// `k` on the slider: within 0 to [`SLIDER_MAX`].
pub fn on_slider(k: f64) -> f64 {
    k.clamp(0.0, SLIDER_MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_what_the_input_offers_and_nothing_else() {
        assert_eq!(accept(0.0), Some(0.0));
        assert_eq!(accept(3.0), Some(3.0));
        assert_eq!(accept(INPUT_MAX), Some(INPUT_MAX));
        assert_eq!(accept(INPUT_MAX + 0.5), None);
        assert_eq!(accept(-0.5), None);
        assert_eq!(accept(f64::NAN), None);
        assert_eq!(accept(f64::INFINITY), None);
    }

    #[test]
    fn brings_any_number_into_range() {
        assert_eq!(bring_into_range(5.0), 5.0);
        assert_eq!(bring_into_range(1e9), INPUT_MAX);
        assert_eq!(bring_into_range(-1.0), Params::PAPER_K);
        assert_eq!(bring_into_range(f64::NAN), Params::PAPER_K);
    }

    #[test]
    fn the_slider_clamps_and_its_step_divides_its_range() {
        assert_eq!(on_slider(25.0), SLIDER_MAX);
        assert_eq!(on_slider(-2.0), 0.0);
        assert_eq!((SLIDER_MAX / STEP).fract(), 0.0);
    }
}
