import { apiContract as api, listRoutes, templatePath } from "@rupa/shared";
import { describe, expect, it } from "vitest";
import { testServerForFile, testDriver } from "../../../test/harness";

const t = testServerForFile({ startQueue: false });

type Doc = { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };

/** Every API route the app has mounted, as `METHOD /path` with OpenAPI path templates. */
function mountedRoutes(): string[] {
  const found = new Set<string>();
  for (const r of t.app.routes) {
    if (!r.path.startsWith("/api/") || r.method === "ALL") continue;
    found.add(`${r.method} ${templatePath(r.path)}`);
  }
  return [...found].sort();
}

function documented(doc: Doc): string[] {
  return Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();
}

describe(`GET /api/openapi.json on ${testDriver()}`, () => {
  it("describes every declared route with its operation id", async () => {
    const res = await t.client.call(api.docs.openapi);
    expect(res.status).toBe(200);
    const doc = res.body as Doc;
    expect(doc.openapi).toBe("3.1.0");
    for (const { name, route } of listRoutes()) {
      expect(doc.paths[templatePath(route.path)]?.[route.method.toLowerCase()]?.operationId).toBe(
        name,
      );
    }
    expect(documented(doc)).toHaveLength(listRoutes().length);
  });

  it("lists every route the server mounts under /api, and nothing it does not mount", async () => {
    const doc = (await t.client.call(api.docs.openapi)).body as Doc;
    // A route mounted by hand (without a contract) or a contract without a route fails here.
    expect(mountedRoutes()).toEqual(documented(doc));
    expect(mountedRoutes().length).toBeGreaterThan(20);
  });

  it("documents request bodies, parameters and the one error shape", async () => {
    const doc = (await t.client.call(api.docs.openapi)).body as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { schemas: Record<string, unknown> };
    };
    const start = doc.paths["/api/generations"]?.post as {
      requestBody: { content: Record<string, { schema: { required: string[] } }> };
      responses: Record<string, unknown>;
    };
    expect(start.requestBody.content["application/json"]?.schema.required).toEqual(
      expect.arrayContaining(["uploadId", "styleId"]),
    );
    expect(Object.keys(start.responses)).toEqual(expect.arrayContaining(["202", "402", "429"]));
    const item = doc.paths["/api/gallery/{kind}/{id}"]?.get as {
      parameters: { name: string; in: string }[];
    };
    expect(item.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(["path:kind", "path:id"]);
    expect(doc.components.schemas.Error).toBeDefined();
  });
});
