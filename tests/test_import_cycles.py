"""No import cycle inside the package: every module's imports, at the top or inside a function, form a graph
without a circle (grimp, which import-linter uses). Imports made for type annotations only
(`if TYPE_CHECKING:`) do not run, and do not count."""

import grimp

PACKAGE = "modlinseq_print"

def circles(graph: grimp.ImportGraph) -> list[frozenset[str]]:
    """The strongly connected sets of two or more modules of the package (Tarjan's algorithm, iterative)."""
    modules = sorted(m for m in graph.modules if m == PACKAGE or m.startswith(PACKAGE + "."))
    inside = set(modules)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m) & inside) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in modules:
        if root in index:
            continue
        work = [(root, iter(edges[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(edges[target])))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    members = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        members.add(member)
                        if member == node:
                            break
                    if len(members) > 1:
                        found.append(frozenset(m.removeprefix(PACKAGE + ".") for m in members))
    return found


def described(graph: grimp.ImportGraph, circle: frozenset[str]) -> str:
    """Each import inside a circle, with its lines."""
    lines = []
    for importer in sorted(circle):
        for imported in sorted(circle):
            details = graph.get_import_details(importer=f"{PACKAGE}.{importer}", imported=f"{PACKAGE}.{imported}")
            if details:
                lines.append(f"  {importer} -> {imported} (line {', '.join(str(d['line_number']) for d in details)})")
    return "\n".join(lines)


def test_the_finder_finds_a_circle():
    graph = grimp.ImportGraph()
    for module in ("modlinseq_print.a", "modlinseq_print.b", "modlinseq_print.c", "modlinseq_print.d"):
        graph.add_module(module)
    graph.add_import(importer="modlinseq_print.a", imported="modlinseq_print.b")
    graph.add_import(importer="modlinseq_print.b", imported="modlinseq_print.c")
    graph.add_import(importer="modlinseq_print.c", imported="modlinseq_print.a")
    graph.add_import(importer="modlinseq_print.c", imported="modlinseq_print.d")
    assert circles(graph) == [frozenset({"a", "b", "c"})]


def test_no_import_cycle_in_the_package():
    graph = grimp.build_graph(PACKAGE, exclude_type_checking_imports=True, cache_dir=None)
    found = circles(graph)
    assert not found, "import cycles:\n" + "\n".join(described(graph, circle) for circle in found)
