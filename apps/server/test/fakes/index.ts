/**
 * The in-memory fakes service unit tests share (the immich way): each repository or adapter
 * once. A service under test gets fakes for what it reads and writes and the real rules.
 */
export { fakeAudit } from "./audit";
export { fakeCredits } from "./credits";
export { fakeCustomRequests } from "./custom-requests";
export { fakeTransactor } from "./db";
export { fakeJobs } from "./jobs";
export { fakeSecurityEvents } from "./security";
