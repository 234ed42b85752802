import type { ReferralReward } from "@rupa/shared";
import { REWARDS_SEEN_KEY } from "./referral";

type Seen = Record<string, string>;

function readSeen(): Seen {
  try {
    const parsed = JSON.parse(localStorage.getItem(REWARDS_SEEN_KEY) ?? "{}") as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Seen) : {};
  } catch {
    return {};
  }
}

/**
 * The rewards of `userId` not announced on this device yet (newer than the newest announced),
 * and their credits together; records them as announced.
 */
export function takeRewardNews(
  userId: string,
  rewards: readonly ReferralReward[],
): { count: number; credits: number } {
  const seen = readSeen();
  const since = seen[userId] ?? "";
  const fresh = rewards.filter((r) => r.paidAt > since);
  if (fresh.length === 0) return { count: 0, credits: 0 };
  const newest = fresh.reduce((a, r) => (r.paidAt > a ? r.paidAt : a), since);
  try {
    localStorage.setItem(REWARDS_SEEN_KEY, JSON.stringify({ ...seen, [userId]: newest }));
  } catch {
    // A blocked storage: the news may come again on the next visit.
  }
  return { count: fresh.length, credits: fresh.reduce((sum, r) => sum + r.credits, 0) };
}
