/**
 * Checkout's "Tax invoice" fields (issue 29): "Buying for an organisation" asks for the
 * organisation's name, KRA PIN and address, which the tax invoice names so that the buyer can
 * claim the expense; an individual may give a PIN too. The rules are checkout-schema.ts's (and
 * create_order's); the fields outside the chosen case are unregistered with their values.
 */
import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { FormField, type ControlProps } from '../../components/ui/form-field';
import type { CheckoutInput, CheckoutValues } from './checkout-schema';

interface Props {
  register: UseFormRegister<CheckoutInput>;
  control: Control<CheckoutInput, unknown, CheckoutValues>;
  errors: FieldErrors<CheckoutInput>;
}

type BuyerField = 'organisation' | 'buyer_kra_pin' | 'buyer_address';

const PIN_HINT = 'A letter, nine digits and a letter, e.g. P051234567X';

export function BuyerTaxFields({ register, control, errors }: Props) {
  const forOrganisation = useWatch({ control, name: 'for_organisation' }) === true;
  const errorOf = (field: BuyerField) => errors[field]?.message;
  // FormField's render prop: the labelled input of one field.
  const input = (field: BuyerField, autoComplete: string) => (control: ControlProps) => (
    <input className="field__input" type="text" autoComplete={autoComplete} {...control} {...register(field)} />
  );

  return (
    <fieldset className="checkout-fieldset">
      <legend>Tax invoice</legend>
      <label className="choice">
        <input type="checkbox" {...register('for_organisation')} />
        <span>Buying for an organisation</span>
      </label>
      {forOrganisation ? (
        <>
          <FormField label="Organisation name" error={errorOf('organisation')}>
            {input('organisation', 'organization')}
          </FormField>
          <FormField label="Organisation’s KRA PIN" hint={PIN_HINT} error={errorOf('buyer_kra_pin')}>
            {input('buyer_kra_pin', 'off')}
          </FormField>
          <FormField label="Organisation’s address" hint="Postal or physical" error={errorOf('buyer_address')}>
            {input('buyer_address', 'street-address')}
          </FormField>
        </>
      ) : (
        <FormField
          label="Your KRA PIN"
          optional
          hint={`If you want it on your tax invoice. ${PIN_HINT}`}
          error={errorOf('buyer_kra_pin')}
        >
          {input('buyer_kra_pin', 'off')}
        </FormField>
      )}
    </fieldset>
  );
}
