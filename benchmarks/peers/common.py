"""What the peer drivers share: percentiles in microseconds and the one JSON object each prints."""

import argparse
import json
import math
import sys
import time
from importlib.metadata import version


def latency(samples):
    """Nearest-rank percentiles of durations in seconds, as microseconds (the bench's own `Latency`)."""
    ordered = sorted(s * 1e6 for s in samples)

    def rank(fraction):
        if not ordered:
            return 0.0
        index = max(0, min(len(ordered) - 1, math.ceil(fraction * len(ordered)) - 1))
        return ordered[index]

    return {"count": len(ordered), "p50": rank(0.5), "p90": rank(0.9), "p99": rank(0.99), "max": ordered[-1] if ordered else 0.0}


def emit(result):
    """Prints the result as one JSON line on standard output."""
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
    sys.stdout.flush()


def arguments(*extra):
    """The options every driver takes (`--jobs`, `--in-flight`, `--timeout`, `--batch`), plus `extra` required ones."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, required=True)
    parser.add_argument("--in-flight", type=int, required=True)
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--batch", type=int, default=1, help="jobs per enqueue, where the peer offers a batched one")
    for name in extra:
        parser.add_argument(name, required=True)
    return parser.parse_args()


def report(name, args, setup, measure):
    """Runs `measure()`, which returns (seconds, samples), and prints the peer's figures, or why there are
    none (then exits with status 1; the bench goes on without them)."""
    try:
        seconds, samples = measure()
    except Exception as error:
        emit({"name": name, "jobs": args.jobs, "inFlight": args.in_flight, "error": str(error)})
        sys.exit(1)
    emit({
        "name": name, "version": version(name), "jobs": len(samples), "inFlight": args.in_flight, "seconds": seconds,
        "jobsPerSecond": len(samples) / seconds if seconds > 0 else 0, "latency": latency(samples), "setup": setup,
    })


class Deadline:
    """A point in time every wait of a run is bounded by."""

    def __init__(self, seconds):
        self.end = time.monotonic() + seconds
        self.seconds = seconds

    def left(self):
        """Seconds left, never negative."""
        return max(0.0, self.end - time.monotonic())
