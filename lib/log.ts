import pino from 'pino';

/**
 * Structured one-line JSON logs (pino) on stderr, so stdout stays free for CLI output:
 * `{"level":"info","time":"…","message":"…", …fields}`. Secrets never reach a line: fields named like
 * credentials are redacted by path, and any API key (`vgl_…`) or webhook secret (`whsec_…`) inside a
 * logged string is masked.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';

const SECRET_TEXT = /\b(vgl|whsec)_[A-Za-z0-9+/=_-]{8,}/g;

function masked(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(SECRET_TEXT, '$1_[redacted]');
  if (depth > 3 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => masked(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, masked(item, depth + 1)]));
}

export const logger = pino(
  {
    // A bad LOG_LEVEL is reported by the configuration check (lib/config.ts); until then, info.
    level: ['debug', 'info', 'warn', 'error', 'silent'].includes(process.env.LOG_LEVEL ?? '') ? (process.env.LOG_LEVEL as Level) : 'info',
    messageKey: 'message',
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      log: (object) => masked(object) as Record<string, unknown>,
    },
    redact: {
      paths: [
        'authorization',
        'apiKey',
        'secret',
        'password',
        'credential',
        'token',
        '*.authorization',
        '*.apiKey',
        '*.secret',
        '*.password',
        '*.credential',
        '*.token',
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-vigil-signature"]',
        'req.headers["x-vigil-principal"]',
      ],
      censor: '[redacted]',
    },
  },
  // Synchronous: a line written just before process.exit is not lost.
  pino.destination({ dest: 2, sync: true }),
);

export function setLogLevel(level: Level | 'silent'): void {
  logger.level = level;
}

const write = (level: Level) => (message: string, fields?: Record<string, unknown>) => {
  if (fields) logger[level](fields, message);
  else logger[level](message);
};

export const log = {
  debug: write('debug'),
  info: write('info'),
  warn: write('warn'),
  error: write('error'),
};
