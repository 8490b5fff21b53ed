import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** Every child started by the cluster test, so all of them are ended whatever happened. */
const children = new Set<ChildProcess>();
// Should the test process itself end early, it takes its children with it.
process.once("exit", () => killAll());

/** Ends every child still running (SIGKILL: the test is over, or failed). */
export function killAll(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  children.clear();
}

/** Whether a program is on the PATH. */
export function hasProgram(name: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** `count` free loopback ports within [from, to], starting at a random place so runs rarely meet. */
export async function freePorts(count: number, from = 18700, to = 18799): Promise<number[]> {
  const span = to - from + 1;
  const start = Math.floor(Math.random() * span);
  const found: number[] = [];
  for (let i = 0; i < span && found.length < count; i++) {
    const port = from + ((start + i) % span);
    if (await portIsFree(port)) found.push(port);
  }
  if (found.length < count) throw new Error(`no ${count} free ports in ${from}-${to}`);
  return found;
}

export interface Child {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

function started(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Child {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    // Keep the tail only: HAProxy logs a line per request.
    if (output.length > 4_000_000) output = output.slice(-2_000_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => output, exited };
}

/** Polls `url` until it answers `status`; fails when `alive` says the process is gone or time is up. */
export async function waitForStatus(url: string, status: number, timeoutMs: number, alive?: () => boolean) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (alive && !alive()) throw new Error(`${url}: the process exited`);
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await answer.body?.cancel();
      if (answer.status === status) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms`);
    await sleep(100);
  }
}

export interface InstanceOptions {
  root: string;
  name: string;
  port: number;
  dataDir: string;
  /** The environment the instance shares with the others (database, broker, bus, secret key). */
  env: Record<string, string>;
  seedDemo: boolean;
}

/** One API instance: the compiled server (`npm start`'s bundle), as a process of its own. */
export class Instance {
  private current: Child | null = null;

  constructor(readonly options: InstanceOptions) {}

  get name(): string {
    return this.options.name;
  }

  get url(): string {
    return `http://127.0.0.1:${this.options.port}`;
  }

  output(): string {
    return this.current?.output() ?? "";
  }

  /** Starts it and waits until /readyz answers 200; answers how long that took (ms). */
  async start(seedDemo = this.options.seedDemo, timeoutMs = 90_000): Promise<number> {
    const began = Date.now();
    const { root, port, dataDir, env } = this.options;
    // A clean environment: vitest's NODE_ENV=test and the test's own settings stay out of it.
    const base = Object.fromEntries(
      Object.entries(process.env).filter(
        ([key]) => !/^(NODE_ENV|VITEST|TEST$|DATABASE_URL|REDIS_|MQTT_|SEED_|API_KEY|PORT|HOST)/.test(key),
      ),
    );
    fs.mkdirSync(dataDir, { recursive: true });
    const child = started(process.execPath, ["--enable-source-maps", "apps/server/dist/main.mjs"], {
      cwd: root,
      env: {
        ...base,
        ...env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SEED_DEMO: seedDemo ? "1" : "0",
      },
    });
    this.current = child;
    const alive = () => child.child.exitCode === null && child.child.signalCode === null;
    try {
      await waitForStatus(`${this.url}/readyz`, 200, timeoutMs, alive);
    } catch (error) {
      throw new Error(`${this.name} did not become ready: ${(error as Error).message}\n${child.output().slice(-4000)}`);
    }
    return Date.now() - began;
  }

  /** SIGTERM, then waits for the exit; answers the exit code and how long the stop took (ms). */
  async stop(): Promise<{ code: number | null; ms: number }> {
    const child = this.current;
    if (!child) return { code: null, ms: 0 };
    const began = Date.now();
    child.child.kill("SIGTERM");
    const code = await child.exited;
    this.current = null;
    return { code, ms: Date.now() - began };
  }
}

/** HAProxy in the foreground (`-db`) with a generated configuration, until stopped. */
export class Balancer {
  private constructor(
    private readonly process: Child,
    readonly url: string,
  ) {}

  static async start(config: string, dir: string, port: number): Promise<Balancer> {
    const file = path.join(dir, "haproxy.cfg");
    fs.writeFileSync(file, config);
    const check = spawnSync("haproxy", ["-c", "-f", file], { encoding: "utf8" });
    if (check.status !== 0) throw new Error(`haproxy refuses its configuration:\n${check.stdout}${check.stderr}`);
    const process = started("haproxy", ["-f", file, "-db"], { cwd: dir, env: { PATH: globalThis.process.env.PATH } });
    const balancer = new Balancer(process, `http://127.0.0.1:${port}`);
    const until = Date.now() + 10_000;
    while (!(await portAnswers(port))) {
      if (process.child.exitCode !== null) throw new Error(`haproxy exited:\n${process.output()}`);
      if (Date.now() > until) throw new Error(`haproxy did not listen:\n${process.output()}`);
      await sleep(50);
    }
    return balancer;
  }

  /** HAProxy's request log (one line per request, `log-format` of haproxy-config.ts). */
  log(): string[] {
    return this.process
      .output()
      .split("\n")
      .filter((line) => line.includes('"'));
  }

  async stop(): Promise<void> {
    if (this.process.child.exitCode !== null) return;
    this.process.child.kill("SIGTERM");
    await this.process.exited;
  }
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
