import { describe, expect, it } from "vitest";
import { dialogPictureSizes, pictureImageProps } from "./picture-image";

describe("finished pictures", () => {
  const picture = {
    imageUrl: "/f/a.jpg",
    displayUrl: "/f/b.webp",
    thumbUrl: "/f/c-thumb.webp",
    width: 816,
    height: 1024,
  };

  it("shows the WebP, sized, with the thumbnail and the full size in its srcset", () => {
    expect(pictureImageProps(picture, "50vw")).toEqual({
      src: "/f/b.webp",
      srcSet: "/f/c-thumb.webp 384w, /f/b.webp 816w",
      sizes: "50vw",
      width: 816,
      height: 1024,
      decoding: "async",
    });
  });

  it("shows the JPEG of a picture stored before its WebP existed, as before", () => {
    expect(
      pictureImageProps({ ...picture, displayUrl: null, width: null, height: null }, "50vw"),
    ).toEqual({ src: "/f/a.jpg", decoding: "async" });
  });

  it("offers no thumbnail for a picture no wider than it", () => {
    expect(pictureImageProps({ ...picture, width: 384, height: 384 }, "50vw")).toEqual({
      src: "/f/b.webp",
      width: 384,
      height: 384,
      decoding: "async",
    });
  });
});

describe("a dialog's picture", () => {
  it("is no wider than the dialog, nor than its height on the screen allows", () => {
    const picture = { imageUrl: "/a.jpg", displayUrl: null, thumbUrl: null };
    expect(dialogPictureSizes({ ...picture, width: 816, height: 1024 }, 55)).toBe(
      "(min-width: 704px) min(624px, 43.83vh), min(calc(100vw - 3rem), 43.83vh)",
    );
    expect(dialogPictureSizes({ ...picture, width: null, height: null }, 55)).toBe(
      "(min-width: 704px) 624px, calc(100vw - 3rem)",
    );
  });
});
