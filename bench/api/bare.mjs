// Child of bench/api/run.mjs: a bare Hono route on @hono/node-server serving a fixed JSON body
// (the server's own /api/styles answer, read from a file), the baseline for the catalogue route.
import fs from "node:fs";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const [bodyFile, port] = process.argv.slice(2);
const body = fs.readFileSync(bodyFile, "utf8");
const app = new Hono().get("/api/styles", (c) =>
  c.body(body, 200, { "content-type": "application/json" }),
);
const server = serve({ fetch: app.fetch, port: Number(port), hostname: "127.0.0.1" }, (info) =>
  process.send({ type: "ready", port: info.port }),
);
process.on("message", (m) => {
  if (m?.cmd === "shutdown") server.close(() => process.exit(0));
});
