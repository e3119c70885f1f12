/**
 * Inserts a catalogue block (a program, an intake or an event) into the campaign's text: a
 * labelled list and a button, both operable by keyboard. The text gets a reference by id on a
 * line of its own; the mail shows the item's title, price and dates as they are when it is sent.
 */
import { useId, useState } from 'react';
import { campaignBlockToken, type CampaignBlockKind } from '../../../../domain/campaign-body';
import type { CatalogueChoice } from './catalogue-choices';

const groups: { kind: CampaignBlockKind; label: string; singular: string }[] = [
  { kind: 'program', label: 'Programmes', singular: 'Programme' },
  { kind: 'intake', label: 'Intakes', singular: 'Intake' },
  { kind: 'event', label: 'Events', singular: 'Event' },
];

export function CatalogueBlockPicker({
  choices,
  onInsert,
}: {
  choices: CatalogueChoice[];
  /** Puts the block's line into the text at its cursor. */
  onInsert: (token: string) => void;
}) {
  const id = useId();
  const [selected, setSelected] = useState('');
  const [inserted, setInserted] = useState('');

  function insert() {
    const choice = choices.find((item) => `${item.kind}:${item.id}` === selected);
    if (!choice) return;
    onInsert(campaignBlockToken(choice.kind, choice.id));
    const kind = groups.find((group) => group.kind === choice.kind)?.singular ?? choice.kind;
    setInserted(`Inserted ${kind}: ${choice.label}. Its price and dates are filled in when the mail is sent.`);
  }

  return (
    <fieldset className="campaign-blocks">
      <legend>Catalogue block</legend>
      <div className="field">
        <label htmlFor={`${id}-item`}>Programme, intake or event</label>
        <select
          id={`${id}-item`}
          className="field__input"
          value={selected}
          onChange={(event) => setSelected(event.target.value)}
          aria-describedby={`${id}-hint`}
        >
          <option value="">Choose from the catalogue</option>
          {groups.map((group) => {
            const items = choices.filter((choice) => choice.kind === group.kind);
            return items.length === 0 ? null : (
              <optgroup key={group.kind} label={group.label}>
                {items.map((choice) => (
                  <option key={choice.id} value={`${choice.kind}:${choice.id}`}>
                    {choice.label}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </select>
        <p className="field__hint" id={`${id}-hint`}>
          Inserted at the cursor as a line such as [[program:…]]. The mail shows its title, link, price and dates as
          they are when it is sent; an item no longer on offer then is left out.
        </p>
      </div>
      <button type="button" className="button button--small button--secondary" disabled={!selected} onClick={insert}>
        Insert into the text
      </button>
      <p role="status" className="campaign-blocks__status">
        {inserted}
      </p>
    </fieldset>
  );
}
