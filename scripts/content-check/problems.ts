/** What every content check reports: a level, the document and path concerned, and a message. */
export interface Problem {
  level: 'error' | 'warning';
  documentId?: string;
  path?: string;
  message: string;
}

export function formatProblem({ level, documentId, path, message }: Problem): string {
  const where = [documentId, path].filter(Boolean).join(' ');
  return `${level === 'error' ? 'ERROR' : 'warn '} ${where ? `${where}: ` : ''}${message}`;
}
