import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env";

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

  it("treats empty strings as unset", () => {
    expect(loadEnv({ DATABASE_URL: "", PORT: "" }).PORT).toBe(3000);
  });
});
