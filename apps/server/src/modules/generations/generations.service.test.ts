import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import type { Actor } from "../../lib/actor";
import { refusal } from "../../../test/refusal";
import { fakeJobStart } from "../../../test/fakes";
import { GENERATE_JOB } from "./generation.worker";
import { createGenerationsService, type GenerationDeps } from "./generations.service";

/**
 * The generations service's rules against the fakes kit (the immich way), with the real credits
 * and uploads services behind it: who may start what, what is spent, and that a refusal spends,
 * inserts and sends nothing. The same paths run against real databases in
 * generations.int.test.ts.
 */

interface Style {
  id: string;
  name: string;
  isPremium: boolean;
  promptTemplate: string;
  genderSpecificPrompts: Record<string, string>;
  category?: string;
}

function world() {
  // What starting jobs of the avatar kinds is given (their instance of the job rows).
  const kit = fakeJobStart({
    kinds: ["avatar", "custom_profession"],
    settings: {
      avatar_credits_per_image: "1",
      guest_ip_daily_cap: "3",
      referral_reward_every: "3",
    },
    provider: { name: "local", model: "rupa-local-v1" },
  });
  const { credits, settings, banned, queue, uploadRows } = kit;
  const rows = kit.jobs.rows;
  const completedReferrals = new Map<string, number>();
  const trials = new Map<string, "ok" | "used" | "ip_cap">();
  const styles = new Map<string, Style>();

  const deps = {
    ...kit,
    db: kit.transactor.db,
    credits: credits.service,
    guests: {
      consume: (_tx: unknown, id: string) => Promise.resolve(trials.get(id) ?? "ok"),
    },
    guestsService: { ipHash: (ip: string) => `ip:${ip}` },
    styles: { findActiveRow: (id: string) => Promise.resolve(styles.get(id) ?? null) },
    referrals: {
      stats: (userId: string) =>
        Promise.resolve({ completed: completedReferrals.get(userId) ?? 0 }),
    },
    generations: {
      medianSeconds: () => Promise.resolve(null),
      resultOf: () => Promise.resolve(null),
    },
  };
  const service = createGenerationsService(deps as unknown as GenerationDeps);

  const guest = (): Actor => ({ userId: null, guestTrialId: randomUUID(), isAdmin: false });
  const photoOf = (actor: Actor, ready = true) =>
    uploadRows.photo(
      actor.userId ?? { guest: actor.guestTrialId! },
      ready ? {} : { status: "processing", croppedKey: null },
    ).id;
  const style = (over: Partial<Style> = {}) => {
    const s: Style = {
      id: randomUUID(),
      name: "Anime",
      isPremium: false,
      promptTemplate: "anime portrait of {subject}, {title}",
      genderSpecificPrompts: { female: "a woman, {subject}" },
      ...over,
    };
    styles.set(s.id, s);
    return s.id;
  };
  /** Nothing was spent, inserted or sent (a refusal). */
  const untouched = () => ({
    spends: credits.spends.length,
    rows: rows.size,
    sent: queue.sent.length,
  });

  return {
    service,
    credits,
    /** A plan bought: a purchase lot that has not expired. */
    subscribe: (userId: string) =>
      credits.hold(userId, 30, { expiresAt: new Date(Date.now() + 30 * 86_400_000) }),
    completedReferrals,
    trials,
    settings,
    banned,
    rows,
    queue,
    member: (held: number) => credits.member(held),
    guest,
    photoOf,
    style,
    untouched,
  };
}

let w: ReturnType<typeof world>;
beforeEach(() => {
  w = world();
});

describe("starting a generation", () => {
  it("spends the avatar price from the setting, writes a queued job with its prompt and sends it", async () => {
    w.settings.values.set("avatar_credits_per_image", "2");
    const m = w.member(5);
    const gen = await w.service.start(
      m,
      {
        uploadId: w.photoOf(m),
        styleId: w.style(),
        gender: "female",
        variables: { title: "Sang Juara" },
      },
      "10.0.0.1",
    );
    expect(w.credits.balance(m.userId!)).toBe(3);
    expect(gen).toMatchObject({ status: "queued", position: 1 });
    const row = w.rows.get(gen.id)!;
    expect(row).toMatchObject({ status: "queued", userId: m.userId, kind: "avatar" });
    expect(row.prompt).toBe("anime portrait of a woman, the person in the photo, Sang Juara");
    expect(w.queue.sent).toMatchObject([{ name: GENERATE_JOB, data: { generationId: gen.id } }]);
  });

  it("refuses a member below the price with 402 and changes nothing", async () => {
    w.settings.values.set("avatar_credits_per_image", "2");
    const m = w.member(1);
    const before = w.untouched();
    expect(
      await refusal(w.service.start(m, { uploadId: w.photoOf(m), styleId: w.style() }, "10.0.0.1")),
    ).toEqual({ code: "insufficient_credits", status: 402 });
    expect(w.credits.balance(m.userId!)).toBe(1);
    expect(w.untouched()).toEqual(before);
  });

  it("uses a custom figure's template instead of the style's", async () => {
    const m = w.member(1);
    const gen = await w.service.start(
      m,
      { uploadId: w.photoOf(m), styleId: w.style(), variables: { title: "Pilot" } },
      "10.0.0.1",
      { promptTemplate: "figure of {subject} titled {title}", requestId: randomUUID() },
    );
    const row = w.rows.get(gen.id)!;
    expect(row.prompt).toBe("figure of the person in the photo titled Pilot");
    expect(row.kind).toBe("custom_profession");
  });

  it("lets a guest use the trial, and refuses a used trial or a full network without spending", async () => {
    const g = w.guest();
    const gen = await w.service.start(g, { uploadId: w.photoOf(g), styleId: w.style() }, "1.2.3.4");
    expect(w.rows.get(gen.id)).toMatchObject({ guestTrialId: g.guestTrialId, spendId: null });
    expect(w.credits.spends).toHaveLength(0);

    const used = w.guest();
    w.trials.set(used.guestTrialId!, "used");
    const usedPhoto = w.photoOf(used);
    const before = w.untouched();
    expect(
      await refusal(w.service.start(used, { uploadId: usedPhoto, styleId: w.style() }, "1.2.3.4")),
    ).toEqual({ code: "guest_trial_used", status: 403 });
    const capped = w.guest();
    w.trials.set(capped.guestTrialId!, "ip_cap");
    const cappedPhoto = w.photoOf(capped);
    expect(
      await refusal(
        w.service.start(capped, { uploadId: cappedPhoto, styleId: w.style() }, "1.2.3.4"),
      ),
    ).toEqual({ code: "guest_ip_limit", status: 429 });
    expect(w.untouched()).toEqual(before);

    const nobody: Actor = { userId: null, guestTrialId: null, isAdmin: false };
    expect(
      await refusal(
        w.service.start(nobody, { uploadId: usedPhoto, styleId: w.style() }, "1.2.3.4"),
      ),
    ).toEqual({ code: "guest_session_required", status: 401 });
  });

  it("opens premium styles only to a plan holder or a member with enough completed referrals", async () => {
    const premium = w.style({ isPremium: true });
    const plain = w.member(3);
    const before = w.untouched();
    expect(
      await refusal(w.service.start(plain, { uploadId: w.photoOf(plain), styleId: premium }, "ip")),
    ).toEqual({ code: "premium_required", status: 403 });
    const g = w.guest();
    expect(
      await refusal(w.service.start(g, { uploadId: w.photoOf(g), styleId: premium }, "ip")),
    ).toEqual({ code: "premium_required", status: 403 });
    expect(w.untouched()).toEqual(before);

    const subscriber = w.member(3);
    w.subscribe(subscriber.userId!);
    await w.service.start(subscriber, { uploadId: w.photoOf(subscriber), styleId: premium }, "ip");

    const inviter = w.member(3);
    w.completedReferrals.set(inviter.userId!, 2);
    expect(
      await refusal(
        w.service.start(inviter, { uploadId: w.photoOf(inviter), styleId: premium }, "ip"),
      ),
    ).toEqual({ code: "premium_required", status: 403 });
    w.completedReferrals.set(inviter.userId!, 3);
    await w.service.start(inviter, { uploadId: w.photoOf(inviter), styleId: premium }, "ip");
    expect(w.credits.spends.map((s) => s.userId)).toEqual([subscriber.userId, inviter.userId]);
  });

  it("refuses banned words (any case), another's photo, a photo not ready and an unknown style before spending", async () => {
    const m = w.member(3);
    w.banned.words.push("senjata");
    const before = w.untouched();
    const start = (input: {
      uploadId: string;
      styleId: string;
      variables?: Record<string, string>;
    }) => refusal(w.service.start(m, input, "ip"));
    expect(
      await start({
        uploadId: w.photoOf(m),
        styleId: w.style(),
        variables: { title: "SENJATA api" },
      }),
    ).toEqual({ code: "banned_content", status: 422 });
    const other = w.member(3);
    expect(await start({ uploadId: w.photoOf(other), styleId: w.style() })).toEqual({
      code: "not_found",
      status: 404,
    });
    expect(await start({ uploadId: w.photoOf(m, false), styleId: w.style() })).toEqual({
      code: "upload_not_ready",
      status: 409,
    });
    expect(await start({ uploadId: w.photoOf(m), styleId: randomUUID() })).toEqual({
      code: "style_not_found",
      status: 404,
    });
    expect(w.untouched()).toEqual(before);
    expect(w.credits.balance(m.userId!)).toBe(3);
  });
});

describe("starting a set from one photo", () => {
  it("pays one spend per style and writes one queued job each, sharing a batch id", async () => {
    const m = w.member(5);
    const photo = w.photoOf(m);
    const ids = [w.style(), w.style({ name: "Pixar" }), w.style({ name: "Retro" })];
    const gens = await w.service.batch(m, { uploadId: photo, styleIds: ids }, "ip");
    expect(gens.map((g) => g.styleId)).toEqual(ids);
    expect(w.credits.balance(m.userId!)).toBe(2);
    expect(w.credits.spends).toHaveLength(3);
    const rows = gens.map((g) => w.rows.get(g.id)!);
    const spendIds = new Set(rows.map((r) => r.spendId));
    expect(spendIds.size).toBe(3);
    expect(new Set(rows.map((r) => r.batchId)).size).toBe(1);
    expect(rows[0]!.batchId).toBe(gens[0]!.batchId);
    expect(gens[0]!.batchId).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows.every((r) => r.uploadId === photo && r.status === "queued")).toBe(true);
    expect(w.queue.sent.map((x) => x.data)).toEqual(gens.map((g) => ({ generationId: g.id })));
  });

  it("refuses a Formal CV/CPNS style in a set (made alone, with its background), with nothing written", async () => {
    const m = w.member(3);
    const before = w.untouched();
    expect(
      await refusal(
        w.service.batch(
          m,
          {
            uploadId: w.photoOf(m),
            styleIds: [w.style(), w.style({ category: "formal_cv_cpns" })],
          },
          "ip",
        ),
      ),
    ).toEqual({ code: "pas_foto_not_in_set", status: 400 });
    expect(w.untouched()).toEqual(before);
    expect(w.credits.balance(m.userId!)).toBe(3);
  });

  it("gives a single style no batch id", async () => {
    const m = w.member(1);
    const [gen] = await w.service.batch(m, { uploadId: w.photoOf(m), styleIds: [w.style()] }, "ip");
    expect(gen!.batchId).toBeNull();
  });

  it("refuses a set the balance cannot pay, a premium style among them, or an unknown one, with nothing written", async () => {
    const m = w.member(2);
    const photo = w.photoOf(m);
    const before = w.untouched();
    expect(
      await refusal(
        w.service.batch(m, { uploadId: photo, styleIds: [w.style(), w.style(), w.style()] }, "ip"),
      ),
    ).toEqual({ code: "insufficient_credits", status: 402 });
    expect(
      await refusal(
        w.service.batch(
          m,
          { uploadId: photo, styleIds: [w.style(), w.style({ isPremium: true })] },
          "ip",
        ),
      ),
    ).toEqual({ code: "premium_required", status: 403 });
    expect(
      await refusal(
        w.service.batch(m, { uploadId: photo, styleIds: [w.style(), randomUUID()] }, "ip"),
      ),
    ).toEqual({ code: "style_not_found", status: 404 });
    expect(w.untouched()).toEqual(before);
    expect(w.credits.balance(m.userId!)).toBe(2);
  });

  it("lets a guest have one style (the free try), not a set", async () => {
    const g = w.guest();
    const photo = w.photoOf(g);
    const before = w.untouched();
    expect(
      await refusal(
        w.service.batch(g, { uploadId: photo, styleIds: [w.style(), w.style()] }, "ip"),
      ),
    ).toEqual({ code: "batch_members_only", status: 403 });
    expect(w.untouched()).toEqual(before);
    const [gen] = await w.service.batch(g, { uploadId: photo, styleIds: [w.style()] }, "ip");
    expect(w.rows.get(gen!.id)).toMatchObject({ guestTrialId: g.guestTrialId, watermark: true });
  });
});

describe("who sees a generation", () => {
  it("shows a member's generation to that member only, and a guest's to that guest while signed out", async () => {
    const m = w.member(1);
    const mine = await w.service.start(m, { uploadId: w.photoOf(m), styleId: w.style() }, "ip");
    expect((await w.service.owned(m, mine.id)).id).toBe(mine.id);
    expect(await refusal(w.service.owned(w.member(1), mine.id))).toEqual({
      code: "not_found",
      status: 404,
    });

    const g = w.guest();
    const theirs = await w.service.start(g, { uploadId: w.photoOf(g), styleId: w.style() }, "ip");
    expect((await w.service.owned(g, theirs.id)).id).toBe(theirs.id);
    expect(await refusal(w.service.owned(w.guest(), theirs.id))).toEqual({
      code: "not_found",
      status: 404,
    });
    // Signed in on the same browser: the guest's generations are no longer listed as theirs.
    const signedIn: Actor = { ...m, guestTrialId: g.guestTrialId };
    expect(await refusal(w.service.owned(signedIn, theirs.id))).toEqual({
      code: "not_found",
      status: 404,
    });
  });
});
