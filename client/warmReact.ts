// React's runtime is the largest script a page runs. Loaded and run by itself first (see
// entry.client.tsx), its start-up is one task and the app's is another, with the browser free
// to paint and answer input between them, instead of one long task holding the main thread.
import "react";
import "react-dom/client";
