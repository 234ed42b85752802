import type { ExternalToast, toast as sonnerToast } from "sonner";

// Features show toasts through this module, never through sonner directly. The toast library
// is downloaded the first time a toast is shown, not with the landing page: asking for one
// mounts <Toaster> (see app/toaster-host.tsx), which hands its API back through markToasterReady.

type SonnerToast = typeof sonnerToast;

let requested = false;
const listeners = new Set<() => void>();
let resolveReady: ((api: SonnerToast) => void) | undefined;
let ready: Promise<SonnerToast> | undefined;

function whenReady(): Promise<SonnerToast> {
  if (!ready) {
    ready = new Promise((resolve) => {
      resolveReady = resolve;
    });
    requested = true;
    for (const listener of listeners) listener();
  }
  return ready;
}

/** For the providers: whether a toast was ever asked for (then the toaster is mounted). */
export function subscribeToToasterRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isToasterRequested(): boolean {
  return requested;
}

/** Called by the mounted toaster with sonner's API; queued toasts then appear. */
export function markToasterReady(api: SonnerToast): void {
  resolveReady?.(api);
}

type Show = (message: string, options?: ExternalToast) => void;

function show(kind: "success" | "error" | "info" | "warning"): Show {
  return (message, options) => {
    void whenReady().then((api) => api[kind](message, options));
  };
}

export const toast = {
  success: show("success"),
  error: show("error"),
  info: show("info"),
  warning: show("warning"),
  message: ((message, options) => {
    void whenReady().then((api) => api.message(message, options));
  }) satisfies Show,
  /** Dismisses one toast by the `id` given in its options, or all toasts. */
  dismiss: (id?: string | number): void => {
    if (ready) void ready.then((api) => api.dismiss(id));
  },
};
