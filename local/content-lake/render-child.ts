/**
 * A render process of the image pool (render-pool.ts): renders one job at a time with one libvips
 * thread and no libvips cache, and is killed by its parent when a render passes its deadline, so
 * the CPU and memory it held are given back at once.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { renderImage } from './image-render.ts';
import type { RenderJob, RenderReply } from './render-pool.ts';

sharp.cache(false);
sharp.concurrency(1);

const reply = (message: RenderReply): void => {
  process.send?.(message);
};

process.on('message', ({ id, job }: { id: number; job: RenderJob }) => {
  readFile(job.filePath)
    .then((source) => renderImage(source, job.isSvg, job.original, job.spec, job.plan, job.format))
    .then(
      (body) => reply({ id, body }),
      (error: unknown) =>
        reply({
          id,
          error: error instanceof Error ? error.message : String(error),
          code: (error as NodeJS.ErrnoException | undefined)?.code,
        }),
    );
});
// The parent went away (its IPC channel closed): nothing more will come.
process.on('disconnect', () => process.exit(0));
