"""The import graph of the BFF's packages: no loops, and the layers point one way.

Nodes are the top-level packages and modules under bff/ (accounts, cart, catalog, common,
config, ...). An edge A -> B is any import of bff.B in any file of A, at the top of the file or
inside a function alike, so a lazy import cannot hide a loop. bff/tests is left out: the suite
imports everything and nothing imports it.

The layers:
- the wiring: `app` (the factory), `errors` (the code -> HTTP status table, which names every
  domain's codes), `wsgi`, `gunicorn.conf` and `demo` (the seed command) may import everything;
  nothing but the wiring imports them, so a domain never learns of HTTP statuses or demo data;
- infrastructure: `config`, `extensions`, `json`, used by anyone, importing no package;
- `common`: imports nothing of the BFF but infrastructure;
- the domains: every other package. They may import each other, without loops.
"""

import ast
from collections import defaultdict
from pathlib import Path

from bff.config import ROOT

BFF = ROOT / "bff"
SKIPPED = {"tests"}
WIRING = {"app", "errors", "wsgi", "gunicorn.conf", "demo"}
INFRASTRUCTURE = {"config", "extensions", "json"}
# Function-level imports of the BFF that are there for a reason other than a loop.
LAZY_IMPORTS_ALLOWED = {
    # Pillow and the demo data load only when `flask seed-demo` runs, not in every server process.
    ("demo/commands.py", "bff.demo.seed"),
}


def _node(path: Path) -> str | None:
    parts = path.relative_to(BFF).parts
    if parts[0] in SKIPPED or parts == ("__init__.py",):
        return None
    return parts[0] if len(parts) > 1 else parts[0].removesuffix(".py")


def _imported_modules(tree: ast.AST, path: Path):
    """The name of every module the tree imports (relative imports resolved)."""
    package = ".".join(("bff", *path.relative_to(BFF).parent.parts))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            yield base
            if base == "bff":  # `from bff import accounts`
                for alias in node.names:
                    yield f"bff.{alias.name}"


def _sources():
    for path in sorted(BFF.rglob("*.py")):
        source = _node(path)
        if source is not None:
            yield path, source, ast.parse(path.read_text(), str(path))


def import_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = defaultdict(set)
    for path, source, tree in _sources():
        graph.setdefault(source, set())
        for module in _imported_modules(tree, path):
            parts = module.split(".")
            if parts[0] == "bff" and len(parts) > 1 and parts[1] != source:
                graph[source].add(parts[1])
    return dict(graph)


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One loop of the graph as [a, b, ..., a], or None."""
    state: dict[str, str] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = "open"
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == "open":
                return [*stack[stack.index(target) :], target]
            if target not in state and (cycle := visit(target)):
                return cycle
        state[node] = "done"
        stack.pop()
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def _describe(graph: dict[str, set[str]]) -> str:
    return "\n".join(f"  {node:14} -> {', '.join(sorted(graph[node])) or '-'}" for node in sorted(graph))


GRAPH = import_graph()


def test_the_graph_has_every_package():
    assert {"accounts", "cart", "catalog", "common", "orders", "payments", "app"} <= GRAPH.keys()
    assert "catalog" in GRAPH["cart"]  # an edge the graph must see


def test_no_package_import_loop():
    cycle = find_cycle(GRAPH)
    assert cycle is None, f"import loop: {' -> '.join(cycle)}\n{_describe(GRAPH)}"


def test_common_imports_no_domain():
    assert GRAPH["common"] <= INFRASTRUCTURE, f"common imports {sorted(GRAPH['common'] - INFRASTRUCTURE)}"


def test_infrastructure_imports_no_package():
    for node in INFRASTRUCTURE:
        assert GRAPH.get(node, set()) <= INFRASTRUCTURE, f"{node} imports {sorted(GRAPH[node])}"


def test_only_the_wiring_imports_the_wiring():
    for node, targets in GRAPH.items():
        if node not in WIRING:
            assert not targets & WIRING, f"{node} imports {sorted(targets & WIRING)}"


def test_no_function_level_import_of_the_bff_but_the_allowed_ones():
    lazy = set()
    for path, _source, tree in _sources():
        for function in ast.walk(tree):
            if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                for module in _imported_modules(function, path):
                    if module.startswith("bff"):
                        lazy.add((path.relative_to(BFF).as_posix(), module))
    assert lazy <= LAZY_IMPORTS_ALLOWED, f"move to the top of the file: {sorted(lazy - LAZY_IMPORTS_ALLOWED)}"


def test_find_cycle_names_the_loop():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
