"""Benchmark: the fewest pages any layout allows, each cell whole on some page (an exact set cover; needs PuLP).

Windows of the board's page area under the footer (default margin), portrait or landscape, placed anywhere:
a window slid right and down until its left edge meets the left edge of a cell it holds, and its top the top
of one, still holds all it held, so those positions are enough. The fewest windows covering every cell whole
is a lower bound for every planner, rows, cuts or any other that keeps cells whole:

    python bench/bench_bound.py hex:18 a4 letter

PuLP (with its bundled CBC solver) is not a dependency of the project: `pip install pulp` to run this.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from _bench import require, sized, smallest  # noqa: E402


def fewest_windows(cells, sizes) -> tuple[str, int]:
    """The solver's status and the fewest windows of `sizes` that hold every cell box whole."""
    import pulp

    lefts, tops = sorted({c.x for c in cells}), sorted({c.y for c in cells})
    sets = set()
    for width, height in sizes:
        for x in lefts:
            column = [i for i, c in enumerate(cells) if c.x >= x - 1e-6 and c.right <= x + width + 1e-6]
            for y in tops:
                held = frozenset(i for i in column if cells[i].y >= y - 1e-6 and cells[i].bottom <= y + height + 1e-6)
                if held:
                    sets.add(held)
    sets = sorted(sets, key=sorted)
    problem = pulp.LpProblem("pages", pulp.LpMinimize)
    chosen = [pulp.LpVariable(f"w{k}", cat="Binary") for k in range(len(sets))]
    problem += pulp.lpSum(chosen)
    holders: dict[int, list] = {i: [] for i in range(len(cells))}
    for k, held in enumerate(sets):
        for i in held:
            holders[i].append(chosen[k])
    for _i, windows in holders.items():
        problem += pulp.lpSum(windows) >= 1
    problem.solve(pulp.PULP_CBC_CMD(msg=False, timeLimit=900))
    return pulp.LpStatus[problem.status], round(pulp.value(problem.objective))


def main(argv: list[str]) -> None:
    """Print, for the board and each paper, the exact bound beside the pages the planner takes."""
    require("pulp", "PuLP")
    from pagination_helpers import plan_for

    from modlinseq_print.render.pagination import window_size

    spec, papers = argv[0] if argv else sized("hex:18", "hex:4"), argv[1:] or smallest(["a4", "letter"])
    for paper in papers:
        drawing, plan = plan_for(spec, paper)
        sizes = {window_size(plan.sheet.oriented(o)) for o in ("portrait", "landscape")}
        status, fewest = fewest_windows(list(drawing.cell_boxes()), sorted(sizes))
        print(f"{spec} on {paper}: any layout needs at least {fewest} pages ({status}); the planner takes "
              f"{len(plan.pages)}{' (cut)' if plan.cut else ''}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
