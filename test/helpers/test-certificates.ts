import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { makeTempDir } from './temp-dirs.js';

const run = promisify(execFile);

/** A test CA made with `openssl`: its PEM file, to trust through `ca_file`, and a way to sign leaves. */
export interface TestCa {
  /** The CA certificate's PEM file. */
  readonly caFile: string;
  readonly caPem: string;
  /** A leaf signed by the CA, valid `days` from now (negative: already expired), for the given names. */
  issueLeaf(options: { days: number; hosts?: readonly string[] }): Promise<{ key: string; cert: string }>;
  /** Removes the directory. */
  remove(): Promise<void>;
}

/**
 * Makes a CA in a fresh temporary directory with the real `openssl`, valid
 * `caDays` days. P-256 keys keep it quick on a loaded machine.
 */
export async function createTestCa(caDays = 365): Promise<TestCa> {
  const { dir, remove } = await makeTempDir({ prefix: 'test-ca-' });
  const caKey = join(dir, 'ca.key');
  const caFile = join(dir, 'ca.pem');
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  await run('openssl', [
    'req',
    '-x509',
    ...ec,
    '-keyout',
    caKey,
    '-out',
    caFile,
    '-days',
    String(caDays),
    '-subj',
    '/CN=Service Directory Test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  let serial = 0;
  return {
    caFile,
    caPem: await readFile(caFile, 'utf8'),
    async issueLeaf({ days, hosts = ['localhost', '127.0.0.1'] }) {
      serial += 1;
      const base = join(dir, `leaf-${serial}`);
      await run('openssl', ['req', ...ec, '-keyout', `${base}.key`, '-out', `${base}.csr`, '-subj', `/CN=${hosts[0]}`]);
      const names = hosts.map((host) => (/^[\d.]+$/.test(host) ? `IP:${host}` : `DNS:${host}`)).join(',');
      await writeFile(`${base}.ext`, `subjectAltName=${names}\n`);
      await run('openssl', [
        'x509',
        '-req',
        '-in',
        `${base}.csr`,
        '-CA',
        caFile,
        '-CAkey',
        caKey,
        '-set_serial',
        String(serial),
        '-out',
        `${base}.pem`,
        '-days',
        String(days),
        '-extfile',
        `${base}.ext`,
      ]);
      return { key: await readFile(`${base}.key`, 'utf8'), cert: await readFile(`${base}.pem`, 'utf8') };
    },
    remove,
  };
}
