import { type ChildProcess, spawn } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeTempDir } from './temp-dirs.js';
import { unusedPort } from './unused-port.js';

/** Debian's `dnsmasq` (package dnsmasq-base): tests that need it are skipped, saying so, where it is missing. */
export const DNSMASQ = '/usr/sbin/dnsmasq';
export const hasDnsmasq = () => existsSync(DNSMASQ);

/** A real name server on loopback answering fixed records, the addresses from a hosts file it reloads on demand. */
export interface Dnsmasq {
  /** `127.0.0.1:PORT`, as a dns URL names its server. */
  readonly server: string;
  /** Replaces the hosts file (`ADDRESS NAME` lines) and has dnsmasq read it again (SIGHUP). */
  setHosts(lines: readonly string[]): Promise<void>;
  stop(): Promise<void>;
}

export interface DnsmasqRecords {
  /** `ADDRESS NAME` lines, answered for A and AAAA; `setHosts` replaces them. */
  readonly hosts: readonly string[];
  /** `--cname=ALIAS,TARGET`, `--mx-host=NAME,EXCHANGE,PRIORITY`, `--txt-record=NAME,TEXT` and the like. */
  readonly flags?: readonly string[];
}

/**
 * Starts dnsmasq in the foreground on a free loopback port, answering only
 * from its own records (no upstream, no /etc/hosts), for names under
 * `.test`, which it answers NXDOMAIN for when it has no record. Resolves
 * once it answers a query.
 */
export async function startDnsmasq({ hosts, flags = [] }: DnsmasqRecords): Promise<Dnsmasq> {
  const { dir, remove } = await makeTempDir({ prefix: 'dnsmasq-' });
  const hostsFile = join(dir, 'hosts');
  await writeFile(hostsFile, `${hosts.join('\n')}\n`);
  for (let attempt = 0; ; attempt += 1) {
    const port = await unusedPort();
    const child = spawn(
      DNSMASQ,
      [
        '--keep-in-foreground',
        '--conf-file=/dev/null',
        `--port=${port}`,
        '--listen-address=127.0.0.1',
        '--bind-interfaces',
        '--no-resolv',
        '--no-hosts',
        '--no-negcache',
        '--cache-size=0',
        `--addn-hosts=${hostsFile}`,
        '--local=/test/',
        '--pid-file=',
        '--user=root',
        ...flags,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const server = `127.0.0.1:${port}`;
    if (await answers(server, child)) {
      return {
        server,
        async setHosts(lines) {
          await writeFile(hostsFile, `${lines.join('\n')}\n`);
          child.kill('SIGHUP');
          // dnsmasq logs nothing we wait on: a query for the first name shows the new file is read.
          const [first] = lines;
          const name = first?.split(/\s+/)[1];
          const address = first?.split(/\s+/)[0];
          if (name === undefined || address === undefined) return;
          await waitFor(async () => (await lookup(server, name)).includes(address));
        },
        stop: () => stopChild(child).then(remove),
      };
    }
    await stopChild(child);
    // A port taken between the look and dnsmasq's bind: another try, a few at most.
    if (attempt >= 3) throw new Error(`dnsmasq did not start: ${stderr}`);
  }
}

async function lookup(server: string, name: string): Promise<string[]> {
  const resolver = new Resolver({ timeout: 200, tries: 1 });
  resolver.setServers([server]);
  try {
    return await resolver.resolve4(name);
  } catch {
    return [];
  } finally {
    resolver.cancel();
  }
}

/** Whether the server answers (even NXDOMAIN) before the child exits, within a few seconds. */
async function answers(server: string, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const resolver = new Resolver({ timeout: 200, tries: 1 });
    resolver.setServers([server]);
    const answered = await resolver.resolve4('probe.test').then(
      () => true,
      (error: NodeJS.ErrnoException) => error.code === 'ENOTFOUND' || error.code === 'ENODATA',
    );
    resolver.cancel();
    if (answered) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('dnsmasq did not read its hosts file again');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
