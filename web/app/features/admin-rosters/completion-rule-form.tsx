/** The program's completion rule: the share of session days a participant must be present on. */
import { useState } from 'react';
import { useActionResult, usePostToRoute } from '../../components/admin/action-result';
import { FormError } from '../../components/admin/form-fields';
import { FormField } from '../../components/ui/form-field';
import { DEFAULT_MIN_ATTENDANCE_SHARE } from '../../../../domain/limits.ts';
import { completionRuleInput } from './api/completion';
import { percent } from './roster-format';

export function CompletionRuleForm({
  programId,
  programTitle,
  ruleShare,
}: {
  programId: string;
  programTitle: string;
  /** null: the program follows the default. */
  ruleShare: number | null;
}) {
  const { post, busy } = usePostToRoute();
  const share = ruleShare ?? DEFAULT_MIN_ATTENDANCE_SHARE;
  const [value, setValue] = useState(String(Math.round(share * 100)));
  const [error, setError] = useState<string | undefined>();
  const [saveError, setSaveError] = useState<string | null>(null);
  useActionResult('rule', (result) => setSaveError(result.ok ? null : result.error));

  function save(event: React.FormEvent) {
    event.preventDefault();
    const checked = completionRuleInput.safeParse({ programId, percent: value });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    void post({ intent: 'rule', programId, percent: checked.data.percent });
  }

  return (
    <section aria-labelledby="rule-heading" className="admin-roster__section">
      <h2 id="rule-heading">Completion rule</h2>
      <p>
        A participant of {programTitle} completes when present on at least {percent(share)} of the session days
        {ruleShare === null ? ' (the default)' : ''} and the order is paid; staff may decide otherwise, with a reason.
      </p>
      <form className="admin-form admin-roster__inline-form" noValidate onSubmit={save}>
        <FormField label="Minimum attendance (per cent of session days)" required error={error}>
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              aria-required="true"
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          )}
        </FormField>
        <FormError message={saveError} />
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={busy}>
            Save rule
          </button>
        </div>
      </form>
    </section>
  );
}
