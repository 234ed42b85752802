import type { BuildOptions } from "esbuild";

export function bundle(options: BuildOptions): Promise<void>;
export function bundleServer(
  entryPoints: Record<string, string>,
  outdir: string,
  options?: BuildOptions,
): Promise<void>;
