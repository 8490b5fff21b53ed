/**
 * A port is something a module needs from a module above it, named by what it offers ("charge a
 * member's balance", "count the shops of a brand"), not by who provides it. The needing module
 * declares the port in its public face and lists it in its descriptor's `consumes`; the providing
 * module lists `fill(port, implementation)` in its `fills`; the app wires every fill when it is
 * built (`wirePorts`), and the start fails if a consumed port has no provider. So a lower module
 * never imports a higher one, and no module registers anything when its file is loaded.
 */
export interface Port<T> {
  readonly name: string;
  /** The wired implementation; throws when the app was built without the module that provides it. */
  use(): T;
}

export interface PortFill {
  readonly port: Port<unknown>;
  readonly implementation: unknown;
}

interface WirablePort<T> extends Port<T> {
  wire(implementation: T): void;
}

const wirable = new WeakMap<Port<unknown>, WirablePort<unknown>>();

export function definePort<T>(name: string): Port<T> {
  let wired: { implementation: T } | undefined;
  const port: WirablePort<T> = {
    name,
    use() {
      if (!wired) throw new Error(`port "${name}" is not wired: no module of the app fills it`);
      return wired.implementation;
    },
    wire(implementation) {
      wired = { implementation };
    },
  };
  wirable.set(port as Port<unknown>, port as WirablePort<unknown>);
  return port;
}

/** A module's filling of another module's port, typed by the port. */
export function fill<T>(port: Port<T>, implementation: NoInfer<T>): PortFill {
  return { port: port as Port<unknown>, implementation };
}

interface Wiring {
  name: string;
  consumes?: readonly Port<unknown>[];
  fills?: readonly PortFill[];
}

/**
 * Fills every port from the modules' `fills`. Refuses a port filled by two modules or by one that is
 * not in the app, and a consumed port that nobody fills — before any request is served.
 */
export function wirePorts(modules: readonly Wiring[]): void {
  const filledBy = new Map<Port<unknown>, string>();
  for (const module of modules) {
    for (const { port, implementation } of module.fills ?? []) {
      const earlier = filledBy.get(port);
      if (earlier) throw new Error(`port "${port.name}" is filled by both ${earlier} and ${module.name}`);
      const target = wirable.get(port);
      if (!target) throw new Error(`"${port.name}" is not a port made by definePort`);
      target.wire(implementation);
      filledBy.set(port, module.name);
    }
  }
  for (const module of modules) {
    for (const port of module.consumes ?? []) {
      if (!filledBy.has(port))
        throw new Error(`module ${module.name} consumes port "${port.name}", which no module fills`);
    }
  }
}
