import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * A loopback port that nothing listens on, for a child process told its port:
 * one checked free below the kernel's ephemeral range (see `freeBasePort`),
 * so that no `listen(0)` or outgoing connection of a test running beside
 * this one takes it before the child binds it.
 */
export function unusedPort(): Promise<number> {
  return freeBasePort(1);
}

/** Whether `port` on loopback can be listened on now. */
export async function isPortFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The first port of the kernel's ephemeral range: the ports it hands to `listen(0)` and to outgoing connections. */
function ephemeralPortsStart(): number {
  const range = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
  return Number(range[0]) || 32_768;
}

/**
 * A base port whose next `count - 1` are free too (the stand-ins need five in
 * a row), below the ephemeral range: a port checked free there stays free
 * until it is used, because no `listen(0)` and no outgoing connection of the
 * tests running beside this one is ever given it.
 */
export async function freeBasePort(count: number): Promise<number> {
  const low = 10_000;
  const high = ephemeralPortsStart() - count;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = low + Math.floor(Math.random() * (high - low));
    const ports = Array.from({ length: count }, (_, offset) => base + offset);
    if ((await Promise.all(ports.map(isPortFree))).every(Boolean)) return base;
  }
  throw new Error(`no ${count} free ports in a row`);
}
