#!/usr/bin/env python3
"""Summarize repeated Perf runs into the figures of docs/trust.md (README's "How far to trust the gates" quotes them in short).

Usage: python3 build/trust-summary.py [--case <id>]... [--variance] results-1.json results-2.json ...

Each argument is an artifacts/perf/results.json of one run. Prints, over the runs: how many failed a gate (and how
many gates failed on first pass but not when measured again), the 95 % interval half-widths of the gated time
ratios (median and 90th percentile per run, and over all runs), CPU-time ratios beside them, and the run times.
With --case, also whether each run failed a gate naming that case (detection runs: give the injected case ids).
The resolution line gives, per gated time ratio, the smallest slowdown its gate catches in 9 runs of 10 on first pass:
(1 + tolerance) x exp((1.96 + 1.28) x the slowdown's standard error, the run's, the baseline's and the swing combined).
With --variance, where the variance of the paired log-ratios is, per kind of cell: within a workload (unit to unit),
between workloads (block to block, beyond what the units explain) and between processes (run to run, beyond what
each run's own interval explains), as standard deviations in log space (0.01 is about 1 %).
"""
import collections, json, math, statistics, sys

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

def unit_log_ratios(subject, reference):
    """Per pairing unit both ran: (block, mean log time of the case - mean log time of the reference)."""
    def by_unit(m):
        logs = collections.defaultdict(list)
        for ns, unit, block in zip(m["nanosecondsPerOperation"], m["pairingUnits"], m["blocks"]):
            logs[unit].append((math.log(ns), block))
        return {u: (statistics.mean(l for l, _ in v), v[0][1]) for u, v in logs.items()}
    mine, theirs = by_unit(subject), by_unit(reference)
    return [(block, log - theirs[u][0]) for u, (log, block) in mine.items() if u in theirs]

def variance_split(paths):
    """Per gated ratio and run: the pooled within-block variance of unit log-ratios, the variance of block means beyond
    it, and over runs the variance of the run estimates beyond the runs' own squared standard errors."""
    per_case = collections.defaultdict(lambda: {"within": [], "between": [], "estimates": [], "se2": [], "seconds": []})
    for path in paths:
        run = json.load(open(path))
        measured = {c["measurement"]["case"]["id"]: c["measurement"] for s in run["subjects"] if s["suite"] != "BindingOverhead" for c in s["cases"]}
        for subject in run["subjects"]:
            for case in subject["cases"]:
                m = case["measurement"]
                if case["ratio"].get("pairs", 0) == 0:
                    continue
                ident = m["case"]
                if subject["suite"] == "BindingOverhead":
                    reference_id = "LibZmq/" + ident["crossSubjectKey"]
                    own = measured["NetZmq/" + ident["crossSubjectKey"]]
                else:
                    parts = ident["id"].split("/")
                    parts[5 if ident["suite"] == "BufferStrategies" else 4] = ident["referenceVariant"]
                    reference_id, own = "/".join(parts), m
                pairs = unit_log_ratios(own, measured[reference_id])
                blocks = collections.defaultdict(list)
                for block, value in pairs:
                    blocks[block].append(value)
                within = [statistics.variance(v) for v in blocks.values() if len(v) > 1]
                kind = ("binding " if subject["suite"] == "BindingOverhead" else "") + ("long" if m["messageBytes"] > 4096 and "/Tcp/" in ident["id"] else "short")
                entry = per_case[(kind, ident["id"])]
                values = [v for _, v in pairs]
                entry["estimates"].append(statistics.mean(values))
                entry["se2"].append(statistics.variance(values) / len(values))
                entry["seconds"].append(sum(own["nanosecondsPerOperation"]) / 1e9)
                if within:
                    w = statistics.mean(within)
                    entry["within"].append(w)
                    means = [statistics.mean(v) for v in blocks.values()]
                    per_block = statistics.mean(len(v) for v in blocks.values())
                    entry["between"].append(max(0.0, statistics.variance(means) - w / per_block) if len(means) > 1 else 0.0)
                elif len(blocks) > 1:
                    entry["between"].append(statistics.variance([v[0] for v in blocks.values()]))
    rows = collections.defaultdict(lambda: collections.defaultdict(list))
    for (kind, _), e in per_case.items():
        if e["within"]:
            rows[kind]["within"].append(math.sqrt(statistics.mean(e["within"])))
        if e["between"]:
            rows[kind]["between"].append(math.sqrt(statistics.mean(e["between"])))
        if len(e["estimates"]) > 1:
            rows[kind]["process"].append(math.sqrt(max(0.0, statistics.variance(e["estimates"]) - statistics.mean(e["se2"]))))
            rows[kind]["run sd"].append(statistics.stdev(e["estimates"]))
            rows[kind]["run se"].append(math.sqrt(statistics.mean(e["se2"])))
            rows[kind]["seconds"].append(statistics.mean(e["seconds"]))
    print("| cells | ratios | within a workload (unit to unit) | between workloads (beyond) | between processes (beyond each run's interval) | run-to-run sd of the estimate | mean standard error in a run | case seconds per run |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for kind in sorted(rows):
        r = rows[kind]
        med = lambda k: f"{statistics.median(r[k]):.4f}" if r[k] else "–"
        print(f"| {kind} | {len(r['run sd']) or len(r['within'])} | {med('within')} | {med('between')} | {med('process')} | {med('run sd')} | {med('run se')} | {med('seconds')} |")
    print()
    print("Medians over the ratios of each kind. Long cells run one unit per workload, so their between-workload figure includes the unit-to-unit noise.")

def detectable_slowdowns(run):
    """Per gated wall-time ratio of a quiet cell: the slowdown its gate catches 9 times in 10 on first pass."""
    z95 = 1.959964
    for subject in run["subjects"]:
        # The class the run was judged against (results.json of runs before baselines had classes: the whole file).
        basis = subject.get("basis")
        baseline = basis["class"] if basis else subject.get("baseline")
        if not baseline or (basis and basis["time"] != "OwnClass"):
            continue
        for case in subject["cases"]:
            r, m = case["ratio"], case["measurement"]
            b = baseline["cases"].get(m["case"]["id"])
            if r.get("pairs", 0) == 0 or not b or (m.get("neighbourCpus") or 0) > 0.25:
                continue
            se = lambda lo, hi: (math.log(hi) - math.log(lo)) / (2 * z95)
            t = b["tolerances"]
            total = math.sqrt(se(r["lower"], r["upper"]) ** 2 + se(b["ratioLower"], b["ratioUpper"]) ** 2 + t["runToRun"] ** 2)
            yield (1 + t["ratio"]) * math.exp((z95 + 1.2816) * total) - 1

def main(args):
    if "--variance" in args:
        variance_split([a for a in args if a != "--variance" and not a.startswith("--case")])
        return
    cases = [args[i + 1] for i, a in enumerate(args) if a == "--case"]
    paths = [a for i, a in enumerate(args) if a != "--case" and (i == 0 or args[i - 1] != "--case")]
    all_widths, all_cpu, failed_runs, first_pass, detected, resolution = [], [], 0, 0, {c: 0 for c in cases}, []
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
        resolution += list(detectable_slowdowns(run))
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
    if resolution:
        print(f"slowdown a case's time gate catches 9 times in 10 (first pass): median {statistics.median(resolution):.1%}, "
              f"90th percentile {quantile(resolution, 0.9):.1%}; within 10 %: {sum(1 for x in resolution if x <= 0.10) / len(resolution):.0%} of gated ratios, "
              f"within 15 %: {sum(1 for x in resolution if x <= 0.15) / len(resolution):.0%}")
    for c in cases:
        print(f"{c}: a gate naming it failed in {detected[c]} of {len(paths)} runs")

if __name__ == "__main__":
    main(sys.argv[1:])
