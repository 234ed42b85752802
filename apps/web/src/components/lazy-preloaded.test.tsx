import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { lazyPreloaded } from "./lazy-preloaded";

const Greeting = ({ name }: { name: string }) => <p>Halo {name}</p>;

const page = (Part: React.ComponentType<{ name: string }>) =>
  renderToString(
    <Suspense fallback={<i>memuat</i>}>
      <Part name="Sari" />
    </Suspense>,
  );

describe("lazyPreloaded", () => {
  it("waits for its code like lazy until preloaded, then renders at once (as the server needs)", async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Part = lazyPreloaded(load);
    expect(page(Part)).toContain("memuat");
    expect(await Part.preload()).toBe(Greeting);
    expect(page(Part)).toContain("Halo <!-- -->Sari");
    await Part.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries the download again after one failed", async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue(Greeting);
    const Part = lazyPreloaded(load);
    await expect(Part.preload()).rejects.toThrow("offline");
    await expect(Part.preload()).resolves.toBe(Greeting);
    expect(page(Part)).toContain("Sari");
  });
});
