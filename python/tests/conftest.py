"""What the tests share: the repository's fixtures and the `kifu` command."""

import os
import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"


def fixture_files():
    """Every record in fixtures/ (not the READMEs nor the generators), sorted."""
    return sorted(
        p
        for p in FIXTURES.rglob("*")
        if p.is_file() and p.suffix not in (".md", ".py")
    )


def kifu_command():
    """The `kifu` binary built from this checkout: $KIFU_BIN, else target/debug or
    target/release. Missing, the tests that need it skip, or fail when
    KIFU_REQUIRE_CLI is set (CI sets it)."""
    for candidate in (
        os.environ.get("KIFU_BIN"),
        ROOT / "target" / "debug" / "kifu",
        ROOT / "target" / "release" / "kifu",
        shutil.which("kifu"),
    ):
        if candidate and pathlib.Path(candidate).is_file():
            return str(candidate)
    if os.environ.get("KIFU_REQUIRE_CLI"):
        pytest.fail("the kifu command is not built (cargo build) and KIFU_REQUIRE_CLI is set")
    pytest.skip("the kifu command is not built: run cargo build first")
