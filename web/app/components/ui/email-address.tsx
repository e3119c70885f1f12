/**
 * An e-mail address that wraps, when it must, only after its "@" or before a dot
 * (wanjiru.kamau@ | kamau-holdings.co.ke), never in the middle of a name.
 */
import { Fragment } from 'react';

export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?<=@)|(?=\.)/);
  return (
    <span className="email-address">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
