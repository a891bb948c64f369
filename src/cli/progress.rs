//! A spinner counting games, on standard error when it is a terminal (and not
//! `-q`); nothing in pipes. Shown only for runs long enough to need it: it appears
//! after a second.

use std::time::Duration;

use super::Ui;

/// Games done so far, for people watching a long run.
pub struct Games {
    bar: Option<indicatif::ProgressBar>,
}

impl Games {
    /// A counter labelled with `what` (an input's name), or nothing off a terminal.
    pub fn new(ui: &Ui, what: &str) -> Games {
        let bar = (!ui.quiet() && ui.stderr_is_terminal()).then(|| {
            let bar = indicatif::ProgressBar::with_draw_target(
                None,
                indicatif::ProgressDrawTarget::stderr_with_hz(4),
            );
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{spinner} {pos} games  {per_sec}  {elapsed}  {msg}",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
            );
            bar.set_message(kifu::text::escape_controls(what).into_owned());
            bar.enable_steady_tick(Duration::from_millis(1000));
            bar
        });
        Games { bar }
    }

    /// One more game done.
    pub fn tick(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// Removes the counter from the terminal.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
