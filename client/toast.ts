// Toasts load react-toastify on first use, keeping it out of every route's first-load bytes.
// The layout's <ToastHost> mounts the one container when the first toast is asked for.

import { linkStylesheets } from "./stylesheets.ts";

export type ToastKind = "success" | "error" | "info";

type Listener = () => void;
let requested = false;
const listeners = new Set<Listener>();
let containerReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  containerReady = resolve;
});

export const toastHostStore = {
  subscribe: (listener: Listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isRequested: () => requested,
  markReady: () => containerReady(),
};

export function loadToastify() {
  return import("react-toastify/unstyled");
}

/**
 * Mounts the container and loads react-toastify ahead of a toast that may follow (a form being
 * sent), so the toast shows as soon as the answer comes. Call from event handlers only.
 */
export function prepareToasts(): void {
  if (requested) return;
  requested = true;
  // The toasts' rules are in the whole stylesheet only (client/stylesheets.ts).
  void linkStylesheets();
  listeners.forEach((l) => l());
}

/** Shows a toast; call from event handlers only (never during render). */
export async function showToast(message: string, kind: ToastKind = "success"): Promise<void> {
  prepareToasts();
  const [{ toast }] = await Promise.all([loadToastify(), ready, linkStylesheets()]);
  toast[kind](message);
}
