/**
 * Participants typed one per line, "Name" or "Name, e-mail", as the quote forms take them; and
 * back to that text for a line already named. Blank lines are skipped.
 */
export type ParticipantName = {
  name: string;
  email: string | null;
};

export function parseParticipantNames(text: string): ParticipantName[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const comma = line.lastIndexOf(',');
      const tail = comma === -1 ? '' : line.slice(comma + 1).trim();
      return tail.includes('@') ? { name: line.slice(0, comma).trim(), email: tail } : { name: line, email: null };
    });
}

export function participantNamesText(participants: readonly ParticipantName[]): string {
  return participants.map((p) => (p.email ? `${p.name}, ${p.email}` : p.name)).join('\n');
}
