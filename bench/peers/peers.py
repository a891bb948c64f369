"""Times one Python peer library on a benchmark input (bench/compare.sh runs it).

usage: python peers.py LIB PATH [SKIPFILE]
  LIB: sgfmill | python-shogi-kif | cshogi-kif | cshogi-ki2 | cshogi-csa
  PATH: an SGF collection (sgfmill) or a folder of .kif/.ki2/.csa files

Files that crash the library (cshogi's C++ board segfaults on some) are found in
forked children before the clock starts (or read from SKIPFILE, where that search
leaves its result), left out of the timed run and counted as crashed=N; `bytes`
counts only the files timed.
Files are read (and shogi files decoded from Shift_JIS) before the clock starts;
time.perf_counter times only the library's parsing, not the interpreter's start-up
or the imports. Prints one line:
  LIB: seconds=S items=N ok=K failed=F crashed=C bytes=B
"""
import os
import pathlib
import sys
import time


def sgfmill(path):
    from sgfmill import sgf, sgf_grammar

    data = pathlib.Path(path).read_bytes()

    def parse():
        # The collection parser tokenises every game into coarse trees; each game
        # is then made an Sgf_game and every node of every variation visited (which
        # makes sgfmill build its Tree_node objects). Property values stay raw bytes.
        games = sgf_grammar.parse_sgf_collection(data)
        nodes = 0
        for coarse in games:
            game = sgf.Sgf_game.from_coarse_game_tree(coarse)
            stack = [game.get_root()]
            while stack:
                node = stack.pop()
                nodes += 1
                stack.extend(node)
        return len(games), 0

    return parse, len(data)


def crashes(parse_one, text):
    """True when parsing `text` kills the process (cshogi's C++ board segfaults on
    some files): tried in a forked child, before the clock starts."""
    pid = os.fork()
    if pid == 0:
        try:
            parse_one(text)
        finally:
            os._exit(0)
    return os.WIFSIGNALED(os.waitpid(pid, 0)[1])


def crashing(files, texts, parse_one):
    """The names of the files that crash the library: read from SKIPFILE (the third
    argument) when it exists, else found file by file and written there."""
    skipfile = pathlib.Path(sys.argv[3]) if len(sys.argv) > 3 else None
    if skipfile and skipfile.exists():
        return set(skipfile.read_text(encoding="utf-8").split())
    found = {f.name for f, t in zip(files, texts) if crashes(parse_one, t)}
    if skipfile:
        skipfile.write_text("".join(n + "\n" for n in sorted(found)), encoding="utf-8")
    return found


def shogi(ext, parser, may_crash=False):
    def make(path):
        parse_one = parser()  # imports outside the timed part
        files = sorted(pathlib.Path(path).glob("*." + ext))
        raw = [f.read_bytes() for f in files]
        texts = [b.decode("cp932") for b in raw]
        if may_crash:
            skip = crashing(files, texts, parse_one)
            kept = [i for i, f in enumerate(files) if f.name not in skip]
            CRASHED[0] = len(skip)
            raw = [raw[i] for i in kept]
            texts = [texts[i] for i in kept]

        def parse():
            ok = failed = 0
            for t in texts:
                try:
                    parse_one(t)
                    ok += 1
                except Exception:  # a file the library cannot read counts as failed
                    failed += 1
            return ok, failed

        return parse, sum(len(b) for b in raw)

    return make


def python_shogi_kif():
    import shogi.KIF

    return shogi.KIF.Parser.parse_str


def cshogi_kif():
    import cshogi.KIF

    return cshogi.KIF.Parser.parse_str


def cshogi_ki2():
    import cshogi.KI2

    return cshogi.KI2.Parser.parse_str


def cshogi_csa():
    import cshogi

    return cshogi.Parser.parse_str


CRASHED = [0]  # files left out because they crash the process

LIBS = {
    "sgfmill": sgfmill,
    "python-shogi-kif": shogi("kif", python_shogi_kif),
    "cshogi-kif": shogi("kif", cshogi_kif, may_crash=True),
    "cshogi-ki2": shogi("ki2", cshogi_ki2, may_crash=True),
    "cshogi-csa": shogi("csa", cshogi_csa, may_crash=True),
}


def main():
    lib, path = sys.argv[1], sys.argv[2]
    parse, size = LIBS[lib](path)
    start = time.perf_counter()
    ok, failed = parse()
    secs = time.perf_counter() - start
    print(
        f"{lib}: seconds={secs:.6f} items={ok + failed} ok={ok} failed={failed} "
        f"crashed={CRASHED[0]} bytes={size}"
    )


if __name__ == "__main__":
    main()
