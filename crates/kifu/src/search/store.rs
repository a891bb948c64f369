//! The position index on disk: an SQLite database (bundled, so nothing needs
//! installing; any SQLite client opens it). See docs/SEARCH.md for the schema.
//!
//! The positions are not one SQL row each but packed records in blobs by the hash's
//! top 12 bits, a few blobs (parts) a bucket (table `buckets`, `search::buckets`): 16
//! bytes a position. One
//! row a position in a `WITHOUT ROWID` table keyed (hash, game, ply, move) was the
//! first design: about 25 bytes a position, and SQLite's inserting and sorting of
//! every row cost more than the reading itself (docs/SEARCH.md, "Why blobs"). The files and games are plain tables. The whole run is
//! one transaction: a run killed at any point leaves the index as it was (SQLite's
//! rollback journal); the records of a run are stored as new parts of the buckets,
//! a budget of records at a time, as they come.

use std::collections::HashMap;
use std::path::Path;

use rusqlite::{params, Connection, OptionalExtension};

use super::buckets::{self, Pending, Rec};
use super::positions::{Options, Visit};

/// The schema's version, stored as SQLite's `PRAGMA user_version` (and, for people,
/// in `meta`). 1: the first; 2: `games.line`, the moves of each Go game's main line
/// for pattern search (`search::pattern`); 3: a bucket is one or more parts (rows of
/// `buckets`, each sorted).
pub const VERSION: u32 = 3;

/// A bucket with more parts than this is merged into one at the end of a run.
pub const MAX_PARTS: i64 = 64;

/// Checks the schema version of an open database: `Ok(true)` when it holds no table
/// yet (a new index), `Ok(false)` when it is an index of this version; an error that
/// says what to do for an index of another version or a database that is not an
/// index.
pub fn check_version(conn: &Connection) -> Result<bool, Error> {
    let user: u32 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(err)?;
    if user == VERSION {
        return Ok(false);
    }
    let tables: i64 = conn
        .query_row("SELECT COUNT(*) FROM sqlite_master", [], |r| r.get(0))
        .map_err(err)?;
    if user == 0 && tables == 0 {
        return Ok(true);
    }
    // Version 1 kept its version in `meta` only.
    let meta: Option<String> = if user == 0 {
        conn.query_row("SELECT value FROM meta WHERE key = 'version'", [], |r| {
            r.get(0)
        })
        .optional()
        .unwrap_or(None)
    } else {
        Some(user.to_string())
    };
    match meta {
        Some(v) => Err(format!(
            "the index was made with schema version {v}; this kifu reads version {VERSION} only: delete it and run kifu index again"
        )),
        None => Err("not a kifu index (an SQLite database without kifu's schema version)".into()),
    }
}

/// An error of the index, as text for people.
pub type Error = String;

fn err(e: rusqlite::Error) -> Error {
    e.to_string()
}

/// An open index.
pub struct Index {
    conn: Connection,
    /// The run's new records and dropped games.
    pending: Option<Box<Pending>>,
    /// The id of the run's next game (ids are not reused within a run: the records
    /// of a game dropped in the run go by its id).
    next_game: i64,
    /// Records stored in the run so far (as new parts).
    added: u64,
}

/// A file as the index last saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileRow {
    /// Its id.
    pub id: i64,
    /// Its size in bytes.
    pub size: u64,
    /// Its modification time, nanoseconds since the epoch.
    pub mtime: i64,
    /// Its content hash ([`content_hash`]).
    pub hash: u64,
}

/// A game's facts as the index stores them (the `kifu list` columns it keeps).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GameRow {
    /// Its place in its file, from 1.
    pub number: usize,
    /// `go`, `gomoku`, `shogi`.
    pub kind: String,
    /// The board (9 × 9 for shogi).
    pub size: Option<(u8, u8)>,
    /// The first player.
    pub black: Option<String>,
    /// The first player's rank.
    pub black_rank: Option<String>,
    /// The second player.
    pub white: Option<String>,
    /// The second player's rank.
    pub white_rank: Option<String>,
    /// The event.
    pub event: Option<String>,
    /// The round.
    pub round: Option<String>,
    /// The date as the record writes it.
    pub date: Option<String>,
    /// The result in SGF's notation.
    pub result: Option<String>,
    /// `black`, `white`, `draw` or `none`.
    pub winner: String,
    /// The komi.
    pub komi: Option<f64>,
    /// The handicap as `kifu list` writes it.
    pub handicap: Option<String>,
    /// The handicap in stones.
    pub handicap_stones: Option<u32>,
    /// Moves on the main line.
    pub moves: usize,
    /// Go: the main line as pattern search replays it ([`super::pattern::encode_line`]);
    /// only written, a query leaves it `None`.
    pub line: Option<Vec<u8>>,
}

impl GameRow {
    /// The row of a game, the `number`-th of its file.
    pub fn of(game: &crate::model::Game, number: usize) -> GameRow {
        use crate::collect::filter::Facts;
        use crate::collect::meta;
        let info = &game.info;
        let result = meta::result(game);
        GameRow {
            number,
            kind: game.kind.family().to_string(),
            size: game.size(),
            black: info.black.name.clone(),
            black_rank: info.black.rank.clone(),
            white: info.white.name.clone(),
            white_rank: info.white.rank.clone(),
            event: info.event.clone(),
            round: info.round.clone(),
            date: info.date.clone(),
            result: result.as_ref().map(ToString::to_string),
            winner: meta::winner_of(result.as_ref()).name().to_string(),
            komi: info.komi,
            handicap: meta::handicap_text(game),
            handicap_stones: meta::handicap_stones(game),
            moves: meta::main_line_moves(game),
            line: super::pattern::encode_line(game),
        }
    }
}

impl crate::collect::filter::Facts for GameRow {
    fn family(&self) -> &str {
        &self.kind
    }
    fn size(&self) -> Option<(u8, u8)> {
        self.size
    }
    fn handicap_stones(&self) -> Option<u32> {
        self.handicap_stones
    }
    fn komi(&self) -> Option<f64> {
        self.komi
    }
    fn winner(&self) -> crate::collect::meta::Winner {
        crate::collect::meta::Winner::from_name(&self.winner)
            .unwrap_or(crate::collect::meta::Winner::None)
    }
    fn moves(&self) -> usize {
        self.moves
    }
    fn date(&self) -> Option<&str> {
        self.date.as_deref()
    }
    fn black(&self) -> Option<&str> {
        self.black.as_deref()
    }
    fn white(&self) -> Option<&str> {
        self.white.as_deref()
    }
    fn event(&self) -> Option<&str> {
        self.event.as_deref()
    }
}

/// One row of `positions` met by a query, with its game.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    /// The file's path, as bytes.
    pub path: Vec<u8>,
    /// The game.
    pub game: GameRow,
    /// Moves made before the position.
    pub ply: u32,
    /// The code of the move played from it (0: none).
    pub mv: u32,
}

/// A 64-bit hash of a file's bytes (eight bytes at a time, mixed): whether a file
/// whose time changed still holds the same bytes.
pub fn content_hash(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0x6b69_6675_2d69_6478 ^ bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        h = (h ^ u64::from_le_bytes(w))
            .rotate_left(29)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    let mut w = [0u8; 8];
    for (d, s) in w.iter_mut().zip(chunks.remainder()) {
        *d = *s;
    }
    h = (h ^ u64::from_le_bytes(w)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^ (h >> 31)
}

/// The content hash of what `read` gives: [`content_hash`] of each block of 1 MiB,
/// mixed in order, so a file is hashed without being held.
pub fn content_hash_of(mut read: impl std::io::Read) -> std::io::Result<u64> {
    let mut buf = vec![0u8; 1 << 20];
    let mut h: u64 = 0;
    loop {
        let mut filled = 0;
        while filled < buf.len() {
            match read.read(buf.get_mut(filled..).unwrap_or(&mut [])) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        let block = buf.get(..filled).unwrap_or(&[]);
        h = (h ^ content_hash(block)).wrapping_mul(0x94d0_49bb_1331_11eb);
        h ^= h >> 29;
        if filled < buf.len() {
            return Ok(h);
        }
    }
}

impl Index {
    /// Opens (or creates) the index at `path`, with its tables. An index made by
    /// another schema version, or an SQLite file that is not an index, is refused
    /// ([`check_version`]).
    pub fn open(path: &Path) -> Result<Index, Error> {
        Index::open_with(path, true)
    }

    /// Opens an existing index for a query: a database without kifu's tables (an
    /// empty file) is refused rather than made an index.
    pub fn open_existing(path: &Path) -> Result<Index, Error> {
        Index::open_with(path, false)
    }

    fn open_with(path: &Path, create: bool) -> Result<Index, Error> {
        let conn = Connection::open(path).map_err(err)?;
        conn.execute_batch(
            "PRAGMA journal_mode = DELETE;
             PRAGMA synchronous = FULL;
             PRAGMA cache_size = -16384;
             PRAGMA temp_store = FILE;",
        )
        .map_err(err)?;
        let fresh = check_version(&conn)?;
        if fresh && !create {
            return Err("not a kifu index (build one with kifu index -o FILE)".into());
        }
        if fresh {
            conn.execute_batch(&format!(
                "BEGIN IMMEDIATE;
                 CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
                 CREATE TABLE files(
                     id INTEGER PRIMARY KEY, path BLOB NOT NULL UNIQUE, size INTEGER NOT NULL,
                     mtime INTEGER NOT NULL, hash INTEGER NOT NULL, format TEXT, encoding TEXT);
                 CREATE TABLE games(
                     id INTEGER PRIMARY KEY, file INTEGER NOT NULL, number INTEGER NOT NULL,
                     kind TEXT NOT NULL, width INTEGER, height INTEGER,
                     black TEXT, black_rank TEXT, white TEXT, white_rank TEXT,
                     event TEXT, round TEXT, date TEXT, result TEXT, winner TEXT NOT NULL,
                     komi REAL, handicap TEXT, handicap_stones INTEGER, moves INTEGER NOT NULL,
                     line BLOB);
                 CREATE INDEX games_file ON games(file);
                 CREATE TABLE buckets(id INTEGER PRIMARY KEY, bucket INTEGER NOT NULL, rows BLOB NOT NULL);
                 CREATE INDEX buckets_bucket ON buckets(bucket);
                 INSERT INTO meta(key, value) VALUES ('version', '{VERSION}');
                 INSERT INTO meta(key, value) VALUES ('positions', '0');
                 PRAGMA user_version = {VERSION};
                 COMMIT;"
            ))
            .map_err(err)?;
        }
        Ok(Index {
            conn,
            pending: None,
            next_game: 1,
            added: 0,
        })
    }
    /// The options the index was built with (`None`: it holds nothing yet).
    pub fn options(&self) -> Result<Option<Options>, Error> {
        let get = |k: &str| -> Result<Option<String>, Error> {
            self.conn
                .query_row("SELECT value FROM meta WHERE key = ?1", [k], |r| r.get(0))
                .optional()
                .map_err(err)
        };
        let (Some(c), Some(v)) = (get("colours")?, get("variations")?) else {
            return Ok(None);
        };
        Ok(Some(Options {
            colours: c == "1",
            variations: v == "1",
        }))
    }

    /// Every file of the index, by path.
    pub fn files(&self) -> Result<HashMap<Vec<u8>, FileRow>, Error> {
        let mut stmt = self
            .conn
            .prepare("SELECT path, id, size, mtime, hash FROM files")
            .map_err(err)?;
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, Vec<u8>>(0)?,
                    FileRow {
                        id: r.get(1)?,
                        size: r.get::<_, i64>(2)? as u64,
                        mtime: r.get(3)?,
                        hash: r.get::<_, i64>(4)? as u64,
                    },
                ))
            })
            .map_err(err)?;
        rows.collect::<Result<_, _>>().map_err(err)
    }

    /// Starts a run: one transaction until [`Index::finish`]; the index's options
    /// become `opts` (a run with other options than the index's drops every file
    /// first: the caller passes them all in `remove`).
    pub fn begin(&mut self, opts: Options) -> Result<(), Error> {
        self.conn.execute_batch("BEGIN IMMEDIATE;").map_err(err)?;
        self.pending = Some(Box::new(Pending::default()));
        self.next_game = self
            .conn
            .query_row("SELECT COALESCE(MAX(id), 0) + 1 FROM games", [], |r| {
                r.get(0)
            })
            .map_err(err)?;
        let flag = |b: bool| if b { "1" } else { "0" };
        for (k, v) in [
            ("colours", flag(opts.colours)),
            ("variations", flag(opts.variations)),
        ] {
            self.conn
                .execute(
                    "INSERT OR REPLACE INTO meta(key, value) VALUES (?1, ?2)",
                    [k, v],
                )
                .map_err(err)?;
        }
        Ok(())
    }

    /// Drops a file and its games and positions (within the run).
    pub fn remove_file(&mut self, id: i64) -> Result<(), Error> {
        {
            let mut stmt = self
                .conn
                .prepare_cached("SELECT id FROM games WHERE file = ?1")
                .map_err(err)?;
            let ids = stmt
                .query_map([id], |r| r.get::<_, i64>(0))
                .map_err(err)?
                .collect::<Result<Vec<i64>, _>>()
                .map_err(err)?;
            if let Some(p) = &mut self.pending {
                p.dead.extend(ids.into_iter().map(|g| g as u32));
            }
        }
        self.conn
            .execute("DELETE FROM games WHERE file = ?1", [id])
            .map_err(err)?;
        self.conn
            .execute("DELETE FROM files WHERE id = ?1", [id])
            .map_err(err)?;
        Ok(())
    }

    /// Records that an unchanged file's time changed.
    pub fn touch_file(&mut self, id: i64, mtime: i64) -> Result<(), Error> {
        self.conn
            .execute(
                "UPDATE files SET mtime = ?2 WHERE id = ?1",
                params![id, mtime],
            )
            .map_err(err)?;
        Ok(())
    }

    /// Adds a file (its games follow with [`Index::add_game`]); returns its id.
    pub fn add_file(
        &mut self,
        path: &[u8],
        size: u64,
        mtime: i64,
        hash: u64,
        format: Option<&str>,
        encoding: Option<&str>,
    ) -> Result<i64, Error> {
        self.conn
            .execute(
                "INSERT INTO files(path, size, mtime, hash, format, encoding) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![path, size as i64, mtime, hash as i64, format, encoding],
            )
            .map_err(err)?;
        Ok(self.conn.last_insert_rowid())
    }

    /// Adds a game of file `file` and its positions.
    pub fn add_game(&mut self, file: i64, g: &GameRow, visits: &[Visit]) -> Result<(), Error> {
        let mut stmt = self
            .conn
            .prepare_cached(
                "INSERT INTO games(file, number, kind, width, height, black, black_rank, white,
                 white_rank, event, round, date, result, winner, komi, handicap, handicap_stones, moves, line, id)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)",
            )
            .map_err(err)?;
        let id = self.next_game;
        let game = u32::try_from(id).map_err(|_| "more than 4,294,967,295 games".to_string())?;
        stmt.execute(params![
            file,
            g.number as i64,
            g.kind,
            g.size.map(|s| s.0),
            g.size.map(|s| s.1),
            g.black,
            g.black_rank,
            g.white,
            g.white_rank,
            g.event,
            g.round,
            g.date,
            g.result,
            g.winner,
            g.komi,
            g.handicap,
            g.handicap_stones,
            g.moves as i64,
            g.line,
            id,
        ])
        .map_err(err)?;
        drop(stmt);
        self.next_game = id + 1;
        let Some(mut p) = self.pending.take() else {
            return Err("no run begun".into());
        };
        // Move numbers past 65,535 are kept as 65,535 (no record has so many).
        p.extend(visits.iter().map(|v| Rec {
            hash: v.hash,
            game,
            ply: u16::try_from(v.ply).unwrap_or(u16::MAX),
            mv: u16::try_from(v.mv).unwrap_or(0),
        }));
        // Stored at the end of a game: a game's records are in one part, so a part
        // sorted each record once holds none twice.
        let stored = if p.full() { self.store(&mut p) } else { Ok(()) };
        self.pending = Some(p);
        stored
    }

    /// Stores the records held as one new part of each bucket they fall in.
    fn store(&mut self, p: &mut Pending) -> Result<(), Error> {
        let mut stmt = self
            .conn
            .prepare_cached("INSERT INTO buckets(bucket, rows) VALUES (?1, ?2)")
            .map_err(err)?;
        let mut added = 0u64;
        p.drain(|b, blob| {
            added += (blob.len() / buckets::SIZE) as u64;
            stmt.execute(params![b as i64, blob])
                .map(|_| ())
                .map_err(err)
        })?;
        drop(stmt);
        self.added += added;
        Ok(())
    }

    /// Ends the run: the records held are stored, and each bucket that may lose
    /// records (games dropped) or holds more than [`MAX_PARTS`] parts is merged into
    /// one part; the transaction commits. With `compact`, an index whose file is over
    /// a quarter free pages afterwards is rebuilt (`VACUUM`). Returns the number of
    /// positions.
    pub fn finish(&mut self, compact: bool) -> Result<u64, Error> {
        let mut pending = self.pending.take().unwrap_or_default();
        self.store(&mut pending)?;
        let dead = std::mem::take(&mut pending.dead);
        drop(pending);
        // The count of positions is kept in `meta` (summing the parts' lengths reads
        // every part's page): the count before, and what the run added and dropped.
        let added = std::mem::take(&mut self.added);
        let mut total = i128::from(self.positions()?) + i128::from(added);
        // The buckets to merge: every bucket when games are dropped, else those with
        // too many parts.
        let merge: Vec<i64> = if dead.is_empty() && added == 0 {
            // Nothing stored and nothing dropped: no bucket to look at.
            Vec::new()
        } else {
            let mut stmt = self
                .conn
                .prepare("SELECT bucket, COUNT(*) FROM buckets GROUP BY bucket ORDER BY bucket")
                .map_err(err)?;
            let rows = stmt
                .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))
                .map_err(err)?;
            let mut merge = Vec::new();
            for row in rows {
                let (b, parts) = row.map_err(err)?;
                if !dead.is_empty() || parts > MAX_PARTS {
                    merge.push(b);
                }
            }
            merge
        };
        // A group of buckets at a time, read on this thread (SQLite), sorted and
        // encoded on all cores, then written: up to 64 buckets, fewer when they hold
        // more than the budget together (memory stays bounded when buckets grow with
        // the collection).
        const GROUP: usize = 64;
        let mut rest = merge.as_slice();
        while !rest.is_empty() {
            let mut group: Vec<(i64, usize, Vec<u128>)> = Vec::new();
            let mut held = 0usize;
            while let Some((&b, tail)) = rest.split_first() {
                if group.len() >= GROUP || held >= buckets::BUDGET && !group.is_empty() {
                    break;
                }
                rest = tail;
                let mut keys: Vec<u128> = Vec::new();
                let mut before = 0usize;
                let mut parts = 0usize;
                let mut stmt = self
                    .conn
                    .prepare_cached("SELECT rows FROM buckets WHERE bucket = ?1")
                    .map_err(err)?;
                let blobs = stmt
                    .query_map([b], |r| r.get::<_, Vec<u8>>(0))
                    .map_err(err)?;
                for blob in blobs {
                    let blob = blob.map_err(err)?;
                    before += blob.len() / buckets::SIZE;
                    parts += 1;
                    keys.extend(
                        buckets::decode(&blob)
                            .filter(|r| !dead.contains(&r.game))
                            .map(|r| r.key()),
                    );
                }
                if keys.len() == before && parts <= MAX_PARTS as usize {
                    continue;
                }
                held += keys.len();
                group.push((b, before, keys));
            }
            let blobs: Vec<(i64, usize, Vec<u8>)> = {
                use rayon::prelude::*;
                group
                    .into_par_iter()
                    .map(|(b, before, keys)| (b, before, buckets::sorted_blob(keys)))
                    .collect()
            };
            for (b, before, blob) in blobs {
                total += (blob.len() / buckets::SIZE) as i128 - before as i128;
                self.conn
                    .prepare_cached("DELETE FROM buckets WHERE bucket = ?1")
                    .map_err(err)?
                    .execute([b])
                    .map_err(err)?;
                if !blob.is_empty() {
                    self.conn
                        .prepare_cached("INSERT INTO buckets(bucket, rows) VALUES (?1, ?2)")
                        .map_err(err)?
                        .execute(params![b, blob])
                        .map_err(err)?;
                }
            }
        }
        let total = u64::try_from(total).unwrap_or(0);
        self.conn
            .execute(
                "INSERT OR REPLACE INTO meta(key, value) VALUES ('positions', ?1)",
                [total.to_string()],
            )
            .map_err(err)?;
        self.conn.execute_batch("COMMIT;").map_err(err)?;
        if compact {
            let (free, pages): (i64, i64) = self
                .conn
                .query_row(
                    "SELECT (SELECT freelist_count FROM pragma_freelist_count), (SELECT page_count FROM pragma_page_count)",
                    [],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .map_err(err)?;
            if free * 4 > pages {
                self.conn.execute_batch("VACUUM;").map_err(err)?;
            }
        }
        Ok(total)
    }

    /// How many positions the index holds (kept in `meta`; counted when it is not
    /// there).
    pub fn positions(&self) -> Result<u64, Error> {
        let kept: Option<String> = self
            .conn
            .query_row("SELECT value FROM meta WHERE key = 'positions'", [], |r| {
                r.get(0)
            })
            .optional()
            .map_err(err)?;
        if let Some(n) = kept.and_then(|v| v.parse::<u64>().ok()) {
            return Ok(n);
        }
        self.conn
            .query_row(
                "SELECT COALESCE(SUM(length(rows)), 0) FROM buckets",
                [],
                |r| r.get::<_, i64>(0),
            )
            .map(|n| n as u64 / buckets::SIZE as u64)
            .map_err(err)
    }

    /// The records of this hash, each with its game and file, in the order of path,
    /// game and move number.
    pub fn lookup(&self, hash: u64) -> Result<Vec<Hit>, Error> {
        let bucket = (hash >> (64 - buckets::BITS)) as i64;
        let mut recs = Vec::new();
        let mut stmt = self
            .conn
            .prepare_cached("SELECT rows FROM buckets WHERE bucket = ?1")
            .map_err(err)?;
        let mut blobs = stmt.query([bucket]).map_err(err)?;
        while let Some(row) = blobs.next().map_err(err)? {
            let blob = row
                .get_ref(0)
                .map_err(err)?
                .as_blob()
                .map_err(|e| e.to_string())?;
            recs.extend(buckets::find(blob, hash));
        }
        let rows: Vec<(u32, u32, u32)> = recs
            .iter()
            .map(|r| (r.game, u32::from(r.ply), u32::from(r.mv)))
            .collect();
        self.hits(&rows)
    }

    /// Rows (game id, moves made, move code) with their games and files, in the
    /// order of path, game and move number.
    pub fn hits(&self, rows: &[(u32, u32, u32)]) -> Result<Vec<Hit>, Error> {
        let mut ids: Vec<u32> = rows.iter().map(|r| r.0).collect();
        ids.sort_unstable();
        ids.dedup();
        let games = self.games_of(&ids)?;
        let mut hits: Vec<Hit> = rows
            .iter()
            .filter_map(|&(id, ply, mv)| {
                let (path, game) = games.get(&id)?;
                Some(Hit {
                    path: path.clone(),
                    game: game.clone(),
                    ply,
                    mv,
                })
            })
            .collect();
        hits.sort_by(|a, b| {
            (&a.path, a.game.number, a.ply, a.mv).cmp(&(&b.path, b.game.number, b.ply, b.mv))
        });
        Ok(hits)
    }

    /// Every Go game's main line (`games.line`) with its id and board, handed to
    /// `each` a batch at a time (a few thousand games), in id order.
    pub fn go_lines(
        &self,
        mut each: impl FnMut(&[(u32, (u8, u8), Vec<u8>)]) -> Result<(), Error>,
    ) -> Result<(), Error> {
        const BATCH: usize = 4096;
        let mut stmt = self
            .conn
            .prepare(
                "SELECT id, width, height, line FROM games WHERE kind = 'go' AND line IS NOT NULL ORDER BY id",
            )
            .map_err(err)?;
        let mut rows = stmt.query([]).map_err(err)?;
        let mut batch = Vec::with_capacity(BATCH);
        while let Some(r) = rows.next().map_err(err)? {
            let id = r.get::<_, i64>(0).map_err(err)? as u32;
            let w: Option<u8> = r.get(1).map_err(err)?;
            let h: Option<u8> = r.get(2).map_err(err)?;
            let line: Vec<u8> = r.get(3).map_err(err)?;
            if let (Some(w), Some(h)) = (w, h) {
                batch.push((id, (w, h), line));
            }
            if batch.len() >= BATCH {
                each(&batch)?;
                batch.clear();
            }
        }
        if !batch.is_empty() {
            each(&batch)?;
        }
        Ok(())
    }

    /// The games of these ids with their files' paths: one lookup each, or one pass
    /// over the table when they are many.
    fn games_of(&self, ids: &[u32]) -> Result<HashMap<u32, (Vec<u8>, GameRow)>, Error> {
        const COLUMNS: &str = "g.id, f.path, g.number, g.kind, g.width, g.height, g.black,
            g.black_rank, g.white, g.white_rank, g.event, g.round, g.date, g.result, g.winner,
            g.komi, g.handicap, g.handicap_stones, g.moves
            FROM games g JOIN files f ON f.id = g.file";
        let row = |r: &rusqlite::Row<'_>| -> rusqlite::Result<(u32, (Vec<u8>, GameRow))> {
            let width: Option<u8> = r.get(4)?;
            let height: Option<u8> = r.get(5)?;
            Ok((
                r.get::<_, i64>(0)? as u32,
                (
                    r.get(1)?,
                    GameRow {
                        number: r.get::<_, i64>(2)? as usize,
                        kind: r.get(3)?,
                        size: width.zip(height),
                        black: r.get(6)?,
                        black_rank: r.get(7)?,
                        white: r.get(8)?,
                        white_rank: r.get(9)?,
                        event: r.get(10)?,
                        round: r.get(11)?,
                        date: r.get(12)?,
                        result: r.get(13)?,
                        winner: r.get(14)?,
                        komi: r.get(15)?,
                        handicap: r.get(16)?,
                        handicap_stones: r.get(17)?,
                        moves: r.get::<_, i64>(18)? as usize,
                        line: None,
                    },
                ),
            ))
        };
        let mut out = HashMap::with_capacity(ids.len());
        if ids.len() > 2000 {
            let wanted: std::collections::HashSet<u32> = ids.iter().copied().collect();
            let mut stmt = self
                .conn
                .prepare_cached(&format!("SELECT {COLUMNS}"))
                .map_err(err)?;
            for r in stmt.query_map([], row).map_err(err)? {
                let (id, g) = r.map_err(err)?;
                if wanted.contains(&id) {
                    out.insert(id, g);
                }
            }
        } else {
            let mut stmt = self
                .conn
                .prepare_cached(&format!("SELECT {COLUMNS} WHERE g.id = ?1"))
                .map_err(err)?;
            for &id in ids {
                if let Some((id, g)) = stmt
                    .query_row([i64::from(id)], row)
                    .optional()
                    .map_err(err)?
                {
                    out.insert(id, g);
                }
            }
        }
        Ok(out)
    }

    /// A summary of everything the index holds, independent of its row ids: the
    /// files (path, size, hash), and a count and a sum over every position row with
    /// its game's number and file; plus SQLite's integrity check. Two indexes of the
    /// same collection built with the same options have the same digest.
    pub fn digest(&self) -> Result<String, Error> {
        let integrity: String = self
            .conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .map_err(err)?;
        let files: String = self
            .conn
            .query_row(
                "SELECT COALESCE(group_concat(hex(path) || ':' || size || ':' || hash, ','), '')
                 FROM (SELECT path, size, hash FROM files ORDER BY path)",
                [],
                |r| r.get(0),
            )
            .map_err(err)?;
        let (games, orphans, line_bytes): (i64, i64, i64) = self
            .conn
            .query_row(
                "SELECT COUNT(*), COUNT(*) - COUNT(f.id), COALESCE(SUM(length(g.line)), 0)
                 FROM games g LEFT JOIN files f ON f.id = g.file",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .map_err(err)?;
        let mut games_by_id: HashMap<u32, (i64, usize)> = HashMap::new();
        {
            let mut stmt = self
                .conn
                .prepare("SELECT g.id, g.number, length(f.path) FROM games g JOIN files f ON f.id = g.file")
                .map_err(err)?;
            let rows = stmt
                .query_map([], |r| {
                    Ok((
                        r.get::<_, i64>(0)? as u32,
                        (r.get::<_, i64>(1)?, r.get::<_, i64>(2)? as usize),
                    ))
                })
                .map_err(err)?;
            for r in rows {
                let (id, g) = r.map_err(err)?;
                games_by_id.insert(id, g);
            }
        }
        let (mut rows, mut sum, mut lost) = (0u64, 0u128, 0u64);
        let mut stmt = self
            .conn
            .prepare("SELECT rows FROM buckets ORDER BY bucket")
            .map_err(err)?;
        let blobs = stmt
            .query_map([], |r| r.get::<_, Vec<u8>>(0))
            .map_err(err)?;
        for blob in blobs {
            for r in buckets::decode(&blob.map_err(err)?) {
                rows += 1;
                match games_by_id.get(&r.game) {
                    Some(&(number, path_len)) => {
                        sum += u128::from(r.hash % 1_000_003) * 3
                            + number as u128 * 5
                            + u128::from(r.ply) * 7
                            + u128::from(r.mv) * 11
                            + path_len as u128 * 13;
                    }
                    None => lost += 1,
                }
            }
        }
        Ok(format!(
            "integrity {integrity}; files {files}; games {games} ({orphans} without a file, {line_bytes} bytes of Go lines); positions {rows} ({lost} without a game), sum {sum}"
        ))
    }

    /// How many rows `positions`, `games` and `files` hold.
    pub fn counts(&self) -> Result<(u64, u64, u64), Error> {
        let count = |t: &str| -> Result<u64, Error> {
            self.conn
                .query_row(&format!("SELECT COUNT(*) FROM {t}"), [], |r| {
                    r.get::<_, i64>(0)
                })
                .map(|n| n as u64)
                .map_err(err)
        };
        Ok((self.positions()?, count("games")?, count("files")?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_index_has_this_schema_version_and_opens_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("i.db");
        drop(Index::open(&path).unwrap());
        let conn = Connection::open(&path).unwrap();
        let v: u32 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(v, VERSION);
        drop(conn);
        assert!(Index::open(&path).is_ok());
        assert!(Index::open_existing(&path).is_ok());
    }

    #[test]
    fn a_file_dropped_within_its_run_leaves_none_of_its_positions() {
        // As `kifu index` does when a file fails after some of its games were sent:
        // the file and its games are removed in the run, and the next file's games
        // follow. Their ids must not be the dropped games' (whose records, held or
        // already stored, go by id).
        let dir = tempfile::tempdir().unwrap();
        let mut index = Index::open(&dir.path().join("i.db")).unwrap();
        index.begin(Options::default()).unwrap();
        let row = |n: usize| GameRow {
            number: n,
            kind: "go".into(),
            winner: "none".into(),
            ..GameRow::default()
        };
        let visit = |hash: u64, ply: u32| Visit { hash, ply, mv: 0 };
        let failed = index.add_file(b"/f", 1, 1, 1, None, None).unwrap();
        index
            .add_game(failed, &row(1), &[visit(11 << 50, 0), visit(12 << 50, 1)])
            .unwrap();
        index.remove_file(failed).unwrap();
        let good = index.add_file(b"/g", 1, 1, 2, None, None).unwrap();
        index
            .add_game(good, &row(1), &[visit(21 << 50, 0), visit(12 << 50, 1)])
            .unwrap();
        assert_eq!(index.finish(true).unwrap(), 2);
        assert!(index.lookup(11 << 50).unwrap().is_empty());
        let hits = index.lookup(12 << 50).unwrap();
        assert_eq!(hits.len(), 1);
        assert_eq!((hits[0].path.as_slice(), hits[0].ply), (&b"/g"[..], 1));
        assert_eq!(index.counts().unwrap(), (2, 1, 1));
        // The count kept in `meta` is the parts' own.
        let summed: i64 = index
            .conn
            .query_row("SELECT SUM(length(rows)) / 16 FROM buckets", [], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(summed, 2);
    }

    #[test]
    fn an_index_of_another_schema_version_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        // Version 1 kept its version in `meta` alone.
        let v1 = dir.path().join("v1.db");
        Connection::open(&v1)
            .unwrap()
            .execute_batch(
                "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
                 INSERT INTO meta VALUES ('version', '1');",
            )
            .unwrap();
        let later = dir.path().join("v4.db");
        Connection::open(&later)
            .unwrap()
            .execute_batch("CREATE TABLE meta(key TEXT); PRAGMA user_version = 4;")
            .unwrap();
        for (path, v) in [(&v1, 1), (&later, 4)] {
            for open in [Index::open, Index::open_existing] {
                assert_eq!(
                    open(path).err().unwrap(),
                    format!("the index was made with schema version {v}; this kifu reads version 3 only: delete it and run kifu index again")
                );
            }
        }
        let other = dir.path().join("other.db");
        Connection::open(&other)
            .unwrap()
            .execute_batch("CREATE TABLE t(x);")
            .unwrap();
        assert_eq!(
            Index::open(&other).err().unwrap(),
            "not a kifu index (an SQLite database without kifu's schema version)"
        );
        let empty = dir.path().join("empty.db");
        std::fs::write(&empty, b"").unwrap();
        assert_eq!(
            Index::open_existing(&empty).err().unwrap(),
            "not a kifu index (build one with kifu index -o FILE)"
        );
        // Refused, it is left as it was.
        assert_eq!(std::fs::read(&empty).unwrap(), b"");
    }
}
