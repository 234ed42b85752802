// Shared by the service unit tests: what an expected refusal (an AppError) says.
import { expect } from "vitest";
import { AppError } from "../src/lib/errors";

/** Awaits a promise that must reject with an AppError; its code and status. */
export async function refusal(p: Promise<unknown>): Promise<{ code: string; status: number }> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return { code: (e as AppError).code, status: (e as AppError).status };
}
