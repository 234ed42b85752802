import { hashPassword, verifyPassword } from "@better-auth/utils/password";
import { describe, expect, it } from "vitest";
import { passwordHashing } from "./password-hash";

// Four hashes at production strength: a fraction of a second each alone, over the default 5 s
// in all on a busy 2-core machine running three test files at once.
describe("password hashing (ADR 039)", { timeout: 30_000 }, () => {
  it("hashes as better-auth does outside tests: each verifies the other's hashes", async () => {
    const ours = passwordHashing("production");
    expect(await verifyPassword(await ours.hash("rahasia123"), "rahasia123")).toBe(true);
    const theirs = await hashPassword("rahasia123");
    expect(await ours.verify({ hash: theirs, password: "rahasia123" })).toBe(true);
    expect(await ours.verify({ hash: theirs, password: "rahasia124" })).toBe(false);
  });

  it("is cheaper only under NODE_ENV=test, and a test hash is no production hash", async () => {
    const test = passwordHashing("test");
    const hash = await test.hash("rahasia123");
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await test.verify({ hash, password: "rahasia123" })).toBe(true);
    expect(await passwordHashing("production").verify({ hash, password: "rahasia123" })).toBe(
      false,
    );
    await expect(test.verify({ hash: "nonsense", password: "x" })).rejects.toThrow();
  });
});
