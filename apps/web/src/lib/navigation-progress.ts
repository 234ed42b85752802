/**
 * The thin bar at the top of the screen while the next page's code or data loads: its track
 * and its moving bar. The app's NavigationProgress and a server-rendered page's islands (when
 * the app takes over) draw the same one.
 */
export const PROGRESS_TRACK_CLASS =
  "fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-primary-soft";
export const PROGRESS_BAR_CLASS =
  "h-full w-2/5 animate-progress rounded-full bg-gradient-to-r from-primary to-accent";
