// Preloaded into the measured server (`node --import bench/api/el-probe.mjs dist/index.js`,
// forked with an IPC channel by bench/api/run.mjs): measures this process's event-loop delay
// from outside the server's code, so the same figure exists before and after a change. Says
// "ready" once the server answers /api/health, answers { cmd: "el" | "elReset" }, and turns
// { cmd: "shutdown" } into SIGTERM (the server's own graceful stop).
import { monitorEventLoopDelay } from "node:perf_hooks";
import { isMainThread } from "node:worker_threads";

// Worker threads inherit the --import: only the main thread measures.
if (process.send && isMainThread) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const ms = (ns) => ns / 1e6;
  const reply = (m, o) => process.send({ id: m.id, ...o });
  process.on("message", (m) => {
    if (m?.cmd === "el")
      reply(m, { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) });
    else if (m?.cmd === "elReset") {
      h.reset();
      reply(m, {});
    } else if (m?.cmd === "rss") reply(m, { rss: process.memoryUsage().rss });
    else if (m?.cmd === "shutdown") process.kill(process.pid, "SIGTERM");
  });
  process.channel?.unref();
  const started = performance.now();
  const url = `http://127.0.0.1:${process.env.PORT}/api/health`;
  const poll = async () => {
    try {
      const res = await fetch(url);
      if (res.ok) {
        process.send({
          type: "ready",
          port: Number(process.env.PORT),
          startMs: performance.now() - started,
        });
        return;
      }
    } catch {
      // not listening yet
    }
    setTimeout(poll, 250);
  };
  setTimeout(poll, 250);
}
