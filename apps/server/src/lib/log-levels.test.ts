import { describe, expect, it } from "vitest";
import { accessLogLevel, authLogLevel } from "./log-levels";

describe("log levels", () => {
  it("keeps error for what an operator must act on", () => {
    expect(accessLogLevel({ status: 500, path: "/api/x", code: "internal_error" })).toBe("error");
    expect(accessLogLevel({ status: 502, path: "/api/x", code: "payment_gateway_error" })).toBe(
      "error",
    );
    expect(accessLogLevel({ status: 503, path: "/api/health/ready" })).toBe("error");
  });

  it("logs expected refusals below error", () => {
    expect(accessLogLevel({ status: 503, path: "/api/uploads", code: "upload_busy" })).toBe("warn");
    expect(
      accessLogLevel({ status: 503, path: "/api/payments", code: "payments_unavailable" }),
    ).toBe("info");
    expect(accessLogLevel({ status: 404, path: "/api/x", code: "not_found" })).toBe("info");
    expect(accessLogLevel({ status: 200, path: "/eksplor" })).toBe("debug");
  });

  it("turns better-auth's lines about a visitor's callback into warnings, and only those", () => {
    expect(authLogLevel("error", "State not found")).toBe("warn");
    expect(authLogLevel("error", "Failed to parse state")).toBe("warn");
    expect(authLogLevel("error", "Unable to create OAuth user")).toBe("error");
    expect(authLogLevel("warn", "Code not found")).toBe("warn");
    expect(authLogLevel("info", "anything")).toBeNull();
  });
});
