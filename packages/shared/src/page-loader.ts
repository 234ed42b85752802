/**
 * The inline script that starts a server-rendered page's code (docs/decisions/027). The page is
 * on screen as HTML; its entry module (data-src) is requested only once the browser reports the
 * first contentful paint, so over a slow connection the HTML has the line to itself until then,
 * and nothing but the HTML stands between a visitor and that paint. Where paint timing is
 * missing, two frames stand in for it; a hidden tab paints no frames, hence the timer.
 * With the module it links the page's whole stylesheet (data-css): the page painted with the
 * rules its HTML uses, inlined by the server, and the rest (a hover, a dialog, the app's other
 * pages) is there before anyone can reach for it (docs/decisions/040).
 *
 * The API server's Content-Security-Policy allows this exact text by its hash
 * (apps/server/src/middleware/security-headers.ts): change it freely, both follow.
 */
export const PAGE_ENTRY_LOADER =
  '(function(s,c){var d=0;function l(){if(d)return;d=1;if(c){var k=document.createElement("link");' +
  'k.rel="stylesheet";k.crossOrigin="";k.href=c;document.head.appendChild(k)}var e=document.createElement("script");' +
  'e.type="module";e.crossOrigin="";e.src=s;document.head.appendChild(e)}' +
  'var P=window.PerformanceObserver;if(P&&(P.supportedEntryTypes||[]).indexOf("paint")>=0)' +
  "new P(function(p){p.getEntries().forEach(function(e){" +
  'if(e.name=="first-contentful-paint")setTimeout(l,0)})}).observe({type:"paint",buffered:true});' +
  "else requestAnimationFrame(function(){requestAnimationFrame(l)});setTimeout(l,2000)})" +
  '(document.currentScript.getAttribute("data-src"),document.currentScript.getAttribute("data-css"))';
