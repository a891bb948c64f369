//! What the first read of a process would pay, paid when the module is imported: a
//! short CSA and a short KIF record in Shift_JIS are read and checked here, so that
//! the tables built on first use (the rules' attack tables and preset positions,
//! the readers' start positions, the Shift_JIS pairs met), this thread's allocator
//! pages and line table, and the pages of the reading code are ready; and the thread
//! that frees games and the threads kept for `kifu.read_dir` are started. Without it
//! the first `kifu.read` of a process took 0.5–2.6 ms instead of about 15 µs.

use kifu::formats::{self, Format};

use crate::input::Given;
use crate::reading::{Options, ReadState};

/// A short CSA game in Shift_JIS, as records are (even start, names, times, a
/// comment, a resignation), written for this.
const CSA: &[u8] = b"'encoding=Shift_JIS\n\
V2.2\n\
N+\x90\xe6\x8e\xe8\n\
N-\x8c\xe3\x8e\xe8\n\
$EVENT:\x8a\xfb\x90\xed\n\
$OPENING:\x8ap\x8a\xb7\x82\xed\x82\xe8\n\
PI\n\
+\n\
+7776FU,T1\n\
-3334FU,T2\n\
+8822UM,T3\n\
-3122GI,T4\n\
+0055KA,T5\n\
'*\x83R\x83\x81\x83\x93\x83g\x81A\x93\xf1\x8ds\x96\xda\x81B\n\
-2133KE,T6\n\
%TORYO\n";

/// A short KIF game in Shift_JIS (header, times, a comment, a drop, a
/// resignation), written for this.
const KIF: &[u8] = b"# ---- \x8a\xfb\x95\x88\x83t\x83@\x83C\x83\x8b ----\n\
\x8aJ\x8en\x93\xfa\x8e\x9e\x81F2024/01/02 10:00:00\n\
\x8a\xfb\x90\xed\x81F\x8a\xfb\x90\xed\n\
\x8e\xe8\x8d\x87\x8a\x84\x81F\x95\xbd\x8e\xe8\n\
\x90\xe6\x8e\xe8\x81F\x90\xe6\x8e\xe8\n\
\x8c\xe3\x8e\xe8\x81F\x8c\xe3\x8e\xe8\n\
\x8e\xe8\x90\x94----\x8ew\x8e\xe8---------\x8f\xc1\x94\xef\x8e\x9e\x8a\xd4--\n\
\x20\x20\x201 \x82V\x98Z\x95\xe0(77)   ( 0:01/00:00:01)\n\
\x20\x20\x202 \x82R\x8el\x95\xe0(33)   ( 0:02/00:00:02)\n\
*\x83R\x83\x81\x83\x93\x83g\n\
\x20\x20\x203 \x82Q\x93\xf1\x8ap\x90\xac(88) ( 0:03/00:00:04)\n\
\x20\x20\x204 \x93\xaf\x81@\x8b\xe2(31)   ( 0:04/00:00:06)\n\
\x20\x20\x205 \x82S\x8c\xdc\x8ap\x91\xc5     ( 0:05/00:00:09)\n\
\x20\x20\x206 \x93\x8a\x97\xb9\n\
\x82\xdc\x82\xc55\x8e\xe8\x82\xc5\x90\xe6\x8e\xe8\x82\xcc\x8f\x9f\x82\xbf\n";

/// Reads `text` as `format` with the rules checked, as `kifu.read(bytes, check=True)`
/// does, and drops what it read. Nothing of it can fail the import.
fn read(text: &[u8], format: Option<&'static Format>) {
    let options = Options {
        format,
        encoding: None,
        check: true,
        strict: false,
        part: kifu::source::PART,
    };
    if let Ok(mut state) = ReadState::open(Given::Bytes(Vec::new()), options) {
        let _ = state.fill_borrowed(text);
    }
}

/// Reads the two records (on the thread that calls it).
fn reading() {
    read(CSA, formats::by_name("csa"));
    read(KIF, formats::by_name("kif"));
}

/// Warms up reading (see the module's documentation): on this thread, and on the
/// threads kept for `kifu.read_dir` ([`crate::pool`]), which it starts.
pub fn up() {
    crate::dropper::start();
    reading();
    crate::pool::start(reading);
}
