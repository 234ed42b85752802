import { describe, expect, it } from "vitest";
import { announcedEnd } from "./stream-reconnect";

/** Just what announcedEnd reads of an EventSource. */
function fakeSource() {
  const target = new EventTarget() as EventTarget & { readyState: number };
  target.readyState = 1;
  return target;
}

describe("announcedEnd", () => {
  it("lets the browser reconnect after the server's notice, once", () => {
    const source = fakeSource();
    const expected = announcedEnd(source as unknown as EventSource);
    source.dispatchEvent(new Event("reconnect"));
    source.readyState = 0; // the stream ended; the browser is reconnecting
    expect(expected()).toBe(true);
    // The reconnect failed: now it is a failure.
    expect(expected()).toBe(false);
  });

  it("treats an error without the notice, or a closed source, as a failure", () => {
    const source = fakeSource();
    const expected = announcedEnd(source as unknown as EventSource);
    source.readyState = 0;
    expect(expected()).toBe(false);
    source.dispatchEvent(new Event("reconnect"));
    source.readyState = 2; // refused (e.g. 503): the browser will not reconnect
    expect(expected()).toBe(false);
  });
});
