import { matchMediaAt } from "./media";

/** The width the tests' window has unless a test says otherwise (`viewportOf`): a desktop's. */
const DESKTOP_WIDTH = 1280;

// Ant Design reads matchMedia, which happy-dom lacks.
if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", { value: matchMediaAt(DESKTOP_WIDTH), writable: true });
}
