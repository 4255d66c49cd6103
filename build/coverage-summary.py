#!/usr/bin/env python3
"""Line coverage of the suite's own libraries, merged over every test project's Cobertura report.

Usage: python3 build/coverage-summary.py [--markdown] [--min PERCENT] coverage.cobertura.xml ...
A line counts as covered when any report saw it run. Prints one row per assembly and per file under 85 %;
with --min, exits 1 when the libraries' total is below it.
"""
import collections
import sys
import xml.etree.ElementTree as ET

args = sys.argv[1:]
markdown = "--markdown" in args
minimum = None
if "--min" in args:
    minimum = float(args[args.index("--min") + 1])
    del args[args.index("--min"):args.index("--min") + 2]
files = [a for a in args if not a.startswith("--")]
if not files:
    sys.exit(__doc__)

lines = collections.defaultdict(dict)  # (assembly, file) -> {line: hit}
for path in files:
    root = ET.parse(path).getroot()
    for package in root.iter("package"):
        for cls in package.iter("class"):
            key = (package.get("name"), cls.get("filename"))
            for line in cls.iter("line"):
                number = int(line.get("number"))
                hit = int(line.get("hits")) > 0
                lines[key][number] = lines[key].get(number, False) or hit

per_assembly = collections.defaultdict(lambda: [0, 0])
per_file = []
for (assembly, name), hits in lines.items():
    covered, total = sum(hits.values()), len(hits)
    per_assembly[assembly][0] += covered
    per_assembly[assembly][1] += total
    per_file.append((covered / total if total else 1, covered, total, assembly, name))

def pct(c, t):
    return 100.0 * c / t if t else 100.0

covered = sum(c for c, _ in per_assembly.values())
total = sum(t for _, t in per_assembly.values())
if markdown:
    print("### Line coverage (fast tests: Gating.Tests and Correctness)\n")
    print("| assembly | covered lines | coverage |\n|---|---:|---:|")
    for assembly, (c, t) in sorted(per_assembly.items()):
        print(f"| {assembly} | {c} / {t} | {pct(c, t):.1f} % |")
    print(f"| **all** | {covered} / {total} | **{pct(covered, total):.1f} %** |\n")
    print("<details><summary>Files under 85 %</summary>\n\n| file | coverage |\n|---|---:|")
    for rate, c, t, assembly, name in sorted(per_file):
        if rate < 0.85:
            print(f"| {name} | {pct(c, t):.0f} % ({c}/{t}) |")
    print("\n</details>")
else:
    for assembly, (c, t) in sorted(per_assembly.items()):
        print(f"{assembly}: {pct(c, t):.1f} % ({c} of {t} lines)")
    print(f"all: {pct(covered, total):.1f} % ({covered} of {total} lines)")
    for rate, c, t, assembly, name in sorted(per_file):
        if rate < 0.85:
            print(f"  {pct(c, t):5.1f} %  {name}")
if minimum is not None and pct(covered, total) < minimum:
    sys.exit(f"line coverage {pct(covered, total):.1f} % is below {minimum} %")
