import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, apiFetch } from "./api-client";

function respond(status: number, body?: unknown, contentType = "application/json") {
  const text = body === undefined ? null : typeof body === "string" ? body : JSON.stringify(body);
  return vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(
      new Response(text, { status, headers: text === null ? {} : { "content-type": contentType } }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiFetch", () => {
  it("sends JSON with credentials and returns the validated body", async () => {
    const fetchMock = respond(200, { id: "u1", credits: 5 });
    vi.stubGlobal("fetch", fetchMock);
    const me = await apiFetch("/api/me", {
      method: "POST",
      body: { a: 1 },
      schema: z.object({ id: z.string(), credits: z.number() }),
    });
    expect(me).toEqual({ id: "u1", credits: 5 });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe("include");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("turns the server's error shape into an ApiError", async () => {
    vi.stubGlobal(
      "fetch",
      respond(422, {
        error: {
          code: "VALIDATION_FAILED",
          message: "Bad input",
          issues: [{ path: ["title"], message: "Required" }],
        },
      }),
    );
    const error = await apiFetch("/api/feedback", { method: "POST", body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: "VALIDATION_FAILED",
      status: 422,
      message: "Bad input",
      issues: [{ path: ["title"], message: "Required" }],
    });
  });

  it("names an error without the JSON shape by its status", async () => {
    vi.stubGlobal("fetch", respond(502, "<html>Bad gateway</html>", "text/html"));
    await expect(apiFetch("/api/x")).rejects.toMatchObject({ code: "HTTP_502", status: 502 });
  });

  it("reports a network failure as NETWORK_ERROR with status 0", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(apiFetch("/api/x")).rejects.toMatchObject({ code: "NETWORK_ERROR", status: 0 });
  });

  it("rejects a body that does not match the schema", async () => {
    vi.stubGlobal("fetch", respond(200, { id: 42 }));
    await expect(
      apiFetch("/api/me", { schema: z.object({ id: z.string() }) }),
    ).rejects.toMatchObject({
      code: "INVALID_RESPONSE",
      issues: [expect.objectContaining({ path: ["id"] })],
    });
  });

  it("returns undefined for 204 and passes FormData through untouched", async () => {
    const fetchMock = respond(204);
    vi.stubGlobal("fetch", fetchMock);
    const form = new FormData();
    form.set("photo", "x");
    await expect(apiFetch("/api/uploads", { method: "POST", body: form })).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect((init?.headers as Record<string, string>)["Content-Type"]).toBeUndefined();
  });
});
