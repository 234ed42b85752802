import path from "node:path";
import { build, type InlineConfig, type Plugin } from "vite";

/** The app build's root and output folder, as its resolved config has them. */
export type BuildDirs = { root: string; outDir: string };

/**
 * A step of the production build (`apply: "build"`) that works from the app's folders: `dirs`
 * is filled in once the config is resolved, before the hooks `hooks(dirs)` returns run.
 */
export function buildStep(
  name: string,
  hooks: (dirs: BuildDirs) => Omit<Plugin, "name" | "apply" | "configResolved">,
): Plugin {
  const dirs: BuildDirs = { root: "", outDir: "" };
  return {
    name,
    apply: "build",
    configResolved(config) {
      dirs.root = config.root;
      dirs.outDir = path.resolve(config.root, config.build.outDir);
    },
    ...hooks(dirs),
  };
}

/**
 * A build of its own from the app's root, after the app's: no vite.config.ts, no public folder,
 * quiet unless something goes wrong; `config` says what it builds and where.
 */
export async function buildMore(dirs: BuildDirs, config: InlineConfig): Promise<void> {
  await build({
    configFile: false,
    root: dirs.root,
    publicDir: false,
    logLevel: "warn",
    ...config,
  });
}
