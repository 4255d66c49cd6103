#!/usr/bin/env python3
"""Derive the measured parts of the baselines' tolerances from repeated, unchanged Perf runs (baselines/README.md).

Usage: python3 build/derive-tolerances.py [--write] results-1.json results-2.json ...

Each argument is an artifacts/perf/results.json of one run (one process) of the same tree, on the machine class the
baselines are for; include runs under load (a CPU hog) so that what is derived covers them. At least 6 runs.

- runToRun (per case): how far the case's log time ratio moves from run to run beyond what each run's own 95 %
  interval shows: the variance of the runs' estimates (the baseline's own value counted as one more run: a refresh
  that caught a case in an unusual state is exactly what this must cover) less their mean squared standard error,
  as a standard deviation, times 2 (a gate compares two processes, the run's and the baseline's, so their
  difference swings by about 1.4 x that; the rest is margin for a spread estimated from a handful of runs: in a
  leave-one-out check over 10 runs, 1.5 let 4 of them fail a gate, 2 let 2), rounded up to 0.005. 0 where runs
  agree as their intervals say. The time gate adds it to both intervals (GateEvaluator.Slowdown).
  Only runs where the case was measured on a quiet machine count: beside a neighbour wall time is not judged.
  cpuRunToRun: the same for the case's CPU-time ratio, over every run (CPU time is judged on a busy machine too).
- bytesRelative, bytesAbsolute (per case): 3 x the worst rise of bytes per operation from one run to another,
  relative where a case allocates over 1 MiB per operation, absolute otherwise; at least 0.5 % and 1 KiB.
- processBytesTolerance (per file, where bytes are also counted process-wide): 3 x the worst relative rise of the
  process-wide figure, at least 10 %.
- aggregateTolerance (per file): the geometric mean of the suite's steady time ratios (runToRun at most 0.05, the
  cases the gate averages) moves from run to run with sd s; 3.8 x s (a one-sided 0.01 % chance per run for the
  difference of two runs, with the margin), at least 3 %.
The practical threshold `ratio` (5 %) is a decision, not a measurement, and is left as it is.

Without --write the tolerances are only printed.
"""
import collections, json, math, os, statistics, sys
from itertools import permutations

Z95 = 1.959964
MINIMUM_RUNS = 6
AGGREGATE_MAXIMUM_RUN_TO_RUN = 0.05   # GateEvaluator.AggregateMaximumRunToRun
BUSY_MACHINE_CPUS = 0.25              # GateEvaluator.BusyMachineCpus

def up(value, step):
    return math.ceil(value / step - 1e-9) * step

def standard_error(lower, upper):
    return (math.log(upper) - math.log(lower)) / (2 * Z95) if lower > 0 and upper > lower else 0.0

def swing(estimates):
    """(log estimate, standard error) of each run: 2 x the spread beyond the runs' own errors, rounded up to 0.005."""
    excess = statistics.variance([e for e, _ in estimates]) - statistics.mean(se ** 2 for _, se in estimates)
    return up(2.0 * math.sqrt(excess), 0.005) if excess > 0 else 0.0

def main(paths, write):
    if len(paths) < MINIMUM_RUNS:
        sys.exit(f"{len(paths)} runs: at least {MINIMUM_RUNS} are needed")
    runs = [json.load(open(p)) for p in paths]
    files = collections.defaultdict(lambda: collections.defaultdict(list))
    for run in runs:
        for subject in run["subjects"]:
            key = (subject["subject"], subject["suite"])
            for case in subject["cases"]:
                m, r = case["measurement"], case["ratio"]
                cpu = case.get("cpuRatio")
                files[key][m["case"]["id"]].append({
                    "log": math.log(r["value"]), "pairs": r.get("pairs", 0), "se": standard_error(r["lower"], r["upper"]),
                    "cpu": (math.log(cpu["value"]), standard_error(cpu["lower"], cpu["upper"])) if cpu else None,
                    "quiet": (m.get("neighbourCpus") or 0) <= BUSY_MACHINE_CPUS,
                    "bytes": m["bytesAllocatedPerOperation"], "process": m.get("processBytesPerOperation")})
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for (subject, suite), cases in sorted(files.items()):
        print(f"== {subject}.{suite}: {len(cases)} cases")
        recorded = json.load(open(os.path.join(root, "baselines", f"{subject}.{suite}.json")))["cases"]
        derived, per_run_logs, process_rise = {}, collections.defaultdict(list), 0.0
        for cid, values in sorted(cases.items()):
            if len(values) < MINIMUM_RUNS:
                print(f"  {cid}: measured in {len(values)} runs only, left as it is")
                continue
            timed = values[0]["pairs"] > 0
            run_to_run = cpu_run_to_run = 0.0
            if timed:
                b = recorded.get(cid)
                quiet = [v for v in values if v["quiet"]]
                run_to_run = swing([(v["log"], v["se"]) for v in quiet]
                                   + ([(math.log(b["ratio"]), standard_error(b["ratioLower"], b["ratioUpper"]))] if b else [])) if len(quiet) >= 2 else 0.0
                if all(v["cpu"] for v in values):
                    cpu_run_to_run = swing([v["cpu"] for v in values]
                                           + ([(math.log(b["cpuRatio"]), standard_error(b["cpuRatioLower"], b["cpuRatioUpper"]))] if b and "cpuRatio" in b else []))
                if run_to_run <= AGGREGATE_MAXIMUM_RUN_TO_RUN:
                    for i, v in enumerate(values):
                        if v["quiet"]:
                            per_run_logs[i].append(v["log"])
            large = all(v["bytes"] > 1024 * 1024 for v in values)
            rises = [(b["bytes"] - a["bytes"], (b["bytes"] / a["bytes"] - 1) if a["bytes"] > 0 else 0.0) for a, b in permutations(values, 2)]
            relative = max(0.005, up(3 * max(r for _, r in rises), 0.005)) if large else 0.005
            absolute = 1024 if large else max(1024, up(3 * max(a for a, _ in rises), 1024))
            processes = [v["process"] for v in values if v["process"]]
            if len(processes) == len(values):
                process_rise = max(process_rise, max(b / a - 1 for a, b in permutations(processes, 2)))
            derived[cid] = {"runToRun": round(run_to_run, 3), "cpuRunToRun": round(cpu_run_to_run, 3), "bytesRelative": round(relative, 3), "bytesAbsolute": absolute}
            if run_to_run > 0 or relative > 0.005 or absolute > 1024:
                spread = f"log-ratio sd {statistics.stdev([v['log'] for v in values]):.3f}, mean se {statistics.mean(v['se'] for v in values):.3f}" if timed else "reference"
                print(f"  {cid.split('/', 1)[1]:62} {spread} -> runToRun {run_to_run:.3f} (CPU {cpu_run_to_run:.3f}); bytes +{relative:.1%} + {absolute} B")
        aggregate = None
        if len(per_run_logs) >= 3:
            means = [statistics.mean(v) for v in per_run_logs.values()]
            aggregate = max(0.03, up(3.8 * statistics.stdev(means), 0.005))
            print(f"  aggregate: per-run mean log ratio sd {statistics.stdev(means):.4f} -> aggregateTolerance {aggregate:.3f}")
        process_tolerance = max(0.10, up(3 * process_rise, 0.01)) if process_rise > 0 else None
        if process_tolerance is not None:
            print(f"  process-wide bytes: worst rise {process_rise:.1%} -> processBytesTolerance {process_tolerance:.2f}")
        if write:
            path = os.path.join(root, "baselines", f"{subject}.{suite}.json")
            baseline = json.load(open(path), object_pairs_hook=collections.OrderedDict)
            for cid, tolerance in derived.items():
                if cid in baseline["cases"]:
                    baseline["cases"][cid]["tolerances"].update(tolerance)
            if aggregate is not None:
                baseline["aggregateTolerance"] = round(aggregate, 3)
            if process_tolerance is not None:
                baseline["processBytesTolerance"] = round(process_tolerance, 2)
            temporary = path + ".tmp"
            with open(temporary, "w", encoding="utf-8") as f:
                f.write(json.dumps(baseline, indent=2, ensure_ascii=False) + "\n")
            os.replace(temporary, path)
            print(f"  wrote {path}")

if __name__ == "__main__":
    main([a for a in sys.argv[1:] if not a.startswith("--")], "--write" in sys.argv)
