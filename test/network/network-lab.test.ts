import { execFileSync, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { canMakeNetworkNamespaces, LAB_PREFIX, NetworkLab, sweepLeftoverLabs } from '../helpers/network-lab.js';

const namespaces = () =>
  execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.split(' ')[0] ?? '')
    .filter((name) => name.startsWith(`${LAB_PREFIX}-`));

describe.skipIf(!canMakeNetworkNamespaces())('the network lab harness', () => {
  it('connects its hosts through its own bridge, and removes every namespace and process on destroy', async () => {
    const lab = await NetworkLab.create();
    try {
      const a = await lab.addHost('a', 11);
      const b = await lab.addHost('b', 12);
      const server = lab.spawn(
        b,
        [
          process.execPath,
          '-e',
          "require('http').createServer((q, s) => s.end('pong')).listen(80, () => console.log('up'))",
        ],
        { cwd: '/' },
      );
      await server.waitForOutput(/up/);
      const fetchPong = [
        process.execPath,
        '-e',
        `fetch('http://${b.ip}/').then(r => r.text()).then(console.log, e => console.log(e.cause?.code))`,
      ];
      expect((await lab.exec(a, fetchPong)).trim()).toBe('pong');
      await lab.block(a, b);
      expect((await lab.exec(a, fetchPong)).trim()).toBe('EACCES');
      await lab.unblock(a, b);
      expect((await lab.exec(a, fetchPong)).trim()).toBe('pong');
      expect(namespaces().filter((name) => name.includes(`-${process.pid}-`)).length).toBe(3);
    } finally {
      await lab.destroy();
    }
    expect(namespaces().filter((name) => name.includes(`-${process.pid}-`))).toEqual([]);
  });

  it('sweeps namespaces left by a run whose process is gone, and leaves live runs alone', async () => {
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.on('exit', resolve));
    const leftover = `${LAB_PREFIX}-${child.pid}-dead00-sw`;
    const live = `${LAB_PREFIX}-${process.pid}-live00-sw`;
    execFileSync('ip', ['netns', 'add', leftover]);
    execFileSync('ip', ['netns', 'add', live]);
    try {
      expect(await sweepLeftoverLabs()).toContain(leftover);
      expect(namespaces()).toContain(live);
      expect(namespaces()).not.toContain(leftover);
    } finally {
      execFileSync('ip', ['netns', 'del', live]);
    }
  });
});
