"""kill -9 during a night, many times over: a process submitting sheets and starting and
closing rounds through the services is killed with SIGKILL after a random number of its
steps; each file it leaves is checked (opens, integrity_check, every submitted sheet whole,
nothing half-written). With ``--window`` the killed process is the director's window itself,
driven through its pages, and the snapshots it wrote are checked too. Prints the figures. See
benchmarks/README.md.

    .venv/bin/python benchmarks/bench_kill.py             # 200 runs, seed 1
    .venv/bin/python benchmarks/bench_kill.py --window    # 200 runs of the window
    .venv/bin/python benchmarks/bench_kill.py --runs 50 --seed 7
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import kill_harness  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--window", action="store_true", help="kill the window, not the services")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        template = folder / "template.sqlite"
        event_id = kill_harness.prepare(template)
        began = time.perf_counter()
        outcomes = [
            kill_harness.run_once(folder, template, event_id, rng, window=args.window)
            for _ in range(args.runs)
        ]
        took = time.perf_counter() - began
    bad = [o for o in outcomes if o.problems]
    finished = sum(o.finished for o in outcomes)
    sheets = Counter(o.submitted for o in outcomes)
    each = took / len(outcomes)
    victim = "the window" if args.window else "the services"
    print(f"runs: {len(outcomes)} of {victim} (seed {args.seed}), {took:.1f} s, {each:.2f} s a run")
    print(f"killed mid-night: {len(outcomes) - finished}; ran to the end first: {finished}")
    print("sheets in when killed: " + ", ".join(f"{n}: {c}" for n, c in sorted(sheets.items())))
    print(f"files with a problem: {len(bad)}")
    for outcome in bad:
        print(f"  after {outcome.steps} steps: " + "; ".join(outcome.problems))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
