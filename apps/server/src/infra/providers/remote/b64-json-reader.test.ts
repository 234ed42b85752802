import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { B64JsonError, createB64JsonReader } from "./b64-json-reader";

/** Feed `text` in pieces of `size` bytes (the last may be shorter). */
function read(text: string | Buffer, size: number, sizeHint?: number) {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text, "utf8");
  const r = createB64JsonReader("b64_json", { sizeHint });
  for (let i = 0; i < bytes.length; i += size) r.push(new Uint8Array(bytes.subarray(i, i + size)));
  return r.finish();
}

const image = randomBytes(10_000 + 2); // not a multiple of 3: the base64 ends with padding
const b64 = image.toString("base64");
const body = JSON.stringify({
  created: 1_700_000_000,
  data: [{ b64_json: b64, revised_prompt: 'a "quoted" prompt with b64_json: in it' }],
  usage: { total_tokens: 100, input_tokens_details: { text_tokens: 10, image_tokens: 40 } },
});

describe("createB64JsonReader", () => {
  it.each([1, 2, 3, 5, 7, 64, 4096, 1 << 20])(
    "decodes the image and keeps the rest, fed %i bytes at a time",
    (size) => {
      const out = read(body, size);
      expect(out.image?.equals(image)).toBe(true);
      const json = JSON.parse(out.json) as {
        created: number;
        data: { b64_json: string; revised_prompt: string }[];
        usage: unknown;
      };
      expect(json.data[0]!.b64_json).toBe("");
      expect(json.data[0]!.revised_prompt).toBe('a "quoted" prompt with b64_json: in it');
      expect(json.created).toBe(1_700_000_000);
      expect(json.usage).toEqual({
        total_tokens: 100,
        input_tokens_details: { text_tokens: 10, image_tokens: 40 },
      });
      expect(out.json.length).toBeLessThan(300);
    },
  );

  it("writes the image in place when the body's length is known, and grows past a wrong one", () => {
    for (const hint of [body.length, 100, body.length * 10]) {
      const out = read(body, 1000, hint);
      expect(out.image?.equals(image), String(hint)).toBe(true);
      expect(JSON.parse(out.json)).toMatchObject({ data: [{ b64_json: "" }] });
    }
  });

  it("accepts `\\/` escapes, whitespace around the colon and unpadded base64", () => {
    const escaped = b64.replace(/\//g, "\\/").replace(/=+$/, "");
    const text = `{ "data" : [ { "b64_json"  :\n "${escaped}" } ] }`;
    for (const size of [1, 3, 100]) {
      const out = read(text, size);
      expect(out.image?.equals(image)).toBe(true);
      expect(JSON.parse(out.json)).toEqual({ data: [{ b64_json: "" }] });
    }
  });

  it("leaves other keys, other values and bodies without an image alone", () => {
    const text = JSON.stringify({
      xb64_json: "QUJD",
      b64_json_x: "QUJD",
      b64: "QUJD",
      data: [{ url: "https://example.com/a.png", b64_json: null }],
    });
    const out = read(text, 3);
    expect(out.image).toBeNull();
    expect(out.json).toBe(text);
    expect(read('{"created":1,"data":[]}', 4).image).toBeNull();
  });

  it("takes only the first image and keeps non-ASCII text intact", () => {
    const text = JSON.stringify({
      note: "Rupa — avatar ✓",
      data: [{ b64_json: "QUJD" }, { b64_json: "REVG" }],
    });
    const out = read(text, 2);
    expect(out.image?.toString()).toBe("ABC");
    expect(JSON.parse(out.json)).toEqual({
      note: "Rupa — avatar ✓",
      data: [{ b64_json: "" }, { b64_json: "REVG" }],
    });
  });

  it("refuses a body that ends inside the image, or a broken one", () => {
    expect(() => read(body.slice(0, 5000), 512)).toThrow(B64JsonError);
    expect(() => read('{"b64_json":"QUJ\\"D"}', 3)).toThrow(B64JsonError);
    expect(() => read('{"b64_json":"QUJDR"}', 3)).toThrow(B64JsonError);
  });
});
