//! Opening an input part by part: a file, standard input or any [`Read`] is read in
//! parts of whole games, each part small enough to hold, so a collection of any length
//! is read in memory bounded by a part and its largest game.
//!
//! An input that ends within its first part is handed on whole, exactly as a whole
//! read takes it. A longer one is cut between games as it arrives, where its format's
//! scan says a game ends (the registry's [`Format::cut`]): SGF in any encoding (the scan reads UTF-16
//! by code units and the double-byte encodings by characters, so a trail byte that is
//! `[`, `\` or `]` is not syntax), CSA (games separated by `/` lines), USI and NDJSON
//! (a game a line), RIF (between `<game>` elements, each part read inside a frame of
//! the database's tables: [`Part::lead`], [`Part::trail`]). Every other input is read
//! whole. Each part says where it starts in the whole input ([`Part::at`]) so that
//! positions are told in the whole input.

use std::io::Read;

use crate::formats::{self, cutting::GameBoundaries, Format};
use crate::text::TextEncoding;

/// How much is read at a time, by default: an input that ends within this is read
/// whole.
pub const PART: usize = 32 << 20;

/// One part of an input: whole games (or the whole input).
#[derive(Debug)]
pub struct Part {
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// The format to read it as: the one given, or, for a part of a cut input, the
    /// one the input was cut as.
    pub format: Option<&'static Format>,
    /// The encoding to read it in: the one given, or, for a later part of a cut
    /// input that cannot tell its own (UTF-16 after its byte-order mark), the first
    /// part's.
    pub encoding: Option<TextEncoding>,
    /// Raw bytes of the input before this part.
    pub at: usize,
    /// Its number in the input, from 0.
    pub index: usize,
    /// True when it is the whole input (not cut).
    pub whole: bool,
    /// Bytes at the start of `bytes` that are not the part's own but the input's
    /// head, read before it as context (a RIF database's tables): what the reading
    /// says there is left out, and positions are counted after them. As many bytes
    /// in the decoded text as here (UTF-8). 0 for most formats.
    pub lead: usize,
    /// Bytes at the end of `bytes` that close the document the part is cut from
    /// (`</games></database>`): not the input's own either. 0 for most formats.
    pub trail: usize,
}

/// Why an input could not be read (to its end).
#[derive(Debug)]
pub enum PartError {
    /// Reading failed.
    Io(std::io::Error),
    /// More than the limit without a complete game, in an input being cut as
    /// `format`.
    NoCompleteGame(Option<&'static Format>),
    /// An input read whole is larger than the limit.
    TooLarge,
}

impl std::fmt::Display for PartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PartError::Io(e) => write!(f, "cannot read: {e}"),
            PartError::NoCompleteGame(_) => f.write_str("no complete game within the limit"),
            PartError::TooLarge => f.write_str("too large to read"),
        }
    }
}

/// Where the reading stands.
enum Stage {
    /// Nothing read yet.
    Start,
    /// Cutting: the scan, and the encoding later parts are read in.
    Cutting(Box<dyn GameBoundaries + Send>, Option<TextEncoding>),
    /// Everything was handed on.
    Done,
}

/// An input read part by part: [`Parts::next_part`] gives its parts in order.
pub struct Parts<R> {
    reader: R,
    buf: Buffer,
    /// How long the reader says it is, when it can tell.
    len_hint: Option<fn(&R) -> Option<u64>>,
    format: Option<&'static Format>,
    encoding: Option<TextEncoding>,
    part: usize,
    /// The first part's size: smaller than the others when the reading should start
    /// work early (see [`Parts::with_first_part`]).
    first: usize,
    limit: Option<usize>,
    stage: Stage,
    /// The format being cut.
    cutting: Option<&'static Format>,
    /// Raw bytes handed on.
    at: usize,
    /// Parts handed on.
    parts: usize,
    /// The frame of an input whose parts cannot be read alone: the head's bytes and
    /// the tail ([`crate::formats::cutting::Frame`]).
    frame: Option<(Vec<u8>, &'static [u8])>,
}

impl<R: Read> Parts<R> {
    /// Reads `reader` in parts of about `part` bytes; `format` and `encoding` are the
    /// ones given (else found in the first part). With a `limit`, more than that
    /// without a complete game (or in an input read whole) is an error, not an
    /// allocation.
    pub fn new(
        reader: R,
        format: Option<&'static Format>,
        encoding: Option<TextEncoding>,
        part: usize,
        limit: Option<usize>,
    ) -> Parts<R> {
        let part = part.max(1).min(limit.unwrap_or(usize::MAX));
        Parts {
            reader,
            buf: Buffer::default(),
            len_hint: None,
            format,
            encoding,
            part,
            first: part,
            limit,
            stage: Stage::Start,
            cutting: None,
            at: 0,
            parts: 0,
            frame: None,
        }
    }

    /// Cuts the first part at about `first` bytes (at most the part size), the
    /// others at the part size, when the reader tells ([`Parts::with_len_hint`])
    /// that the input is longer than a part: whoever works on the parts while the
    /// next is read starts after a small read and cut, not a whole part's. Any
    /// other input is read whole or cut exactly as without it.
    pub fn with_first_part(mut self, first: usize) -> Parts<R> {
        self.first = first.clamp(1, self.part);
        self
    }

    /// Asks the reader how long it is (a regular file, once it has said): a long
    /// input is then read into one buffer of its size, not into ever larger ones.
    pub fn with_len_hint(mut self, hint: fn(&R) -> Option<u64>) -> Parts<R> {
        self.len_hint = Some(hint);
        self
    }

    /// Gives back the storage of a part handed on earlier (its `bytes`, or the text
    /// they became), once whoever read it is done: the next part that needs storage
    /// of its own is read into it, not into fresh zeroed pages. One is kept (the
    /// larger), so memory holds at most one part more than without it.
    pub fn recycle(&mut self, storage: Vec<u8>) {
        self.buf.recycle(storage);
    }

    /// Whether the reader says it is longer than a part.
    fn longer_than_a_part(&self) -> bool {
        let len = self.len_hint.and_then(|h| h(&self.reader));
        len.and_then(|n| usize::try_from(n).ok())
            .is_some_and(|n| n > self.part)
    }

    /// Reads into the buffer until it holds more than `upto` bytes.
    fn fill(&mut self, upto: usize) -> std::io::Result<Filled> {
        let hint = self.len_hint;
        self.buf.fill(&mut self.reader, upto, hint)
    }

    /// The format the input is being cut as (`None` before its first part, or when
    /// it is read whole).
    pub fn cutting(&self) -> Option<&'static Format> {
        self.cutting
    }

    /// The next part, `Ok(None)` at the end.
    pub fn next_part(&mut self) -> Result<Option<Part>, PartError> {
        let max = self.limit.unwrap_or(usize::MAX);
        match std::mem::replace(&mut self.stage, Stage::Done) {
            Stage::Done => Ok(None),
            Stage::Start => {
                if self.fill(self.first).map_err(PartError::Io)? == Filled::Ended {
                    return Ok(Some(self.whole()));
                }
                if self.first < self.part && !self.longer_than_a_part() {
                    // Not known to be cut anyway: whole up to a part, as ever.
                    self.first = self.part;
                    if self.fill(self.part).map_err(PartError::Io)? == Filled::Ended {
                        return Ok(Some(self.whole()));
                    }
                }
                let head = self.buf.data();
                let hint = self.format.or_else(|| formats::sniff(head));
                let cutter = hint.and_then(|f| {
                    let cut = f.cut?;
                    cut(head, self.encoding).map(|c| (f, c.scan, c.later))
                });
                let Some((format, scan, later)) = cutter else {
                    // One record: read whole, within the limit.
                    return match self.fill(max).map_err(PartError::Io)? {
                        Filled::Ended => Ok(Some(self.whole())),
                        Filled::Full => Err(PartError::TooLarge),
                    };
                };
                self.cutting = Some(format);
                self.stage = Stage::Cutting(scan, later);
                self.next_part()
            }
            Stage::Cutting(mut scan, later) => {
                let format = self.cutting;
                let part = if self.parts == 0 {
                    self.first
                } else {
                    self.part
                };
                loop {
                    scan.scan(self.buf.data());
                    let len = self.buf.filled;
                    if len > part {
                        if let Some(cut) = scan.cut() {
                            if self.parts == 0 {
                                self.frame = scan.frame().map(|f| {
                                    let head = self.buf.data().get(f.head).unwrap_or(&[]);
                                    (head.to_vec(), f.tail)
                                });
                            }
                            let done = self.buf.take_front(cut);
                            scan.drop_front(cut);
                            self.stage = Stage::Cutting(scan, later);
                            return Ok(Some(self.hand(done, format, later, false)));
                        }
                        if len > max {
                            return Err(PartError::NoCompleteGame(format));
                        }
                    }
                    // Read on: to a part's worth, or further while no game has ended.
                    let upto = if len > part {
                        len.saturating_add(part).min(max)
                    } else {
                        part
                    };
                    match self.fill(upto) {
                        Ok(Filled::Full) => {}
                        Ok(Filled::Ended) => break,
                        Err(e) => {
                            self.stage = Stage::Cutting(scan, later);
                            return Err(PartError::Io(e));
                        }
                    }
                }
                // The rest: handed on unless it is only blanks after some games (in a
                // framed input it holds the document's end, or its lack).
                let rest = self.buf.take();
                if self.parts > 0
                    && self.frame.is_none()
                    && rest.iter().all(u8::is_ascii_whitespace)
                {
                    return Ok(None);
                }
                Ok(Some(self.hand(rest, format, later, true)))
            }
        }
    }

    /// The whole input, as one part.
    fn whole(&mut self) -> Part {
        let bytes = self.buf.take();
        self.at = bytes.len();
        self.parts = 1;
        Part {
            bytes,
            format: self.format,
            encoding: self.encoding,
            at: 0,
            index: 0,
            whole: true,
            lead: 0,
            trail: 0,
        }
    }

    /// A part of a cut input (`last`: the input's end), in its frame if it has one.
    fn hand(
        &mut self,
        bytes: Vec<u8>,
        format: Option<&'static Format>,
        later: Option<TextEncoding>,
        last: bool,
    ) -> Part {
        let index = self.parts;
        let at = self.at;
        self.parts += 1;
        self.at += bytes.len();
        let (mut lead, mut trail) = (0, 0);
        let bytes = match &self.frame {
            Some((head, tail)) => {
                lead = if index > 0 { head.len() } else { 0 };
                trail = if last { 0 } else { tail.len() };
                // In the part's own storage, grown (a large one by remapping, not
                // copying) and moved once: memory holds one part, not two.
                let mut framed = bytes;
                framed.reserve_exact(lead + trail);
                framed.extend_from_slice(tail.get(..trail).unwrap_or(&[]));
                framed.splice(0..0, head.get(..lead).unwrap_or(&[]).iter().copied());
                framed
            }
            None => bytes,
        };
        Part {
            lead,
            trail,
            bytes,
            format,
            encoding: if index == 0 {
                self.encoding
            } else {
                self.encoding.or(later)
            },
            at,
            index,
            whole: false,
        }
    }
}

/// How [`fill`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Filled {
    /// The buffer holds more than was asked for.
    Full,
    /// The input ended.
    Ended,
}

/// How much is read at once.
const CHUNK: usize = 64 << 10;

/// What was read and not handed on yet: `bytes` is initialised storage (zeroed when
/// allocated, by the allocator's fresh pages for large sizes, so nothing is written
/// twice; or a part's storage given back, its old bytes standing), of which the first
/// `filled` bytes were read.
#[derive(Default)]
struct Buffer {
    bytes: Vec<u8>,
    filled: usize,
    /// Storage given back ([`Parts::recycle`]), initialised to its length (what it
    /// holds is stale and never read: only `filled` bytes of `bytes` count).
    spare: Vec<u8>,
}

impl Buffer {
    /// The bytes read.
    fn data(&self) -> &[u8] {
        self.bytes.get(..self.filled).unwrap_or(&[])
    }

    /// Keeps `storage` for a later [`Buffer::storage`], unless the one kept is larger.
    fn recycle(&mut self, storage: Vec<u8>) {
        if storage.capacity() > self.spare.capacity() {
            self.spare = storage;
        }
    }

    /// Initialised storage of `len` bytes: the spare one when it can hold them
    /// (zeroed only where it grows), else fresh zeroed storage.
    fn storage(&mut self, len: usize) -> Vec<u8> {
        if self.spare.capacity() < len {
            return vec![0u8; len];
        }
        let mut storage = std::mem::take(&mut self.spare);
        storage.resize(len, 0);
        storage
    }

    /// Takes everything read.
    fn take(&mut self) -> Vec<u8> {
        let mut all = std::mem::take(&mut self.bytes);
        all.truncate(self.filled);
        self.filled = 0;
        all
    }

    /// Takes the first `cut` bytes read (their storage goes with them; the rest is
    /// copied into storage of its own).
    fn take_front(&mut self, cut: usize) -> Vec<u8> {
        let mut front = self.take();
        let rest = front.split_off(cut.min(front.len()));
        self.filled = rest.len();
        self.bytes = rest;
        front
    }

    /// Reads from `reader` until more than `upto` bytes are held (then
    /// [`Filled::Full`]) or the input ends. Without a length from `hint`, each read
    /// goes through a scratch buffer of the thread's and is appended (a small file
    /// costs no zeroed buffer of its own); once the reader tells its length, the
    /// storage grows at once to it (at most `upto` plus one chunk: storage given back
    /// when it is large enough, else zeroed by the allocator), and is read into where
    /// it stands.
    fn fill<R: Read>(
        &mut self,
        reader: &mut R,
        upto: usize,
        hint: Option<fn(&R) -> Option<u64>>,
    ) -> std::io::Result<Filled> {
        while self.filled <= upto {
            // Bytes still wanted: more than `upto` held ends the fill.
            let wanted = upto.saturating_add(1) - self.filled;
            let room = self.bytes.len() - self.filled;
            let want = wanted.min(CHUNK);
            let read = if room > 0 {
                // Storage stands ready (sized by the input's length): read into all
                // of it that is wanted, in one call.
                let end = self.filled + room.min(wanted);
                let room = self.bytes.get_mut(self.filled..end).unwrap_or(&mut []);
                reader.read(room)
            } else if let Some(len) = hint
                .and_then(|h| h(reader))
                .and_then(|n| usize::try_from(n).ok())
            {
                // Room for the end to be seen without another allocation: the
                // input's length and one byte, or, once an input has grown past the
                // length it told, twice what is held.
                let most = upto.saturating_add(CHUNK);
                let size = if len >= self.filled {
                    len.saturating_add(1)
                } else {
                    self.filled.saturating_mul(2)
                };
                let target = size.min(most).max(self.filled + want);
                let mut bigger = self.storage(target);
                if let (Some(to), Some(from)) =
                    (bigger.get_mut(..self.filled), self.bytes.get(..self.filled))
                {
                    to.copy_from_slice(from);
                }
                self.bytes = bigger;
                continue;
            } else {
                SCRATCH.with(|scratch| {
                    let mut scratch = scratch.borrow_mut();
                    if scratch.len() < CHUNK {
                        scratch.resize(CHUNK, 0);
                    }
                    let got = reader.read(scratch.get_mut(..want).unwrap_or(&mut []));
                    if let Ok(n) = got {
                        let bytes = &mut self.bytes;
                        bytes.truncate(self.filled);
                        if bytes.capacity() - bytes.len() < n {
                            // Doubling, but never past `upto` and a chunk.
                            let most = upto.saturating_add(CHUNK);
                            let target = bytes.capacity().saturating_mul(2).max(CHUNK).min(most);
                            bytes.reserve_exact(target.saturating_sub(bytes.len()).max(n));
                        }
                        bytes.extend_from_slice(scratch.get(..n).unwrap_or(&[]));
                    }
                    got
                })
            };
            match read {
                Ok(0) => return Ok(Filled::Ended),
                Ok(n) => self.filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(Filled::Full)
    }
}

thread_local! {
    /// What [`Buffer::fill`] reads into when it does not know the input's length.
    static SCRATCH: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts_of(text: &[u8], part: usize) -> Vec<(Vec<u8>, usize, bool)> {
        let mut parts = Parts::new(text, None, None, part, None);
        let mut out = Vec::new();
        while let Some(p) = parts.next_part().expect("a slice reads") {
            out.push((p.bytes, p.at, p.whole));
        }
        out
    }

    #[test]
    fn a_short_input_is_one_whole_part() {
        assert_eq!(
            parts_of(b"(;B[aa])", 100),
            vec![(b"(;B[aa])".to_vec(), 0, true)]
        );
        assert_eq!(parts_of(b"", 100), vec![(Vec::new(), 0, true)]);
    }

    #[test]
    fn a_long_collection_is_cut_between_games() {
        let text = b"(;B[aa])\n(;B[bb])\n(;B[cc])\n  \n";
        let parts = parts_of(text, 5);
        let joined: Vec<u8> = parts.iter().flat_map(|p| p.0.clone()).collect();
        assert_eq!(&joined[..], &text[..joined.len()]);
        assert_eq!(
            parts.iter().map(|p| (p.1, p.2)).collect::<Vec<_>>(),
            vec![(0, false), (9, false), (18, false)]
        );
        assert_eq!(parts[2].0, b"(;B[cc])\n  \n");
    }

    /// The parts of `text` with a first part of `first` bytes, the reader telling
    /// its remaining length when `tells`.
    fn parts_with_first(text: &[u8], part: usize, first: usize, tells: bool) -> Vec<Vec<u8>> {
        let mut parts = Parts::new(text, None, None, part, None).with_first_part(first);
        if tells {
            parts = parts.with_len_hint(|r: &&[u8]| Some(r.len() as u64));
        }
        let mut out = Vec::new();
        while let Some(p) = parts.next_part().expect("a slice reads") {
            out.push(p.bytes);
        }
        out
    }

    #[test]
    fn a_long_input_starts_with_a_small_part() {
        let text = b"(;B[aa])\n(;B[bb])\n(;B[cc])\n(;B[dd])\n(;B[ee])\n";
        // Told to be longer than a part: the first part is cut after its first
        // game past 5 bytes, the others as parts of 20 are.
        let cut = parts_with_first(text, 20, 5, true);
        assert_eq!(
            cut,
            vec![
                b"(;B[aa])\n".to_vec(),
                b"(;B[bb])\n(;B[cc])\n".to_vec(),
                b"(;B[dd])\n(;B[ee])\n".to_vec(),
            ]
        );
        // Not told: cut as without a first part of its own.
        let plain = parts_of(text, 20);
        let untold = parts_with_first(text, 20, 5, false);
        assert_eq!(untold, plain.into_iter().map(|p| p.0).collect::<Vec<_>>());
        assert_eq!(untold.len(), 3);
        assert_eq!(untold[0], b"(;B[aa])\n(;B[bb])\n".to_vec());
        // Ending within a part: whole.
        assert_eq!(
            parts_with_first(&text[..18], 20, 5, true),
            vec![text[..18].to_vec()]
        );
    }

    #[test]
    fn storage_given_back_is_read_into_again() {
        // 1,080,000 bytes in parts of 100,000: eleven parts, the storage of each
        // holding a part and one read (165,536 bytes). The reader tells the whole
        // length, as a file does.
        const LEN: usize = 1_080_000;
        let text = b"(;B[aa])\n".repeat(LEN / 9);
        let read = |give_back: bool| {
            let mut parts = Parts::new(&text[..], None, None, 100_000, None)
                .with_len_hint(|_: &&[u8]| Some(LEN as u64));
            let (mut out, mut reused, mut count) = (Vec::new(), 0, 0);
            let mut given: Option<*const u8> = None;
            while let Some(p) = parts.next_part().expect("a slice reads") {
                count += 1;
                reused += usize::from(given == Some(p.bytes.as_ptr()));
                out.extend_from_slice(&p.bytes);
                if give_back {
                    given = Some(p.bytes.as_ptr());
                    parts.recycle(p.bytes);
                }
            }
            assert!(out == text, "the parts joined are the input");
            (count, reused)
        };
        assert_eq!(read(false), (11, 0));
        // Each part from the second on is read into the storage of the one before.
        assert_eq!(read(true), (11, 10));
    }

    #[test]
    fn other_records_are_read_whole() {
        let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n".repeat(4);
        let parts = parts_of(kif.as_bytes(), 10);
        assert_eq!(parts.len(), 1);
        assert!(parts[0].2);
    }

    #[test]
    fn a_rif_database_is_cut_between_games_each_part_in_its_frame() {
        let head = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<database><players><player id=\"1\" name=\"Анна\"/></players>\n<games>";
        let games: String = (0..6)
            .map(|i| format!("\n<game id=\"{i}\" black=\"1\"><move>h8 i9</move></game>"))
            .collect();
        let end = "\n</games>\n</database>\n";
        let text = format!("{head}{games}{end}");
        let mut parts = Parts::new(text.as_bytes(), None, None, 150, None);
        let (mut own, mut count) = (Vec::new(), 0);
        while let Some(p) = parts.next_part().expect("a slice reads") {
            let tail = if p.trail > 0 {
                "</games></database>"
            } else {
                ""
            };
            let lead = if p.index > 0 { head } else { "" };
            assert_eq!(
                (p.lead, p.trail),
                (lead.len(), tail.len()),
                "part {}",
                p.index
            );
            assert!(p.bytes.starts_with(lead.as_bytes()) && p.bytes.ends_with(tail.as_bytes()));
            assert_eq!(p.at, own.len());
            own.extend_from_slice(&p.bytes[p.lead..p.bytes.len() - p.trail]);
            count += 1;
        }
        assert_eq!(own, text.as_bytes());
        assert!(count > 2, "{count} parts");
    }

    #[test]
    fn a_limit_bounds_a_game() {
        let text = b"(;B[aa])(;C[very long comment])";
        let mut parts = Parts::new(&text[..], None, None, 4, Some(12));
        assert!(parts.next_part().is_ok());
        assert!(matches!(
            parts.next_part(),
            Err(PartError::NoCompleteGame(_))
        ));
    }
}
