import type { GuestsRepository } from "./guests.repository";
import { keyedHash } from "./guest-cookie";

/**
 * The guest trial (docs/product/generator.md, ADR 006): one free watermarked generation per hashed
 * browser fingerprint, recorded on the server, plus a cap of trials per IP address per day.
 */
export function createGuestsService(d: {
  guests: GuestsRepository;
  secret: string;
  ipCap: () => Promise<number>;
}) {
  return {
    async session(fingerprint: string, ip: string) {
      const trial = await d.guests.upsert(
        keyedHash(d.secret, "fp", fingerprint),
        keyedHash(d.secret, "ip", ip),
      );
      return { trial, status: await this.status(trial.id, ip) };
    },

    async status(trialId: string, ip: string) {
      const trial = await d.guests.findById(trialId);
      const used = (trial?.generationCount ?? 1) >= 1;
      const ipFull =
        (await d.guests.usedTodayFromIp(keyedHash(d.secret, "ip", ip))) >= (await d.ipCap());
      return { generationCount: trial?.generationCount ?? 0, canGenerate: !used && !ipFull };
    },

    ipHash: (ip: string) => keyedHash(d.secret, "ip", ip),
  };
}
export type GuestsService = ReturnType<typeof createGuestsService>;
