import { ServiceError } from '@svc/contracts';

/** A 400 naming the field and rule, thrown before anything is signed or broadcast. */
export const invalidField = (field: string, rule: string, message: string, extra: Record<string, unknown> = {}) =>
  new ServiceError('invalid_input', `${field}: ${message}`, { issues: [{ field, rule, message: `${field}: ${message}` }], extra });
