"""The file system's floor for writing a folder of files (bench/compare.sh): creates,
writes and renames as many files of the same sizes as a reference folder holds, in
the same place, the way kifu writes its outputs (an exclusive temporary file beside
each, renamed over its name), then makes them durable with one `syncfs` (through
ctypes; `sync` where that fails): the work of kifu's output minus kifu. Standard
library only; nothing compiled.

usage: python3 floor.py REFERENCE OUT
  REFERENCE: a folder whose files' relative paths and sizes are copied (read before
             the clock starts)
  OUT: the folder written (made if missing; its subfolders too, before the clock)
Prints one line: floor: seconds=S items=N ok=N failed=0 crashed=0 bytes=B
"""
import os
import sys
import time


def sync(out):
    """One syncfs(2) on OUT's file system (through ctypes), else sync(2)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        fd = os.open(out, os.O_RDONLY | os.O_DIRECTORY)
        try:
            if libc.syncfs(fd) == 0:
                return
        finally:
            os.close(fd)
    except (OSError, AttributeError):
        pass
    os.sync()


def main():
    ref, out = sys.argv[1], sys.argv[2]
    files = []
    for top, _, names in os.walk(ref):
        rel = os.path.relpath(top, ref)
        for name in sorted(names):
            size = os.path.getsize(os.path.join(top, name))
            files.append((os.path.normpath(os.path.join(out, rel)), name, size))
    for d in {d for d, _, _ in files}:
        os.makedirs(d, exist_ok=True)
    biggest = max((s for _, _, s in files), default=0)
    data = b"x" * biggest
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC
    start = time.perf_counter()
    for i, (d, name, size) in enumerate(files):
        tmp = os.path.join(d, f".floor-{i}.tmp")
        fd = os.open(tmp, flags, 0o666)
        os.write(fd, data[:size])
        os.close(fd)
        os.rename(tmp, os.path.join(d, name))
    sync(out)
    secs = time.perf_counter() - start
    total = sum(s for _, _, s in files)
    print(f"floor: seconds={secs:.6f} items={len(files)} ok={len(files)} failed=0 crashed=0 bytes={total}")


if __name__ == "__main__":
    main()
