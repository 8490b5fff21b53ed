import { configure } from "@testing-library/react";
import { matchMediaAt } from "./media";

/** The width the tests' window has unless a test says otherwise (`viewportOf`): a desktop's. */
const DESKTOP_WIDTH = 1280;

// Ant Design reads matchMedia, which happy-dom lacks.
if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", { value: matchMediaAt(DESKTOP_WIDTH), writable: true });
}

// Testing Library waits 1 s for an element by default. The unit tests run two files at a time on a
// two-CPU machine, beside server tests, and a screen's first render there (Ant Design's styles, the
// catalogues) has taken longer than that: CI failed on a renewal screen that rendered correctly, late.
// A wait that ends as soon as the element shows costs nothing when the machine is fast.
configure({ asyncUtilTimeout: 5_000 });
