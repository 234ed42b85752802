/**
 * The last lines this process logged, kept in memory for the admin System page (a bounded ring:
 * the oldest line goes when a new one comes). Lines arrive already masked by the logger
 * (`maskLine`: secrets, tokens, e-mail addresses); e-mail-looking text is scrubbed once more
 * here, so the page and the export never show one whatever wrote the line.
 */
export const LOG_RING_CAPACITY = 1000;
/** A longer line (a stack trace) is cut to this many characters. */
export const LOG_LINE_MAX = 4000;

const EMAIL_LIKE = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

/** Any e-mail-looking text (also `a%40b.c` from a link) → `[email]`. */
export function scrubEmails(line: string): string {
  return line.includes("@") || line.includes("%40") ? line.replace(EMAIL_LIKE, "[email]") : line;
}

export interface LogRing {
  push(line: string): void;
  /** Oldest first; the last `limit` lines when given. */
  lines(limit?: number): string[];
  readonly size: number;
  clear(): void;
}

export function createLogRing(capacity = LOG_RING_CAPACITY): LogRing {
  const buf: string[] = new Array<string>(capacity);
  let next = 0;
  let size = 0;
  return {
    push(line) {
      let s = line.endsWith("\n") ? line.slice(0, -1) : line;
      if (s.length > LOG_LINE_MAX) s = `${s.slice(0, LOG_LINE_MAX)}…`;
      buf[next] = scrubEmails(s);
      next = (next + 1) % capacity;
      if (size < capacity) size++;
    },
    lines(limit = size) {
      const n = Math.min(Math.max(0, limit), size);
      const out: string[] = [];
      for (let i = size - n; i < size; i++) out.push(buf[(next - size + i + capacity) % capacity]!);
      return out;
    },
    get size() {
      return size;
    },
    clear() {
      next = 0;
      size = 0;
    },
  };
}
