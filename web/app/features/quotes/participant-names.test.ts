import { describe, expect, it } from 'vitest';
import { parseParticipantNames, participantNamesText } from './participant-names';

describe('participant names, one per line', () => {
  it('reads names with an optional e-mail after the last comma, skipping blank lines', () => {
    expect(parseParticipantNames('Wanjiru Kamau\n\n  Otieno, Ouma, otieno@tana.example \nChebet Rono, Jr')).toEqual([
      { name: 'Wanjiru Kamau', email: null },
      { name: 'Otieno, Ouma', email: 'otieno@tana.example' },
      { name: 'Chebet Rono, Jr', email: null },
    ]);
  });

  it('writes them back the same way', () => {
    const people = [
      { name: 'Wanjiru Kamau', email: null },
      { name: 'Otieno Ouma', email: 'otieno@tana.example' },
    ];
    expect(parseParticipantNames(participantNamesText(people))).toEqual(people);
  });
});
