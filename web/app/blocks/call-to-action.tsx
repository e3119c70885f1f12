/** A closing prompt: heading, a line of text and one action. */
import { SmartLink } from '../components/ui/smart-link';
import type { BlockProps } from './types';

export function CallToActionBlock({ heading, text, action }: BlockProps<'callToAction'>) {
  return (
    <section className="block block-call-to-action">
      <div className="container">
        <div className="cta">
          <div>
            <h2 className="cta__heading">{heading}</h2>
            {text ? <p className="cta__text">{text}</p> : null}
          </div>
          {action.href ? (
            <SmartLink href={action.href} className="button cta__button">
              {action.label ?? 'Get in touch'}
            </SmartLink>
          ) : null}
        </div>
      </div>
    </section>
  );
}
