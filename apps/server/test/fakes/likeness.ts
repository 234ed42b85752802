import type { LikenessMeter } from "../../src/infra/images/likeness";

/**
 * The likeness meter without a model: a picture whose bytes read `face:<x>` shows a face whose
 * descriptor is x on its first value (so two faces are |x − y| apart), anything else shows no
 * face. `calls` counts the pictures described; `faults.describe` makes the next calls fail.
 */
export function fakeLikeness() {
  const faults = { describe: null as Error | null };
  const calls: string[] = [];
  const meter: LikenessMeter = {
    describe(picture) {
      const text = picture.toString();
      calls.push(text);
      if (faults.describe) return Promise.reject(faults.describe);
      const m = /^face:(-?[\d.]+)/.exec(text);
      if (!m) return Promise.resolve(null);
      const d = new Float32Array(128);
      d[0] = Number(m[1]);
      return Promise.resolve(d);
    },
  };
  return Object.assign(meter, { calls, faults });
}

/** A picture the fake meter reads as a face `x` along its one axis. */
export const faceAt = (x: number) => Buffer.from(`face:${x}`);
