import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readFile, symlink } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import minimatch from 'minimatch';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LONG_RUNNING_NODE_FLAGS } from '../../../src/cli/long-running-node-flags.js';
import { SUPPORTED_NODE_LINES } from '../../../src/cli/supported-node.js';
import { findCliInvocation } from '../../helpers/cli-invocation.js';
import { type DockerStage, execForm, instructionsOf, parseDockerfile } from '../../helpers/parse-dockerfile.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const DOCKERFILE = 'deploy/docker/Dockerfile';
const DOCKERIGNORE = '.dockerignore';

let stages: DockerStage[];
let ignored: string[];

beforeAll(async () => {
  stages = parseDockerfile(await readFile(DOCKERFILE, 'utf8'));
  ignored = (await readFile(DOCKERIGNORE, 'utf8'))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
});

function stage(name: string): DockerStage {
  const found = stages.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no stage named ${name}`);
  return found;
}

function finalStage(): DockerStage {
  const last = stages.at(-1);
  if (!last) throw new Error('no stages');
  return last;
}

/** Whether the build context leaves `path` out, by Docker's rule: a pattern excludes a path and everything under it. */
function isIgnored(path: string): boolean {
  return ignored.some((pattern) => minimatch(path, pattern, { dot: true }) || path.startsWith(`${pattern}/`));
}

/** Sources and destination of a `COPY` from the build context (not `--from`). */
function contextCopies(from: DockerStage): { sources: string[]; destination: string }[] {
  return instructionsOf(from, 'COPY')
    .filter(({ args }) => !args.startsWith('--from='))
    .map(({ args }) => {
      const words = args.split(/\s+/);
      return { sources: words.slice(0, -1), destination: words.at(-1) ?? '' };
    });
}

describe('Dockerfile', () => {
  it('has a build stage and a runtime stage on the same slim Node image (nothing native compiles, so no compilers)', async () => {
    expect(stages.map((candidate) => candidate.name)).toEqual(['build', 'runtime']);
    expect(stage('build').image).toMatch(/^node:\$\{NODE_VERSION\}-bookworm-slim$/);
    expect(stage('runtime').image).toMatch(/^node:\$\{NODE_VERSION\}-bookworm-slim$/);
    const version = /^ARG NODE_VERSION=(\S+)$/m.exec(await readFile(DOCKERFILE, 'utf8'))?.[1];
    expect(version).toBe('24');
    expect(SUPPORTED_NODE_LINES.map(({ major }) => String(major))).toContain(version);
  });

  it("installs in the build stage exactly as deploy/README.md says, with what prepare's compile needs", async () => {
    const runs = instructionsOf(stage('build'), 'RUN').map(({ args }) => args);
    expect(runs).toEqual(['npm ci --omit=dev']);
    expect(await readFile('deploy/README.md', 'utf8')).toContain('\nnpm ci --omit=dev   #');
    const copied = contextCopies(stage('build')).flatMap(({ sources }) => sources);
    expect(copied).toEqual(
      expect.arrayContaining(['package.json', 'package-lock.json', 'tsconfig.build.json', 'scripts', 'src']),
    );
  });

  it('installs nothing in the final stage and takes the installed node_modules and compiled dist/ from the build', () => {
    const runs = instructionsOf(finalStage(), 'RUN').map(({ args }) => args);
    expect(runs.filter((args) => /\bnpm (ci|install|i)\b/.test(args))).toEqual([]);
    const fromBuild = instructionsOf(finalStage(), 'COPY').filter(({ args }) => args.startsWith('--from='));
    expect(fromBuild.map(({ args }) => args)).toEqual([
      '--from=build /app/node_modules ./node_modules',
      '--from=build /app/dist ./dist',
    ]);
    expect(instructionsOf(finalStage(), 'ENV').map(({ args }) => args)).toContain('NODE_ENV=production');
  });

  it('runs as the unprivileged node user, set after everything that needs root', () => {
    const instructions = finalStage().instructions;
    const users = instructionsOf(finalStage(), 'USER').map(({ args }) => args);
    expect(users).toEqual(['node']);
    const userAt = instructions.findIndex(({ keyword }) => keyword === 'USER');
    expect(instructions.slice(userAt).some(({ keyword }) => keyword === 'RUN' || keyword === 'COPY')).toBe(false);
  });

  it('starts the server from compiled JavaScript, in exec form so that it gets SIGTERM', () => {
    const cmd = instructionsOf(finalStage(), 'CMD');
    expect(cmd).toHaveLength(1);
    const argv = execForm(cmd[0]?.args ?? '');
    expect(argv).toEqual(['node', ...LONG_RUNNING_NODE_FLAGS, 'dist/src/cli/main.js', 'serve']);
    expect(findCliInvocation(argv ?? []).command).toBe('serve');
    expect(instructionsOf(finalStage(), 'ENTRYPOINT')).toEqual([]);
  });

  it('copies only files that exist and that .dockerignore lets into the build context', () => {
    for (const from of stages) {
      for (const { sources } of contextCopies(from)) {
        for (const source of sources) {
          expect(existsSync(source), `${from.name}: COPY ${source}`).toBe(true);
          expect(isIgnored(source), `${from.name}: COPY ${source} is ignored`).toBe(false);
        }
      }
    }
  });

  it('keeps installed, generated and secret files out of the build context', () => {
    for (const path of ['node_modules', 'dist', 'public/api', 'public/api/v1/status', '.git', '.env', '.state']) {
      expect(isIgnored(path), path).toBe(true);
    }
  });
});

describe('the runtime stage, assembled without Docker', () => {
  const tempDir = tempDirsPerTest({ prefix: 'image-' });
  let server: ChildProcess | undefined;

  afterEach(async () => {
    server?.kill('SIGKILL');
    server = undefined;
  });

  /**
   * Follows the Dockerfile: what the build stage's `npm ci --omit=dev` does to
   * dist/ (its `prepare` compiles tsconfig.build.json, which is what vitest's
   * global setup, test/helpers/compile-cli.ts, has just done to the
   * repository's dist/, failing the run if tsc fails; the install itself is
   * run for real by production-install.test.ts), the runtime stage's context
   * copies (minus what .dockerignore drops), and the repository's
   * node_modules standing in for the build stage's.
   */
  async function assembleImage(): Promise<string> {
    const dir = await tempDir();
    await cp(resolve('dist'), join(dir, 'dist'), { recursive: true });
    for (const { sources, destination } of contextCopies(finalStage())) {
      for (const source of sources) {
        const target = destination.endsWith('/') ? join(dir, destination, source) : join(dir, destination);
        await cp(source, target, { recursive: true, filter: (path) => !isIgnored(relative('.', path)) });
      }
    }
    await symlink(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
    return dir;
  }

  it('builds the regions document and serves it and the status page from compiled JavaScript', async () => {
    const dir = await assembleImage();
    const bake = instructionsOf(finalStage(), 'RUN').find(({ args }) => args.includes('main.js build'));
    expect(bake?.args).toMatch(/^node dist\/src\/cli\/main\.js build &&/);
    const built = spawnSync('node', ['dist/src/cli/main.js', 'build'], { cwd: dir, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);

    const argv = execForm(instructionsOf(finalStage(), 'CMD')[0]?.args ?? '') ?? [];
    const [program = '', ...args] = argv;
    const child = spawn(program, args, {
      cwd: dir,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    const url = await new Promise<string>((resolveUrl, reject) => {
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match?.[1]) resolveUrl(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
    });

    const regions = await fetch(`${url}/api/v1/regions`);
    expect(regions.status).toBe(200);
    expect(regions.headers.get('content-type')).toBe('application/json');
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Platform status</title>');
    const exited = new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));
    child.kill('SIGTERM');
    await expect(exited).resolves.toBe(0);
  });
});
