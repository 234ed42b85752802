import crypto from "node:crypto";
import sharp from "sharp";
import type { LocalRenderOptions } from "../src/infra/providers/local/local-renderer";

/**
 * A render pool that draws in no time: a small flat picture whose colour depends on the options,
 * so different inputs give different pictures. Counts its calls.
 */
export function fakeRenderPool(size = 2) {
  const calls: LocalRenderOptions[] = [];
  return {
    size,
    calls,
    async render(_input: Buffer, options: LocalRenderOptions): Promise<Buffer> {
      calls.push(options);
      const h = crypto.createHash("sha256").update(JSON.stringify(options)).digest();
      const background = { r: h[0]!, g: h[1]!, b: h[2]! };
      return sharp({ create: { width: 60, height: 75, channels: 3, background } })
        .jpeg()
        .toBuffer();
    },
  };
}
