// The referral code a visitor arrived with (`?ref=<code>`), kept for the browser session and sent
// with the sign-up request (docs/product/referrals.md). No React here, so tests use it directly.

/** sessionStorage key of the captured code (docs/product/data.md). */
export const REFERRAL_STORAGE_KEY = "rupa.referralId";
export const REFERRAL_PARAM = "ref";

/**
 * The referral rewards this device has announced, per account: the newest `paidAt` it told each
 * member about (`rupa.referralRewardsSeen`, docs/product/data.md; lib/referral-rewards.ts). Kept
 * through sign-out, as the language is, so signing in again does not announce a reward twice.
 */
export const REWARDS_SEEN_KEY = "rupa.referralRewardsSeen";

/** Mirrors the server's referralCodeSchema; anything else would make sign-up fail validation. */
const REFERRAL_CODE = /^[A-Za-z0-9_-]{4,64}$/;

export function isReferralCode(value: unknown): value is string {
  return typeof value === "string" && REFERRAL_CODE.test(value);
}

export type ReferralExtraction = {
  /** The trimmed code when it has the right shape, else null (the parameter is still dropped). */
  code: string | null;
  /** The query string without `ref`, with its "?" or empty when nothing is left. */
  search: string;
};

/**
 * Reads `ref` from a query string. Null when there is no `ref` parameter at all (the address
 * stays as it is); otherwise the code and the query string to put back without it.
 */
export function extractReferral(search: string): ReferralExtraction | null {
  const params = new URLSearchParams(search);
  if (!params.has(REFERRAL_PARAM)) return null;
  const raw = params.getAll(REFERRAL_PARAM).find((value) => value.trim() !== "");
  params.delete(REFERRAL_PARAM);
  const rest = params.toString();
  const code = raw?.trim();
  return { code: isReferralCode(code) ? code : null, search: rest ? `?${rest}` : "" };
}

/**
 * Keeps a valid `ref` code of the query string for the session and gives the query string to
 * put back without it, or null when there is no `ref` (the address stays as it is). The app's
 * pages (useReferralCapture) and a server-rendered page's islands call it as they load.
 */
export function captureReferral(search: string): string | null {
  const found = extractReferral(search);
  if (!found) return null;
  if (found.code) storeReferralCode(found.code);
  return found.search;
}

export function storeReferralCode(code: string): void {
  try {
    sessionStorage.setItem(REFERRAL_STORAGE_KEY, code);
  } catch {
    // Storage blocked: the referral is lost for this visit, nothing else breaks.
  }
}

/** The stored code, only when it still has a valid shape. */
export function readReferralCode(): string | null {
  try {
    const value = sessionStorage.getItem(REFERRAL_STORAGE_KEY);
    return isReferralCode(value) ? value : null;
  } catch {
    return null;
  }
}

export function clearReferralCode(): void {
  try {
    sessionStorage.removeItem(REFERRAL_STORAGE_KEY);
  } catch {
    // Ignore: nothing stored.
  }
}
