/**
 * The id of the whole stylesheet's link once the loader has added it (with `data-done` once it
 * has loaded or failed), and the window event that asks the loader to add it now
 * (docs/decisions/051): apps/web/src/lib/whole-stylesheet.ts sends it when the app takes over
 * the page or an island shows an element or a class it did not have.
 */
export const WHOLE_STYLESHEET_ID = "rupa-stylesheet";
export const WHOLE_STYLESHEET_EVENT = "rupa:stylesheet";

/**
 * The inline script that starts a server-rendered page's code (docs/decisions/027). The page is
 * on screen as HTML; its entry module (data-src) is requested only once the browser reports the
 * first contentful paint, so over a slow connection the HTML has the line to itself until then,
 * and nothing but the HTML stands between a visitor and that paint. Where paint timing is
 * missing, two frames stand in for it; a hidden tab paints no frames, hence the timer.
 *
 * The page's whole stylesheet (data-css) is fetched with the module but applied only when it can
 * matter (docs/decisions/040, 051): the server inlined every rule the page's HTML uses, so the
 * rest is hover, focus and pressed states, an island's next state and the app's other pages.
 * It is linked on the visitor's first pointer, touch, key or focus, or when the page sends
 * WHOLE_STYLESHEET_EVENT; until then the page's load does not parse and match it.
 *
 * The API server's Content-Security-Policy allows this exact text by its hash
 * (apps/server/src/middleware/security-headers.ts): change it freely, both follow.
 */
export const PAGE_ENTRY_LOADER =
  "(function(s,c){var d=0,w=0,D=document," +
  `R="pointerdown pointermove keydown focusin ${WHOLE_STYLESHEET_EVENT}".split(" ");` +
  'function k(r){var e=D.createElement("link");e.rel=r;e.crossOrigin="";e.href=c;' +
  "return D.head.appendChild(e)}" +
  "function h(){if(w)return;w=1;R.forEach(function(n){removeEventListener(n,h,true)});" +
  `var e=k("stylesheet");e.id="${WHOLE_STYLESHEET_ID}";` +
  'e.onload=e.onerror=function(){e.setAttribute("data-done","")}}' +
  // Listeners only where there is a stylesheet to apply.
  "if(c)R.forEach(function(n){addEventListener(n,h,{capture:true,passive:true})});" +
  'function l(){if(d)return;d=1;if(c&&!w)k("prefetch");var e=D.createElement("script");' +
  'e.type="module";e.crossOrigin="";e.src=s;D.head.appendChild(e)}' +
  'var P=window.PerformanceObserver;if(P&&(P.supportedEntryTypes||[]).indexOf("paint")>=0)' +
  "new P(function(p){p.getEntries().forEach(function(e){" +
  'if(e.name=="first-contentful-paint")setTimeout(l,0)})}).observe({type:"paint",buffered:true});' +
  "else requestAnimationFrame(function(){requestAnimationFrame(l)});setTimeout(l,2000)})" +
  '(document.currentScript.getAttribute("data-src"),document.currentScript.getAttribute("data-css"))';
