import type { HealthCheckResult, SecurityEvent } from "@rupa/shared";
import type { AdminMessageKey, AdminTranslate } from "./admin-i18n";

/**
 * The admin panel's words for what the server answers as codes: audit actions, health-check
 * results and security events' details. The server sends codes and values, never sentences
 * meant for the page; a code this panel does not know yet (a newer server, an old row) reads
 * as a generic text, never as the raw key.
 */
export interface AdminLookup {
  t: AdminTranslate;
  has: (key: string) => boolean;
}

/** `key` translated when the catalogue has it, else null. */
function maybe({ t, has }: AdminLookup, key: string, vars?: Record<string, string | number>) {
  return has(key) ? t(key as AdminMessageKey, vars) : null;
}

/** `user.role_changed` → "User role changed" (an unknown action: "Other change"). */
export function auditActionName(action: string, lookup: AdminLookup): string {
  return maybe(lookup, `audit.actions.${action}`) ?? lookup.t("audit.actions.unknown");
}

/**
 * A health-check step's result: its code with its values (a code this page does not know yet
 * reads as a plain pass or failure); an unexpected error's own message is `technical`.
 */
export function healthResultText(
  result: HealthCheckResult,
  lookup: AdminLookup,
): { text: string; technical: string | null } {
  return {
    text:
      maybe(lookup, `system.check.codes.${result.code}`, result.params) ??
      lookup.t(`system.check.unknown.${result.status}`),
    technical: result.code === "failed" && result.detail ? result.detail : null,
  };
}

/** The reasons a security event's details give, which the page says in words. */
export const SECURITY_REASONS = {
  sign_in_failed: ["wrong_password", "unknown_email", "wrong_current_password"],
  suspicious_activity: ["failed_sign_ins_across_accounts", "amount_mismatch"],
  api_abuse: ["bad_signature"],
} as const;

/** The limits a `rate_limited` event names (its `endpoint`), and what they count by (`by`). */
export const RATE_LIMIT_ENDPOINTS = [
  "api",
  "sign-in",
  "change-password",
  "sign-up",
  "sign-up-daily",
  "password-reset",
  "password-reset-confirm",
  "verification",
] as const;
export const RATE_LIMIT_BY = ["ip", "email", "pair", "user"] as const;

/**
 * A security event's details as a sentence in the admin's language ("Wrong password", "Role
 * changed from Member to Admin"), or null when its details say nothing the type does not.
 */
export function describeSecurityEvent(event: SecurityEvent, lookup: AdminLookup): string | null {
  const { t } = lookup;
  const d = event.details;
  const str = (key: string) => (typeof d[key] === "string" ? d[key] : "");
  const num = (key: string) => (typeof d[key] === "number" ? d[key] : null);
  /** A value the catalogue names under `prefix`, else the value itself (or "—"). */
  const word = (prefix: string, value: string) =>
    maybe(lookup, `${prefix}.${value}`) ?? (value || "—");

  switch (event.type) {
    case "sign_in_failed":
    case "api_abuse": {
      const key = `security.describe.${event.type}.${str("reason")}`;
      return maybe(lookup, key, { webhook: str("webhook") || "—" });
    }
    case "suspicious_activity": {
      const window = num("windowSeconds");
      const slowed = num("slowedSeconds");
      return maybe(lookup, `security.describe.suspicious_activity.${str("reason")}`, {
        accounts: num("accounts") ?? "—",
        minutes: window === null ? "—" : Math.round(window / 60),
        seconds: num("delaySeconds") ?? "—",
        slowedMinutes: slowed === null ? "—" : Math.round(slowed / 60),
        payment: str("payment") || "—",
      });
    }
    case "sign_out": {
      const count = num("sessionsEnded");
      return count === null ? null : t("security.describe.sign_out", { count });
    }
    case "password_reset":
      return t(
        str("via") === "signed_in_change"
          ? "security.describe.password_reset.signed_in_change"
          : "security.describe.password_reset.link",
      );
    case "rate_limited": {
      const by = word("security.describe.by", str("by"));
      return str("endpoint") === "api"
        ? t("security.describe.rate_limited.api", {
            limit: num("limit") ?? "—",
            path: str("path") || "—",
            by,
          })
        : t("security.describe.rate_limited.auth", {
            endpoint: word("security.describe.endpoints", str("endpoint")),
            by,
          });
    }
    case "role_changed":
      if (str("via") === "cli") return t("security.describe.role_changed.cli");
      return t("security.describe.role_changed.change", {
        from: word("users.roles", str("from")),
        to: word("users.roles", str("to")),
      });
    case "credits_changed":
      return t(
        str("mode") === "set"
          ? "security.describe.credits_changed.set"
          : "security.describe.credits_changed.add",
        {
          amount: num("amount") ?? "—",
          from: num("from") ?? "—",
          to: num("to") ?? "—",
          reason: str("reason") || "—",
        },
      );
    case "admin_action":
      return d.action === undefined ? null : auditActionName(str("action"), lookup);
    default:
      return null;
  }
}

/**
 * A server issue shown under a form field: a banned word is named; any other issue (its
 * message is the server's English) asks to check the field.
 */
export function fieldIssueText(
  issue: { code?: string; message: string },
  { t }: AdminLookup,
): string {
  return issue.code === "banned_word"
    ? t("common.fieldBanned", { word: issue.message })
    : t("common.fieldInvalid");
}
