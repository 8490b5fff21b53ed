import { fixedMediaQueryList } from "./media";

// Ant Design reads matchMedia, which happy-dom lacks.
if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", { value: (query: string) => fixedMediaQueryList(query, false) });
}
