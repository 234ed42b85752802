import { z } from "zod";
import { defineRoutes } from "./contract";
import { safeText } from "./text";

export const guestSessionRequestSchema = z.object({
  /**
   * The browser's fingerprint digest (the recipe of docs/product/generator.md, hashed in the
   * browser).
   */
  fingerprint: safeText().regex(/^[A-Za-z0-9_-]{16,128}$/, "fingerprint_invalid"),
});
export const guestStatusSchema = z.object({
  generationCount: z.number().int().nonnegative(),
  canGenerate: z.boolean(),
});
export type GuestStatus = z.infer<typeof guestStatusSchema>;

export const guestsContract = defineRoutes({
  session: {
    method: "POST",
    path: "/api/guest/session",
    summary: "Open or resume this browser's guest session (sets the guest cookie)",
    access: "public",
    body: guestSessionRequestSchema,
    responses: { 200: guestStatusSchema },
    errors: [429],
  },
  status: {
    method: "GET",
    path: "/api/guest/status",
    summary: "The guest's free-try status",
    access: "guest_or_member",
    responses: { 200: guestStatusSchema },
    errors: [401],
  },
});
