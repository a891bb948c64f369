//! NumPy's `.npz` of Go and gomoku positions, written by hand: a zip archive of
//! stored (uncompressed) `.npy` entries, as `numpy.savez` writes them.
//! `numpy.load` reads `boards` (`uint8`, N × height × width: 0 empty, 1 black, 2
//! white), `to_move` (`uint8`: 0 black, 1 white), `moves` (`int16`: `y × width + x`,
//! -1 a pass) and `results` (`int8`, for the side to move: 1 won, -1 lost, 0 draw).

use crate::model::BoardSize;

/// The arrays of an `.npz`, filled position by position.
#[derive(Debug, Clone)]
pub struct Npz {
    size: BoardSize,
    count: usize,
    boards: Vec<u8>,
    to_move: Vec<u8>,
    moves: Vec<u8>,
    results: Vec<u8>,
}

impl Npz {
    /// Empty arrays for boards of `size`.
    pub fn new(size: BoardSize) -> Npz {
        Npz {
            size,
            count: 0,
            boards: Vec::new(),
            to_move: Vec::new(),
            moves: Vec::new(),
            results: Vec::new(),
        }
    }

    /// The board size the arrays hold.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// How many positions they hold.
    pub fn len(&self) -> usize {
        self.count
    }

    /// True when they hold none.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Adds one position from its npz record (see `job::Record`: the cells, the side
    /// to move, the move, the result); false when the record is not of this size.
    pub fn push(&mut self, record: &[u8]) -> bool {
        let cells = usize::from(self.size.width) * usize::from(self.size.height);
        if record.len() != cells + 4 {
            return false;
        }
        let (board, rest) = record.split_at(cells);
        self.boards.extend_from_slice(board);
        self.to_move.push(rest[0]);
        self.moves.extend_from_slice(&rest[1..3]);
        self.results.push(rest[3]);
        self.count += 1;
        true
    }

    /// The `.npz` file's bytes; `Err` when an entry is beyond the 4 GiB a zip
    /// without its 64-bit extension holds.
    pub fn finish(&self) -> Result<Vec<u8>, String> {
        let n = self.count;
        let (w, h) = (self.size.width, self.size.height);
        let entries: [(&str, Vec<u8>); 4] = [
            (
                "boards.npy",
                npy("|u1", &format!("({n}, {h}, {w})"), &self.boards),
            ),
            ("to_move.npy", npy("|u1", &format!("({n},)"), &self.to_move)),
            ("moves.npy", npy("<i2", &format!("({n},)"), &self.moves)),
            ("results.npy", npy("|i1", &format!("({n},)"), &self.results)),
        ];
        zip_stored(&entries)
    }
}

/// The header of a version 1.0 `.npy` file holding an array of `descr` and `shape`
/// (a Python tuple), padded with spaces to a multiple of 64 bytes and ended by a
/// line feed, as NumPy writes it.
pub fn npy_header(descr: &str, shape: &str) -> Vec<u8> {
    let dict = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape}, }}");
    let unpadded = 10 + dict.len() + 1;
    let padding = (64 - unpadded % 64) % 64;
    let len = dict.len() + padding + 1;
    let mut out = Vec::with_capacity(10 + len);
    out.extend_from_slice(b"\x93NUMPY\x01\x00");
    out.extend_from_slice(&u16::try_from(len).unwrap_or(u16::MAX).to_le_bytes());
    out.extend_from_slice(dict.as_bytes());
    out.resize(out.len() + padding, b' ');
    out.push(b'\n');
    out
}

/// A whole `.npy` file.
fn npy(descr: &str, shape: &str, data: &[u8]) -> Vec<u8> {
    let mut out = npy_header(descr, shape);
    out.extend_from_slice(data);
    out
}

/// The CRC-32 (IEEE) zip files check entries with.
fn crc32(data: &[u8]) -> u32 {
    static TABLE: [u32; 256] = {
        let mut t = [0u32; 256];
        let mut i = 0;
        while i < 256 {
            let mut c = i as u32;
            let mut k = 0;
            while k < 8 {
                c = if c & 1 != 0 {
                    0xedb8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
                k += 1;
            }
            t[i] = c;
            i += 1;
        }
        t
    };
    let mut c = !0u32;
    for &b in data {
        c = TABLE[usize::from((c as u8) ^ b)] ^ (c >> 8);
    }
    !c
}

/// A zip archive of stored entries (no compression), dated 1980-01-01.
fn zip_stored(entries: &[(&str, Vec<u8>)]) -> Result<Vec<u8>, String> {
    let too_large = || "the npz is larger than 4 GiB, more than a zip holds".to_string();
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, data) in entries {
        let offset = u32::try_from(out.len()).map_err(|_| too_large())?;
        let size = u32::try_from(data.len()).map_err(|_| too_large())?;
        let crc = crc32(data);
        let name_len = u16::try_from(name.len()).unwrap_or(u16::MAX);
        // Version 2.0, no flags, stored, time 00:00, date 1980-01-01.
        let common = |v: &mut Vec<u8>| {
            for x in [20u16, 0, 0, 0, 0x21] {
                v.extend_from_slice(&x.to_le_bytes());
            }
            for x in [crc, size, size] {
                v.extend_from_slice(&x.to_le_bytes());
            }
            v.extend_from_slice(&name_len.to_le_bytes());
            v.extend_from_slice(&0u16.to_le_bytes());
        };
        out.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        common(&mut out);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(data);
        central.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
        central.extend_from_slice(&20u16.to_le_bytes());
        common(&mut central);
        // Comment length, disk, internal and external attributes, the offset.
        for x in [0u16, 0, 0] {
            central.extend_from_slice(&x.to_le_bytes());
        }
        central.extend_from_slice(&0u32.to_le_bytes());
        central.extend_from_slice(&offset.to_le_bytes());
        central.extend_from_slice(name.as_bytes());
    }
    let cd_offset = u32::try_from(out.len()).map_err(|_| too_large())?;
    let cd_size = u32::try_from(central.len()).map_err(|_| too_large())?;
    out.extend_from_slice(&central);
    let count = u16::try_from(entries.len()).unwrap_or(u16::MAX);
    out.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    for x in [0u16, 0, count, count] {
        out.extend_from_slice(&x.to_le_bytes());
    }
    out.extend_from_slice(&cd_size.to_le_bytes());
    out.extend_from_slice(&cd_offset.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_of_the_check_string() {
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
    }

    #[test]
    fn npy_headers_are_padded_to_64() {
        let h = npy_header("|u1", "(2, 3, 3)");
        assert_eq!(h.len() % 64, 0);
        assert!(h.ends_with(b" \n"));
        assert_eq!(&h[..8], b"\x93NUMPY\x01\x00");
        assert_eq!(usize::from(u16::from_le_bytes([h[8], h[9]])), h.len() - 10);
        assert!(
            h[10..].starts_with(b"{'descr': '|u1', 'fortran_order': False, 'shape': (2, 3, 3), }")
        );
    }

    #[test]
    fn an_archive_of_two_positions() {
        let mut z = Npz::new(BoardSize::square(2));
        assert!(z.push(&[0, 1, 0, 0, 1, 0xff, 0xff, 1]));
        assert!(z.push(&[2, 1, 0, 0, 0, 3, 0, 0xff]));
        assert!(!z.push(&[0, 0]));
        let bytes = z.finish().expect("small");
        assert_eq!(&bytes[..4], b"PK\x03\x04");
        // Four entries in the end record.
        let end = &bytes[bytes.len() - 22..];
        assert_eq!(&end[..4], b"PK\x05\x06");
        assert_eq!(&end[8..12], &[4, 0, 4, 0]);
    }
}
