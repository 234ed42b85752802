// The part of the stylesheet a server-rendered page's HTML uses (issue 39): the server inlines it,
// and the whole stylesheet applies once the visitor reaches for the page (entry-server.tsx,
// docs/decisions/040, 051). Server-side only: entry-server.tsx bundles it, the browser never
// loads it.

import postcss, { type AtRule, type ChildNode, type Rule } from "postcss";

/** One node of the stylesheet, as the selection needs it. */
type Node =
  /** A style rule: kept when one of its selectors needs only classes the page has (null: an
   * interaction's, see selectorClasses). */
  | { kind: "rule"; needs: readonly (readonly string[] | null)[]; text: string }
  /** A rule of custom properties only (`:root`'s theme, Tailwind's fallback defaults): its
   * declarations are kept one by one, those the kept CSS or the page refers to. */
  | { kind: "vars"; selector: string; decls: readonly { name: string; text: string }[] }
  /** `@property` and `@keyframes`: kept when the kept CSS names them. */
  | { kind: "named"; name: string; keyframes: boolean; text: string }
  /** `@media`, `@supports`, `@layer` with a block: kept when something inside is. */
  | { kind: "group"; head: string; children: readonly Node[] }
  /** Anything else (the `@layer a, b;` order statement, `@font-face`): always kept. */
  | { kind: "raw"; text: string };

const CUSTOM_PROPERTY = /--[\w-]+/g;

/**
 * The classes one selector needs on the page to match anything: every `.class` in it, except
 * those inside `:not(…)` (absent, they match). Tailwind's escapes (`md\:grid-cols-2`,
 * `w-1\/2`, `size-3\.5`) are read back to the class names the HTML carries. Null for a selector
 * that matches only while the visitor points at or presses something (`:hover`, `:focus`,
 * `:focus-visible`, `:focus-within`, `:active`): never on the first screen, and the visitor's
 * first pointer, touch, key or focus applies the whole stylesheet (docs/decisions/051). Null too
 * for `::backdrop`, which exists only behind what an action puts in the top layer (a modal
 * dialog): Tailwind's fallback defaults repeat themselves for it, 1.3 KB on the landing.
 */
export function selectorClasses(selector: string): string[] | null {
  let plain = "";
  for (let i = 0; i < selector.length; i += 1) {
    if (selector[i] === "\\") {
      plain += selector.slice(i, i + 2);
      i += 1;
    } else if (selector.startsWith(":not(", i)) {
      // Skip to the matching parenthesis.
      let depth = 0;
      for (i += 4; i < selector.length; i += 1) {
        if (selector[i] === "\\") i += 1;
        else if (selector[i] === "(") depth += 1;
        else if (selector[i] === ")" && --depth === 0) break;
      }
    } else plain += selector[i];
  }
  if (/:(hover|focus|focus-visible|focus-within|active)(?![\w-])|::backdrop/.test(plain))
    return null;
  const classes: string[] = [];
  for (const match of plain.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-]|[^\p{ASCII}])+)/gu)) {
    classes.push(
      match[1]!.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_all, hex?: string, char?: string) =>
        hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
      ),
    );
  }
  return classes;
}

function toNodes(children: readonly ChildNode[]): Node[] {
  const nodes: Node[] = [];
  for (const child of children) {
    if (child.type === "rule") nodes.push(ruleNode(child));
    else if (child.type === "atrule") nodes.push(atRuleNode(child));
  }
  return nodes;
}

function ruleNode(rule: Rule): Node {
  const decls = rule.nodes.filter((node) => node.type === "decl");
  const onlyVars =
    decls.length > 0 &&
    decls.length === rule.nodes.length &&
    decls.every((decl) => decl.prop.startsWith("--"));
  const needs = rule.selectors.map(selectorClasses);
  if (onlyVars && needs.every((classes) => classes?.length === 0))
    return {
      kind: "vars",
      selector: rule.selector,
      decls: decls.map((decl) => ({ name: decl.prop, text: decl.toString() })),
    };
  return { kind: "rule", needs, text: rule.toString() };
}

function atRuleNode(rule: AtRule): Node {
  const name = rule.name.toLowerCase();
  if (name === "property")
    return { kind: "named", name: rule.params.trim(), keyframes: false, text: rule.toString() };
  if (name.endsWith("keyframes"))
    return { kind: "named", name: rule.params.trim(), keyframes: true, text: rule.toString() };
  if (rule.nodes && ["media", "supports", "layer", "container", "scope"].includes(name))
    return {
      kind: "group",
      head: `@${rule.name}${rule.params ? ` ${rule.params}` : ""}`,
      children: toNodes(rule.nodes),
    };
  return { kind: "raw", text: rule.toString() + (rule.nodes ? "" : ";") };
}

/**
 * Reads a stylesheet once and returns the selection: for a page's HTML, the stylesheet's rules
 * that can apply to it, in their order and within their layers, media and supports blocks, with
 * the custom properties, `@property` and `@keyframes` rules those rules refer to. A rule whose
 * selector names no class (the reset, `html`, `[hidden]`) is always kept. Classes the page only
 * gets later (a hover, an opened menu, an island's next state) are left to the whole stylesheet.
 */
export function criticalCss(css: string): (html: string) => string {
  const nodes = toNodes(postcss.parse(css).nodes);
  return (html) => {
    const classes = pageClasses(html);
    const matches = (needs: readonly (readonly string[] | null)[]) =>
      needs.some((need) => need?.every((name) => classes.has(name)));

    // The kept rules' text, with the page's own (its inline styles may name custom properties).
    let used = "";
    const collect = (list: readonly Node[]) => {
      for (const node of list) {
        if (node.kind === "rule" && matches(node.needs)) used += node.text;
        else if (node.kind === "group") collect(node.children);
      }
    };
    collect(nodes);
    const usedCss = used;
    const referenced = new Set([...(used + html).matchAll(CUSTOM_PROPERTY)].map((m) => m[0]));

    // Custom properties refer to others (a theme colour to a colour): add until none is new.
    const allVars = [] as { name: string; text: string }[];
    const gatherVars = (list: readonly Node[]) => {
      for (const node of list) {
        if (node.kind === "vars") allVars.push(...node.decls);
        else if (node.kind === "group") gatherVars(node.children);
      }
    };
    gatherVars(nodes);
    let varsText = "";
    for (let grew = true; grew; ) {
      grew = false;
      varsText = "";
      for (const decl of allVars) {
        if (!referenced.has(decl.name)) continue;
        varsText += decl.text;
        for (const [name] of decl.text.matchAll(CUSTOM_PROPERTY))
          if (!referenced.has(name)) {
            referenced.add(name);
            grew = true;
          }
      }
    }
    const cssWords = usedCss + varsText;

    const render = (list: readonly Node[]): string => {
      let out = "";
      for (const node of list) {
        if (node.kind === "rule") {
          if (matches(node.needs)) out += node.text;
        } else if (node.kind === "vars") {
          const decls = node.decls.filter((decl) => referenced.has(decl.name));
          if (decls.length) out += `${node.selector}{${decls.map((d) => d.text).join(";")}}`;
        } else if (node.kind === "named") {
          const used = node.keyframes
            ? new RegExp(`(^|[^\\w-])${escapeRegExp(node.name)}($|[^\\w-])`).test(cssWords)
            : referenced.has(node.name);
          if (used) out += node.text;
        } else if (node.kind === "group") {
          const inner = render(node.children);
          if (inner) out += `${node.head}{${inner}}`;
        } else out += node.text;
      }
      return out;
    };
    return render(nodes);
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Every class name in the HTML's class attributes, React's escaping read back. */
export function pageClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, attributes] of html.matchAll(/<[a-zA-Z][\w-]*((?:[^>"']|"[^"]*"|'[^']*')*)>/g))
    for (const name of classNames(/\sclass="([^"]*)"/.exec(attributes!)?.[1] ?? ""))
      classes.add(name);
  return classes;
}

function classNames(value: string): string[] {
  const text = value.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (all, entity: string) =>
    entity[0] === "#"
      ? String.fromCodePoint(
          entity[1] === "x" || entity[1] === "X"
            ? parseInt(entity.slice(2), 16)
            : Number(entity.slice(1)),
        )
      : (ENTITIES[entity.toLowerCase()] ?? all),
  );
  return text.split(/\s+/).filter(Boolean);
}
