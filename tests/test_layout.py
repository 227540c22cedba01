"""The house is one-way (docs/architecture.md): no include cycle among ext/'s files and no
import cycle among chessbits' modules, a module's own packages aside (importing a submodule
runs its package's __init__ first, whichever imports whom). A cycle found names its files."""
import ast
import re
from pathlib import Path

import chessbits

ROOT = Path(__file__).resolve().parent.parent
EXT, PKG = ROOT / "ext", Path(chessbits.__file__).resolve().parent  # the package under test, installed or not


def find_cycle(graph: "dict[str, set[str]]") -> "list[str]":
    """A cycle of the directed graph as a list of its nodes, or [] when there is none."""
    state: "dict[str, int]" = {}
    stack: "list[str]" = []

    def visit(node: str) -> "list[str]":
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        state[node] = 2
        stack.pop()
        return []

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return []


def test_find_cycle_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_ext_has_no_include_cycle():
    graph = {}
    for path in list(EXT.rglob("*.c")) + list(EXT.rglob("*.h")):
        includes = re.findall(r'^\s*#\s*include\s+"([^"]+)"', path.read_text(encoding="utf-8"), flags=re.M)
        # (the public header src/chessbits/include/chessbits_syzygy.h includes nothing of ext/)
        graph[str(path.relative_to(EXT))] = {str((path.parent / i).resolve().relative_to(EXT.resolve()))
                                             for i in includes if (path.parent / i).exists()
                                             and (path.parent / i).resolve().is_relative_to(EXT.resolve())}
    assert len(graph) > 30
    assert find_cycle(graph) == []


def module_imports(path: Path, name: str) -> "set[str]":
    """The chessbits modules a module imports, at any depth of its code."""
    found = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            candidates = [target] + [f"{target}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            candidates = [a.name for a in node.names]
        else:
            continue
        found.update(c for c in candidates if c.startswith("chessbits"))
    return found


def test_chessbits_has_no_import_cycle():
    modules = {}
    for path in PKG.rglob("*.py"):
        parts = path.relative_to(PKG.parent).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph = {name: {m for m in module_imports(path, name) if m in modules and not name.startswith(m + ".")} - {name}
             for name, path in modules.items()}
    assert len(graph) > 30
    assert find_cycle(graph) == []
