"""The extension's thread-local storage stays small: the module is loaded at run time
(dlopen), and glibc gives such libraries' static TLS only a small surplus (about
1.6 KiB, shared with every other library loaded so). A table kept inline in a
thread-local once took the module past it, and `import kifu` failed with "cannot
allocate memory in static TLS block"."""

import struct
import sys

import pytest

import kifu

PT_TLS = 7
# What the module may take of the surplus, leaving room for the other libraries.
MOST = 1536


def tls_size(path):
    """The memory size of the ELF file's PT_TLS segment (0 without one)."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:4] == b"\x7fELF", path
    assert data[4] == 2 and data[5] == 1, "64-bit little-endian ELF"
    (phoff,) = struct.unpack_from("<Q", data, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", data, 0x36)
    for i in range(phnum):
        at = phoff + i * phentsize
        (kind,) = struct.unpack_from("<I", data, at)
        if kind == PT_TLS:
            (memsz,) = struct.unpack_from("<Q", data, at + 0x28)
            return memsz
    return 0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ELF and glibc only")
def test_the_extension_s_thread_local_storage_fits_what_a_loaded_library_gets():
    size = tls_size(kifu._kifu.__file__)
    assert 0 < size <= MOST, f"{size} bytes of TLS in {kifu._kifu.__file__}"
