import { isOtherResponse, listRoutes } from "@rupa/shared";

// Development and tests only (imported behind import.meta.env.DEV): checks an answer against its
// route's contract, so a server that drifts from the contract shows up at once.

const routes = new Map(listRoutes().map(({ route }) => [`${route.method} ${route.path}`, route]));

export type ContractMismatch = {
  message: string;
  issues: { path: (string | number)[]; message: string; code?: string }[];
};

/** Why an answer breaks its route's contract, or null when it keeps it. */
export function checkAnswer(
  method: string,
  path: string,
  status: number,
  data: unknown,
): ContractMismatch | null {
  const name = `${method} ${path}`;
  const spec = routes.get(name)?.responses[status];
  if (!spec) return { message: `${name} answered ${status}, not in its contract`, issues: [] };
  if (isOtherResponse(spec)) return null;
  const parsed = spec.safeParse(data);
  if (parsed.success) return null;
  return {
    message: "The server's answer did not match what the app expects",
    issues: parsed.error.issues.map((issue) => ({
      path: issue.path.filter((p): p is string | number => typeof p !== "symbol"),
      message: issue.message,
      code: issue.code,
    })),
  };
}
