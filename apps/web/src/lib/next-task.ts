/**
 * Resolves in a task of its own, so that the browser can paint and answer a tap before the rest
 * runs: work on a page's start-up is several short tasks rather than one long one (issue 18's
 * blocking time). `scheduler.yield()` where the browser has it, which resumes ahead of the tasks
 * the page has queued meanwhile; a timer elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
