//! The position index's schema version (#37): `kifu index` stores it (SQLite's
//! `user_version`, bytes 60–63 of the file), and `kifu index` and `kifu search`
//! refuse an index of another version with a diagnostic that says what to do,
//! leaving the file as it was.

use std::process::Command;

fn kifu() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
}

#[test]
fn an_index_of_another_schema_version_is_refused_by_index_and_search() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("g.sgf");
    std::fs::write(&record, "(;GM[1]SZ[9];B[cc];W[gg])\n").unwrap();
    let db = dir.path().join("i.db");
    let index = || {
        kifu()
            .arg("index")
            .arg(&record)
            .arg("-o")
            .arg(&db)
            .output()
            .unwrap()
    };
    let search = || {
        kifu()
            .arg("search")
            .arg(&db)
            .arg("--position")
            .arg(format!("{}:1", record.display()))
            .output()
            .unwrap()
    };
    assert_eq!(index().status.code(), Some(0));
    let mut bytes = std::fs::read(&db).unwrap();
    assert_eq!(bytes[60..64], [0, 0, 0, 3], "user_version 3");
    let o = search();
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8(o.stdout)
        .unwrap()
        .ends_with("1 position(s) found in 1 game(s) (hash 31070e3738bfb314)\n"));
    for version in [2u8, 4] {
        bytes[63] = version;
        std::fs::write(&db, &bytes).unwrap();
        let message = format!(
            "{}: the index was made with schema version {version}; this kifu reads version 3 only: delete it and run kifu index again\n",
            db.display()
        );
        for o in [index(), search()] {
            assert_eq!(o.status.code(), Some(2));
            assert_eq!(String::from_utf8(o.stdout).unwrap(), "");
            assert_eq!(
                String::from_utf8(o.stderr).unwrap(),
                format!("error: {message}")
            );
        }
        assert_eq!(std::fs::read(&db).unwrap(), bytes, "left as it was");
    }
}
