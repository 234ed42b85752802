/** One block of a legal text: a paragraph, or a bulleted list. */
export type LegalBlock = string | { list: string[] };

export type LegalSection = { id: string; heading: string; blocks: LegalBlock[] };

export type LegalDoc = { intro: string; sections: LegalSection[] };

export type PolicyTab = "payment" | "refund" | "content" | "data";

/** Every legal text in one language (legal-id.ts, legal-en.ts), loaded only when a page opens. */
export type LegalContent = {
  /** ISO date of the last change, shown as "Last updated". */
  updated: string;
  terms: LegalDoc;
  privacy: LegalDoc;
  policies: Record<PolicyTab, LegalDoc>;
};
