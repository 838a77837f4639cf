/**
 * `headers.json` asks for something a host's configuration cannot express
 * exactly (a limit, a header the host ignores, a path it would misread). The
 * build stops rather than publish an export that quietly differs.
 */
export class ExportError extends Error {
  override readonly name = 'ExportError';
  readonly host: string;

  constructor(host: string, message: string) {
    super(`${host} export: ${message}`);
    this.host = host;
  }
}
