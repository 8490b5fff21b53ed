import { LOCKED_PERMISSION_KEYS, PERMISSION_TREE } from "@washboard/shared";

const LEAVES = new Set<string>(PERMISSION_TREE.flatMap((g) => [...g.leaves]));

/**
 * The keys a role holds as the tree shows them: the leaves checked plus every locked key, in tree
 * order. Group keys the tree reports for fully checked groups are dropped (their leaves count).
 */
export function withLockedKeys(keys: readonly string[]): string[] {
  const held = new Set<string>([...LOCKED_PERMISSION_KEYS, ...keys.filter((k) => LEAVES.has(k))]);
  return PERMISSION_TREE.flatMap((g) => g.leaves.filter((leaf) => held.has(leaf)));
}
