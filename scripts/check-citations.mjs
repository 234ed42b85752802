// Every reference resolves inside the repository (issue 35): fails, listing file:line, when a
// source or documentation file cites one of the documents kept outside it (the first version's
// product description, its decisions file, and the shared architecture notes). The rules the
// code relies on are written in our own words in docs/product/, docs/decisions/ (the ADRs) and
// docs/architecture.md (the numbered conventions); cite a page there instead.
//
//   node scripts/check-citations.mjs            (run by `npm run lint`)
//
// The patterns are narrow on purpose: a variable named `spec`, Playwright's `*.spec.ts` files and
// words such as "specific" do not match, and the architecture pattern is case-sensitive, so the
// repository's own docs/architecture.md does not match either.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { root } from "./lib.mjs";

/** What a citation of an outside document looks like. */
const CITATIONS = [
  { name: "the outside product description", re: /\bspec\.md\b/i },
  { name: "a section of the outside product description", re: /\bspec(?:'s)?\s*\(?§/i },
  { name: "the outside decisions file", re: /\bdecisions\.md\b/i },
  // The outside notes were cited as `ARCHITECTURE.md`, `ARCHITECTURE 11` or
  // `ARCHITECTURE convention 11`.
  {
    name: "the outside architecture notes",
    re: /\bARCHITECTURE(?:\.md\b|\s+(?:conventions?\s+)?\d)/,
  },
];

/** Text files worth reading; pictures, fonts and models are not. */
const TEXT = /\.(?:[cm]?[jt]sx?|json|md|css|html?|ya?ml|sql|txt|sh)$/i;
const SKIP = new Set(["package-lock.json", "scripts/check-citations.mjs"]);

/** The repository's files: tracked ones and new ones git does not ignore. */
function files() {
  const out = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return [...new Set(out.split("\0").filter(Boolean))];
}

const found = [];
let read = 0;
for (const file of files()) {
  if (SKIP.has(file) || !TEXT.test(file)) continue;
  let text;
  try {
    text = fs.readFileSync(path.join(root, file), "utf8");
  } catch {
    continue; // Deleted in the working tree but still in the index.
  }
  read++;
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    for (const { name, re } of CITATIONS) {
      if (re.test(line)) found.push(`${file}:${i + 1}: ${name}: ${line.trim()}`);
    }
  });
}

if (found.length > 0) {
  for (const f of found) console.error(`✗ ${f}`);
  console.error(
    `\n${found.length} citation(s) of documents outside the repository. Write the rule in ` +
      "docs/product/, docs/architecture.md or an ADR in docs/decisions/ and cite that page instead.",
  );
  process.exit(1);
}
console.log(`no citations of documents outside the repository in ${read} files`);
