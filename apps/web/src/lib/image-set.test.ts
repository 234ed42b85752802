import { describe, expect, it } from "vitest";
import { imageSetSrcSet, previewImageProps } from "./image-set";

const image = { card: "/p/a-card.webp", full: "/p/a-full.webp", width: 600, height: 750 };

describe("preview images", () => {
  it("lists both renditions in the srcset, the card alone when there is only one", () => {
    expect(imageSetSrcSet(image)).toBe("/p/a-card.webp 300w, /p/a-full.webp 600w");
    expect(imageSetSrcSet({ ...image, full: image.card })).toBe("/p/a-card.webp 300w");
  });

  it("gives the card alone, sized, lazy by default; a srcset only with sizes", () => {
    expect(previewImageProps(image)).toEqual({
      src: "/p/a-card.webp",
      width: 300,
      height: 375,
      loading: "lazy",
      decoding: "async",
    });
    expect(previewImageProps(image, { sizes: "50vw" })).toMatchObject({
      srcSet: "/p/a-card.webp 300w, /p/a-full.webp 600w",
      sizes: "50vw",
    });
  });

  it("maps each priority to loading and fetch priority", () => {
    const of = (priority: "high" | "eager" | "lazy" | "low") => {
      const { loading, fetchPriority } = previewImageProps(image, { priority }) as {
        loading: string;
        fetchPriority?: string;
      };
      return [loading, fetchPriority];
    };
    expect(of("high")).toEqual(["eager", "high"]);
    expect(of("eager")).toEqual(["eager", undefined]);
    expect(of("lazy")).toEqual(["lazy", undefined]);
    expect(of("low")).toEqual(["lazy", "low"]);
  });
});
