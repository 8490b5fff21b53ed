import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { FeatureDeclaration, ScreenDeclaration } from "../feature-contract";
import { loadScreenCatalogue } from "../i18n";

export type Screen = LazyExoticComponent<ComponentType>;

/**
 * The screen table the features declare, by route path, each screen its own chunk; a screen whose
 * words are in the catalogue's screens part loads that part beside it. (No path is declared twice:
 * the features' test says so.)
 */
export function screensOf(features: readonly FeatureDeclaration[]): Readonly<Record<string, Screen>> {
  const screens: Record<string, Screen> = {};
  for (const feature of features) {
    for (const [path, declaration] of Object.entries(feature.screens)) screens[path] = screenOf(declaration);
  }
  return screens;
}

/** One declared screen, its own chunk, with the catalogue part its words are in. */
export function screenOf({ load, strings }: ScreenDeclaration): Screen {
  return strings === "frame"
    ? lazy(load)
    : lazy(() => Promise.all([load(), loadScreenCatalogue()]).then(([page]) => page));
}
