"""Times one Python peer library on a benchmark input (bench/compare.sh runs it).

usage: python peers.py LIB PATH [SKIPFILE | OUT]
  LIB: sgfmill | sgfmill-filter | sgfmill-stats | sgfmill-dedup | sgfmill-list |
       python-shogi-kif | cshogi-kif | cshogi-ki2 | cshogi-csa, or a job that writes
       OUT (timed with its writes): sgfmill-sgf (every game parsed and serialised
       into one collection), sgfmill-split (each game serialised into a file of its
       own in the folder OUT, numbered), sgfmill-merge (every .sgf file of the
       folder PATH parsed and its games serialised into one collection)
  PATH: an SGF collection (sgfmill) or a folder of .kif/.ki2/.csa files (or of
       .sgf files: sgfmill-merge)

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


def sgfmill_games(data):
    """Every game of an SGF collection as an sgfmill Sgf_game (what each job script
    below starts from, as kifu's jobs start from the games its reader hands on)."""
    from sgfmill import sgf, sgf_grammar

    return [sgf.Sgf_game.from_coarse_game_tree(c) for c in sgf_grammar.parse_sgf_collection(data)]


def prop(node, ident):
    """A property's value as sgfmill types it, or None (absent or unreadable)."""
    try:
        return node.get(ident) if node.has_property(ident) else None
    except ValueError:
        return None


def main_moves(game):
    """The main line's moves: (colour, (row, col) or None for a pass)."""
    return [n.get_move() for n in game.get_main_sequence() if n.get_move()[0] is not None]


def folded(text):
    import unicodedata

    return unicodedata.normalize("NFKC", text).casefold()


def sgfmill_filter(path):
    """The job of `kifu filter --player lee --winner black --list`: games where either
    player's name holds "lee" (NFKC, case folded) and black won; `PATH<TAB>GAME`."""
    data = pathlib.Path(path).read_bytes()

    def job():
        out = []
        games = sgfmill_games(data)
        for i, game in enumerate(games):
            root = game.get_root()
            names = [prop(root, "PB") or "", prop(root, "PW") or ""]
            won = (prop(root, "RE") or "").upper().startswith("B+")
            if won and any("lee" in folded(n) for n in names):
                out.append(f"{path}\t{i + 1}")
        return len(games), 0

    return job, len(data)


def sgfmill_stats(path):
    """The job of `kifu stats`: games by kind, main-line moves, results, players with
    games and wins, the date range, the declared charsets."""
    data = pathlib.Path(path).read_bytes()

    def job():
        from collections import Counter

        kinds, results, charsets = Counter(), Counter(), Counter()
        players, moves, dates = {}, 0, []
        games = sgfmill_games(data)
        for game in games:
            root = game.get_root()
            kinds[prop(root, "GM") or 1] += 1
            charsets[prop(root, "CA") or "?"] += 1
            moves += len(main_moves(game))
            re = (prop(root, "RE") or "").upper()
            result = ("black" if re.startswith("B+") else "white" if re.startswith("W+")
                      else "draw" if re in ("0", "DRAW", "JIGO") else "other")
            results[result] += 1
            for ident, side in (("PB", "black"), ("PW", "white")):
                name = prop(root, ident)
                if name:
                    entry = players.setdefault(name, [0, 0])
                    entry[0] += 1
                    entry[1] += result == side
            date = prop(root, "DT")
            if date:
                dates.append(date[:10])
        _span = (min(dates), max(dates)) if dates else None
        return len(games), 0

    return job, len(data)


def sgfmill_dedup(path):
    """The job of `kifu dedup`: games with the same main line (and start position)
    under the board's eight symmetries, whatever their game information, grouped."""
    data = pathlib.Path(path).read_bytes()

    def job():
        groups = {}
        games = sgfmill_games(data)
        for i, game in enumerate(games):
            size = game.get_size()
            root = game.get_root()
            black, white, _ = root.get_setup_stones()
            line = main_moves(game)
            best = None
            for k in range(8):
                def turn(p, k=k):
                    if p is None:
                        return None
                    r, c = p
                    if k & 1:
                        r, c = c, r
                    if k & 2:
                        r = size - 1 - r
                    if k & 4:
                        c = size - 1 - c
                    return (r, c)
                key = (tuple(sorted(turn(p) for p in black)), tuple(sorted(turn(p) for p in white)),
                       tuple((colour, turn(p)) for colour, p in line))
                best = key if best is None or key < best else best
            groups.setdefault(hash(best), []).append(i + 1)
        _duplicates = sum(len(g) - 1 for g in groups.values())
        return len(games), 0

    return job, len(data)


def sgfmill_list(path):
    """The job of `kifu list --csv`: a CSV row per game (players, ranks, event, round,
    date, result, komi, handicap, main-line moves, variations, comments)."""
    data = pathlib.Path(path).read_bytes()

    def job():
        import csv
        import io

        out = io.StringIO()
        w = csv.writer(out)
        games = sgfmill_games(data)
        for i, game in enumerate(games):
            root = game.get_root()
            variations = comments = 0
            stack = [root]
            while stack:
                node = stack.pop()
                variations += max(len(node) - 1, 0)
                comments += node.has_property("C")
                stack.extend(node)
            w.writerow([path, i + 1, "sgf", prop(root, "CA"), prop(root, "GM"), game.get_size(),
                        prop(root, "PB"), prop(root, "BR"), prop(root, "PW"), prop(root, "WR"),
                        prop(root, "EV"), prop(root, "RO"), prop(root, "DT"), prop(root, "RE"),
                        prop(root, "KM"), prop(root, "HA"), len(main_moves(game)), variations,
                        comments])
        return len(games), 0

    return job, len(data)


CRASHED = [0]  # files left out because they crash the process


def sgfmill_write(kind):
    """Conversion jobs on sgfmill: parse every game (Sgf_game, every node built) and
    serialise it (Sgf_game.serialise), written to OUT (the third argument)."""

    def make(path):
        from sgfmill import sgf, sgf_grammar

        out = pathlib.Path(sys.argv[3])
        src = pathlib.Path(path)
        if kind == "merge":
            datas = [f.read_bytes() for f in sorted(src.glob("*.sgf"))]
        else:
            datas = [src.read_bytes()]

        def games():
            for data in datas:
                for coarse in sgf_grammar.parse_sgf_collection(data):
                    yield sgf.Sgf_game.from_coarse_game_tree(coarse).serialise()

        def run():
            n = 0
            if kind == "split":
                out.mkdir(parents=True, exist_ok=True)
                for n, text in enumerate(games(), 1):
                    (out / f"{src.stem}-{n:04}.sgf").write_bytes(text)
            else:
                texts = list(games())
                n = len(texts)
                out.write_bytes(b"".join(texts))
            return n, 0

        return run, sum(len(d) for d in datas)

    return make

def kifu_python_sgf(path):
    """The Python package kifu (python/): every game of the collection read by
    kifu.read from the bytes in memory, each a kifu.Game (typed nodes, whole tree)."""
    import kifu

    data = pathlib.Path(path).read_bytes()

    def parse():
        games = sum(1 for _ in kifu.read(data, format="sgf"))
        return games, 0

    return parse, len(data)


def kifu_python_files(ext, threads=None):
    """The Python package kifu on a folder: each file's bytes (read before the clock,
    as the peers' texts are) read by kifu.read with the rules checked (check=True),
    one thread; or, with `threads`, kifu.read_dir on the folder (its reading of the
    files included) on all cores. A game with an error diagnostic counts as failed."""

    def make(path):
        import kifu

        files = sorted(pathlib.Path(path).glob("*." + ext))
        raw = [f.read_bytes() for f in files]

        def tally(games):
            ok = failed = 0
            for game in games:
                if any(d.severity == "error" for d in game.diagnostics):
                    failed += 1
                else:
                    ok += 1
            return ok, failed

        def parse():
            if threads:
                return tally(kifu.read_dir(path, check=True))
            ok = failed = 0
            for b in raw:
                o, f = tally(kifu.read(b, format=ext, check=True))
                ok, failed = ok + o, failed + f
            return ok, failed

        return parse, sum(len(b) for b in raw)

    return make


LIBS = {
    "sgfmill": sgfmill,
    "sgfmill-filter": sgfmill_filter,
    "sgfmill-stats": sgfmill_stats,
    "sgfmill-dedup": sgfmill_dedup,
    "sgfmill-list": sgfmill_list,
    "sgfmill-sgf": sgfmill_write("sgf"),
    "sgfmill-split": sgfmill_write("split"),
    "sgfmill-merge": sgfmill_write("merge"),
    "python-shogi-kif": shogi("kif", python_shogi_kif),
    "cshogi-kif": shogi("kif", cshogi_kif, may_crash=True),
    "cshogi-ki2": shogi("ki2", cshogi_ki2, may_crash=True),
    "cshogi-csa": shogi("csa", cshogi_csa, may_crash=True),
    "kifu-python-sgf": kifu_python_sgf,
    "kifu-python-kif": kifu_python_files("kif"),
    "kifu-python-csa": kifu_python_files("csa"),
    "kifu-python-dir-kif": kifu_python_files("kif", threads=True),
    "kifu-python-dir-csa": kifu_python_files("csa", threads=True),
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
