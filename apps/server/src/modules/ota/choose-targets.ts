/** What a rollout needs to know of a machine it may upgrade. */
export interface Candidate {
  deviceId: number;
  shopId: number | null;
  machineType: string;
  /** The controller model, as the machine's maker names it, when the register knows it. */
  model: string | null;
  firmware: string;
}

/** Which machines a package fits: its machine types, and, when it lists any, only those models. */
export interface PackageFit {
  version: string;
  machineTypes: readonly string[];
  /** None: every model of its types. */
  models: readonly string[];
}

export interface Choice {
  /** In wave order: the canary's shops first (in the order named), then the rest by device id. */
  upgradable: Candidate[];
  /** Already on the package's version (spec §5: "same-version upgrade refused"). */
  sameVersion: Candidate[];
  /** Of a type or model the package does not fit. */
  notCompatible: Candidate[];
}

export function fits(pkg: PackageFit, machine: Candidate): boolean {
  if (!pkg.machineTypes.includes(machine.machineType)) return false;
  return pkg.models.length === 0 || (machine.model !== null && pkg.models.includes(machine.model));
}

/**
 * Splits the machines an operator chose into those the rollout upgrades and those it refuses, and
 * names every refused one (never skipped silently). A machine that fits neither type nor version is
 * "not compatible": that is what the operator must change first.
 */
export function chooseTargets(
  pkg: PackageFit,
  chosen: readonly Candidate[],
  canaryShops: readonly number[] = [],
): Choice {
  const choice: Choice = { upgradable: [], sameVersion: [], notCompatible: [] };
  const seen = new Set<number>();
  for (const machine of chosen) {
    if (seen.has(machine.deviceId)) continue;
    seen.add(machine.deviceId);
    if (!fits(pkg, machine)) choice.notCompatible.push(machine);
    else if (machine.firmware === pkg.version) choice.sameVersion.push(machine);
    else choice.upgradable.push(machine);
  }
  const canaryRank = (machine: Candidate) => {
    const rank = machine.shopId === null ? -1 : canaryShops.indexOf(machine.shopId);
    return rank === -1 ? canaryShops.length : rank;
  };
  choice.upgradable.sort((a, b) => canaryRank(a) - canaryRank(b) || a.deviceId - b.deviceId);
  return choice;
}
