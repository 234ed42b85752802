const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

export class B64JsonError extends Error {}

/**
 * Reads a JSON body that carries an image as a base64 string (OpenAI's `b64_json`) as it
 * arrives. The first string value under `field` is base64-decoded chunk by chunk into one
 * Buffer; the rest of the body is kept as a small JSON text in which that value is emptied
 * (`""`), to be parsed and checked as usual. The megabytes of base64 never become one string,
 * are never UTF-8-decoded, and never sit in memory beside the decoded image, and the decoding
 * happens in small pieces between other work instead of in one long block per answer.
 */
export function createB64JsonReader(field = "b64_json", opts: { sizeHint?: number } = {}) {
  const key = Buffer.from(field, "latin1");
  const skeleton: Buffer[] = [];
  let pending = 0; // start of the bytes of the current chunk not yet copied to the skeleton

  // Outside the payload: a tiny JSON tokenizer, enough to know strings from the rest.
  let inString = false;
  let escaped = false;
  let stringMatches = true; // the string so far equals `key` (a prefix of it)
  let stringLength = 0;
  let afterKey: "none" | "key" | "colon" = "none";
  let done = false; // the payload has been read (only the first one is taken)

  // Inside the payload.
  let inPayload = false;
  let payloadEscaped = false;
  let carry = ""; // base64 characters not yet a multiple of 4
  // The decoded image, written in place: sized from the body's length when it is known (base64
  // is 4 characters for 3 bytes), grown by doubling otherwise.
  let out = Buffer.allocUnsafe(
    Math.min(64 << 20, Math.max(4096, Math.ceil(((opts.sizeHint ?? 0) * 3) / 4))),
  );
  let outBytes = 0;

  function write(quads: string) {
    const need = outBytes + (quads.length / 4) * 3;
    if (need > out.length) {
      const bigger = Buffer.allocUnsafe(Math.max(need, out.length * 2));
      out.copy(bigger, 0, 0, outBytes);
      out = bigger;
    }
    outBytes += out.write(quads, outBytes, "base64");
  }

  function decode(text: string) {
    let from = 0;
    if (carry) {
      // Complete the quad left over from the previous piece first.
      from = Math.min(text.length, 4 - carry.length);
      carry += text.slice(0, from);
      if (carry.length < 4) return;
      write(carry);
      carry = "";
    }
    const usable = from + (text.length - from) - ((text.length - from) % 4);
    if (usable > from) write(text.slice(from, usable));
    carry = text.slice(usable);
  }

  /** Base64 characters of the payload in chunk[from, to), unescaping `\/` (JSON allows it). */
  function payload(chunk: Buffer, from: number, to: number) {
    let start = from;
    while (start < to) {
      if (payloadEscaped) {
        payloadEscaped = false;
        const b = chunk[start]!;
        // A JSON encoder may write `/` as `\/`; line breaks inside base64 are ignored.
        if (b === 0x2f) decode("/");
        else if (b !== 0x6e && b !== 0x72 && b !== 0x74)
          throw new B64JsonError("unexpected escape in the base64 image");
        start += 1;
        continue;
      }
      const slash = chunk.indexOf(BACKSLASH, start);
      const end = slash === -1 || slash >= to ? to : slash;
      if (end > start) decode(chunk.toString("latin1", start, end));
      if (end === to) return;
      payloadEscaped = true;
      start = end + 1;
    }
  }

  function push(chunk: Buffer) {
    pending = 0;
    let i = 0;
    while (i < chunk.length) {
      if (inPayload) {
        // The payload ends at the first quote (base64 has none; an escaped one is an error).
        const end = chunk.indexOf(QUOTE, i);
        payload(chunk, i, end === -1 ? chunk.length : end);
        if (end === -1) return;
        if (payloadEscaped) throw new B64JsonError("unexpected escape in the base64 image");
        if (carry.replace(/=+$/, "").length % 4 === 1)
          throw new B64JsonError("the base64 image is truncated");
        if (carry) decode("====".slice(carry.length));
        inPayload = false;
        done = true;
        pending = end; // the closing quote goes to the skeleton
        i = end + 1;
        continue;
      }
      const b = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (b === BACKSLASH) {
          escaped = true;
          stringMatches = false;
        } else if (b === QUOTE) {
          inString = false;
          afterKey = stringMatches && stringLength === key.length ? "key" : "none";
        } else {
          stringMatches = stringMatches && stringLength < key.length && key[stringLength] === b;
          stringLength += 1;
        }
      } else if (b === QUOTE) {
        if (afterKey === "colon" && !done) {
          // The value of the field: keep `"` in the skeleton, stream what follows to the decoder.
          skeleton.push(chunk.subarray(pending, i + 1));
          pending = i + 1;
          inPayload = true;
          afterKey = "none";
          i += 1;
          continue;
        }
        inString = true;
        stringMatches = true;
        stringLength = 0;
        afterKey = "none";
      } else if (b === COLON && afterKey === "key") afterKey = "colon";
      else if (!isSpace(b)) afterKey = "none";
      i += 1;
    }
    if (pending < chunk.length) skeleton.push(chunk.subarray(pending));
  }

  return {
    /** Feed the next piece of the body. */
    push(chunk: Uint8Array) {
      const buf = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      // Skeleton pieces are views of the chunk: copy them so the chunk itself can go.
      const before = skeleton.length;
      push(buf);
      for (let k = before; k < skeleton.length; k++) skeleton[k] = Buffer.from(skeleton[k]!);
    },
    /** The JSON text without the payload, and the decoded image (null when there was none). */
    finish(): { json: string; image: Buffer | null } {
      if (inPayload) throw new B64JsonError("the body ended inside the base64 image");
      return {
        json: Buffer.concat(skeleton).toString("utf8"),
        image: done ? out.subarray(0, outBytes) : null,
      };
    },
  };
}
