/**
 * The in-memory fakes service unit tests share (the immich way): each repository or adapter
 * once. A service under test gets fakes for what it reads and writes and the real rules; a
 * transaction of the fake transactor takes its fakes' writes back when it fails.
 */
export { fakeAudit } from "./audit";
export { fakeBannedKeywords } from "./banned-keywords";
export { fakeClock, settle } from "./clock";
export { fakeCredits } from "./credits";
export { fakeCustomRequests } from "./custom-requests";
export { fakeTransactor, undoable } from "./db";
export { fakeJobEvents } from "./events";
export { fakeGallery } from "./gallery";
export { fakeImages } from "./images";
export { fakeJobs } from "./jobs";
export { fakeJobStart } from "./job-start";
export { fakeKanvas } from "./kanvas";
export { faceAt, fakeLikeness } from "./likeness";
export { fakeLog } from "./log";
export { paymentRow } from "./payments";
export { fakeProviders } from "./providers";
export { fakeQueue } from "./queue";
export { fakeSecurityEvents } from "./security";
export { fakeSettings } from "./settings";
export { fakeStats } from "./stats";
export { fakeStorage } from "./storage";
export { fakeUploads } from "./uploads";
