import type { AccountUser } from "@rupa/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@/lib/query-client";
import { getCachedUser, meQueryKey, setMe } from "./me";
import { savePreferredLanguage } from "./preferred-language";

const user: AccountUser = {
  id: "u_1",
  email: "siti@example.com",
  fullName: "Siti Rahma",
  phone: null,
  preferredLanguage: "id",
  emailVerified: true,
  role: "user",
  totalGenerations: 0,
  referralCode: "SITI1234",
  createdAt: "2026-11-21T00:00:00.000Z",
  credits: { balance: 5, watermarkedOnly: true, nextExpiry: null },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("savePreferredLanguage", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    queryClient.clear();
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    queryClient.clear();
  });

  it("does nothing for a visitor or an unchanged language", async () => {
    setMe(null);
    await savePreferredLanguage("en");
    setMe(user);
    await savePreferredLanguage("id");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("updates the cache before the request, then PATCHes the profile", async () => {
    setMe(user);
    let seenDuringRequest: string | undefined;
    fetchMock.mockImplementation((_url, init) => {
      seenDuringRequest = getCachedUser()?.preferredLanguage;
      expect(init?.method).toBe("PATCH");
      expect(JSON.parse(init?.body as string)).toEqual({ preferredLanguage: "en" });
      return Promise.resolve(json({ user: { ...user, preferredLanguage: "en" } }));
    });
    await savePreferredLanguage("en");
    expect(fetchMock).toHaveBeenCalledWith("/api/account/profile", expect.anything());
    // The saved-language step after sign-in reads the cache: it must already say "en".
    expect(seenDuringRequest).toBe("en");
    expect(getCachedUser()?.preferredLanguage).toBe("en");
  });

  it("waits for a session that is still loading", async () => {
    fetchMock
      .mockResolvedValueOnce(json({ user }))
      .mockResolvedValueOnce(json({ user: { ...user, preferredLanguage: "en" } }));
    await savePreferredLanguage("en");
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      "/api/account/me",
      "/api/account/profile",
    ]);
    expect(queryClient.getQueryData(meQueryKey)).toEqual({
      user: { ...user, preferredLanguage: "en" },
    });
  });

  it("only warns when saving fails; the choice stays on this device", async () => {
    setMe(user);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(json({ error: { code: "internal_error", message: "x" } }, 500));
    await expect(savePreferredLanguage("en")).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    expect(getCachedUser()?.preferredLanguage).toBe("en");
  });
});
