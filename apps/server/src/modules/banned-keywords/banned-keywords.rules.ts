import type { ErrorIssue } from "@rupa/shared";
import { AppError } from "../../lib/errors";

/**
 * The active keywords found in each field's text (case-insensitive, anywhere in the text): one
 * issue per field and word, in the order the words appear, with `banned_word` as its code and
 * the word as its message, so the web names the word next to the field it is in.
 */
function bannedIssues(
  keywords: string[],
  fields: Record<string, string | null | undefined>,
  prefix: string[] = [],
): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  for (const [field, text] of Object.entries(fields)) {
    if (!text) continue;
    const hay = text.toLowerCase();
    const found = keywords
      .map((word) => ({ word, at: hay.indexOf(word) }))
      .filter((f) => f.word && f.at >= 0)
      .sort((a, b) => a.at - b.at || b.word.length - a.word.length);
    for (const { word } of found)
      issues.push({ path: [...prefix, field], message: word, code: "banned_word" });
  }
  return issues;
}

/** 422 `banned_content`: the words found are in the message and, by field, in the issues. */
function bannedContent(issues: ErrorIssue[]): AppError {
  const words = [...new Set(issues.map((i) => `"${i.message}"`))].join(", ");
  return new AppError(
    "banned_content",
    422,
    `Your text contains words that are not allowed: ${words}`,
    issues,
  );
}

/**
 * Refuses texts that hold an active banned keyword, before anything is written or spent.
 * `fields` are named as the request names them; `prefix` is the path above them.
 */
export function refuseBanned(
  keywords: string[],
  fields: Record<string, string | null | undefined>,
  prefix: string[] = [],
): void {
  const issues = bannedIssues(keywords, fields, prefix);
  if (issues.length) throw bannedContent(issues);
}
