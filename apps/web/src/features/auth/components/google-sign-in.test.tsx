import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "@/lib/i18n";
import { flattenMessages } from "@/lib/i18n-core";
import { queryKeys } from "@/lib/query-keys";
import id from "@/locales/id.json";
import { GoogleSection } from "./google-sign-in";

/** /auth's Google part as the server's providers answer (`GET /api/account/providers`) says. */
function render(providers: { google: boolean }): string {
  const client = new QueryClient();
  client.setQueryData(queryKeys.accountProviders, providers);
  return renderToString(
    <QueryClientProvider client={client}>
      <I18nProvider initial={{ lang: "id", messages: flattenMessages(id) }}>
        <GoogleSection onUnavailable={() => undefined} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe("the Google button (docs/product/accounts.md)", () => {
  it("shows, with the e-mail divider, when Google is configured", () => {
    const html = render({ google: true });
    expect(html).toContain("Lanjutkan dengan Google");
    expect(html).toContain("atau pakai email");
  });

  it("is not there at all when it is not", () => {
    expect(render({ google: false })).toBe("");
  });
});
