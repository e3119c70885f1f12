/**
 * An image for a catalogue row: its address (an https URL or a site path), a preview, and, when an
 * uploader is given (storage's uploadImage), a file picker that uploads and fills the address in.
 */
import { useId, useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../components/admin/form-fields';
import { errorWords } from './use-list';

export type Uploader = (file: File, folder: string) => Promise<string>;

export interface ImageFieldProps {
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  folder: string;
  onUploaded: (url: string) => void;
  upload?: Uploader;
  preview?: string | null;
}

export function ImageField({ registration, error, folder, onUploaded, upload, preview }: ImageFieldProps) {
  const id = useId();
  const [status, setStatus] = useState<string | null>(null);
  return (
    <div className="field">
      <TextField
        label="Image address"
        registration={registration}
        error={error}
        hint="Optional: https://… or a path on this site such as /images/open-day.jpg."
      />
      {upload && (
        <>
          <label className="field__label" htmlFor={id}>
            Upload an image
          </label>
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              setStatus('Uploading…');
              upload(file, folder).then(
                (url) => {
                  onUploaded(url);
                  setStatus('Uploaded.');
                },
                (uploadError: unknown) => setStatus(`The upload failed: ${errorWords(uploadError)}`),
              );
            }}
          />
        </>
      )}
      <p role="status" className="field__hint">
        {status}
      </p>
      {preview && <img src={preview} alt="" width={240} height={135} style={{ objectFit: 'cover' }} />}
    </div>
  );
}
