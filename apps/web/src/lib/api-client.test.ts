import { afterEach, describe, expect, it, vi } from "vitest";
import * as routes from "@rupa/shared/route-table";
import { ApiError, call, routeUrl } from "./api-client";

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

const stats = {
  referralCode: "ABC123",
  total: 4,
  pending: 1,
  completed: 3,
  creditsEarned: 5,
  progress: 0,
  rewardEvery: 3,
  rewardCredits: 5,
  premiumUnlocked: true,
  friends: [],
};

describe("routeUrl", () => {
  it("fills path parameters from the route table and appends the query", () => {
    expect(routeUrl(routes.galleryItem, { params: { kind: "avatar", id: "a b" } })).toBe(
      "/api/gallery/avatar/a%20b",
    );
    expect(routeUrl(routes.stylesList, { query: { sort: "az", lang: "en" } })).toBe(
      "/api/styles?sort=az&lang=en",
    );
    expect(routeUrl(routes.stylesList, { query: { sort: "featured", category: undefined } })).toBe(
      "/api/styles?sort=featured",
    );
    // A parameter that spans segments keeps its slashes.
    expect(
      routeUrl(routes.filesGet, { params: { bucket: "style-previews", key: "public/x y.webp" } }),
    ).toBe("/api/files/style-previews/public/x%20y.webp");
  });
});

describe("call", () => {
  it("sends the route's method with JSON and credentials, and returns the answer", async () => {
    const fetchMock = respond(201, { id: "6f1c2a8e-3b8d-4c1e-9f3a-2b1c0d9e8f7a" });
    vi.stubGlobal("fetch", fetchMock);
    const body = { type: "bug" as const, subject: "s", message: "m" };
    await expect(call(routes.feedbackSend, { body })).resolves.toEqual({
      id: "6f1c2a8e-3b8d-4c1e-9f3a-2b1c0d9e8f7a",
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/feedback");
    expect(init?.credentials).toBe("include");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe(JSON.stringify(body));
    expect((init?.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("turns the server's error shape into an ApiError", async () => {
    vi.stubGlobal(
      "fetch",
      respond(400, {
        error: {
          code: "validation_failed",
          message: "Bad input",
          issues: [{ path: ["subject"], message: "required" }],
        },
      }),
    );
    const error = await call(routes.feedbackSend, {
      body: { type: "bug", subject: "", message: "m" },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: "validation_failed",
      status: 400,
      message: "Bad input",
      issues: [{ path: ["subject"], message: "required" }],
    });
  });

  it("names an error without the JSON shape by its status", async () => {
    vi.stubGlobal("fetch", respond(502, "<html>Bad gateway</html>", "text/html"));
    await expect(call(routes.referralsMine)).rejects.toMatchObject({
      code: "HTTP_502",
      status: 502,
    });
  });

  it("reports a network failure as NETWORK_ERROR with status 0", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(call(routes.referralsMine)).rejects.toMatchObject({
      code: "NETWORK_ERROR",
      status: 0,
    });
  });

  it("in development and tests, refuses an answer its route's contract refuses", async () => {
    vi.stubGlobal("fetch", respond(200, stats));
    await expect(call(routes.referralsMine)).resolves.toEqual(stats);
    vi.stubGlobal("fetch", respond(200, { ...stats, progress: -1 }));
    await expect(call(routes.referralsMine)).rejects.toMatchObject({
      code: "INVALID_RESPONSE",
      issues: [expect.objectContaining({ path: ["progress"] })],
    });
    // A status the contract does not declare is refused too.
    vi.stubGlobal("fetch", respond(203, stats));
    await expect(call(routes.referralsMine)).rejects.toMatchObject({ code: "INVALID_RESPONSE" });
  });

  it("passes the signal and keepalive through", async () => {
    const fetchMock = respond(202, { accepted: 1 });
    vi.stubGlobal("fetch", fetchMock);
    const controller = new AbortController();
    const events = [{ styleId: "6f1c2a8e-3b8d-4c1e-9f3a-2b1c0d9e8f7a", type: "viewed" as const }];
    await call(
      routes.stylesEvents,
      { body: { events } },
      { signal: controller.signal, keepalive: true },
    );
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.signal).toBe(controller.signal);
    expect(init?.keepalive).toBe(true);
  });
});
