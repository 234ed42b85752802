import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ADMIN_ERROR_CODES } from "@rupa/shared";

// The admin panel translates every code of ADMIN_ERROR_CODES (its catalogue test checks both
// languages). This keeps the list whole: each code an admin module's source names in an
// AppError or a conflict, and those of the photo pipeline it calls, must be in it.

const modulesDir = fileURLToPath(new URL("..", import.meta.url));
/** modules/admin (every section's folder) and the modules whose tables only admins change. */
const ADMIN_MODULES = ["admin", "audit", "banned-keywords", "feedback"];
const photoPipeline = fileURLToPath(
  new URL("../../infra/images/photo-pipeline.ts", import.meta.url),
);

/** The codes a source text names: `new AppError("code"` and `errors.conflict("code"`. */
function codesIn(text: string): string[] {
  const found = text.matchAll(/(?:new AppError|errors\.conflict)\(\s*"([a-z_]+)"/g);
  return [...found].map((m) => m[1] ?? "");
}

function adminSources(): { file: string; text: string }[] {
  return ADMIN_MODULES.flatMap((dir) =>
    readdirSync(join(modulesDir, dir), { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".ts") && !/\.test\.ts$/.test(name))
      .map((name) => {
        const file = join(dir, name);
        return { file, text: readFileSync(join(modulesDir, file), "utf8") };
      }),
  );
}

describe("ADMIN_ERROR_CODES", () => {
  it("holds every code the admin modules answer with", () => {
    const sources = adminSources();
    expect(sources.length).toBeGreaterThan(10);
    const named = new Set<string>();
    for (const { text } of sources) {
      for (const code of codesIn(text)) named.add(code);
      if (text.includes("photoErrors."))
        for (const code of codesIn(readFileSync(photoPipeline, "utf8"))) named.add(code);
    }
    expect(named.size, "the scan found no codes; is the pattern broken?").toBeGreaterThan(3);
    const missing = [...named].filter(
      (code) => !(ADMIN_ERROR_CODES as readonly string[]).includes(code),
    );
    expect(missing).toEqual([]);
  });
});
