/**
 * The certificate-code form of /verify: a plain GET form (no script needed), answered by the
 * /verify loader, which checks the code's check symbol before anything is looked up.
 */
import { FormField } from '../../components/ui/form-field';

interface Props {
  typed?: string;
  error?: string;
}

export function CodeForm({ typed, error }: Props) {
  return (
    <form method="get" action="/verify" className="verify-form" noValidate>
      <FormField
        label="Certificate code"
        hint="12 characters, as printed under the QR code, e.g. 7KQ2-M9XD-4TRB. Case, spaces and hyphens do not matter."
        error={error}
        announceError
      >
        {(control) => (
          <input
            {...control}
            name="code"
            type="text"
            defaultValue={typed}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            required
          />
        )}
      </FormField>
      <button type="submit" className="button">
        Check certificate
      </button>
    </form>
  );
}
