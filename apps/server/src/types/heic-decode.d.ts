declare module "heic-decode" {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA pixels. */
    data: Uint8ClampedArray;
  }
  interface LazyImage {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  interface HeicDecode {
    (input: { buffer: Buffer | ArrayBuffer }): Promise<DecodedImage>;
    /** The images of the file, undecoded; `dispose()` frees the decoder (wasm memory). */
    all(input: { buffer: Buffer | ArrayBuffer }): Promise<LazyImage[] & { dispose(): void }>;
  }
  const decode: HeicDecode;
  export default decode;
}
