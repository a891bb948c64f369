"""The type stubs name exactly what the module has."""

import ast
import pathlib

import kifu
import kifu._kifu as ext

STUBS = pathlib.Path(kifu.__file__).with_name("_kifu.pyi")


def test_stubs_are_installed_with_the_package():
    assert STUBS.is_file()
    assert STUBS.with_name("py.typed").is_file()


def test_every_stubbed_name_exists_and_every_public_name_is_stubbed():
    tree = ast.parse(STUBS.read_text())
    stubbed = set()
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            stubbed.add(node.name)
            assert hasattr(ext, node.name), node.name
        if isinstance(node, ast.ClassDef):
            cls = getattr(ext, node.name)
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    assert hasattr(cls, item.name), (node.name, item.name)
                elif isinstance(item, ast.AnnAssign):
                    name = item.target.id
                    if node.name != "KifuError":
                        assert hasattr(cls, name), (node.name, name)
    public = {n for n in dir(ext) if not n.startswith("_")}
    assert public == stubbed
    assert set(kifu.__all__) == public | {"Written", "__version__"}
