/** A list filter in a table's toolbar: a labelled select whose first choice (`all`) shows every row. */
import { useId } from 'react';

export interface FilterChoice {
  value: string;
  label: string;
}

export function FilterSelect({
  label,
  value,
  choices,
  onChange,
  allLabel = 'All',
}: {
  label: string;
  value: string;
  choices: readonly FilterChoice[];
  onChange: (value: string) => void;
  allLabel?: string;
}) {
  const id = useId();
  return (
    <div className="data-table__filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="field__input" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="all">{allLabel}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
