import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { timings } from "../../shared/site.ts";
import { loadToastify, toastHostStore } from "../toast.ts";

const Container = lazy(async () => {
  const { ToastContainer } = await loadToastify();
  function ReadyContainer() {
    useEffect(() => toastHostStore.markReady(), []);
    return (
      <ToastContainer
        position="top-right"
        autoClose={timings.toastAutoCloseMs}
        pauseOnHover
        pauseOnFocusLoss
        draggable
        draggablePercent={timings.toastDragPercent}
        theme="dark"
      />
    );
  }
  return { default: ReadyContainer };
});

/** Mounts react-toastify's container (top-right) the first time a toast is requested. */
export function ToastHost() {
  const requested = useSyncExternalStore(toastHostStore.subscribe, toastHostStore.isRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  );
}
