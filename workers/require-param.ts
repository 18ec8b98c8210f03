import { messages } from '@domain/messages';
import { RequiredParameterError } from './errors';

/**
 * Returns `value`, or throws a {@link RequiredParameterError} naming `name` when it is null or
 * undefined (spec 000 §7: "A missing required API parameter throws a required-parameter error
 * that names it").
 */
export function requireParam<T>(name: string, value: T | null | undefined): T {
  if (value === null || value === undefined) {
    throw new RequiredParameterError({
      parameter: name,
      message: messages.requiredParameter(name),
    });
  }
  return value;
}
