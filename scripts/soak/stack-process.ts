/**
 * The soak's stack in a process of its own (forked by stack-client.ts): the gateway, auth,
 * functions, mail capture and content lake run in the Node process that starts the stack, and
 * must not share one thread with the hundreds of clients measuring them. Answers the client's
 * commands over the IPC channel; stops the stack when the channel closes (the soak ended or died).
 */
import { startSoakStack } from './soak-stack.ts';
import type { StackCommand, StackInfo, StackMessage } from './stack-protocol.ts';

function send(message: StackMessage): void {
  process.send?.(message);
}

const stack = await startSoakStack((line) => send({ type: 'log', line }));
const colds = new Map<string, { stop(): Promise<void> }>();

async function run(command: StackCommand): Promise<string | undefined> {
  switch (command.name) {
    case 'killPostgres':
      return stack.killPostgres().then(() => undefined);
    case 'startPostgres':
      return stack.startPostgres().then(() => undefined);
    case 'contentMode':
      return stack.setContentMode(command.mode).then(() => undefined);
    case 'stopSmtp':
      return stack.mail.stopSmtp().then(() => undefined);
    case 'startSmtp':
      return stack.mail.startSmtp().then(() => undefined);
    case 'mailWorkerPid':
      return stack.mailWorkerPid().then((pid) => (pid === undefined ? undefined : String(pid)));
    case 'startColdWebsite': {
      const cold = await stack.coldWebsite();
      colds.set(cold.url, cold);
      return cold.url;
    }
    case 'stopColdWebsite':
      await colds.get(command.url)?.stop();
      colds.delete(command.url);
      return undefined;
  }
}

let stopping: Promise<void> | undefined;
function stopAll(): Promise<void> {
  stopping ??= Promise.all([...colds.values()].map((cold) => cold.stop()))
    .then(() => stack.stop())
    .finally(() => process.exit(0));
  return stopping;
}

process.on('message', (message: { id: number; command: StackCommand | { name: 'stop' } }) => {
  const { id, command } = message;
  if (command.name === 'stop') {
    void stopAll();
    return;
  }
  run(command).then(
    (result) => send({ type: 'reply', id, result }),
    (error: unknown) => send({ type: 'reply', id, error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => void stopAll());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.removeAllListeners(signal);
  process.once(signal, () => void stopAll());
}

const info: StackInfo = {
  webUrl: stack.webUrl,
  apiUrl: stack.apiUrl,
  anonKey: stack.anonKey,
  serviceRoleKey: stack.serviceRoleKey,
  databaseUrl: stack.databaseUrl,
  adminDatabaseUrl: stack.adminDatabaseUrl,
  mailApiUrl: stack.mailApiUrl,
  throttles: stack.throttles,
};
send({ type: 'ready', info });
