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
    all(input: { buffer: Buffer | ArrayBuffer }): Promise<LazyImage[]>;
  }
  const decode: HeicDecode;
  export default decode;
}
