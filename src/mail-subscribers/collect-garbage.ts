import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/**
 * A full garbage collection, now. V8 lets the old generation grow to about
 * four times what is live before it collects it; a sender handing thousands
 * of mails to nodemailer promotes some 20 KB of each mail's MIME streams
 * there (the young generation is 1 MB a semi-space, `LONG_RUNNING_NODE_FLAGS`),
 * so a 10,000-mail notice grew the probe by ~100 MB before V8 looked. The
 * sender calls this every few hundred mails: tens of milliseconds each.
 * `gc` is exposed from here rather than with `--expose-gc` on every recipe's
 * command line.
 */
export function collectGarbage(): void {
  if (collect === undefined) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}
