"""The PgQueuer peer: N no-op jobs through PgQueuer on PostgreSQL, one transaction per enqueue, at most K in flight.

Usage: pgqueuer_peer.py --url postgresql://... --jobs N --in-flight K --timeout S [--batch B]

Shaped like PgQueuer's own benchmark (tools/benchmark.py): producer and consumer in one process on uvloop,
over asyncpg. K lanes each enqueue one job (`Queries.enqueue`, one statement in its own transaction, through
an asyncpg pool of 10 connections, asyncpg's default) and wait until the consumer (`PgQueuer` with a `noop`
entrypoint, batch size 10, its own connection, woken by LISTEN/NOTIFY) has run it. Tables are PgQueuer's
default (durable: logged); fsync and synchronous_commit are the server's (on). Prints one JSON object.

With --batch B each lane enqueues B jobs in one call (`Queries.enqueue` with lists: one statement, one
transaction) and waits until all of them have run; the consumer then takes batches of up to B.
"""

import asyncio
import time

import asyncpg
import uvloop
from pgqueuer import PgQueuer, Queries
from pgqueuer.db import AsyncpgDriver, AsyncpgPoolDriver

from common import Deadline, arguments, report


class Finished:
    """When each job's entrypoint ran, by job id; either side may come first."""

    def __init__(self):
        self.futures = {}

    def slot(self, job_id):
        if job_id not in self.futures:
            self.futures[job_id] = asyncio.get_running_loop().create_future()
        return self.futures[job_id]

    def arrive(self, job_id):
        future = self.slot(job_id)
        if not future.done():
            future.set_result(time.perf_counter())

    async def wait(self, job_id, timeout):
        try:
            return await asyncio.wait_for(self.slot(job_id), timeout)
        finally:
            self.futures.pop(job_id, None)


async def lanes(queries, finished, count, in_flight, deadline, batch=1):
    """Runs `count` jobs, `in_flight` lanes at a time, `batch` to an enqueue; returns each job's enqueue-to-run duration."""
    issued = 0
    samples = []

    async def lane():
        nonlocal issued
        while issued < count:
            size = min(batch, count - issued)
            issued += size
            if deadline.left() == 0:
                raise TimeoutError(f"{len(samples)} of {count} jobs done when the {deadline.seconds} s limit passed")
            sent = time.perf_counter()
            if batch == 1:
                job_ids = await queries.enqueue("noop", None)
            else:
                job_ids = await queries.enqueue(["noop"] * size, [None] * size, [0] * size)
            for job_id in job_ids:
                samples.append(await finished.wait(job_id, deadline.left()) - sent)

    await asyncio.gather(*(lane() for _ in range(min(in_flight, count))))
    return samples


async def measure(url, jobs, in_flight, deadline, batch):
    setup = await asyncpg.connect(url)
    try:
        if not await Queries(AsyncpgDriver(setup)).schema_is_installed():
            await Queries(AsyncpgDriver(setup)).install()
    finally:
        await setup.close()
    finished = Finished()
    consumer = PgQueuer(AsyncpgDriver(await asyncpg.connect(url)))

    @consumer.entrypoint("noop")
    async def noop(job):
        finished.arrive(job.id)

    pool = await asyncpg.create_pool(url, min_size=10, max_size=10)
    running = asyncio.create_task(consumer.run(batch_size=max(10, batch)))
    try:
        queries = Queries(AsyncpgPoolDriver(pool))
        await lanes(queries, finished, min(2 * in_flight, 1000), in_flight, deadline)
        started = time.perf_counter()
        samples = await lanes(queries, finished, jobs, in_flight, deadline, batch)
        return time.perf_counter() - started, samples
    finally:
        consumer.shutdown.set()
        try:
            await asyncio.wait_for(running, 10)
        except (asyncio.TimeoutError, asyncio.CancelledError):
            running.cancel()
        await pool.close()


def main():
    args = arguments("--url")
    setup = "PgQueuer producer and consumer in one process (uvloop, asyncpg) on a private PostgreSQL 15, fsync on"
    if args.batch > 1:
        setup += f"; {args.batch} jobs to an enqueue (lists), {args.in_flight} enqueues in flight"
    report("pgqueuer", args, setup, lambda: uvloop.run(measure(args.url, args.jobs, args.in_flight, Deadline(args.timeout), args.batch)))


if __name__ == "__main__":
    main()
