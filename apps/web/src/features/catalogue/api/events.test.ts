import { describe, expect, it, vi } from "vitest";
import { EventBatcher, MAX_EVENTS_PER_CALL, type SendEvents, type StyleEvent } from "./events";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function setup() {
  const sent: { events: StyleEvent[]; keepalive: boolean }[] = [];
  const send: SendEvents = (events, { keepalive }) => {
    sent.push({ events, keepalive });
    return Promise.resolve();
  };
  let scheduled: (() => void) | null = null;
  const schedule = vi.fn((fn: () => void) => {
    scheduled = fn;
    return 1 as unknown as ReturnType<typeof setTimeout>;
  });
  const cancel = vi.fn(() => {
    scheduled = null;
  });
  const batcher = new EventBatcher(send, 4000, schedule, cancel);
  return { batcher, sent, schedule, fire: () => scheduled?.() };
}

describe("EventBatcher", () => {
  it("sends many events in one request after the interval", () => {
    const { batcher, sent, schedule, fire } = setup();
    batcher.add({ styleId: id(1), type: "viewed", section: "all_styles" });
    batcher.add({ styleId: id(2), type: "viewed", section: "all_styles" });
    batcher.add({ styleId: id(3), type: "clicked", section: "recent" });
    expect(sent).toHaveLength(0);
    expect(schedule).toHaveBeenCalledTimes(1);
    fire();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.events.map((e) => e.styleId)).toEqual([id(1), id(2), id(3)]);
    expect(sent[0]?.keepalive).toBe(false);
    expect(batcher.pending).toBe(0);
  });

  it("reports a style as viewed once per section, but every click", () => {
    const { batcher, sent } = setup();
    batcher.add({ styleId: id(1), type: "viewed", section: "all_styles" });
    batcher.add({ styleId: id(1), type: "viewed", section: "all_styles" });
    batcher.add({ styleId: id(1), type: "viewed", section: "action_figures" });
    batcher.add({ styleId: id(1), type: "clicked", section: "all_styles" });
    batcher.add({ styleId: id(1), type: "clicked", section: "all_styles" });
    batcher.flush(true);
    expect(sent[0]?.events).toHaveLength(4);
    expect(sent[0]?.keepalive).toBe(true);
  });

  it("never sends more than 100 events in one call", () => {
    const { batcher, sent } = setup();
    for (let n = 0; n < 250; n += 1) batcher.add({ styleId: id(n), type: "viewed" });
    batcher.flush(false);
    expect(sent.map((call) => call.events.length)).toEqual([MAX_EVENTS_PER_CALL, 100, 50]);
  });

  it("only warns when sending fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const batcher = new EventBatcher(() => Promise.reject(new Error("offline")));
    batcher.add({ styleId: id(1), type: "clicked" });
    expect(() => batcher.flush(true)).not.toThrow();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledOnce());
    warn.mockRestore();
  });
});
