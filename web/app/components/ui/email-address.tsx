/**
 * An e-mail address that wraps, when it must, only after its "@" or before a dot
 * (wanjiru.kamau@ | kamau-holdings.co.ke), never in the middle of a name.
 */
import { Fragment } from 'react';

export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?<=@)|(?=\.)/);
  return (
    <span className="email-address">
      {parts.map((part, index) => {
        // Where the part starts in the address: unique, and the same at every render.
        const offset = parts.slice(0, index).join('').length;
        return (
          <Fragment key={offset}>
            {index > 0 ? <wbr /> : null}
            {part}
          </Fragment>
        );
      })}
    </span>
  );
}
