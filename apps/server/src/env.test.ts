import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ENV_VARIABLES, EnvError, loadEnv } from "./env";

/** Variable names in the first column of the README's configuration table (`## Configuration`). */
function readmeVariables(): string[] {
  const readme = fs.readFileSync(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../README.md"),
    "utf8",
  );
  const start = readme.indexOf("\n## Configuration\n");
  if (start < 0) throw new Error("README has no ## Configuration section");
  const rest = readme.slice(start + 1);
  const end = rest.slice(3).search(/\n#{1,3} /);
  const section = end < 0 ? rest : rest.slice(0, end + 3);
  const names: string[] = [];
  for (const line of section.split("\n")) {
    if (!line.startsWith("|")) continue;
    const first = line.split("|")[1] ?? "";
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.push(m[1]!);
  }
  return names;
}

describe("env", () => {
  it("gives the embedded defaults when nothing is set", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      ROLE: "all",
      TRUST_PROXY: false,
    });
    expect(env.DATA_DIR).toBe(path.resolve("./data"));
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("parses set values", () => {
    const env = loadEnv({
      PORT: "8080",
      ROLE: "worker",
      TRUST_PROXY: "true",
      PUBLIC_URL: "https://rupa.id/",
      DATABASE_URL: "postgres://u@h/db",
    });
    expect(env).toMatchObject({
      PORT: 8080,
      ROLE: "worker",
      TRUST_PROXY: true,
      PUBLIC_URL: "https://rupa.id",
    });
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["ROLE", "both"],
    ["PUBLIC_URL", "ftp://x"],
    ["TRUST_PROXY", "maybe"],
    ["LOG_LEVEL", "loud"],
    ["PROVIDER_ENDPOINT_HOSTS", "https://proxy.example.com"],
  ])("refuses %s=%s with a message naming the variable", (name, value) => {
    let error: unknown;
    try {
      loadEnv({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).message).toContain(name);
    expect((error as EnvError).message).toContain(value);
  });

  it("reads PROVIDER_ENDPOINT_HOSTS as a list of host names", () => {
    expect(loadEnv({}).PROVIDER_ENDPOINT_HOSTS).toEqual([]);
    expect(
      loadEnv({ PROVIDER_ENDPOINT_HOSTS: " Proxy.Example.com., 127.0.0.1,[::1] ,," })
        .PROVIDER_ENDPOINT_HOSTS,
    ).toEqual(["proxy.example.com", "127.0.0.1", "::1"]);
  });

  it("names a bad secret-bearing variable without echoing its value", () => {
    let error: unknown;
    try {
      loadEnv({ DATABASE_URL: "mysql://user:hunter2@localhost/db" });
    } catch (e) {
      error = e;
    }
    expect((error as EnvError).message).toContain("DATABASE_URL");
    expect((error as EnvError).message).not.toContain("hunter2");
  });

  it("requires AUTH_SECRET in production and pairs of related variables", () => {
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET/);
    expect(() => loadEnv({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32) })).not.toThrow();
    expect(() => loadEnv({ ADMIN_EMAIL: "a@b.co" })).toThrow(/ADMIN_EMAIL/);
    expect(() => loadEnv({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_ID/);
  });

  it("switches to S3 storage only with a bucket and both keys", () => {
    const unset = loadEnv({});
    expect([unset.S3_BUCKET, unset.S3_FORCE_PATH_STYLE]).toEqual([undefined, false]);
    const s3 = loadEnv({
      S3_BUCKET: "rupa-files",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect([s3.S3_BUCKET, s3.S3_REGION, s3.S3_FORCE_PATH_STYLE]).toEqual([
      "rupa-files",
      "us-east-1",
      true,
    ]);
    expect(() => loadEnv({ S3_BUCKET: "rupa-files" })).toThrow(
      /S3_ACCESS_KEY_ID: is required when S3_BUCKET is set[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadEnv({ S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "s" })).toThrow(
      /S3_BUCKET: is required/,
    );
    expect(() =>
      loadEnv({ S3_BUCKET: "Not_A_Bucket", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" }),
    ).toThrow(/S3_BUCKET/);
    expect(() => loadEnv({ S3_ENDPOINT: "ftp://x" })).toThrow(/S3_ENDPOINT/);
  });

  it("treats empty strings as unset", () => {
    expect(loadEnv({ DATABASE_URL: "", PORT: "" }).PORT).toBe(3000);
  });

  it("is documented: the README's configuration table lists exactly the variables env.ts reads", () => {
    const documented = readmeVariables();
    expect(documented.length).toBeGreaterThan(10);
    const read = new Set<string>(ENV_VARIABLES);
    const listed = new Set(documented);
    expect(
      ENV_VARIABLES.filter((v) => !listed.has(v)),
      "read by env.ts, missing from the README table",
    ).toEqual([]);
    expect(
      documented.filter((v) => !read.has(v)),
      "in the README table, not read by env.ts",
    ).toEqual([]);
    expect(
      documented.filter((v, i) => documented.indexOf(v) !== i),
      "listed twice",
    ).toEqual([]);
  });
});
