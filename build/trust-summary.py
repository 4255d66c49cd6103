#!/usr/bin/env python3
"""Summarize repeated Perf runs into the figures of README's "How far to trust the gates".

Usage: python3 build/trust-summary.py [--case <id>]... results-1.json results-2.json ...

Each argument is an artifacts/perf/results.json of one run. Prints, over the runs: how many failed a gate (and how
many gates failed on first pass but not when measured again), the 95 % interval half-widths of the gated time
ratios (median and 90th percentile per run, and over all runs), CPU-time ratios beside them, and the run times.
With --case, also whether each run failed a gate naming that case (detection runs: give the injected case ids).
"""
import json, statistics, sys

def quantile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]

def gated_ratios(run):
    """Every time ratio a regression gate judges: non-reference cases and every binding-overhead case."""
    for subject in run["subjects"]:
        for case in subject["cases"]:
            ratio = case["ratio"]
            if ratio.get("pairs", 0) > 0:
                yield case["measurement"]["case"]["id"], ratio, case.get("cpuRatio")

def main(args):
    cases = [args[i + 1] for i, a in enumerate(args) if a == "--case"]
    paths = [a for i, a in enumerate(args) if a != "--case" and (i == 0 or args[i - 1] != "--case")]
    all_widths, all_cpu, failed_runs, first_pass, detected = [], [], 0, 0, {c: 0 for c in cases}
    print("| run | duration | gated ratios | half-width median | p90 | CPU half-width median | failing gates | failed first, not again |" +
          "".join(f" {c.split('/', 1)[1]} |" for c in cases))
    print("|---|---|---:|---:|---:|---:|---:|---:|" + "---|" * len(cases))
    for path in paths:
        run = json.load(open(path))
        widths = [r["relativeHalfWidth"] for _, r, _ in gated_ratios(run)]
        cpu = [c["relativeHalfWidth"] for _, _, c in gated_ratios(run) if c]
        failing = [g for g in run["gates"] if g["verdict"] == "Fail"]
        cleared = [g for g in run["gates"] if "not reproduced when measured again" in (g.get("note") or "")]
        errors = [s for s in run["subjects"] if s.get("error")]
        failed_runs += 1 if failing or errors else 0
        first_pass += len(cleared)
        all_widths += widths
        all_cpu += cpu
        hits = []
        for c in cases:
            hit = any(g["case"] == c for g in failing)
            detected[c] += hit
            hits.append("**fails**" if hit else "holds")
        print(f"| {path} | {run['duration'][:8]} | {len(widths)} | {statistics.median(widths):.1%} | {quantile(widths, 0.9):.1%} | "
              f"{statistics.median(cpu) if cpu else 0:.1%} | {len(failing) + len(errors)} | {len(cleared)} |" + "".join(f" {h} |" for h in hits))
    print()
    print(f"runs with a failing gate: {failed_runs} of {len(paths)}; gates that failed on first pass and cleared when measured again: {first_pass}")
    print(f"half-width of the gated time ratios over all runs: median {statistics.median(all_widths):.1%}, 90th percentile {quantile(all_widths, 0.9):.1%}"
          + (f"; CPU-time ratios: median {statistics.median(all_cpu):.1%}, 90th percentile {quantile(all_cpu, 0.9):.1%}" if all_cpu else ""))
    for c in cases:
        print(f"{c}: a gate naming it failed in {detected[c]} of {len(paths)} runs")

if __name__ == "__main__":
    main(sys.argv[1:])
