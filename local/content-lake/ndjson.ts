/** Parses one NDJSON file into documents, reporting each bad line as `file:line: reason`. */

/** A document as written in the seed: `_id` may be missing (import assigns one). */
export interface RawDocument {
  _type: string;
  _id?: string;
  [field: string]: unknown;
}

export interface ParsedLine {
  doc: RawDocument;
  /** `file:line`, for error messages about this document later on. */
  where: string;
}

export interface ParsedFile {
  lines: ParsedLine[];
  problems: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseNdjson(text: string, fileLabel: string): ParsedFile {
  const lines: ParsedLine[] = [];
  const problems: string[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const where = `${fileLabel}:${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      problems.push(`${where}: invalid JSON (${(error as Error).message})`);
      return;
    }
    if (!isRecord(value)) {
      problems.push(`${where}: expected a JSON object (one document per line)`);
      return;
    }
    if (typeof value._type !== 'string' || value._type === '') {
      problems.push(`${where}: document has no _type`);
      return;
    }
    if ('_id' in value && (typeof value._id !== 'string' || value._id === '')) {
      problems.push(`${where}: _id must be a non-empty string`);
      return;
    }
    lines.push({ doc: { ...value, _type: value._type }, where });
  });
  return { lines, problems };
}
