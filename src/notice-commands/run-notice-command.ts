import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ArgumentError } from '../errors/argument-error.js';
import { describeIoError, errorCode } from '../errors/describe-error.js';
import { decodeUtf8 } from '../io/decode-utf8.js';
import { displayPath } from '../io/display-path.js';
import type { LineLog } from '../log/line-log.js';
import { applyNoticeCommand, type CommandResult, type NoticeCommand } from '../notices/apply-notice-command.js';
import { editNoticesFile, withNoticesLock } from '../notices/edit-notices-file.js';
import { readNoticesConfig } from '../notices/read-notices.js';
import { type NoticeDocumentsPublished, publishNoticeDocuments } from './publish-notice-documents.js';

export interface RunNoticeCommandOptions {
  readonly command: NoticeCommand;
  /** `notice postmortem --file FILE`: the command's text is this file's, plain UTF-8. */
  readonly textFile?: string | undefined;
  /** `--at`: when the update happened, UTC to the second; now unless given. */
  readonly at: string | undefined;
  readonly noticesFile: string;
  readonly componentsFile: string;
  readonly publicDir: string;
  /** The probe's state file: its writer lock is beside it. */
  readonly stateFile: string;
  readonly precompress: boolean;
  readonly log: LineLog;
  readonly now?: Date;
}

/** What a command did: the notices file's new notice, and who publishes it. */
export interface NoticeCommandReport extends CommandResult {
  readonly published: NoticeDocumentsPublished;
}

/**
 * One `notice` or `maintenance` command, under the notices file's lock from
 * start to end: the file edited (`editNoticesFile`; bad arguments throw
 * `ArgumentError` with the file untouched), its time (unless `--at`) taken
 * once the lock is held, then the notice documents published by whoever
 * writes the public directory (`publishNoticeDocuments`): the probe holding
 * the writer lock with its next cycle, or this command where no probe holds
 * it. Commands run at once take turns whole, so the writer lock is never a
 * sibling command's and each one publishes the file as its edit left it.
 */
export async function runNoticeCommand(options: RunNoticeCommandOptions): Promise<NoticeCommandReport> {
  const { noticesFile, componentsFile } = options;
  const text = options.textFile === undefined ? undefined : await readTextFile(options.textFile);
  const command = text === undefined ? options.command : { ...options.command, text };
  return withNoticesLock(noticesFile, async () => {
    const now = options.now ?? new Date();
    // Read once: the names a notice may affect, and then what the notice documents are published with.
    const config = await readNoticesConfig(componentsFile, now);
    const result = await editNoticesFile({ noticesFile, componentsFile, config }, ({ notices, componentNames }) =>
      applyNoticeCommand(command, {
        notices,
        componentNames,
        componentsFile: displayPath(componentsFile),
        at: options.at,
        now,
      }),
    );
    const published = await publishNoticeDocuments({
      publicDir: options.publicDir,
      written: result.notices,
      config,
      stateDir: dirname(options.stateFile),
      precompress: options.precompress,
      log: options.log,
    });
    return { ...result, published };
  });
}

/** The common failures to read a file named on the command line, in words. */
const FILE_PROBLEMS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'is a directory, not a file',
  EACCES: 'permission denied',
};

async function readTextFile(file: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    // One line, the file and what is wrong with it: Node's message would say ENOENT twice.
    const code = errorCode(error);
    const problem = (code === undefined ? undefined : FILE_PROBLEMS[code]) ?? describeIoError(error);
    throw new ArgumentError('--file', `${displayPath(file)}: ${problem}`);
  }
  const decoded = decodeUtf8(bytes);
  if ('invalid' in decoded) throw new ArgumentError('--file', `${displayPath(file)}: ${decoded.invalid}`);
  return decoded.text;
}
