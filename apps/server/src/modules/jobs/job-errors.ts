import { ProviderError } from "../../infra/providers/provider";

/** How a failed attempt is treated. */
export interface Failure {
  /** A code the row keeps and the user's message is chosen by. */
  code: string;
  detail: string;
  /** True: it would fail again; end now. False: worth another try. */
  permanent: boolean;
  /** A provider's Retry-After, as a floor of the backoff. */
  retryAfterSeconds?: number;
}

/** A failure that will not get better with another try (the photo, the style or the run is gone). */
export class PermanentFailure extends Error {
  constructor(
    public readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * How the lifecycle reads a failed attempt of any kind of job (null: a crash, retried): a
 * `PermanentFailure` ends it, a provider's error is a timeout or an error, permanent or worth
 * another try as the provider said (with its Retry-After).
 */
export function classifyJobError(e: unknown): Failure | null {
  if (e instanceof PermanentFailure) return { code: e.code, detail: e.message, permanent: true };
  if (e instanceof ProviderError) {
    const code = /timed out|cancelled/.test(e.message) ? "provider_timeout" : "provider_error";
    return {
      code,
      detail: e.message,
      permanent: e.kind === "permanent",
      retryAfterSeconds: e.retryAfterSeconds,
    };
  }
  return null;
}
