import { z } from "zod";
import { listRoutes } from "./api";
import {
  errorStatuses,
  isOtherResponse,
  templatePath,
  type ResponseSpec,
  type RouteSpec,
} from "./contract";
import { errorBodySchema } from "./errors";

type Json = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No content",
  302: "Redirect",
  304: "Not modified",
  400: "Invalid request",
  401: "Sign-in required",
  402: "Not enough credits",
  403: "Not allowed",
  404: "Not found",
  409: "Conflict",
  413: "Too large",
  415: "Unsupported media type",
  422: "Unprocessable",
  429: "Too many requests",
  500: "Server error",
  503: "Unavailable",
};

function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;
  delete out.$schema;
  return out;
}

/** The properties of an object schema as OpenAPI parameters. */
function parameters(schema: z.ZodType | undefined, where: "path" | "query"): Json[] {
  if (!schema) return [];
  const object = jsonSchema(schema, "input");
  const properties = (object.properties ?? {}) as Record<string, Json>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    schema: s,
    ...(typeof s.description === "string" ? { description: s.description } : {}),
  }));
}

function response(status: number, spec: ResponseSpec): Json {
  const description = STATUS_TEXT[status] ?? String(status);
  if (!isOtherResponse(spec)) {
    return { description, content: { "application/json": { schema: jsonSchema(spec, "output") } } };
  }
  switch (spec.kind) {
    case "event-stream":
      return {
        description: spec.description,
        content: {
          "text/event-stream": {
            schema: { type: "string" },
            ...(spec.event ? { "x-event-schema": jsonSchema(spec.event, "output") } : {}),
          },
        },
      };
    case "file":
      return {
        description: spec.description,
        content: { "*/*": { schema: { type: "string", format: "binary" } } },
      };
    case "redirect":
      return {
        description: spec.description,
        headers: { Location: { schema: { type: "string" } } },
      };
    case "empty":
      return { description: spec.description };
  }
}

function operation(name: string, route: RouteSpec): Json {
  const responses: Json = {};
  for (const [status, spec] of Object.entries(route.responses)) {
    responses[status] = response(Number(status), spec);
  }
  for (const status of errorStatuses(route)) {
    if (responses[String(status)]) continue;
    responses[String(status)] = { $ref: `#/components/responses/Error${status}` };
  }
  const op: Json = {
    operationId: name,
    summary: route.summary,
    tags: [name.slice(0, name.indexOf("."))],
    "x-access": route.access,
    parameters: [...parameters(route.params, "path"), ...parameters(route.query, "query")],
    responses,
  };
  if (route.body) {
    const type =
      route.bodyType === "multipart"
        ? "multipart/form-data"
        : route.bodyType === "form"
          ? "application/x-www-form-urlencoded"
          : "application/json";
    op.requestBody = {
      required: true,
      content: { [type]: { schema: jsonSchema(route.body, "input") } },
    };
  }
  return op;
}

/** The OpenAPI 3.1 description of every declared route. */
export function buildOpenApi(info: { version: string; serverUrl?: string }): Json {
  const paths: Record<string, Json> = {};
  const statuses = new Set<number>([400, 500]);
  for (const { name, route } of listRoutes()) {
    const path = templatePath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(name, route);
    for (const s of errorStatuses(route)) statuses.add(s);
  }
  const responses: Json = {};
  for (const s of [...statuses].sort((a, b) => a - b)) {
    responses[`Error${s}`] = {
      description: STATUS_TEXT[s] ?? String(s),
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Rupa API",
      version: info.version,
      description:
        "JSON over HTTP with a session cookie. Every error answers { error: { code, message, issues? } }.",
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    paths,
    components: {
      schemas: { Error: jsonSchema(errorBodySchema, "output") },
      responses,
    },
  };
}
