import { meResponseSchema } from "@rupa/shared";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { parseMeResponse } from "./me";

// parseMeResponse is a hand-written twin of meResponseSchema (kept off the first download);
// these cases hold both to the same answers.

const user = {
  id: "u_1",
  email: "siti@example.com",
  fullName: "Siti Rahma",
  phone: "+6281234567890",
  preferredLanguage: "id",
  emailVerified: true,
  role: "user",
  totalGenerations: 0,
  referralCode: "SITI1234",
  createdAt: "2026-11-21T00:00:00.000Z",
  credits: { balance: 5, watermarkedOnly: true, nextExpiry: null },
};

const accepted: unknown[] = [
  { user: null },
  { user },
  { user: { ...user, phone: null, role: "admin", preferredLanguage: "en" } },
  { user: { ...user, credits: { ...user.credits, nextExpiry: "2026-12-21T00:00:00.000Z" } } },
  { user: { ...user, extra: "ignored" } },
];

const refused: unknown[] = [
  null,
  "user",
  {},
  { user: undefined },
  { user: { ...user, role: "owner" } },
  { user: { ...user, preferredLanguage: "fr" } },
  { user: { ...user, totalGenerations: -1 } },
  { user: { ...user, totalGenerations: 1.5 } },
  { user: { ...user, emailVerified: "yes" } },
  { user: { ...user, phone: 812 } },
  { user: { ...user, credits: { ...user.credits, balance: "5" } } },
  { user: { ...user, credits: { balance: 5, watermarkedOnly: true } } },
  { user: { ...user, credits: null } },
  { user: { ...user, id: undefined } },
];

describe("parseMeResponse", () => {
  it.each(accepted.map((value, index) => [index, value]))("accepts case %i", (_i, value) => {
    expect(meResponseSchema.safeParse(value).success).toBe(true);
    expect(parseMeResponse(value)).toEqual(meResponseSchema.parse(value));
  });

  it.each(refused.map((value, index) => [index, value]))("refuses case %i", (_i, value) => {
    expect(meResponseSchema.safeParse(value).success).toBe(false);
    expect(() => parseMeResponse(value)).toThrow(ApiError);
  });
});
