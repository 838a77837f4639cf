import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { isProcessAlive } from '../../src/io/is-process-alive.js';
import { watchChild } from './run-cli.js';

const run = promisify(execFile);

/** Every namespace a lab makes starts with this, then the pid of the process that made it. */
export const LAB_PREFIX = 'sdlab';

/** The lab's subnet; it exists only on the bridge inside the lab's own switch namespace. */
const SUBNET = '10.213.0';

/**
 * Whether this machine lets us make network namespaces (root, `ip` installed,
 * not inside a container that forbids it): tried for real, then removed.
 */
export function canMakeNetworkNamespaces(): boolean {
  const name = `${LAB_PREFIX}-${process.pid}-try`;
  try {
    execFileSync('ip', ['netns', 'add', name], { stdio: 'ignore' });
    execFileSync('ip', ['netns', 'del', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** One host of the lab: its own network namespace, with `eth0` on the lab bridge. */
export interface LabHost {
  readonly name: string;
  readonly namespace: string;
  readonly ip: string;
  /** The switch-side end of its cable, in the switch namespace. */
  readonly port: string;
}

/** A process running inside a host's namespace. */
export interface LabProcess {
  readonly child: ChildProcess;
  /** Everything it printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves once `pattern` appears in its output; rejects after `timeoutMs` with the output so far. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Stops it (SIGTERM, then SIGKILL after a second) and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * A small network of hosts: one namespace per host, each with one cable
 * (a veth pair) into a bridge that lives in a switch namespace of its own, so
 * nothing is added to the machine's own interfaces, routes or addresses.
 * Names carry the creating process's pid, so a lab left behind by a killed
 * run is swept by the next one, and two runs never touch each other's hosts.
 * `destroy()` stops every process and removes every namespace; it also runs
 * when the process exits or is interrupted.
 */
export class NetworkLab {
  readonly #id = `${LAB_PREFIX}-${process.pid}-${Math.random().toString(16).slice(2, 8)}`;
  readonly #switch = `${this.#id}-sw`;
  readonly #hosts: LabHost[] = [];
  readonly #processes = new Set<LabProcess>();
  #destroyed = false;
  readonly #onExit = () => this.#destroySync();
  readonly #onSignal = () => {
    this.#destroySync();
    process.exit(130);
  };

  private constructor() {}

  /** Sweeps leftovers of dead runs, then makes the switch with its bridge. */
  static async create(): Promise<NetworkLab> {
    await sweepLeftoverLabs();
    const lab = new NetworkLab();
    process.once('exit', lab.#onExit);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, lab.#onSignal);
    await ip('netns', 'add', lab.#switch);
    await ip('-n', lab.#switch, 'link', 'add', 'br0', 'type', 'bridge');
    await ip('-n', lab.#switch, 'link', 'set', 'br0', 'up');
    return lab;
  }

  /** A new host on the bridge, at `10.213.0.<number>`. */
  async addHost(name: string, number: number): Promise<LabHost> {
    const host: LabHost = { name, namespace: `${this.#id}-${name}`, ip: `${SUBNET}.${number}`, port: `p${number}` };
    await ip('netns', 'add', host.namespace);
    this.#hosts.push(host);
    await ip(
      '-n',
      this.#switch,
      'link',
      'add',
      host.port,
      'type',
      'veth',
      'peer',
      'name',
      'eth0',
      'netns',
      host.namespace,
    );
    await ip('-n', this.#switch, 'link', 'set', host.port, 'master', 'br0', 'up');
    await ip('-n', host.namespace, 'addr', 'add', `${host.ip}/24`, 'dev', 'eth0');
    await ip('-n', host.namespace, 'link', 'set', 'eth0', 'up');
    await ip('-n', host.namespace, 'link', 'set', 'lo', 'up');
    return host;
  }

  /** Unplugs a host's cable at the switch: its packets are lost, as in a real partition. */
  async disconnect(host: LabHost): Promise<void> {
    await ip('-n', this.#switch, 'link', 'set', host.port, 'down');
  }

  async reconnect(host: LabHost): Promise<void> {
    await ip('-n', this.#switch, 'link', 'set', host.port, 'up');
  }

  /** Cuts the path from one host to another only (a route that refuses), both ways' other traffic untouched. */
  async block(from: LabHost, to: LabHost): Promise<void> {
    await ip('-n', from.namespace, 'route', 'add', 'prohibit', `${to.ip}/32`);
  }

  async unblock(from: LabHost, to: LabHost): Promise<void> {
    await ip('-n', from.namespace, 'route', 'del', 'prohibit', `${to.ip}/32`);
  }

  /** Starts `argv` inside the host's namespace. */
  spawn(host: LabHost, argv: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): LabProcess {
    const child = spawn('ip', ['netns', 'exec', host.namespace, ...argv], {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const watched = watchChild(child, {
      label: `from ${argv.join(' ')} in ${host.name}`,
      defaultTimeoutMs: 20_000,
    });
    const exited = watched.exited();
    const labProcess: LabProcess = {
      child,
      output: watched.output,
      waitForOutput: watched.waitForOutput,
      stop: async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const kill = setTimeout(() => child.kill('SIGKILL'), 1_000);
          await exited;
          clearTimeout(kill);
        }
        this.#processes.delete(labProcess);
      },
    };
    this.#processes.add(labProcess);
    return labProcess;
  }

  /** Runs `argv` inside the host's namespace to the end and returns what it printed. */
  async exec(host: LabHost, argv: readonly string[], timeoutMs = 10_000): Promise<string> {
    const { stdout } = await run('ip', ['netns', 'exec', host.namespace, ...argv], { timeout: timeoutMs });
    return stdout;
  }

  /** Stops every process and removes every namespace of the lab. */
  async destroy(): Promise<void> {
    if (this.#destroyed) return;
    await Promise.all([...this.#processes].map((labProcess) => labProcess.stop()));
    this.#destroySync();
  }

  #destroySync(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    process.off('exit', this.#onExit);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, this.#onSignal);
    for (const labProcess of this.#processes) labProcess.child.kill('SIGKILL');
    for (const namespace of [...this.#hosts.map((host) => host.namespace), this.#switch]) {
      removeNamespaceSync(namespace);
    }
  }
}

/** Removes the namespaces of labs whose creating process is gone, and anything still running in them. */
export async function sweepLeftoverLabs(): Promise<string[]> {
  const { stdout } = await run('ip', ['netns', 'list']);
  const swept: string[] = [];
  for (const line of stdout.split('\n')) {
    const name = line.split(' ')[0] ?? '';
    const match = new RegExp(`^${LAB_PREFIX}-(\\d+)-`).exec(name);
    if (match === null || isProcessAlive(Number(match[1]))) continue;
    removeNamespaceSync(name);
    swept.push(name);
  }
  return swept;
}

function removeNamespaceSync(namespace: string): void {
  try {
    const pids = execFileSync('ip', ['netns', 'pids', namespace], { encoding: 'utf8' }).split('\n').filter(Boolean);
    for (const pid of pids) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    execFileSync('ip', ['netns', 'del', namespace], { stdio: 'ignore' });
  } catch {
    // Already removed.
  }
}

async function ip(...args: string[]): Promise<void> {
  await run('ip', args);
}
