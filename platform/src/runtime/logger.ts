/** The little the services need from a logger; JSON lines on stderr by default. */
export type Logger = {
  info: (msg: string, fields?: Record<string, unknown>) => void;
  warn: (msg: string, fields?: Record<string, unknown>) => void;
  error: (msg: string, fields?: Record<string, unknown>) => void;
};

const line = (level: string) => (msg: string, fields?: Record<string, unknown>) => {
  const err =
    fields?.error instanceof Error ? { error: fields.error.message, stack: fields.error.stack } : {};
  process.stderr.write(
    JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields, ...err }) + '\n',
  );
};

export const jsonLogger: Logger = { info: line('info'), warn: line('warn'), error: line('error') };
export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
