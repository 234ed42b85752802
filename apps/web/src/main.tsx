import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "@/app/providers";
import { router } from "@/app/router";
import { getStoredLang, loadCatalog, type Catalog } from "@/lib/i18n";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

const render = (catalog: Catalog): void => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders catalog={catalog}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
};

// The router (imported above) has already started loading the first page's code; the
// messages load beside it so the first paint is already in the right language.
const lang = getStoredLang();
loadCatalog(lang)
  .catch(() => loadCatalog("id"))
  .then(render)
  .catch(() => {
    container.textContent =
      "Rupa gagal dimuat. Muat ulang halaman ini. / Rupa failed to load. Please reload.";
  });
