/** Who holds the probe's writer lock, as its lock file says. */
export interface LockHolder {
  readonly pid: number;
  readonly host: string;
  /** When it took the lock, ISO 8601 UTC. */
  readonly since: string;
}

/** Another probe already writes to this state directory (and so to its `public/`): this one must not start. */
export class ProbeLockedError extends Error {
  override readonly name = 'ProbeLockedError';
  readonly holder: LockHolder | undefined;

  constructor(message: string, holder: LockHolder | undefined, options?: ErrorOptions) {
    super(message, options);
    this.holder = holder;
  }
}
