import { disposableEmailBlocklistSet } from "disposable-email-domains-js";

let blocklist: Set<string> | null = null;

/**
 * Whether the address is at a throwaway-mail domain (the maintained list of
 * disposable-email-domains-js), subdomains included (`x@mx.mailinator.com`). The list is read
 * once: the package's own `isDisposableEmail` rebuilds its 5,000-entry set on every call.
 */
export function isDisposableEmail(email: string): boolean {
  blocklist ??= disposableEmailBlocklistSet();
  const labels = email
    .slice(email.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase()
    .split(".");
  for (let i = 0; i < labels.length - 1; i++) {
    if (blocklist.has(labels.slice(i).join("."))) return true;
  }
  return false;
}
