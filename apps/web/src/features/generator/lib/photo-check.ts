import type { UploadResponse } from "@rupa/shared";
import { REFUSING_PHOTO_ISSUES, type PhotoIssue } from "@rupa/shared/constants";
import type { MessageKey } from "@/lib/i18n";

export type PhotoCheck = NonNullable<UploadResponse["upload"]["check"]>;

/** What the page says about an uploaded photo's check, and whether Generate stays open. */
export type CheckView =
  | { verdict: "ok" }
  | { verdict: "warn"; issues: MessageKey[] }
  | { verdict: "refuse"; issues: MessageKey[]; reason: MessageKey };

const issueKey = (issue: PhotoIssue): MessageKey => `generator.check.issues.${issue}`;

/**
 * The check as the page shows it. A check that could not run (null) says nothing and allows
 * Generate (the server allows it too). A refusal leads with its refusing issue.
 */
export function viewCheck(check: PhotoCheck | null | undefined): CheckView | null {
  if (!check) return null;
  const refusing = check.issues.filter((i) => REFUSING_PHOTO_ISSUES.includes(i));
  if (check.verdict === "refuse" || refusing.length > 0) {
    const manyFaces = refusing.includes("many_faces") || (!refusing.length && check.faces > 1);
    const first: PhotoIssue = manyFaces ? "many_faces" : "no_face";
    const rest = check.issues.filter((i) => i !== first);
    return {
      verdict: "refuse",
      issues: [first, ...rest].map(issueKey),
      reason: manyFaces
        ? "generator.generate.refusedManyFaces"
        : "generator.generate.refusedNoFace",
    };
  }
  if (check.verdict === "warn" && check.issues.length > 0)
    return { verdict: "warn", issues: check.issues.map(issueKey) };
  return { verdict: "ok" };
}
