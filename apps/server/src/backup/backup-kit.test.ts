import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { copyObjects, pgConnection } from "./backup-kit";

let dirs: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rupa-backup-kit-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

describe("pgConnection", () => {
  it("keeps the password off the command line: a password file of mode 0600, removed after", () => {
    const conn = pgConnection(
      "postgres://rupa:p%40ss%3Aw%5Cd@db.internal:5432/rupa?sslmode=require",
    );
    const url = new URL(conn.dbname);
    expect(url.password).toBe("");
    expect(url.username).toBe("rupa");
    expect(url.searchParams.get("sslmode")).toBe("require");
    const file = url.searchParams.get("passfile")!;
    expect(conn.dbname).not.toContain("p%40ss");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // pgpass escapes ':' and '\' with a backslash.
    expect(fs.readFileSync(file, "utf8")).toBe("*:*:*:*:p@ss\\:w\\\\d\n");
    conn.done();
    expect(fs.existsSync(file)).toBe(false);
  });

  it("without a password, the URL as it is", () => {
    const conn = pgConnection("postgres://postgres@127.0.0.1:5432/test");
    expect(conn.dbname).toBe("postgres://postgres@127.0.0.1:5432/test");
    conn.done();
  });
});

describe("copyObjects", () => {
  it("copies whole objects, not the temporary files of writes under way nor the storage probe's", async () => {
    const from = tmp();
    const to = tmp();
    fs.mkdirSync(path.join(from, "results", "u1"), { recursive: true });
    fs.mkdirSync(path.join(from, "results", ".probe"), { recursive: true });
    fs.writeFileSync(path.join(from, "results", "u1", "a.jpg"), "jpeg");
    fs.writeFileSync(path.join(from, "results", "u1", "b.jpg.3f2a.tmp"), "half");
    fs.writeFileSync(path.join(from, "results", ".probe", "x"), "probe");
    expect(await copyObjects(from, to)).toEqual({ files: 1, bytes: 4, vanished: 0 });
    expect(fs.readFileSync(path.join(to, "results", "u1", "a.jpg"), "utf8")).toBe("jpeg");
    expect(fs.readdirSync(path.join(to, "results"))).toEqual(["u1"]);
    expect(fs.readdirSync(path.join(to, "results", "u1"))).toEqual(["a.jpg"]);
  });

  it("no storage folder yet: nothing to copy", async () => {
    expect(await copyObjects(path.join(tmp(), "storage"), tmp())).toEqual({
      files: 0,
      bytes: 0,
      vanished: 0,
    });
  });
});
