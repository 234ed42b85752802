import { describe, expect, it } from "vitest";
import { criticalCss, pageClasses, selectorClasses } from "./critical-css";

describe("selectorClasses", () => {
  it("reads Tailwind's escaped class names back", () => {
    expect(selectorClasses(".md\\:grid-cols-2")).toEqual(["md:grid-cols-2"]);
    expect(selectorClasses(".w-1\\/2")).toEqual(["w-1/2"]);
    expect(selectorClasses(".size-3\\.5")).toEqual(["size-3.5"]);
    expect(selectorClasses(".\\[\\&\\>svg\\]\\:size-4>svg")).toEqual(["[&>svg]:size-4"]);
    expect(selectorClasses(".bg-\\[\\#5b33e0\\]")).toEqual(["bg-[#5b33e0]"]);
  });

  it("needs every class of a compound selector, none inside :not()", () => {
    expect(selectorClasses(":where(.space-y-4>:not(:last-child))")).toEqual(["space-y-4"]);
    expect(selectorClasses(".a .b:not(.c)")).toEqual(["a", "b"]);
    expect(selectorClasses("html,:host")).toEqual([]);
    expect(selectorClasses("[data-state=open]")).toEqual([]);
  });

  it("leaves out what only a hover, a focus, a press or a modal dialog applies", () => {
    expect(selectorClasses(".hover\\:bg-primary:hover")).toBeNull();
    expect(selectorClasses(".group-hover\\:x:is(:where(.group):hover *)")).toBeNull();
    expect(selectorClasses(".focus-visible\\:ring:focus-visible")).toBeNull();
    expect(selectorClasses(".a:active")).toBeNull();
    expect(selectorClasses(".a:not(:hover)")).toEqual(["a"]);
    // A modal dialog's backdrop: only after an action.
    expect(selectorClasses("::backdrop")).toBeNull();
    expect(selectorClasses(".disabled\\:opacity-50:disabled")).toEqual(["disabled:opacity-50"]);
  });
});

describe("pageClasses", () => {
  it("reads the class attributes with React's escaping undone", () => {
    expect([
      ...pageClasses('<div class="a  b"><p class="[&amp;&gt;svg]:size-4 a"></p></div>'),
    ]).toEqual(["a", "b", "[&>svg]:size-4"]);
  });

  it("reads every element's classes, below the fold and after void elements too", () => {
    const html =
      '<main class="m"><section class="render-near-screen s"><div class="x"><img class="i"/>' +
      '<br><span class="y">t</span></div></section><footer class="f"></footer></main>';
    expect([...pageClasses(html)]).toEqual(["m", "render-near-screen", "s", "x", "i", "y", "f"]);
  });
});

describe("criticalCss", () => {
  const css =
    "@layer theme,base,utilities;" +
    "@layer theme{:root,:host{--color-a:red;--color-b:var(--color-c);--color-c:blue;--color-d:green}}" +
    "@layer base{*,:before{box-sizing:border-box}}" +
    "@layer utilities{.p-4{padding:1rem}.text-a{color:var(--color-a)}.text-b{color:var(--color-b)}" +
    ".shadow{--tw-shadow:0 0 1px;box-shadow:var(--tw-shadow)}.animate-spin{animation:spin 1s}" +
    ".hover\\:p-8:hover{padding:2rem}" +
    "@media (width>=40rem){.sm\\:p-6{padding:1.5rem}.sm\\:p-2{padding:.5rem}}}" +
    '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
    '@property --tw-ring{syntax:"*";inherits:false}' +
    "@keyframes spin{to{transform:rotate(360deg)}}@keyframes ping{to{opacity:0}}";
  const pick = criticalCss(css);

  it("keeps the rules the page's classes use, in their layers and media blocks", () => {
    const out = pick('<div class="p-4 sm:p-6 hover:p-8"></div>');
    expect(out).toBe(
      "@layer theme,base,utilities;" +
        "@layer base{*,:before{box-sizing:border-box}}" +
        "@layer utilities{.p-4{padding:1rem}@media (width>=40rem){.sm\\:p-6{padding:1.5rem}}}",
    );
  });

  it("keeps the custom properties, @property and @keyframes the kept rules refer to", () => {
    const out = pick('<div class="text-b shadow animate-spin"></div>');
    expect(out).toContain(":root,:host{--color-b:var(--color-c);--color-c:blue}");
    expect(out).not.toContain("--color-a");
    expect(out).not.toContain("--color-d");
    expect(out).toContain("@property --tw-shadow{");
    expect(out).not.toContain("--tw-ring");
    expect(out).toContain("@keyframes spin{");
    expect(out).not.toContain("ping");
  });

  it("leaves out the fallback defaults a modal dialog's backdrop repeats", () => {
    const fallback =
      "@layer properties{@supports (not (x:y)){*,:before{--tw-shadow:0 0 #0000}" +
      "::backdrop{--tw-shadow:0 0 #0000}}}.shadow{box-shadow:var(--tw-shadow)}";
    expect(criticalCss(fallback)('<div class="shadow"></div>')).toBe(
      "@layer properties{@supports (not (x:y)){*,:before{--tw-shadow:0 0 #0000}}}" +
        ".shadow{box-shadow:var(--tw-shadow)}",
    );
  });

  it("keeps a custom property an inline style of the page names", () => {
    expect(pick('<div style="color:var(--color-d)"></div>')).toContain(
      ":root,:host{--color-d:green}",
    );
  });
});
