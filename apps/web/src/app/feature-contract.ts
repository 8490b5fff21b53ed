import type { QueryClient } from "@tanstack/react-query";
import type { LiveData, LiveTopic } from "@washboard/shared";
import type { ComponentType } from "react";

/*
 * What a feature may add to the console, and how it says so: each folder of features/ has one
 * declaration (its feature.ts, `export const feature: FeatureDeclaration`), features/registry.ts
 * lists them, and the frame builds its routes, account menu and live handlers from that list
 * without naming any feature.
 *
 * A declaration is read when the console starts (and by the browser tests, in Node): it loads no
 * screen code itself. Screens and live handlers are loaders, each its own chunk.
 */

/**
 * A screen's page: the default export of its module. The module may also export `prefetch`, which
 * starts the page's first calls when the screen is loaded ahead of rendering (a signed-in reload),
 * so they run beside the boot calls instead of after the first render.
 */
export type ScreenLoader = () => Promise<{ default: ComponentType; prefetch?: () => void }>;

export interface ScreenDeclaration {
  load: ScreenLoader;
  /**
   * Which part of the catalogue holds the screen's words: the screens part, loaded beside the first
   * such screen (the default), or "frame", loaded with the console (the sign-in page, the dashboard,
   * the error pages: what must show without waiting for the rest).
   */
  strings?: "frame" | "screens";
}

/** What a live event's handler may change: the query cache of the vendor the event belongs to. */
export interface LiveContext {
  client: QueryClient;
  /** The vendor the top bar has chosen (levels 6/7), whose cached answers the event belongs to. */
  activeVendorId: number | null;
}

export type LiveHandler<T extends LiveTopic> = (data: LiveData<T>, context: LiveContext) => void;

/** A feature's handlers of live topics: what an event changes in the cached answers its screens show. */
export type LiveHandlers = { [T in LiveTopic]?: LiveHandler<T> };

/** An entry of the account dropdown (top right), shown when its screen exists and the account may open it. */
export interface AccountMenuEntry {
  path: string;
  labelKey: string;
}

export interface FeatureDeclaration {
  /**
   * Its screens by route path. A route of the shared route table joins the menu (and the guard lets
   * it open) only when some feature declares a screen for it.
   */
  screens: Readonly<Record<string, ScreenDeclaration>>;
  /** Its live-topic handlers, loaded with the first live event (after sign-in), not with the console. */
  live?: () => Promise<{ default: LiveHandlers }>;
  /** Its entries of the account dropdown, in the order shown. */
  accountMenu?: readonly AccountMenuEntry[];
}
