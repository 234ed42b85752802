import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pgliteStatements } from "./pglite-statements";

let client: PGlite;

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`
    CREATE TABLE things (
      id text PRIMARY KEY, n integer, price numeric, at timestamptz, data jsonb,
      tags text[], ok boolean, raw bytea, note text
    );
    INSERT INTO things VALUES
      ('a', 1, 9.5, '2026-01-02T03:04:05Z', '{"k": [1, 2]}', '{x,y}', true, '\\x0102', NULL),
      ('b', 2, NULL, NULL, '[]', '{}', false, NULL, 'two');
  `);
});
afterAll(() => client.close());

const cases: [string, unknown[], object?][] = [
  ["SELECT * FROM things WHERE id = $1", ["a"]],
  ["SELECT * FROM things WHERE n > $1 ORDER BY id", [0]],
  ["SELECT * FROM things WHERE at < $1", [new Date("2027-01-01T00:00:00Z")]],
  ["SELECT * FROM things WHERE data = $1", [{ k: [1, 2] }]],
  ["SELECT * FROM things WHERE tags = $1", [["x", "y"]]],
  ["SELECT * FROM things WHERE ok = $1 AND note IS NOT DISTINCT FROM $2", [false, "two"]],
  ["SELECT * FROM things WHERE raw = $1", [new Uint8Array([1, 2])]],
  ["SELECT id, n FROM things WHERE note IS NULL OR id = $1 ORDER BY id", [null]],
  ["SELECT id, price FROM things ORDER BY id", [], { rowMode: "array" }],
  ["UPDATE things SET n = n WHERE id = $1 RETURNING id", ["b"]],
];

describe("pgliteStatements", () => {
  it("answers every statement as PGlite's own query does: values in, rows and fields out", async () => {
    const statements = pgliteStatements(client);
    for (const [text, params, options] of cases) {
      const ours = await statements.run(text, params, options, false);
      const theirs = await client.query(text, params, options);
      expect(ours, text).toEqual(theirs);
    }
  });

  it("prepares a text once, then binds and executes it in one call into the database", async () => {
    const statements = pgliteStatements(client);
    const calls = vi.spyOn(client, "execProtocolStream");
    try {
      await statements.run("SELECT n FROM things WHERE id = $1", ["a"], undefined, false);
      const first = calls.mock.calls.length;
      const again = await statements.run(
        "SELECT n FROM things WHERE id = $1",
        ["b"],
        undefined,
        false,
      );
      expect(again.rows).toEqual([{ n: 2 }]);
      expect(first).toBe(2); // parse and describe, then bind and execute
      expect(calls.mock.calls.length - first).toBe(1);
    } finally {
      calls.mockRestore();
    }
  });

  it("gives the database's error with its code and statement, and goes on", async () => {
    const statements = pgliteStatements(client);
    const failure = statements.run("INSERT INTO things (id) VALUES ($1)", ["a"], undefined, false);
    await expect(failure).rejects.toMatchObject({
      code: "23505",
      query: "INSERT INTO things (id) VALUES ($1)",
    });
    await expect(
      statements.run("SELECT $1::int AS x", [7], undefined, false),
    ).resolves.toMatchObject({
      rows: [{ x: 7 }],
    });
    await expect(statements.run("SELEC nonsense", [], undefined, false)).rejects.toMatchObject({
      code: "42601",
    });
  });

  it("runs inside a transaction's lock: what the transaction undoes is undone", async () => {
    const statements = pgliteStatements(client);
    await client
      .transaction(async () => {
        await statements.run(
          "UPDATE things SET note = $1 WHERE id = $2",
          ["changed", "a"],
          undefined,
          true,
        );
        const seen = await statements.run(
          "SELECT note FROM things WHERE id = $1",
          ["a"],
          undefined,
          true,
        );
        expect(seen.rows).toEqual([{ note: "changed" }]);
        throw new Error("roll back");
      })
      .catch(() => {});
    const after = await statements.run(
      "SELECT note FROM things WHERE id = $1",
      ["a"],
      undefined,
      false,
    );
    expect(after.rows).toEqual([{ note: null }]);
  });

  it("prepares a statement again when a table changed under it", async () => {
    const statements = pgliteStatements(client);
    await client.exec(
      "CREATE TABLE shifting (id int, label text); INSERT INTO shifting VALUES (1, 'one')",
    );
    const text = "SELECT * FROM shifting WHERE id = $1";
    expect((await statements.run(text, [1], undefined, false)).rows).toEqual([
      { id: 1, label: "one" },
    ]);
    await client.exec("ALTER TABLE shifting ADD COLUMN extra int DEFAULT 5");
    expect((await statements.run(text, [1], undefined, false)).rows).toEqual([
      { id: 1, label: "one", extra: 5 },
    ]);
  });

  it("keeps at most `limit` statements prepared, closing the least recently used", async () => {
    const statements = pgliteStatements(client, 3);
    for (let i = 0; i < 8; i++)
      expect(
        (await statements.run(`SELECT $1::int + ${i} AS x`, [1], undefined, false)).rows,
      ).toEqual([{ x: 1 + i }]);
    const open = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'rupa_%'",
    );
    // This test's three, and the earlier tests' own (each kept its latest ones).
    expect(open.rows[0]!.n).toBeLessThan(40);
    const names = await client.query<{ statement: string }>(
      "SELECT statement FROM pg_prepared_statements WHERE statement LIKE 'SELECT $1::int + %'",
    );
    expect(names.rows.map((r) => r.statement).sort()).toEqual([
      "SELECT $1::int + 5 AS x",
      "SELECT $1::int + 6 AS x",
      "SELECT $1::int + 7 AS x",
    ]);
  });
});
