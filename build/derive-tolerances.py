#!/usr/bin/env python3
"""Derive baseline tolerances from repeated, unchanged Perf runs (baselines/README.md, "How tolerances were set").

Usage: python3 build/derive-tolerances.py results-1.json results-2.json ... [--write]

Each argument is an artifacts/perf/results.json of one run of the same tree on the same machine (a subject need not
be in every run: Net.Zmq is only where its package restores). For every case,
every ordered pair of runs (i, j) is treated as "baseline from run i, measured in run j":
  ratio excess  = ratio_j / ratio_i - 1          (a slowdown the time gate must tolerate)
  bytes excess  = bytes_j - bytes_i               (absolute) and bytes_j / bytes_i - 1 (relative)
The tolerance is the worst excess seen, times a margin, rounded up, with a floor. With --write, the tolerances
are written into baselines/<subject>.<suite>.json (observed values untouched); without, they are only printed.
"""
import json, math, os, sys
from itertools import permutations

RATIO_MARGIN, RATIO_FLOOR = 1.25, 0.10          # 25 % headroom over the worst pair; never below 10 %
BYTES_RELATIVE_MARGIN, BYTES_RELATIVE_FLOOR = 2.0, 0.02
BYTES_ABSOLUTE_FLOOR = 16384                      # the test host's own background allocation (see README)
BYTES_ABSOLUTE_MARGIN = 2.0

def up(value, step):
    return math.ceil(value / step - 1e-9) * step

def main(paths, write):
    runs = [json.load(open(p)) for p in paths]
    per_file, runs_with = {}, {}
    for run in runs:
        for subject in run["subjects"]:
            key = (subject["subject"], subject["suite"])
            runs_with[key] = runs_with.get(key, 0) + 1
    for run in runs:
        for subject in run["subjects"]:
            for case in subject["cases"]:
                m = case["measurement"]
                key = (subject["subject"], subject["suite"])
                per_file.setdefault(key, {}).setdefault(m["case"]["id"], []).append(
                    (case["ratio"]["value"], m["bytesAllocatedPerOperation"], m["case"]["variant"] == m["case"]["referenceVariant"]))
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for (subject, suite), cases in sorted(per_file.items()):
        count = runs_with[(subject, suite)]
        if count < 3:
            sys.exit(f"{subject}.{suite}: measured in {count} runs; need at least 3")
        print(f"== {subject}.{suite}: {count} runs")
        tolerances = {}
        for cid, values in sorted(cases.items()):
            if len(values) != count:
                sys.exit(f"{cid}: measured in {len(values)} of the {count} runs that measured {subject}")
            ratio_excess = max(rj / ri - 1 for (ri, _, _), (rj, _, _) in permutations(values, 2))
            abs_excess = max(bj - bi for (_, bi, _), (_, bj, _) in permutations(values, 2))
            large = [v for v in values if v[1] > 1024 * 1024]
            rel_excess = max((bj / bi - 1 for (_, bi, _), (_, bj, _) in permutations(large, 2)), default=0.0)
            ratio = 0.0 if values[0][2] else max(RATIO_FLOOR, up(RATIO_MARGIN * ratio_excess, 0.01))
            rel = max(BYTES_RELATIVE_FLOOR, up(BYTES_RELATIVE_MARGIN * rel_excess, 0.01))
            absolute = max(BYTES_ABSOLUTE_FLOOR, up(BYTES_ABSOLUTE_MARGIN * (abs_excess if not large else 0), 1024))
            tolerances[cid] = {"ratio": round(ratio, 2), "bytesRelative": round(rel, 2), "bytesAbsolute": absolute}
            print(f"  {cid.split('/', 1)[1]:58} ratios {' '.join(f'{v[0]:.3f}' for v in values)}  worst +{ratio_excess:6.1%}"
                  f" -> {ratio:.2f} | bytes worst +{abs_excess:.0f} B / +{rel_excess:.2%} -> {rel:.2f} + {absolute} B")
        if write:
            path = os.path.join(root, "baselines", f"{subject}.{suite}.json")
            baseline = json.load(open(path))
            for cid, tol in tolerances.items():
                if cid in baseline["cases"]:
                    baseline["cases"][cid]["tolerances"] = tol
            temporary = path + ".tmp"
            with open(temporary, "w") as f:
                f.write(json.dumps(baseline, indent=2, ensure_ascii=False) + "\n")
            os.replace(temporary, path)
            print(f"  wrote tolerances into {path}")

if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--write"]
    main(args, "--write" in sys.argv)
