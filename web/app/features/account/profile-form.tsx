/**
 * The customer's profile: name, phone and organisation, kept in the account's user metadata
 * (supabase.auth.updateUser({ data })). Metadata grants nothing: rights come from public.staff
 * and the verified address only. The checkout prefills from it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../components/ui/form-field';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import { profileSchema, type ProfileValues } from '../../lib/customer-profile';

export function ProfileForm({ initial }: { initial: ProfileValues }) {
  const [saved, setSaved] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: initial,
  });
  const errors = formState.errors;

  const save = async (values: ProfileValues) => {
    setSaved(false);
    setProblem(null);
    try {
      const supabase = await getBrowserSupabase();
      const { error } = await supabase.auth.updateUser({ data: values });
      if (error) throw error;
      setSaved(true);
    } catch (error) {
      console.error('[account] saving the profile failed:', error);
      setProblem('Could not save your details. Please try again.');
    }
  };

  return (
    <form className="account-form" noValidate onSubmit={(event) => void handleSubmit(save)(event)}>
      <FormField label="Full name" error={errors.fullName?.message} optional>
        {(control) => <input className="field__input" autoComplete="name" {...control} {...register('fullName')} />}
      </FormField>
      <FormField label="Phone" error={errors.phone?.message} optional>
        {(control) => (
          <input className="field__input" type="tel" autoComplete="tel" {...control} {...register('phone')} />
        )}
      </FormField>
      <FormField label="Organisation" error={errors.organisation?.message} optional>
        {(control) => (
          <input className="field__input" autoComplete="organization" {...control} {...register('organisation')} />
        )}
      </FormField>
      <p className="auth-form__error" role="alert">
        {problem}
      </p>
      <p role="status">{saved ? 'Your details are saved.' : ''}</p>
      <button type="submit" className="button" disabled={formState.isSubmitting}>
        Save my details
      </button>
    </form>
  );
}
