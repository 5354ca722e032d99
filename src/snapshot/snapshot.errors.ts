import { UsageError } from '../shared/errors.js';

/** A snapshot that cannot be imported; the message starts with the JSON path at fault. */
export class SnapshotError extends UsageError {
  constructor(message: string) {
    super(message);
    this.name = 'SnapshotError';
  }
}
