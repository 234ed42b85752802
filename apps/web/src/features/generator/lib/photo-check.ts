import type { UploadResponse } from "@rupa/shared";
import type { PhotoIssue } from "@rupa/shared/constants";
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
  if (check.verdict === "refuse") {
    // The server refuses for no face or several (REFUSING_PHOTO_ISSUES); the count says which.
    // (Read from the answer, not the shared list, so the list stays out of the shell bundle.)
    const manyFaces = check.faces > 1 || check.issues.includes("many_faces");
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
