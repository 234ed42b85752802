// Child process of bench/pipeline/run.mjs: the fake OpenAI Images API (apps/server/test/
// fake-openai.ts) answering every edit after a fixed delay with a realistic 1024x1024 PNG.
import { startFakeOpenAi } from "../../apps/server/test/fake-openai.ts";
import { detailedPhoto } from "./lib.mjs";

const delayMs = Number(process.argv[2] ?? 30_000);
const image = await (await detailedPhoto(1024, 1024, 7)).png().toBuffer();
const fake = await startFakeOpenAi({ delayMs, recordCalls: false, image });

process.on("message", (m) => {
  if (m.cmd === "stats") process.send({ id: m.id, ...fake.stats });
  // bench/burst: hold every answer, then release them all at one moment.
  if (m.cmd === "hold") {
    fake.hold();
    process.send({ id: m.id });
  }
  if (m.cmd === "release") {
    fake.release();
    process.send({ id: m.id });
  }
  if (m.cmd === "shutdown")
    void fake.close().then(() => {
      process.send({ id: m.id });
      process.exit(0);
    });
});
process.send({
  type: "ready",
  endpoint: fake.endpoint,
  apiKey: fake.apiKey,
  imageBytes: image.length,
});
