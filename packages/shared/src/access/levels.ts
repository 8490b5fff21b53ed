/**
 * Account levels (spec §6). Only the four console levels may sign in; the others exist so the
 * platform can hold them and refuse them with the spec's message.
 */
export const LEVEL = {
  /** Platform main administrator (Admin Portal); not numbered by the spec. */
  PLATFORM_ADMIN: 1,
  /** System sub-administrator; exists, but may not sign in to this console. */
  SYSTEM_SUB: 2,
  VENDOR_ADMIN: 3,
  VENDOR_SUB: 4,
  /** IA account; not numbered by the spec. */
  IA_ACCOUNT: 5,
  GROUP_ADMIN: 6,
  GROUP_SUB: 7,
} as const;

export type Level = (typeof LEVEL)[keyof typeof LEVEL];

export const CONSOLE_LEVELS = [3, 4, 6, 7] as const;
export type ConsoleLevel = (typeof CONSOLE_LEVELS)[number];

export const VENDOR_LEVELS: readonly ConsoleLevel[] = [3, 4];
export const GROUP_LEVELS: readonly ConsoleLevel[] = [6, 7];

export function isConsoleLevel(level: number): level is ConsoleLevel {
  return (CONSOLE_LEVELS as readonly number[]).includes(level);
}

export function isGroupLevel(level: number): boolean {
  return level === 6 || level === 7;
}

/** i18n key of each level's name. */
export const LEVEL_TITLE_KEY: Record<ConsoleLevel, string> = {
  3: "levels.3",
  4: "levels.4",
  6: "levels.6",
  7: "levels.7",
};
