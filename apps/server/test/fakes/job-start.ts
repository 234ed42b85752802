import { createUploadsService } from "../../src/modules/uploads/uploads.service";
import { fakeBannedKeywords } from "./banned-keywords";
import { fakeCredits } from "./credits";
import { fakeTransactor } from "./db";
import { fakeJobEvents } from "./events";
import { fakeJobs } from "./jobs";
import { fakeProviders } from "./providers";
import { fakeQueue } from "./queue";
import { fakeSettings } from "./settings";
import { fakeStorage } from "./storage";
import { fakeUploads } from "./uploads";

/**
 * What a service that starts jobs of the job kit is given (the generations and Kanvas services),
 * in memory: the transactor, the job rows of `kinds` (stamped by `now`), the queue and the change
 * events, the uploads table (`uploadRows`) and its storage behind the real uploads service, the
 * credits ledger (its `service` the real one), the settings as `settings` sets them, the banned
 * words and the providers, named as `provider` says.
 */
export function fakeJobStart(o: {
  kinds: readonly string[];
  now?: () => number;
  settings?: Parameters<typeof fakeSettings>[0];
  provider: Parameters<typeof fakeProviders>[0];
}) {
  const storage = fakeStorage();
  const uploadRows = fakeUploads({ storage });
  return {
    transactor: fakeTransactor(),
    jobs: fakeJobs({ kinds: o.kinds, now: o.now }),
    queue: fakeQueue(),
    events: fakeJobEvents(),
    storage,
    uploadRows,
    uploads: createUploadsService({ uploads: uploadRows, storage }),
    credits: fakeCredits(),
    settings: fakeSettings(o.settings),
    banned: fakeBannedKeywords(),
    providers: fakeProviders(o.provider),
  };
}
