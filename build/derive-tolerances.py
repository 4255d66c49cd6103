#!/usr/bin/env python3
"""Derive baseline tolerances from repeated, unchanged Perf runs (baselines/README.md, "How tolerances were set").

Usage: python3 build/derive-tolerances.py results-1.json results-2.json ... [--write]

Each argument is an artifacts/perf/results.json of one run of the same tree on the same machine (a subject need not
be in every run: Net.Zmq is only where its package restores).

Time: a baseline is one run and the gated measurement is another, and on a shared 2-core machine a case's ratio
moves from run to run by more than one run's own confidence interval shows. So the spread that matters is the
run-to-run one: s = the standard deviation over runs of log(ratio). The difference of two runs then has standard
deviation sqrt(2) * s, and the tolerance is exp(Z * sqrt(2) * s) - 1 with Z = 3.29: an unchanged case exceeds it
in about 1 run in 2,000 (about 2 % of runs have one such false alarm among 36 time gates). At least 10 %.

Allocation: every ordered pair of runs (i, j) is read as "baseline from run i, measured in run j", and the worst
excess is taken: bytesRelative = 2 x the worst relative rise among cases over 1 MiB per operation (at least 2 %);
bytesAbsolute = 2 x the worst absolute rise, at least a floor: 16 KiB for NetMQ, counted process-wide (the test host's own
background allocation, see baselines/README.md), 1 KiB for Net.Zmq and the floor, counted on the workload's threads.

Aggregate (the suite's geometric-mean gate): per run, the mean over the suite's non-reference cases of log(ratio);
s = its standard deviation over runs; aggregateTolerance = exp(Z * sqrt(2) * s) - 1, at least 5 %.

With --write, the tolerances are written into baselines/<subject>.<suite>.json (observed values untouched);
without, they are only printed. With --aggregate-only, only aggregateTolerance is written.
"""
import json, math, os, statistics, sys
from itertools import permutations

Z, RATIO_FLOOR = 3.29, 0.10                      # one-sided 0.05 % per case; never below 10 %
BYTES_RELATIVE_MARGIN, BYTES_RELATIVE_FLOOR = 2.0, 0.02
BYTES_ABSOLUTE_FLOOR = 16384                      # NetMQ, counted process-wide: the test host's own background allocation
EXACT_BYTES_ABSOLUTE_FLOOR = 1024                 # Net.Zmq and the floor, counted on the workload's own threads
BYTES_ABSOLUTE_MARGIN = 2.0
AGGREGATE_FLOOR = 0.05

def up(value, step):
    return math.ceil(value / step - 1e-9) * step

def main(paths, write, aggregate_only):
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
            spread = statistics.stdev(math.log(v[0]) for v in values)
            ratio = 0.0 if values[0][2] else max(RATIO_FLOOR, up(math.exp(Z * math.sqrt(2) * spread) - 1, 0.01))
            rel = max(BYTES_RELATIVE_FLOOR, up(BYTES_RELATIVE_MARGIN * rel_excess, 0.01))
            floor = BYTES_ABSOLUTE_FLOOR if subject == "NetMQ" else EXACT_BYTES_ABSOLUTE_FLOOR
            absolute = max(floor, up(BYTES_ABSOLUTE_MARGIN * (abs_excess if not large else 0), 1024))
            tolerances[cid] = {"ratio": round(ratio, 2), "bytesRelative": round(rel, 2), "bytesAbsolute": absolute}
            print(f"  {cid.split('/', 1)[1]:58} ratios {' '.join(f'{v[0]:.3f}' for v in values)}  sd(log) {spread:.3f}, worst pair +{ratio_excess:6.1%}"
                  f" -> {ratio:.2f} | bytes worst +{abs_excess:.0f} B / +{rel_excess:.2%} -> {rel:.2f} + {absolute} B")
        timed = [values for values in cases.values() if not values[0][2]]
        aggregate = None
        if timed:
            per_run = [statistics.mean(math.log(values[i][0]) for values in timed) for i in range(count)]
            aggregate_spread = statistics.stdev(per_run)
            aggregate = max(AGGREGATE_FLOOR, up(math.exp(Z * math.sqrt(2) * aggregate_spread) - 1, 0.01))
            print(f"  aggregate: per-run geometric means {' '.join(f'{math.exp(m):.3f}' for m in per_run)}, sd(log) {aggregate_spread:.4f}"
                  f" -> aggregateTolerance {aggregate:.2f}")
        else:
            print("  aggregate: no timed case (references only), aggregateTolerance left as it is")
        if write:
            path = os.path.join(root, "baselines", f"{subject}.{suite}.json")
            baseline = json.load(open(path))
            if aggregate is not None:
                baseline["aggregateTolerance"] = round(aggregate, 2)
            for cid, tol in tolerances.items():
                if cid in baseline["cases"] and not aggregate_only:
                    baseline["cases"][cid]["tolerances"] = tol
            temporary = path + ".tmp"
            with open(temporary, "w", encoding="utf-8") as f:
                f.write(json.dumps(baseline, indent=2, ensure_ascii=False) + "\n")
            os.replace(temporary, path)
            print(f"  wrote tolerances into {path}")

if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(args, "--write" in sys.argv, "--aggregate-only" in sys.argv)
