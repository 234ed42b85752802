import { z } from "zod";
import { accountContract, authContract } from "./account";
import { accountExportsContract } from "./account-export";
import { adminContract } from "./admin";
import { adminDataRequestsContract } from "./admin-data-requests";
import { adminBannedKeywordsContract } from "./admin-banned-keywords";
import { adminCustomProfessionContract } from "./admin-custom-profession";
import { adminFeedbackContract } from "./admin-feedback";
import { adminPaymentsContract } from "./admin-payments";
import { adminAiConfigsContract } from "./admin-ai-configs";
import { adminInsightsContract } from "./admin-insights";
import { adminReconciliationContract } from "./admin-reconciliation";
import { adminReferralsContract } from "./admin-referrals";
import { adminStylesContract } from "./admin-styles";
import { adminSystemContract } from "./admin-system";
import { auditContract } from "./audit";
import { customProfessionContract } from "./custom-profession";
import { stylesContract } from "./catalogue";
import { defineRoutes, type RouteSpec } from "./contract";
import { feedbackContract } from "./feedback";
import { filesContract } from "./files";
import { galleryContract } from "./gallery";
import { generationsContract } from "./generation";
import { guestsContract } from "./guests";
import { healthContract } from "./health";
import { kanvasContract } from "./kanvas";
import { pasFotoContract } from "./pas-foto-check";
import { paymentsContract } from "./payments";
import { privacyContract } from "./privacy";
import { referralsContract } from "./referrals";
import { uploadsContract } from "./uploads";
import { webhooksContract } from "./webhooks";

export const docsContract = defineRoutes({
  openapi: {
    method: "GET",
    path: "/api/openapi.json",
    summary: "This API's description (OpenAPI 3.1), generated from the route contracts",
    access: "public",
    responses: { 200: z.record(z.string(), z.unknown()) },
  },
});

/** Every route of the API, by group. A route is mounted on the server only from here. */
export const apiContract = {
  health: healthContract,
  docs: docsContract,
  auth: authContract,
  account: accountContract,
  accountExports: accountExportsContract,
  admin: adminContract,
  adminStyles: adminStylesContract,
  adminInsights: adminInsightsContract,
  adminCustomProfession: adminCustomProfessionContract,
  adminBannedKeywords: adminBannedKeywordsContract,
  adminFeedback: adminFeedbackContract,
  adminPayments: adminPaymentsContract,
  adminReferrals: adminReferralsContract,
  adminReconciliation: adminReconciliationContract,
  adminAiConfigs: adminAiConfigsContract,
  audit: auditContract,
  adminSystem: adminSystemContract,
  adminDataRequests: adminDataRequestsContract,
  styles: stylesContract,
  feedback: feedbackContract,
  referrals: referralsContract,
  uploads: uploadsContract,
  privacy: privacyContract,
  guests: guestsContract,
  generations: generationsContract,
  gallery: galleryContract,
  pasFoto: pasFotoContract,
  kanvas: kanvasContract,
  customProfession: customProfessionContract,
  payments: paymentsContract,
  files: filesContract,
  webhooks: webhooksContract,
} as const;

export type ApiContract = typeof apiContract;

/** `group.route`, e.g. `generations.start`. */
export type RouteName = {
  [G in keyof ApiContract]: `${G & string}.${keyof ApiContract[G] & string}`;
}[keyof ApiContract];

export type RouteByName<N extends RouteName> = N extends `${infer G}.${infer R}`
  ? G extends keyof ApiContract
    ? R extends keyof ApiContract[G]
      ? ApiContract[G][R] extends RouteSpec
        ? ApiContract[G][R]
        : never
      : never
    : never
  : never;

/** Every route with its name, in declaration order. */
export function listRoutes(): { name: RouteName; route: RouteSpec }[] {
  return Object.entries(apiContract).flatMap(([group, routes]) =>
    Object.entries(routes as Record<string, RouteSpec>).map(([key, route]) => ({
      name: `${group}.${key}` as RouteName,
      route,
    })),
  );
}

/** `generations.start` → `generationsStart`: the name of a route's export in route-table.ts. */
export function routeExportName(name: string): string {
  return name.replace(/\.([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/**
 * The sources of the route table: one file per group (`routes/<group>.ts`) with one export per
 * route (method and path, without zod), and `route-table.ts` re-exporting them all. The web
 * bundles only the groups a page calls (the landing page must not download the schemas, nor
 * every path). `npm run contracts` writes them; route-table.test.ts fails when one is stale.
 */
export function renderRouteTable(): Record<string, string> {
  const files: Record<string, string> = {};
  const header = "// Generated from the route contracts by `npm run contracts`; do not edit.\n";
  const fileOf = (group: string) => group.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  for (const [group, routes] of Object.entries(apiContract)) {
    const lines = Object.entries(routes as Record<string, RouteSpec>).map(([key, route]) => {
      const name = `${group}.${key}`;
      return `export const ${routeExportName(name)}: RouteRef<${JSON.stringify(name)}> = [${JSON.stringify(route.method)}, ${JSON.stringify(route.path)}];`;
    });
    files[`routes/${fileOf(group)}.ts`] = (
      lines.length
        ? [header + 'import type { RouteRef } from "../contract";', "", ...lines, ""]
        : [header + "export {};", ""]
    ).join("\n");
  }
  files["route-table.ts"] = [
    header +
      "// Method and path of every API route, one export per route, without zod (see api.ts).",
    ...Object.keys(apiContract).map((group) => `export * from "./routes/${fileOf(group)}";`),
    "",
  ].join("\n");
  return files;
}
