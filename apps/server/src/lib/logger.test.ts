import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger";

/** A logger writing into an array, one parsed JSON object per line. */
function capture() {
  const lines: string[] = [];
  const log = createLogger("debug", { write: (s: string) => void lines.push(s) });
  return {
    log,
    text: () => lines.join(""),
    entries: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

const EMAIL = "budi.santoso@example.com";
const NAME = "Budi Santoso";
const PHONE = "+6281234567890";
const RESET_TOKEN = "Xq7rT2mZp9LkW4vB8nC3yH6d";

/** What node-postgres throws on a unique violation: the value is echoed in `detail`. */
function uniqueViolation() {
  return Object.assign(
    new Error('duplicate key value violates unique constraint "users_email_unique"'),
    {
      name: "error",
      code: "23505",
      severity: "ERROR",
      constraint: "users_email_unique",
      table: "users",
      detail: `Key (email)=(${EMAIL}) already exists.`,
    },
  );
}

function drizzleError(cause: unknown) {
  return new DrizzleQueryError(
    'insert into "users" ("full_name", "email", "phone") values ($1, $2, $3)',
    [NAME, EMAIL, PHONE],
    cause as Error,
  );
}

describe("logger", () => {
  it("logs a failed query without its parameters, down the cause chain", () => {
    const { log, text, entries } = capture();
    log.error({ err: drizzleError(uniqueViolation()) }, "sign-up failed");
    const out = text();
    expect(out).not.toContain("Budi");
    expect(out).not.toContain("budi");
    expect(out).not.toContain("6281234567890");
    // What is needed to debug stays: the SQL shape, the error code, the constraint.
    const err = entries()[0]!.err as Record<string, unknown>;
    expect(err.type).toBe("DrizzleQueryError");
    expect(err.message).toContain('insert into "users"');
    expect(err.message).toContain("params: [redacted]");
    expect(err.query).toContain("values ($1, $2, $3)");
    expect(err).not.toHaveProperty("params");
    const cause = err.cause as Record<string, unknown>;
    expect(cause).toMatchObject({ code: "23505", constraint: "users_email_unique" });
    expect(cause).not.toHaveProperty("detail");
  });

  it("drops PGlite's params/queryOptions, pg's parameters, and values quoted by a data exception", () => {
    const { log, text } = capture();
    const pglite = Object.assign(new Error("value too long for type character varying(100)"), {
      code: "22001",
      query: "update users set full_name = $1 where id = $2",
      params: [NAME, "u1"],
      queryOptions: { rowMode: "object" },
    });
    const badInput = Object.assign(new Error(`invalid input syntax for type uuid: "${NAME}"`), {
      code: "22P02",
      parameters: [NAME],
    });
    log.error({ err: pglite }, "update failed");
    log.warn({ err: badInput }, "lookup failed");
    expect(text()).not.toContain("Budi");
    expect(text()).toContain("value too long for type character varying(100)");
  });

  it("serializes an error logged under any key, nested or deep in a cause, the same way", () => {
    const { log, text } = capture();
    const deep = new Error("job failed", {
      cause: new Error("retry", { cause: drizzleError(uniqueViolation()) }),
    });
    log.error({ error: drizzleError(null), job: { last: deep } }, "boom");
    log.error(drizzleError(uniqueViolation()));
    expect(text()).not.toMatch(/budi|Budi|6281234567890/);
    expect(text()).toContain("users_email_unique");
  });

  it("an error message used as the log message loses its parameters too", () => {
    const { log, text } = capture();
    const e = drizzleError(null);
    log.fatal({ err: e }, e.message);
    expect(text()).not.toMatch(/budi|Budi/);
  });

  it("masks e-mail addresses in messages, objects and bindings, and redacts personal fields", () => {
    const { log, text, entries } = capture();
    log
      .child({ who: `Reset for ${EMAIL}` })
      .info(
        { to: EMAIL, note: `sent to ${EMAIL}`, email: EMAIL, phone: PHONE, fullName: NAME },
        `mail to ${EMAIL}`,
      );
    const out = text();
    expect(out).not.toContain("budi.santoso");
    expect(out).not.toContain(PHONE);
    expect(out).not.toContain(NAME);
    const line = entries()[0]!;
    expect(line.msg).toBe("mail to b***@example.com");
    expect(line.to).toBe("b***@example.com");
    expect(line.email).toBe("[redacted]");
  });

  it("masks tokens in links, paths, auth headers, JWTs, provider keys and long opaque strings", () => {
    const { log, text } = capture();
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImJ1ZGkifQ.c2lnbmF0dXJlc2lnbmF0dXJl";
    const opaque = "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0u1";
    log.info(
      `open http://localhost:3000/auth?reset=true&email=budi%40example.com&token=${RESET_TOKEN}`,
    );
    log.info({ path: `/api/auth/reset-password/${RESET_TOKEN}`, status: 302 }, "request");
    log.info({ url: `/api/auth/verify-email?token=${jwt}&callbackURL=/` }, "request");
    log.warn({ header: `Bearer ${RESET_TOKEN}`, key: "r8_abcdefghijklmnopqrstu" }, "provider");
    log.info({ sig: opaque }, "signature");
    log.info("from _budi.s@example.com and +62.x@mail.example.co.id");
    const out = text();
    expect(out).not.toContain(RESET_TOKEN);
    expect(out).not.toContain("eyJhbGciOiJIUzI1NiJ9");
    expect(out).not.toContain("r8_abcdefghijklmnopqrstu");
    expect(out).not.toContain(opaque);
    expect(out).not.toContain("budi%40example.com");
    expect(out).toContain("/api/auth/reset-password/[redacted]");
    expect(out).not.toMatch(/budi\.s@|62\.x@/);
  });

  it("keeps ids, UUIDs, paths and numbers readable", () => {
    const { log, entries } = capture();
    const fields = {
      userId: "kH3nq8Zx2LmP5rT7vW9yB1cD4fG6jA0s",
      generation: "0b7d6b2e-5a8f-4a51-9d7e-3c2b1a0f9e8d",
      path: "/api/generations/0b7d6b2e-5a8f-4a51-9d7e-3c2b1a0f9e8d",
      ms: 12.5,
    };
    log.info(fields, "request");
    expect(entries()[0]).toMatchObject(fields);
  });

  it("every line stays valid JSON after masking", () => {
    const { log, entries } = capture();
    log.info({ s: `"quoted" ${EMAIL}\n\\back "${RESET_TOKEN}` }, `line\nwith ${EMAIL}\t"quotes"`);
    expect(() => entries()).not.toThrow();
  });
});
