import { documentFile, INCIDENTS_PATH } from '../api-paths.js';
import { readOptionalDocument } from '../io/read-optional-document.js';
import { type IncidentsDocument, IncidentsDocumentSchema } from '../schemas/incidents.js';

/**
 * The probe's incidents as published under `publicDir`, for the feeds the
 * build and the `notice` command render: none when missing or unreadable
 * (the probe renders the feeds again after every cycle anyway, so a bad one is left to it).
 */
export async function readPublishedIncidents(publicDir: string): Promise<IncidentsDocument | undefined> {
  return readOptionalDocument(documentFile(publicDir, INCIDENTS_PATH), IncidentsDocumentSchema).catch(() => undefined);
}
