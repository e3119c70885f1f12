/**
 * Seats for one cart line: a number box between "one fewer" and "one more" buttons, all usable
 * from the keyboard (the box also takes arrow keys). A change is applied as soon as the box holds
 * a whole number; leaving it empty or at 0 puts back a valid number (floored at 1). At a limit the
 * button is marked unavailable but keeps focus (a disabled button would drop it).
 */
import { useId, useState } from 'react';
import { MAX_SEATS_PER_PROGRAM } from './cart-items';

interface Props {
  title: string;
  quantity: number;
  onChange: (quantity: number) => void;
}

const clamp = (value: number) => Math.min(MAX_SEATS_PER_PROGRAM, Math.max(1, value));

export function QuantityControl({ title, quantity, onChange }: Props) {
  const id = useId();
  const [draft, setDraft] = useState(String(quantity));
  const [shown, setShown] = useState(quantity);
  if (shown !== quantity) {
    // Another tab, or the buttons, changed the quantity: show it (React's "adjust state while rendering").
    setShown(quantity);
    setDraft(String(quantity));
  }

  function commit(text: string) {
    const value = Number.parseInt(text, 10);
    if (Number.isNaN(value)) {
      setDraft(String(quantity));
      return;
    }
    const next = clamp(value);
    setDraft(String(next));
    if (next !== quantity) onChange(next);
  }

  return (
    <div className="quantity">
      <label htmlFor={id} className="quantity__label">
        Seats
      </label>
      <div className="quantity__controls">
        <button
          type="button"
          className="quantity__step"
          aria-label={`One seat fewer: ${title}`}
          aria-disabled={quantity <= 1}
          onClick={() => quantity > 1 && onChange(quantity - 1)}
        >
          −
        </button>
        <input
          id={id}
          className="quantity__input"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_SEATS_PER_PROGRAM}
          step={1}
          value={draft}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setDraft(event.target.value);
            if (/^\d+$/.test(event.target.value) && Number(event.target.value) >= 1) commit(event.target.value);
          }}
          onBlur={(event) => commit(event.target.value)}
        />
        <button
          type="button"
          className="quantity__step"
          aria-label={`One seat more: ${title}`}
          aria-disabled={quantity >= MAX_SEATS_PER_PROGRAM}
          onClick={() => quantity < MAX_SEATS_PER_PROGRAM && onChange(quantity + 1)}
        >
          +
        </button>
      </div>
      <span id={`${id}-hint`} className="visually-hidden">
        {title}: 1 to {MAX_SEATS_PER_PROGRAM} seats
      </span>
    </div>
  );
}
