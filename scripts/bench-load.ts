/**
 * One autocannon run in a process of its own (scripts/bench.ts): the stack the bench starts runs
 * its local services in the bench's process, and a load generator sharing their event loop would
 * slow the very reads the site makes. `node bench-load.ts '<json>'` with {url, connections,
 * seconds, headers, randomQuery}; prints the figures as JSON.
 */
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}') as {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  randomQuery: boolean;
};
const path = new URL(options.url).pathname;
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.seconds,
  headers: options.headers,
  ...(options.randomQuery
    ? { requests: [{ setupRequest: (req) => ({ ...req, path: `${path}?x=${Math.random().toString(36).slice(2)}` }) }] }
    : {}),
});
console.log(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }),
);
