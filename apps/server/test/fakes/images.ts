import type { ImagePostProcessor } from "../../src/infra/images/post-process";

/**
 * The picture finisher without drawing: the full picture is the raw bytes marked `:watermarked`
 * or `:clean`, the master (asked of a watermarked one) the raw bytes marked `:master`, the WebP
 * and thumbnail are fixed bytes. `finishes` lists what each call was asked; `faults.finish` makes
 * the next calls fail.
 */
export function fakeImages() {
  const finishes: { watermark: boolean; width: number; height: number; master?: boolean }[] = [];
  const faults = { finish: null as Error | null };
  const images: ImagePostProcessor = {
    exclusive: (task) => task(),
    rawExtension: () => "png",
    finish(raw, o) {
      finishes.push(o);
      if (faults.finish) return Promise.reject(faults.finish);
      return Promise.resolve({
        image: Buffer.concat([raw, Buffer.from(o.watermark ? ":watermarked" : ":clean")]),
        display: Buffer.from("display"),
        thumb: Buffer.from("thumb"),
        ...(o.watermark && o.master
          ? { master: Buffer.concat([raw, Buffer.from(":master")]) }
          : {}),
      });
    },
  };
  return Object.assign(images, { finishes, faults });
}
