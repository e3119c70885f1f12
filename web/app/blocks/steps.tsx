/** An ordered sequence (history, process, a day's programme) as a numbered timeline. */
import { BlockSection } from './block-section';
import { itemHeading, type BlockProps } from './types';

export function StepsBlock({ _key, anchor, heading, intro, steps }: BlockProps<'steps'>) {
  const Title = itemHeading(heading);
  return (
    <BlockSection blockKey={_key} name="steps" anchor={anchor} heading={heading} intro={intro} tone="tinted">
      <ol className="steps">
        {steps.map((step, index) => (
          <li key={step._key} className="step">
            <span className="step__number" aria-hidden="true">
              {index + 1}
            </span>
            <div className="step__body">
              <Title className="step__title">{step.title}</Title>
              {step.text ? <p className="step__text">{step.text}</p> : null}
            </div>
          </li>
        ))}
      </ol>
    </BlockSection>
  );
}
