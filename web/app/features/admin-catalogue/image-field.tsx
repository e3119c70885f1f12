/**
 * An image for a catalogue row: a file picker that uploads to the media bucket (storage's
 * uploadImage) and fills the address in, the address itself (an https URL or a site path, to
 * paste one), and a preview of what the address points to.
 */
import { useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../components/admin/form-fields';
import { FormField } from '../../components/ui/form-field';
import { ImageStorageError, uploadImage } from '../../lib/supabase/storage';
import { describeDbError as errorWords } from '../../components/admin/describe-db-error';

export interface ImageFieldProps {
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  folder: string;
  onUploaded: (url: string) => void;
  preview?: string | null;
}

export function ImageField({ registration, error, folder, onUploaded, preview }: ImageFieldProps) {
  const [status, setStatus] = useState<string | null>(null);
  return (
    <div className="field">
      <TextField
        label="Image address"
        registration={registration}
        error={error}
        hint="Optional: https://… or a path on this site such as /images/open-day.jpg."
      />
      <FormField label="Upload an image" error={undefined}>
        {({ id }) => (
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              setStatus('Uploading…');
              uploadImage(file, folder).then(
                (url) => {
                  onUploaded(url);
                  setStatus('Uploaded.');
                },
                (uploadError: unknown) =>
                  setStatus(
                    `The upload failed: ${uploadError instanceof ImageStorageError ? uploadError.message : errorWords(uploadError)}`,
                  ),
              );
            }}
          />
        )}
      </FormField>
      <p role="status" className="field__hint">
        {status}
      </p>
      {preview && /^(https?:\/\/|\/)/.test(preview) && (
        <img src={preview} alt="Preview of the upload" width={240} height={135} style={{ objectFit: 'cover' }} />
      )}
    </div>
  );
}
