import type { ApiError } from "@/lib/api-client";
import { bannedWords, quoteWords } from "@/lib/error-message";
import type { MessageKey } from "@/lib/i18n";

/** The form's own messages, by the server's issue message (or the page's own check). */
export const ISSUE_KEYS = {
  prompt_required: "kanvas.errors.prompt_required",
  prompt_too_long: "kanvas.errors.prompt_too_long",
  negative_prompt_too_long: "kanvas.errors.negative_prompt_too_long",
  images_required: "kanvas.errors.images_required",
  too_many_images: "kanvas.errors.too_many_images",
  images_uploading: "kanvas.errors.images_uploading",
  image_invalid: "kanvas.errors.image_invalid",
  image_repeated: "kanvas.errors.image_repeated",
  count_out_of_range: "kanvas.errors.count_out_of_range",
  banned_content: "kanvas.errors.banned_content",
  banned_negative: "kanvas.errors.banned_negative",
} as const satisfies Record<string, MessageKey>;
export type IssueCode = keyof typeof ISSUE_KEYS;
export type IssueField = "prompt" | "negative" | "images" | "form";
/** One problem shown next to its field; `words` are the banned words it names, quoted. */
export type Issue = { field: IssueField; code: IssueCode; words?: string };

export type KanvasErrorAction =
  | { kind: "outOfCredits" }
  | { kind: "signUp" }
  | { kind: "issues"; issues: Issue[] }
  | { kind: "message"; key: MessageKey }
  | { kind: "generic" };

const MESSAGE_CODES = {
  upload_not_ready: "errors.codes.upload_not_ready",
  not_found: "kanvas.errors.image_not_found",
  rate_limited: "errors.codes.rate_limited",
  NETWORK_ERROR: "errors.codes.NETWORK_ERROR",
} as const satisfies Record<string, MessageKey>;

function fieldOf(path: (string | number)[]): "prompt" | "images" | "form" {
  const head = path[0];
  if (head === "prompt" || head === "negativePrompt") return "prompt";
  if (head === "imageIds") return "images";
  return "form";
}

/** What the page does with an error from POST /api/kanvas. */
export function actionForError(
  error: Pick<ApiError, "code" | "status" | "issues">,
): KanvasErrorAction {
  if (error.code === "insufficient_credits" || error.status === 402)
    return { kind: "outOfCredits" };
  if (error.status === 401) return { kind: "signUp" };
  if (error.code === "banned_content") {
    // The words found, next to the prompt or the negative prompt they were typed in.
    const inPrompt = bannedWords(error, "prompt");
    const inNegative = bannedWords(error, "negativePrompt");
    const issues: Issue[] = [];
    if (inPrompt.length || !inNegative.length)
      issues.push({ field: "prompt", code: "banned_content", words: quoteWords(inPrompt) });
    if (inNegative.length)
      issues.push({ field: "negative", code: "banned_negative", words: quoteWords(inNegative) });
    return { kind: "issues", issues };
  }
  if (error.code === "validation_failed") {
    const issues = (error.issues ?? []).flatMap((issue) =>
      issue.message in ISSUE_KEYS
        ? [{ field: fieldOf(issue.path), code: issue.message as IssueCode }]
        : [],
    );
    if (issues.length) return { kind: "issues", issues };
    return { kind: "message", key: "errors.codes.validation_failed" };
  }
  const key = (MESSAGE_CODES as Record<string, MessageKey>)[error.code];
  return key ? { kind: "message", key } : { kind: "generic" };
}

const FAILURE_KEYS = {
  provider_error: "kanvas.failure.provider_error",
  provider_timeout: "kanvas.failure.provider_timeout",
  photo_expired: "kanvas.failure.photo_expired",
  cancelled: "kanvas.failure.cancelled",
  internal_error: "kanvas.failure.internal_error",
} as const satisfies Record<string, MessageKey>;

/** The sentence for a picture that failed in its job (its credits came back). */
export function pictureFailureKey(code: string | undefined): MessageKey {
  return (
    (code ? (FAILURE_KEYS as Record<string, MessageKey>)[code] : undefined) ??
    "kanvas.failure.internal_error"
  );
}
