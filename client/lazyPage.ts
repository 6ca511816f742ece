import type { ComponentType } from "react";
import { timings } from "../shared/site.ts";

/**
 * Loads a route's chunk with the 120 s time-out of docs/product.md section 9. A chunk that cannot load (usually a new
 * deploy replaced the hashed files) is answered by a full page load of the same URL, once.
 */
export function lazyPage(load: () => Promise<ComponentType>) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("Chunk load timed out")), timings.chunkLoadTimeoutMs);
    });
    try {
      return { Component: await Promise.race([load(), timeout]) };
    } catch (error) {
      if (typeof window !== "undefined" && !sessionStorage.getItem("chunk-reload")) {
        sessionStorage.setItem("chunk-reload", "1");
        window.location.reload();
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
}
