"""Aggregates a heaptrack flamegraph stack file by allocation site: the deepest frame of our own code, and
what it called (runtime/library) on the way to malloc. Prints the top N with counts per job.

    heaptrack_print -f BIG.zst -d SMALL.zst --flamegraph-cost-type allocations -F stacks.txt
    python3 benchmarks/heaptrack/sites.py stacks.txt JOBS_IN_BIG_MINUS_SMALL [TOP]
"""
import re, subprocess, sys
from collections import Counter
path, jobs, top = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 10
OWN = re.compile(r'^\$s\d+(Broker|Journal|SQLite|Wire|ZeroMQ|Primitives|Presentation|WorkerRuntime|WorkerKit|Operations|Lifecycle|Log|InterludeCLI|Configuration|Client|Confinement)')
sites = Counter(); total = 0
lines = open(path).read().splitlines()
names = set()
parsed = []
for line in lines:
    stack, _, count = line.rpartition(' ')
    count = int(count)
    frames = [re.sub(r' \(.*\)$', '', f) for f in stack.rstrip(';').split(';')]
    own = [i for i, f in enumerate(frames) if OWN.match(f)]
    if own:
        i = own[-1]; site = frames[i]; via = frames[i + 1] if i + 1 < len(frames) else '(malloc)'
    else:
        site = frames[-1] if frames else '?'; via = ''
    parsed.append((site, via, count)); names.update([site, via]); total += count
names = sorted(n for n in names if n)
out = subprocess.run(['swift-demangle', '--simplified', '--compact'], input='\n'.join(names), capture_output=True, text=True).stdout.splitlines()
dm = dict(zip(names, out))
for site, via, count in parsed:
    sites[(dm.get(site, site)[:150], dm.get(via, via)[:90])] += count
print(f"total {total} allocation calls, {total/jobs:.1f} per job")
for (site, via), n in sites.most_common(top):
    print(f"{n:>9} {n/jobs:6.1f}/job  {site}\n{'':20}-> {via}")
