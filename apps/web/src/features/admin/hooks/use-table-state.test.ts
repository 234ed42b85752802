import { describe, expect, it } from "vitest";
import { auditQuerySchema } from "@rupa/shared";
import { readTableState, writeTableState } from "./use-table-state";

describe("admin table state in the URL", () => {
  it("reads a shared link exactly as the server would", () => {
    const state = readTableState(
      auditQuerySchema,
      new URLSearchParams("page=3&pageSize=50&sort=createdAt.asc&q=%20sari%20&entityType=user"),
    );
    expect(state).toEqual({
      page: 3,
      pageSize: 50,
      sort: "createdAt.asc",
      q: "sari",
      entityType: "user",
      entityId: undefined,
    });
  });

  it("falls back to the default for each parameter that does not validate", () => {
    const state = readTableState(
      auditQuerySchema,
      new URLSearchParams("page=-2&pageSize=7&sort=password.desc&entityType=planet&q=ok"),
    );
    expect(state).toMatchObject({ page: 1, pageSize: 20, sort: "createdAt.desc", q: "ok" });
    expect(state.entityType).toBeUndefined();
  });

  it("writes only what differs from the defaults and keeps other parameters", () => {
    const next = writeTableState(auditQuerySchema, new URLSearchParams("user=abc&page=4"), {
      page: 1,
      pageSize: 20,
      sort: "createdAt.desc",
      q: "budi",
      entityType: "style",
    });
    expect(next.toString()).toBe("user=abc&q=budi&entityType=style");
  });
});
