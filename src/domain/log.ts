import { Schema } from 'effect';

/** POST /api/log/js body: logLevel and message (spec 000 §7 "Logging"). */
export const LogLevel = Schema.Literal('trace', 'debug', 'info', 'warn', 'error', 'fatal');
export const JsLogEntry = Schema.Struct({
  logLevel: LogLevel,
  message: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(10_000)),
});
export type JsLogEntry = typeof JsLogEntry.Type;
