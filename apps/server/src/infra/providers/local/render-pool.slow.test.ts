import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { drawKanvas } from "./local-kanvas-art";
import { renderLocal } from "./local-renderer";
import { createRenderPool, RenderQueueFullError, renderWorkerUrl } from "./render-pool";
import { SAMPLE_PORTRAITS, samplePortraitJpeg } from "./sample-portraits";

const hash = (b: Buffer) => createHash("sha256").update(b).digest("hex");

describe("render pool (worker threads)", { timeout: 60_000 }, () => {
  const pool = createRenderPool({ size: 2, maxQueue: 3 });
  afterAll(() => pool.close());

  it("finds the worker's code in source and in the bundle", () => {
    expect(pool.threaded).toBe(true);
    expect(renderWorkerUrl("file:///app/dist/index.js").href).toBe(
      "file:///app/dist/local-renderer.worker.js",
    );
    expect(renderWorkerUrl("file:///app/src/infra/providers/local/render-pool.ts").href).toBe(
      "file:///app/src/infra/providers/local/local-renderer.worker.ts",
    );
  });

  it("draws the same bytes on a thread as in-thread for a fixed seed", async () => {
    const input = await samplePortraitJpeg(SAMPLE_PORTRAITS[2]!, 384, 480);
    for (const look of ["watercolor", "vhs", "toy_box"] as const) {
      const options = { look, width: 240, height: 300, title: "Guru", subtitle: "Kapur", seed: 11 };
      const [threaded, inThread] = await Promise.all([
        pool.render(input, options),
        renderLocal(input, options),
      ]);
      expect(hash(threaded), look).toBe(hash(inThread));
    }
  });

  it("draws the same Kanvas picture on a thread as in-thread", async () => {
    const options = { prompt: "gunung bersalju", seed: 5, width: 320, height: 180 };
    const [threaded, inThread] = await Promise.all([pool.draw(options), drawKanvas(options)]);
    expect(hash(threaded)).toBe(hash(inThread));
  });

  it("drops a waiting render when its signal aborts", async () => {
    const input = await samplePortraitJpeg(SAMPLE_PORTRAITS[0]!, 192, 240);
    const ctl = new AbortController();
    // Two threads busy, so the third waits in the queue until it is cancelled.
    const busy = [1, 2].map(() => pool.render(input, { look: "oil", width: 96, height: 120 }));
    const waiting = pool.render(input, { look: "cartoon", width: 96, height: 120 }, ctl.signal);
    ctl.abort(new Error("gone"));
    await expect(waiting).rejects.toThrow(/cancelled/);
    await expect(Promise.all(busy)).resolves.toHaveLength(2);
    await expect(
      pool.draw({ prompt: "x", seed: 1, width: 64, height: 64 }, AbortSignal.abort()),
    ).rejects.toThrow(/cancelled/);
  });

  it("passes a render's error back and keeps working", async () => {
    await expect(pool.render(Buffer.from("not an image"), { look: "cartoon" })).rejects.toThrow();
    const input = await samplePortraitJpeg(SAMPLE_PORTRAITS[0]!, 192, 240);
    const out = await pool.render(input, { look: "oil", width: 96, height: 120 });
    expect(out.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it("refuses renders beyond its bounded queue", async () => {
    const input = await samplePortraitJpeg(SAMPLE_PORTRAITS[1]!, 192, 240);
    const runs = Array.from({ length: 6 }, () =>
      pool.render(input, { look: "cartoon", width: 96, height: 120 }).then(
        () => "ok",
        (e: unknown) => (e instanceof RenderQueueFullError ? "full" : "error"),
      ),
    );
    const outcomes = await Promise.all(runs);
    // 2 running + 3 waiting; the 6th is refused.
    expect(outcomes.filter((o) => o === "full")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(5);
  });
});
