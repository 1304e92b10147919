"""README's "Where things live" names the file and function of the rules a newcomer asks about
first; each named file must exist and define that function, so the table cannot drift."""

import ast
import re

from bff.config import ROOT

RULES = {
    "shipping fee",
    "member price",
    "order states",
    "stock ledger",
    "payment notification check",
    "page cache",
    "catalogue answer cache",
    "rate limits",
    "audit log",
    "search",
}
ROW = re.compile(r"^\| (?P<rule>[^|]+?) \| `(?P<path>[^`]+)` \| `(?P<name>[^`]+)` \|$")


def _rows() -> list[dict]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Where things live", 1)[1].split("\n## ", 1)[0]
    return [m.groupdict() for line in section.splitlines() if (m := ROW.match(line))]


def _defines(path, name: str) -> bool:
    source = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        tree = ast.parse(source)
        kinds = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
        return any(isinstance(node, kinds) and node.name == name for node in tree.body)
    return re.search(rf"^(export )?(async )?function {re.escape(name)}\(", source, re.M) is not None


def test_the_table_names_each_of_the_ten_rules():
    named = [row["rule"] for row in _rows()]
    for rule in RULES:
        assert any(rule in entry for entry in named), f"README's table lacks {rule!r}"
    assert len(named) == len(RULES)


def test_each_named_file_defines_the_named_function():
    for row in _rows():
        path = ROOT / row["path"]
        assert path.is_file(), f"{row['rule']}: {row['path']} does not exist"
        assert _defines(path, row["name"]), f"{row['rule']}: {row['path']} defines no {row['name']}"
