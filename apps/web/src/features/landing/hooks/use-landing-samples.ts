import { useDeferredValue } from "react";
import { useStyles } from "@/lib/styles-api";
import type { Sample } from "../lib/samples";

/**
 * The styles the landing page shows as samples (the featured order). The images render in an
 * interruptible pass after the text, so they never make one long task.
 */
export function useLandingSamples(): readonly Sample[] | undefined {
  return useDeferredValue(useStyles("featured").data);
}
