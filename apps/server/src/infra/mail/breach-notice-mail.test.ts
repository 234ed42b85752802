import { describe, expect, it } from "vitest";
import { breachNoticeMail } from "./templates";

const details = {
  message: 'Someone read <b>the "accounts"</b> table.\n\nWe closed the hole & rotated keys.',
  windowFrom: new Date("2026-11-20T01:00:00Z"),
  windowTo: new Date("2026-11-21T03:30:00Z"),
  url: "https://rupa.example/feedback",
};

describe("breachNoticeMail", () => {
  it("says what happened, when (Jakarta time), what Rupa does, the right to ask and where", () => {
    const id = breachNoticeMail("id", "a@example.com", details);
    expect(id).toMatchObject({ to: "a@example.com", kind: "breach-notice" });
    expect(id.subject).toBe("Pemberitahuan keamanan data akun Rupa kamu");
    for (const part of [
      "Someone read <b>the",
      "20 November 2026 pukul 08.00",
      "21 November 2026 pukul 10.30 WIB",
      "Yang kami lakukan",
      "Kamu berhak bertanya",
      details.url,
    ])
      expect(id.text).toContain(part);
    const en = breachNoticeMail("en", "b@example.com", details);
    expect(en.subject).toBe("A security notice about your Rupa account's data");
    expect(en.text).toContain("What we are doing");
    expect(en.text).toContain("You have the right to ask");
  });

  it("escapes the admin's text and keeps its paragraphs in the HTML", () => {
    const { html } = breachNoticeMail("en", "b@example.com", details);
    expect(html).toContain("Someone read &lt;b&gt;the &quot;accounts&quot;&lt;/b&gt; table.</p>");
    expect(html).toContain("<p");
    expect(html).toContain("We closed the hole &amp; rotated keys.");
    expect(html).not.toContain("<b>");
  });
});
