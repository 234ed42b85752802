// Child of bench/api/run.mjs: GETs one URL at a fixed rate, each latency measured from its own
// send time, in a process of its own, so the load the bench generates (100 generation starts,
// their answers) never delays the probe's own sends and reads. Bounded: stops on "stop" or
// after 10,000 requests, and each request gives up after 30 s.
const [url, headersJson, rate] = process.argv.slice(2);
const headers = JSON.parse(headersJson);
const perSecond = Number(rate);
const samples = [];
const pending = new Set();
let running = true;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const loop = (async () => {
  const t0 = performance.now();
  for (let n = 0; running && n < 10_000; n++) {
    const wait = t0 + (n * 1000) / perSecond - performance.now();
    if (wait > 0) await sleep(wait);
    const t = performance.now();
    const p = fetch(url, { headers, signal: AbortSignal.timeout(30_000) })
      .then(async (res) => {
        await res.arrayBuffer();
        samples.push({ at: t - t0, ms: performance.now() - t, status: res.status });
      })
      .catch(() => samples.push({ at: t - t0, ms: performance.now() - t, status: 0 }))
      .finally(() => pending.delete(p));
    pending.add(p);
  }
})();

process.on("message", async (m) => {
  if (m?.cmd !== "stop") return;
  running = false;
  await loop;
  await Promise.all(pending);
  process.send({ type: "samples", samples }, () => process.exit(0));
});
process.send({ type: "ready" });
