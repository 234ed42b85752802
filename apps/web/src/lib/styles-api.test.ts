import type { StyleSummary } from "@rupa/shared";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { cachedStyleSummary, stylesQueryOptions } from "./styles-api";

const style = (id: string, name: string) =>
  ({
    id,
    name,
    nameId: name,
    category: "cartoon",
    isPremium: false,
    preview: null,
  }) as StyleSummary;

describe("cachedStyleSummary", () => {
  it("finds a style in whichever cached list has it, and nothing elsewhere", () => {
    const client = new QueryClient();
    client.setQueryData(stylesQueryOptions("featured").queryKey, [style("a", "Anime")]);
    client.setQueryData(stylesQueryOptions("az", "en").queryKey, [style("b", "Bold")]);
    expect(cachedStyleSummary(client, "a")?.name).toBe("Anime");
    expect(cachedStyleSummary(client, "b")?.name).toBe("Bold");
    expect(cachedStyleSummary(client, "c")).toBeUndefined();
    expect(cachedStyleSummary(new QueryClient(), "a")).toBeUndefined();
  });
});
