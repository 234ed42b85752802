import {
  type ConsentState,
  PHOTO_CONSENT_VERSION,
  type PhotoRetention,
  type ProcessingLogEntry,
} from "@rupa/shared";
import type { ProviderRegistry } from "../../infra/providers/registry";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../lib/errors";
import type { UploadsService } from "../uploads/uploads.service";
import type { PrivacyOwner, PrivacyRepository, ProcessingLogRow } from "./privacy.repository";

export const privacyErrors = {
  consentRequired: () =>
    new AppError(
      "consent_required",
      403,
      "Agree to how your photo is processed before uploading it (see /privacy)",
    ),
  versionStale: () =>
    new AppError(
      "consent_version_stale",
      409,
      "The consent text has changed; read the new one and agree again",
    ),
};

/** The member, or the guest trial, the actor is; null without either. */
export function privacyOwnerOf(actor: Pick<Actor, "userId" | "guestTrialId">): PrivacyOwner | null {
  if (actor.userId) return { userId: actor.userId, guestTrialId: null };
  if (actor.guestTrialId) return { userId: null, guestTrialId: actor.guestTrialId };
  return null;
}

function entryView(row: ProcessingLogRow): ProcessingLogEntry {
  const d = row.detail;
  return {
    id: row.id,
    kind: row.kind as ProcessingLogEntry["kind"],
    at: row.createdAt.toISOString(),
    provider: typeof d.provider === "string" ? d.provider : null,
    reason: typeof d.reason === "string" ? (d.reason as ProcessingLogEntry["reason"]) : null,
    count: typeof d.count === "number" ? d.count : null,
    version: typeof d.version === "number" ? d.version : null,
  };
}

/**
 * Consent to process face photos, withdrawal, the retention choice and the processing log
 * (docs/product/privacy.md, ADR 044). Consent is per person (member, or guest trial) and per
 * version of the text: a new version asks again.
 */
export function createPrivacyService(d: {
  repo: PrivacyRepository;
  uploads: Pick<UploadsService, "deleteAllOf">;
  providers: Pick<ProviderRegistry, "forService">;
  /** The keyed hash of an address (the server secret's HMAC, as the guest trial hashes it). */
  ipHash: (ip: string) => string;
  now?: () => Date;
}) {
  const now = d.now ?? (() => new Date());

  async function state(owner: PrivacyOwner | null): Promise<ConsentState> {
    const [active, provider, retention] = await Promise.all([
      owner ? d.repo.activeConsent(owner) : null,
      d.providers.forService("avatar_generation"),
      owner?.userId ? d.repo.retentionOf(owner.userId) : null,
    ]);
    const given = active?.version === PHOTO_CONSENT_VERSION;
    return {
      version: PHOTO_CONSENT_VERSION,
      given,
      givenAt: given ? active.givenAt.toISOString() : null,
      givenVersion: active && !given ? active.version : null,
      provider: provider.name,
      retention,
    };
  }

  /** Whether the owner's consent to the current text is in force. */
  async function allows(owner: PrivacyOwner): Promise<boolean> {
    return (await d.repo.activeConsent(owner))?.version === PHOTO_CONSENT_VERSION;
  }

  async function record(owner: PrivacyOwner, ip: string | null): Promise<void> {
    if (await allows(owner)) return;
    await d.repo.addConsent(owner, PHOTO_CONSENT_VERSION, ip ? d.ipHash(ip) : null);
    await d.repo.log(owner, "consent_given", { version: PHOTO_CONSENT_VERSION });
  }

  return {
    state: (actor: Actor) => state(privacyOwnerOf(actor)),
    allows,

    /** Refuses (403 consent_required) an actor without consent to the current text. */
    async requireConsent(actor: Actor): Promise<void> {
      const owner = privacyOwnerOf(actor);
      if (!owner || !(await allows(owner))) throw privacyErrors.consentRequired();
    },

    /** Consent given to the text of `version`, which must be the current one. */
    async give(actor: Actor, version: number, ip: string | null): Promise<ConsentState> {
      const owner = privacyOwnerOf(actor);
      if (!owner) throw privacyErrors.consentRequired();
      if (version !== PHOTO_CONSENT_VERSION) throw privacyErrors.versionStale();
      await record(owner, ip);
      return state(owner);
    },

    /** The box ticked at sign-up: consent to the current text for the new member. */
    atSignUp: (userId: string, ip: string | null) => record({ userId, guestTrialId: null }, ip),

    /**
     * Withdrawal: processing stops at once. Consent ends (no upload, no generation start, and
     * a queued generation fails at its attempt with its credit back), and every source photo
     * is deleted. Results stay.
     */
    async withdraw(actor: Actor) {
      const owner = privacyOwnerOf(actor);
      if (!owner) return { photosDeleted: 0, generationsStopped: 0 };
      const ended = await d.repo.withdrawConsents(owner, now());
      if (ended > 0)
        await d.repo.log(owner, "consent_withdrawn", { version: PHOTO_CONSENT_VERSION });
      const generationsStopped = await d.repo.activeGenerations(owner);
      const photosDeleted = await d.uploads.deleteAllOf(owner, "request");
      return { photosDeleted, generationsStopped };
    },

    async setRetention(userId: string, retention: PhotoRetention): Promise<ConsentState> {
      await d.repo.setRetention(userId, retention);
      return state({ userId, guestTrialId: null });
    },

    /** Written by a worker just before a person's photo goes to a provider. */
    photoSent: (owner: PrivacyOwner, provider: string) =>
      d.repo.log(owner, "photo_sent", { provider }),

    async logPage(userId: string, page: number, limit: number) {
      const { rows, total } = await d.repo.logPage(userId, page, limit);
      return { entries: rows.map(entryView), page, total };
    },
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;
