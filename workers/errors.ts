import { Data } from 'effect';
import type {
  ApiFailure,
  DecodeFailure,
  EngineFailure,
  NetworkFailure,
  RequiredParameterFailure,
} from './engine-failures';

/** The API answered with a non-2xx status (see {@link ApiFailure}). */
export class ApiError extends Data.TaggedError('ApiError')<Omit<ApiFailure, '_tag'>> {}

/** The request got no answer (see {@link NetworkFailure}). */
export class NetworkError extends Data.TaggedError('NetworkError')<Omit<NetworkFailure, '_tag'>> {}

/** A 2xx answer whose body does not match its schema (see {@link DecodeFailure}). */
export class DecodeError extends Data.TaggedError('DecodeError')<Omit<DecodeFailure, '_tag'>> {}

/** A required API parameter was null or undefined (see {@link RequiredParameterFailure}). */
export class RequiredParameterError extends Data.TaggedError('RequiredParameterError')<
  Omit<RequiredParameterFailure, '_tag'>
> {}

/** Failures of an API call: the ones the spec 000 §8 rules apply to. */
export type ApiCallError = ApiError | NetworkError | DecodeError;

/** Every typed error the engine rejects with. */
export type EngineError = ApiCallError | RequiredParameterError;

/** True for the failures of an API call. */
export function isApiCallError(error: unknown): error is ApiCallError {
  return error instanceof ApiError || error instanceof NetworkError || error instanceof DecodeError;
}

/** True for every typed engine error. */
export function isEngineError(error: unknown): error is EngineError {
  return isApiCallError(error) || error instanceof RequiredParameterError;
}

/** The plain, structured-cloneable data of an engine error (what crosses Comlink). */
export function failureData(error: EngineError): EngineFailure {
  switch (error._tag) {
    case 'ApiError':
      return {
        _tag: error._tag,
        message: error.message,
        method: error.method,
        path: error.path,
        status: error.status,
        errors: [...error.errors],
      };
    case 'NetworkError':
    case 'DecodeError':
      return { _tag: error._tag, message: error.message, method: error.method, path: error.path };
    case 'RequiredParameterError':
      return { _tag: error._tag, message: error.message, parameter: error.parameter };
  }
}
