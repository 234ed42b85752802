// Generated from the route contracts by `npm run contracts`; do not edit.
// Method and path of every API route, one export per route, without zod (see api.ts).
export * from "./routes/health";
export * from "./routes/docs";
export * from "./routes/auth";
export * from "./routes/account";
export * from "./routes/admin";
export * from "./routes/admin-styles";
export * from "./routes/admin-insights";
export * from "./routes/admin-custom-profession";
export * from "./routes/admin-banned-keywords";
export * from "./routes/admin-feedback";
export * from "./routes/admin-referrals";
export * from "./routes/admin-ai-configs";
export * from "./routes/audit";
export * from "./routes/admin-system";
export * from "./routes/styles";
export * from "./routes/feedback";
export * from "./routes/referrals";
export * from "./routes/uploads";
export * from "./routes/guests";
export * from "./routes/generations";
export * from "./routes/gallery";
export * from "./routes/kanvas";
export * from "./routes/custom-profession";
export * from "./routes/payments";
export * from "./routes/files";
export * from "./routes/webhooks";
