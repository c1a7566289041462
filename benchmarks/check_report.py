"""Checks an `interlude-bench --json` report (from `benchmarks/run.sh --small --json` on standard input).

It asserts that every scenario ran to its end and carries the fields others read, never how fast anything
was: `make test` runs it so the benchmark cannot rot. A peer skipped because PyPI is unreachable is a
skip line, not a failure. Exits 1 with one line per problem.
"""

import json
import sys


def main():
    report = json.load(sys.stdin)
    problems = []

    def check(condition, message):
        if not condition:
            problems.append(message)

    def number(value):
        return isinstance(value, (int, float)) and not isinstance(value, bool)

    p = report["parameters"]
    rows = report.get("throughput", [])
    check([r.get("processes") for r in rows] == ["separate", "one", "one", "one+curve", "one+postgres"]
          and [r.get("synchronous") for r in rows][:4] == ["full", "full", "normal", "full"],
          f"throughput rows: {[(r.get('processes'), r.get('synchronous')) for r in rows]}")
    for row in rows:
        check(row.get("jobs") == p["jobs"] and number(row.get("jobsPerSecond")) and row["jobsPerSecond"] > 0,
              f"throughput {row.get('processes')}/{row.get('synchronous')}: {row.get('jobs')} of {p['jobs']} jobs")
        cpu = row.get("cpu") or {}
        check(number(cpu.get("broker")) and number(cpu.get("client")) and isinstance(cpu.get("workers"), list)
              and len(cpu["workers"]) == (p["workers"] if row.get("processes") == "separate" else 1)
              and all(number(w) for w in cpu["workers"]),
              f"throughput {row.get('processes')}/{row.get('synchronous')}: no CPU per job of broker, workers and client: {cpu}")
        check(number(row.get("commitsPerJob")) and row["commitsPerJob"] > 0,
              f"throughput {row.get('processes')}/{row.get('synchronous')}: no journal commits per job")
    check(report.get("sequential", {}).get("jobs") == p["questions"], "sequential: not every job ran")
    check(number((report.get("sequential", {}).get("cpu") or {}).get("broker")), "sequential: no CPU per job")
    check(number((report.get("disk") or {}).get("latency", {}).get("p50")), "no fdatasync time of the journals' disk")
    answers = report.get("answers", [])
    check(len(answers) == 3, f"{len(answers)} answer rows, not 3")
    for row in answers:
        done = row.get("answerToSucceeded", {})
        check(row.get("questions") == p["questions"] and number(done.get("p50")) and number(done.get("p99")),
              f"answers {row.get('processes')}/{row.get('synchronous')}: incomplete")
    for floor in ("echo", "proxy"):
        run = report.get(floor, {})
        check(number(run.get("latency", {}).get("p50")) and number(run.get("inFlightPerSecond")) and run["inFlightPerSecond"] > 0,
              f"{floor}: no figures")

    bulk = report.get("bulk") or {}
    check(bulk.get("jobs") == p["bulkJobs"] and number(bulk.get("jobsPerSecond")) and bulk["jobsPerSecond"] > 0,
          f"bulk: {bulk.get('jobs')} of {p['bulkJobs']} jobs")
    check(number(bulk.get("commitsPerJob")) and bulk.get("commits", 0) > 0, f"bulk: no commit count ({bulk.get('commits')})")
    http = report.get("httpBulk") or {}
    for side in ("single", "bulk"):
        row = http.get(side) or {}
        check(number(row.get("jobsPerSecond")) and row["jobsPerSecond"] > 0 and row.get("jobs") == min(p["bulkJobs"], 10 * p["jobs"]),
              f"httpBulk {side}: {row.get('jobs')} jobs")
    check(number(http.get("bulkOverSingle")), "httpBulk: no ratio")

    peers = report.get("peers") or {}
    for name, jobs in (("majortomo", p["jobs"]), ("pgqueuer", p["jobs"]), ("pgqueuerBatched", p["bulkJobs"])):
        peer = peers.get(name) or {}
        error = peer.get("error") or ""
        if error.startswith("SKIP: PyPI"):
            print(f"check_report: {name}: {error}")
        else:
            check(number(peer.get("jobsPerSecond")) and peer.get("jobs") == jobs, f"peer {name}: {error or 'no figures'}")

    parked = report.get("parked") or {}
    check(parked.get("complete") is True, f"parked: {parked.get('parked')} of {p['parked']} parked; notes: {parked.get('notes')}")
    check(number(parked.get("brokerRSSBytes")) and len(parked.get("workerRSSBytes", [])) == p["workers"], "parked: no memory figures")
    check(number(parked.get("idleCPU")), "parked: no idle CPU figure")
    check(parked.get("firstPagePresentations") is not None, f"parked: no pending list; notes: {parked.get('notes')}")
    check(number(parked.get("recoverySeconds")), f"parked: not recovered; notes: {parked.get('notes')}")

    webhooks = report.get("webhooks") or {}
    check(webhooks.get("complete") is True and webhooks.get("deliveries") == p["webhooks"],
          f"webhooks: {webhooks.get('deliveries')} of {p['webhooks']} delivered")
    check(isinstance(report.get("ratios"), dict), "no ratios")

    for problem in problems:
        print(f"check_report: {problem}", file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"check_report: every scenario ran ({p['jobs']} jobs, {p['bulkJobs']} bulk, {p['parked']} parked, {p['webhooks']} webhooks)")


if __name__ == "__main__":
    main()
